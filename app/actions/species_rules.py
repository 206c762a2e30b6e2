"""Species traits in play, through the hooks: Brave, Dwarven Resilience, Fey Ancestry,
Gnome Cunning, Hellish Resistance, a dragonborn's Damage Resistance, Relentless Endurance
and Savage Attacks. A character has a trait when its sheet lists it (``features``), as the
species data grants it."""

from __future__ import annotations

from app.actions import beings as bg
from app.actions.events import SessionEvent, StateChange
from app.actions.hooks import AttackSetup, DamageSetup, ExtraDamage, RollSetup, Rule
from app.world.state import GameState
from rules.abilities import Ability
from rules.attacks import AttackResult
from rules.character import CharacterSheet
from rules.conditions import Condition
from rules.damage import DamageResult, DamageType, LifeState
from rules.dice import roll
from rules.srd import srd

ANCESTRY: dict[str, DamageType] = {
    "black": DamageType.ACID, "blue": DamageType.LIGHTNING, "brass": DamageType.FIRE,
    "bronze": DamageType.LIGHTNING, "copper": DamageType.ACID, "gold": DamageType.FIRE,
    "green": DamageType.POISON, "red": DamageType.FIRE, "silver": DamageType.COLD,
    "white": DamageType.COLD,
}  # fmt: skip
"""SRD: the damage type of each draconic ancestry."""

_MENTAL = frozenset({Ability.INT, Ability.WIS, Ability.CHA})


def _threatens(setup: RollSetup, condition: Condition, *words: str) -> bool:
    """Whether a save is against ``condition``: the action or spell behind it would impose
    it. Only a DM's free-form save, which knows nothing of what it is against, falls back
    on its reason naming it ("resist the banshee's fear")."""
    if setup.threat is not None:
        return setup.threat.imposes(condition)
    reason = setup.reason.lower()
    return any(word in reason for word in words)


def _poison(setup: RollSetup) -> bool:
    """Whether a save is against poison: being poisoned, or poison damage."""
    if setup.threat is not None and setup.threat.damage_type is DamageType.POISON:
        return True
    return _threatens(setup, Condition.POISONED, "poison", "venom")


def resisted_by_traits(sheet: CharacterSheet) -> frozenset[DamageType]:
    """Damage types a character's species traits make it resist."""
    found: set[DamageType] = set()
    if sheet.has("dwarven_resilience"):
        found.add(DamageType.POISON)
    if sheet.has("hellish_resistance"):
        found.add(DamageType.FIRE)
    if sheet.has("damage_resistance"):
        ancestry = sheet.choices.get("draconic_ancestry", "")
        if ancestry in ANCESTRY:
            found.add(ANCESTRY[ancestry])
    return frozenset(found)


class SpeciesRules(Rule):
    """Species traits shape saves, damage and what a blow does."""

    name = "species traits"

    def before_attack(self, setup: AttackSetup) -> None:
        """SRD (Lucky): a halfling rolls a natural 1 on an attack roll again."""
        sheet = setup.state.party.get(setup.attacker)
        if sheet is not None and sheet.has("lucky"):
            setup.reroll_ones = True

    def before_check(self, setup: RollSetup) -> None:
        """SRD (Lucky): a natural 1 on an ability check is rolled again."""
        sheet = setup.state.party.get(setup.who)
        if sheet is not None and sheet.has("lucky"):
            setup.reroll_ones = True

    def before_save(self, setup: RollSetup) -> None:
        sheet = setup.state.party.get(setup.who)
        if sheet is None:
            return
        setup.reroll_ones = sheet.has("lucky") or setup.reroll_ones
        if sheet.has("brave") and _threatens(setup, Condition.FRIGHTENED, "fright", "fear"):
            setup.advantage.append("brave")
        if sheet.has("dwarven_resilience") and _poison(setup):
            setup.advantage.append("dwarven resilience")
        if sheet.has("fey_ancestry") and _threatens(setup, Condition.CHARMED, "charm"):
            setup.advantage.append("fey ancestry")
        if sheet.has("gnome_cunning") and setup.ability in _MENTAL and setup.spell is not None:
            setup.advantage.append("gnome cunning")

    def before_damage(self, setup: DamageSetup) -> None:
        sheet = setup.state.party.get(setup.target)
        if sheet is not None and setup.damage_type in resisted_by_traits(sheet):
            setup.resist = True

    def damage_on_hit(self, setup: AttackSetup, hit: AttackResult) -> list[ExtraDamage]:
        """SRD (Savage Attacks): a melee weapon critical hit rolls one weapon damage die once
        more. It is rolled here, so the critical does not double it again."""
        sheet = setup.state.party.get(setup.attacker)
        if sheet is None or not hit.critical or setup.ranged or setup.weapon is None:
            return []
        if not sheet.has("savage_attacks") or setup.kind != "weapon":
            return []
        weapon = srd().weapons.get(setup.weapon)
        if not weapon.damage or weapon.damage_type is None:
            return []
        die = "1d" + weapon.damage.split("d", 1)[1]
        rolled = roll(die, setup.state.rng).total
        return [ExtraDamage(str(rolled), weapon.damage_type, f"Savage Attacks ({die}: {rolled})")]

    def after_damage(
        self, state: GameState, target: str, result: DamageResult, source: str | None
    ) -> list[SessionEvent]:
        """SRD (Relentless Endurance): dropped to 0 HP but not killed outright, the half-orc
        drops to 1 HP instead, once per long rest."""
        sheet = state.party.get(target)
        if sheet is None or not sheet.has("relentless_endurance"):
            return []
        vitals = sheet.vitals
        if vitals.hp != 0 or vitals.state is LifeState.DEAD or result.damage.amount <= 0:
            return []
        if sheet.uses_left("relentless_endurance") <= 0:
            return []
        sheet.resources["relentless_endurance"] = sheet.resources.get("relentless_endurance", 0) + 1
        after = vitals.model_copy(
            update={"hp": 1, "state": LifeState.ALIVE, "death_successes": 0, "death_failures": 0}
        )
        bg.set_vitals(state, target, after)
        text = f"{sheet.name} refuses to fall: Relentless Endurance leaves 1 HP"
        state.record("hp", text, who=target)
        return [StateChange(kind="hp", target_id=target, description=text)]

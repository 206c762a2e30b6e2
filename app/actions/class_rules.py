"""Class features in play, through the hooks: Sneak Attack, Colossus Slayer, fighting
styles, Improved Critical, Rage, Reckless Attack, Danger Sense, Divine Smite, Bardic
Inspiration, Dark One's Blessing, and turned undead.

Features a player *uses* (Second Wind, Rage, Turn Undead …) start in
:mod:`app.actions.feature_tools`, which leaves an :class:`rules.effects.Effect` where a
feature lasts; the rules here make those effects and the always-on features count.
"""

from __future__ import annotations

from math import ceil

from app.actions import beings as bg
from app.actions.condition_tools import set_exhaustion
from app.actions.events import SessionEvent, StateChange
from app.actions.hooks import AttackSetup, ExtraDamage, RollSetup, Rule
from app.actions.position_tools import ally_beside
from app.world.state import GameState
from rules.abilities import Ability
from rules.attacks import AttackResult
from rules.character import CharacterSheet
from rules.conditions import Condition
from rules.damage import DamageResult, DamageType, LifeState
from rules.dice import Advantage
from rules.effects import Effect
from rules.srd import Weapon, srd

RAGE_ID, RECKLESS_ID, SMITE_ID, TURNED_ID, INSPIRED_ID = (
    "rage", "reckless", "divine_smite", "turned", "bardic_inspiration",
)  # fmt: skip
SNEAK_TURN = "sneak_attack_turn"
"""Resource key: the turn (numbered within the fight) of the last Sneak Attack."""
COLOSSUS_TURN = "colossus_slayer_turn"
"""Resource key: the turn (numbered within the fight) of the last Colossus Slayer die."""
OFF_HAND_TURN = "off_hand_turn"
"""Resource key: the turn (numbered within the fight) of the last off-hand attack."""
RAGE_KEPT = "rage_kept"
"""Resource key: 1 once the raging barbarian attacked or was hurt since its last turn."""
ATTACK_TURN = "attack_turn"
"""Resource key: the turn (numbered within the fight) a character last made a weapon
attack on its own turn — Flurry of Blows follows the Attack action of that turn."""
FRENZY_ID = "frenzy"
"""The effect of a berserker's frenzy; its note is the turn it began."""


def sheet_of(state: GameState, cid: str) -> CharacterSheet | None:
    """The character sheet of a party member, ``None`` for a creature."""
    return state.party.get(cid)


def has_effect(state: GameState, cid: str, effect_id: str) -> Effect | None:
    """The effect of this id on a character or creature, if any."""
    return next((e for e in bg.effects_of(state, cid) if e.id == effect_id), None)


def _weapon(setup: AttackSetup) -> Weapon | None:
    """The SRD weapon of a character's weapon attack, if it is one."""
    if setup.kind != "weapon" or setup.weapon is None:
        return None
    try:
        return srd().weapons.get(setup.weapon)
    except KeyError:
        return None


def turn_number(state: GameState) -> int:
    encounter = state.encounter
    if encounter is None:
        return 0
    return encounter.round * 1000 + encounter.turn_index + 1


def _one_weapon_in_one_hand(setup: AttackSetup, sheet: CharacterSheet, weapon: Weapon) -> bool:
    """SRD (Dueling): a melee weapon in one hand and no other weapon — not a two-handed
    weapon, nor a versatile one gripped in both hands, nor an off-hand blow or a turn
    fighting with a weapon in each hand."""
    if "two_handed" in weapon.properties or setup.grip in ("two_handed", "off_hand"):
        return False
    turn = turn_number(setup.state)
    return not (turn and sheet.resources.get(OFF_HAND_TURN) == turn)


def sneak_attack_dice(level: int) -> str:
    """SRD: a rogue's Sneak Attack deals ceil(level / 2) d6."""
    return f"{ceil(level / 2)}d6"


class ClassRules(Rule):
    """Class features shape attacks, saves and damage."""

    name = "class features"

    def refuse_attack(self, state: GameState, attacker: str, target: str) -> str | None:
        if has_effect(state, attacker, TURNED_ID):
            return f"{state.name_of(attacker)} is turned and flees; it cannot attack"
        return None

    def before_attack(self, setup: AttackSetup) -> None:
        state = setup.state
        sheet = sheet_of(state, setup.attacker)
        weapon = _weapon(setup)
        if sheet is None or weapon is None:
            return
        setup.crit_range = min(setup.crit_range, sheet.crit_range)
        if setup.grip == "off_hand" and (turn := turn_number(state)):
            sheet.resources[OFF_HAND_TURN] = turn  # a weapon in each hand this turn
        style = sheet.fighting_style
        if style == "archery" and weapon.kind == "ranged":
            setup.notes.append("Archery +2")  # (in the weapon's bonus: the sheet shows it)
        heavy_grip = "two_handed" in weapon.properties and weapon.kind == "melee"
        if style == "great_weapon_fighting" and heavy_grip:
            setup.reroll_damage_below = 3
        reckless = has_effect(state, setup.attacker, RECKLESS_ID) is not None
        strong = setup.weapon is not None and sheet.weapon_attack(setup.weapon).ability
        if reckless and not setup.ranged and strong is Ability.STR:
            setup.advantage.append("reckless attack")

    def damage_on_hit(self, setup: AttackSetup, hit: AttackResult) -> list[ExtraDamage]:
        state = setup.state
        sheet = sheet_of(state, setup.attacker)
        weapon = _weapon(setup)
        if sheet is None or weapon is None or setup.weapon is None:
            return []
        extra: list[ExtraDamage] = []
        used = sheet.weapon_attack(setup.weapon)
        melee = not setup.ranged
        style = sheet.fighting_style
        if style == "dueling" and melee and _one_weapon_in_one_hand(setup, sheet, weapon):
            extra.append(ExtraDamage("2", used.damage_type, "Dueling"))
        bonus = sum(e.damage_bonus for e in sheet.effects)
        if bonus and melee and used.ability is Ability.STR:
            extra.append(ExtraDamage(str(bonus), used.damage_type, "Rage"))
        extra += self._sneak_attack(setup, hit, sheet, weapon.finesse or weapon.kind == "ranged")
        extra += self._colossus_slayer(setup, sheet, used.damage_type)
        smite = has_effect(state, setup.attacker, SMITE_ID)
        if smite is not None and melee:
            extra += self._smite(state, setup, sheet, smite)
        return extra

    @staticmethod
    def _sneak_attack(
        setup: AttackSetup, hit: AttackResult, sheet: CharacterSheet, fits: bool
    ) -> list[ExtraDamage]:
        """SRD: once per turn, a finesse or ranged weapon hit with advantage — or with an
        ally beside the target and no disadvantage — adds the Sneak Attack dice."""
        state = setup.state
        if not sheet.has("sneak_attack") or not fits:
            return []
        turn = turn_number(state)
        if turn and sheet.resources.get(SNEAK_TURN) == turn:
            return []
        edge = hit.advantage is Advantage.ADVANTAGE or (
            hit.advantage is Advantage.NORMAL and ally_beside(state, setup.attacker, setup.target)
        )
        if not edge:
            return []
        if turn:
            sheet.resources[SNEAK_TURN] = turn
        used = sheet.weapon_attack(setup.weapon or "")
        return [ExtraDamage(sneak_attack_dice(sheet.level), used.damage_type, "Sneak Attack")]

    @staticmethod
    def _colossus_slayer(
        setup: AttackSetup, sheet: CharacterSheet, damage_type: DamageType
    ) -> list[ExtraDamage]:
        """SRD (Colossus Slayer, Hunter ranger 3): once per turn, a weapon hit on a creature
        already below its hit point maximum deals an extra 1d8."""
        state = setup.state
        if not sheet.has("colossus_slayer"):
            return []
        vitals = bg.vitals_of(state, setup.target)
        if vitals.hp >= vitals.max_hp:
            return []
        turn = turn_number(state)
        if turn and sheet.resources.get(COLOSSUS_TURN) == turn:
            return []
        if turn:
            sheet.resources[COLOSSUS_TURN] = turn
        return [ExtraDamage("1d8", damage_type, "Colossus Slayer")]

    @staticmethod
    def _smite(
        state: GameState, setup: AttackSetup, sheet: CharacterSheet, smite: Effect
    ) -> list[ExtraDamage]:
        """SRD: Divine Smite spends a slot for 2d8 radiant, +1d8 per level above 1st (at
        most 5d8), +1d8 against undead or fiends."""
        level = next(
            (lv for lv in range(int(smite.note or "1"), 6) if sheet.spell_slots.remaining(lv)),
            None,
        )
        bg.effects_of(state, setup.attacker).remove(smite)
        if level is None:
            return []
        sheet.spell_slots.spend(level)
        dice = min(5, 1 + level)
        creature = state.creatures.get(setup.target)
        fiendish = ("undead", "fiend")
        if (
            creature is not None
            and creature.monster
            and state.monster(creature.monster).type in fiendish
        ):
            dice += 1
        state.record("condition", f"{sheet.name} smites with a level-{level} slot", who=sheet.id)
        return [ExtraDamage(f"{dice}d8", DamageType.RADIANT, "Divine Smite")]

    def healing_bonus(self, state: GameState, healer: str, spell: str, slot: int) -> int:
        """SRD (Disciple of Life): a healing spell of 1st level or higher restores 2 + the
        spell's level more hit points."""
        sheet = sheet_of(state, healer)
        if sheet is None or slot < 1 or not sheet.has("disciple_of_life"):
            return 0
        return 2 + slot

    def after_attack(self, setup: AttackSetup, hit: AttackResult) -> list[SessionEvent]:
        sheet = sheet_of(setup.state, setup.attacker)
        if sheet is not None and has_effect(setup.state, setup.attacker, RAGE_ID):
            sheet.resources[RAGE_KEPT] = 1
        encounter = setup.state.encounter
        own_turn = encounter is not None and encounter.current.id == setup.attacker
        if sheet is not None and setup.kind == "weapon" and own_turn:
            sheet.resources[ATTACK_TURN] = turn_number(setup.state)
        self._inspiration_used(setup.state, setup.attacker)
        return []

    def before_save(self, setup: RollSetup) -> None:
        sheet = sheet_of(setup.state, setup.who)
        if sheet is not None and sheet.has("danger_sense") and setup.ability is Ability.DEX:
            blocked = {Condition.BLINDED, Condition.DEAFENED, Condition.INCAPACITATED}
            if not any(c.condition in blocked for c in sheet.conditions):
                setup.advantage.append("danger sense")
        self._inspiration_used(setup.state, setup.who)

    def before_check(self, setup: RollSetup) -> None:
        self._inspiration_used(setup.state, setup.who)

    @staticmethod
    def _inspiration_used(state: GameState, cid: str) -> None:
        """Bardic Inspiration adds its die to one roll (the effect rule added it): gone."""
        effects = bg.effects_of(state, cid)
        effects[:] = [e for e in effects if e.id != INSPIRED_ID]

    def after_damage(
        self, state: GameState, target: str, result: DamageResult, source: str | None
    ) -> list[SessionEvent]:
        events: list[SessionEvent] = []
        sheet = sheet_of(state, target)
        if sheet is not None and has_effect(state, target, RAGE_ID):
            sheet.resources[RAGE_KEPT] = 1
        turned = has_effect(state, target, TURNED_ID)
        if turned is not None and result.damage.amount > 0:
            bg.effects_of(state, target).remove(turned)
            text = f"{state.name_of(target)} is hurt and no longer turned"
            state.record("condition", text, who=target)
            events.append(StateChange(kind="condition", target_id=target, description=text))
        events += _dark_ones_blessing(state, target, result, source)
        return events

    def turn_starts(self, state: GameState, cid: str) -> list[SessionEvent]:
        return frenzy_spent(state, cid)

    def fight_ends(self, state: GameState) -> list[SessionEvent]:
        events: list[SessionEvent] = []
        for cid in state.party:
            events += frenzy_spent(state, cid)
        return events

    def turn_ends(self, state: GameState, cid: str) -> list[SessionEvent]:
        """SRD: a rage ends early if the barbarian's turn ends without having attacked a
        hostile creature or taken damage since its last turn."""
        sheet = sheet_of(state, cid)
        rage = has_effect(state, cid, RAGE_ID)
        if sheet is None or rage is None:
            return frenzy_spent(state, cid)
        if sheet.resources.pop(RAGE_KEPT, 0):
            return []
        sheet.effects.remove(rage)
        text = f"{sheet.name}'s rage fades: no blow struck or taken"
        state.record("condition", text, who=cid)
        faded = StateChange(kind="condition", target_id=cid, description=text)
        return [faded, *frenzy_spent(state, cid)]


def frenzy_spent(state: GameState, cid: str) -> list[SessionEvent]:
    """SRD (Frenzy): when the rage a berserker frenzied in ends, one level of exhaustion."""
    sheet = sheet_of(state, cid)
    frenzy = has_effect(state, cid, FRENZY_ID)
    if sheet is None or frenzy is None or has_effect(state, cid, RAGE_ID):
        return []
    sheet.effects.remove(frenzy)
    return set_exhaustion(state, cid, min(6, sheet.exhaustion + 1), "the frenzy is over")


def _dark_ones_blessing(
    state: GameState, target: str, result: DamageResult, source: str | None
) -> list[SessionEvent]:
    """SRD: a Fiend warlock who brings a hostile creature to 0 HP gains temporary hit
    points equal to Charisma modifier + warlock level (at least 1)."""
    warlock = sheet_of(state, source) if source else None
    if warlock is None or target not in state.creatures or not warlock.has("dark_ones_blessing"):
        return []
    if result.vitals.hp > 0 or not state.creatures[target].hostile:
        return []
    amount = max(1, warlock.modifier(Ability.CHA) + warlock.level)
    if amount <= warlock.vitals.temp_hp or warlock.vitals.state is LifeState.DEAD:
        return []
    before = warlock.vitals
    warlock.vitals = before.model_copy(update={"temp_hp": amount})
    text = f"{warlock.name} drinks the dark blessing: {amount} temporary HP"
    return [bg.hp_change(state, warlock.id, before, warlock.vitals, text)]

"""Fights resolved by the rules alone, with the referee's tactics — no session, no tools,
no narration. Authors use it to balance encounters (``dungeon balance``), and it is the
"rules-only" figure beside whole-session fights in the combat benchmark.

With ``features`` (the default) fighters use what :mod:`app.dm.referee.skirmish_kit` gives
them — class features, monster traits, breath weapons, spells; without, each only swings its
weapon, which is the plain baseline the benchmark measures the features against."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from app.dm.referee.skirmish_kit import Blast, Kit, monster_kit, sheet_kit
from app.dm.referee.tactics import weakest
from rules.abilities import Ability
from rules.attacks import attack_roll, damage_roll
from rules.character import CharacterSheet
from rules.checks import RollContext, saving_throw
from rules.damage import (
    DamageType,
    Defenses,
    LifeState,
    Vitals,
    apply_damage,
    death_save,
    heal,
)
from rules.dice import roll
from rules.initiative import Entrant, roll_initiative
from rules.srd import Monster

_WEAPON_DAMAGE = frozenset({DamageType.BLUDGEONING, DamageType.PIERCING, DamageType.SLASHING})


@dataclass(slots=True)
class Swing:
    """One attack a fighter makes each turn."""

    bonus: int
    damage: str
    damage_type: DamageType


@dataclass(slots=True)
class Fighter:
    """A combatant reduced to what a fight needs."""

    id: str
    side: str
    ac: int
    vitals: Vitals
    swings: list[Swing]
    dex_mod: int
    dex: int
    defenses: Defenses = field(default_factory=Defenses)
    monster: bool = False
    crit_range: int = 20
    """Improved Critical: 19."""
    kit: Kit = field(default_factory=Kit)
    saves: dict[Ability, int] = field(default_factory=dict)
    """Saving-throw modifiers, for breath weapons and spells that call for saves."""

    @property
    def up(self) -> bool:
        return self.vitals.hp > 0


def from_sheet(sheet: CharacterSheet, *, features: bool = True) -> Fighter:
    """A character with their first damaging weapon (as the referee attacks), and with
    ``features`` their class features and spells."""
    weapon = next(w for w in sheet.weapons if sheet.weapon_attack(w).damage)
    attack = sheet.weapon_attack(weapon)
    swing = Swing(attack.attack_bonus, attack.damage, attack.damage_type)
    return Fighter(
        sheet.id, "party", sheet.armor_class, sheet.vitals.model_copy(),
        [swing] * sheet.attacks_per_action, sheet.initiative_modifier, sheet.abilities.dexterity,
        sheet.defenses, crit_range=sheet.crit_range if features else 20,
        kit=sheet_kit(sheet, weapon) if features else Kit(),
        saves={a: sheet.save_modifier(a) for a in Ability},
    )  # fmt: skip


def from_monster(block: Monster, number: int, *, features: bool = True) -> Fighter:
    """A monster with its multiattack (or first attack), and with ``features`` its traits,
    breath and spells."""
    ids = list(block.multiattack) or [next(a.id for a in block.actions if a.is_attack and a.damage)]
    swings = []
    for action_id in ids:
        act = block.action(action_id)
        if act.to_hit is not None and act.damage and act.damage_type:
            swings.append(Swing(act.to_hit, act.damage, act.damage_type))
    return Fighter(
        f"{block.id}-{number}", "foes", block.ac, Vitals.full(block.hp), swings,
        block.abilities.modifier(Ability.DEX), block.abilities.dexterity, block.defenses,
        monster=True, kit=monster_kit(block) if features else Kit(),
        saves={a: block.save_modifier(a) for a in Ability},
    )  # fmt: skip


@dataclass(frozen=True, slots=True)
class FightResult:
    """Who won, how long it took, what it cost the party."""

    winner: str
    rounds: int
    party_hp_lost: int
    party_down: int


def hurt(
    rng: random.Random, target: Fighter, amount: int, kind: DamageType, critical: bool = False
) -> None:
    """Damage to one fighter through defences (and Rage), with Undead Fortitude's last stand."""
    defenses = target.defenses
    if target.kit.rage and kind in _WEAPON_DAMAGE:
        defenses = Defenses(resistances=defenses.resistances | {kind},
                            vulnerabilities=defenses.vulnerabilities,
                            immunities=defenses.immunities)  # fmt: skip
    if kind in target.kit.regeneration_stopped_by:
        target.kit.burned = True
    outcome = apply_damage(target.vitals, max(0, amount), kind, defenses, critical=critical,
                           dies_at_zero=target.monster)  # fmt: skip
    target.vitals = outcome.vitals
    if (
        outcome.dropped_to_zero and target.kit.undead_fortitude and not critical
        and not outcome.instant_death and kind is not DamageType.RADIANT
    ):  # fmt: skip
        save = saving_throw(rng, target.saves.get(Ability.CON, 0),
                            min(40, 5 + outcome.damage.amount), ability=Ability.CON)  # fmt: skip
        if save.success:
            target.vitals = Vitals(hp=1, max_hp=target.vitals.max_hp)


def _blast(rng: random.Random, me: Fighter, blast: Blast, marks: list[Fighter]) -> None:
    """A spell or breath at ``marks``: darts that always hit, one attack roll, or a save
    each against one damage roll."""
    if blast.darts:
        for _ in range(blast.darts):
            alive = [m for m in marks if m.up]
            if alive:
                hurt(rng, alive[0], roll(blast.dice, rng).total, blast.damage_type)
        return
    if blast.bonus is not None:
        target = marks[0]
        hit = attack_roll(rng, blast.bonus, target.ac)
        if hit.hit:
            hurt(rng, target, damage_roll(rng, blast.dice, critical=hit.critical).total,
                  blast.damage_type, hit.critical)  # fmt: skip
        return
    total = roll(blast.dice, rng).total
    for target in marks:
        save = saving_throw(rng, target.saves.get(blast.ability, 0), blast.dc,
                            ability=blast.ability)  # fmt: skip
        dealt = total if not save.success else (total // 2 if blast.half else 0)
        if dealt:
            hurt(rng, target, dealt, blast.damage_type)


def _swings(rng: random.Random, me: Fighter, enemies: list[Fighter], friends: bool) -> None:
    """The Attack action at the weakest foe: Pack Tactics, Rage, Sneak Attack and Martial
    Advantage (once a turn) where the fighter has them."""
    kit = me.kit
    sneak, martial = (kit.sneak, kit.martial_advantage) if friends else ("", "")
    context = RollContext(("pack tactics",)) if kit.pack_tactics and friends else None
    for swing in me.swings:
        target_id = weakest((e.id, e.vitals.hp) for e in enemies)
        if target_id is None:
            return
        target = next(e for e in enemies if e.id == target_id)
        hit = attack_roll(rng, swing.bonus, target.ac, context=context, crit_range=me.crit_range)
        if not hit.hit:
            continue
        dealt = damage_roll(rng, swing.damage, critical=hit.critical).total + kit.rage
        for extra in (sneak, martial):
            if extra:
                dealt += damage_roll(rng, extra, critical=hit.critical).total
        sneak = martial = ""  # once per turn
        hurt(rng, target, dealt, swing.damage_type, hit.critical)


def take_turn(
    rng: random.Random, me: Fighter, allies: list[Fighter], enemies: list[Fighter]
) -> None:
    """One fighter's turn: the referee's choices, in order of what helps most."""
    kit = me.kit
    friends = any(f.up and f is not me for f in allies)
    fallen = next((f for f in allies if not f.up and f.vitals.state is LifeState.DYING), None)
    standing = [e for e in enemies if e.up]
    if fallen is not None and kit.heal and kit.has_slot(1):
        kit.spend_slot(1)
        fallen.vitals = heal(fallen.vitals, max(1, roll(kit.heal, rng).total)).vitals
    elif kit.breath is not None and kit.breath_ready and len(standing) >= 2:
        kit.breath_ready = False
        marks = sorted(standing, key=lambda e: (e.vitals.hp, e.id))[: kit.breath.targets]
        _blast(rng, me, kit.breath, marks)
    elif kit.darts is not None and kit.has_slot(1) and standing:
        kit.spend_slot(1)
        _blast(rng, me, kit.darts, sorted(standing, key=lambda e: (e.vitals.hp, e.id)))
    elif kit.cantrip is not None and standing:
        mark = min(standing, key=lambda e: (e.vitals.hp, e.id))
        _blast(rng, me, kit.cantrip, [mark])
    else:
        _swings(rng, me, enemies, friends)
    if kit.second_wind and me.vitals.hp * 2 <= me.vitals.max_hp:  # the bonus action
        me.vitals = heal(me.vitals, roll(kit.second_wind, rng).total).vitals
        kit.second_wind = ""
    if kit.action_surge and any(e.up for e in enemies):
        kit.action_surge = False
        _swings(rng, me, enemies, friends)


def _turn_starts(rng: random.Random, me: Fighter) -> None:
    """Regeneration (unless burned since its last turn) and a breath's recharge roll."""
    kit = me.kit
    if kit.regeneration and me.up and not kit.burned:
        me.vitals = heal(me.vitals, kit.regeneration).vitals
    kit.burned = False
    if kit.breath is not None and not kit.breath_ready:
        kit.breath_ready = roll("1d6", rng).total >= kit.breath_recharge


def fight(
    rng: random.Random, party: list[Fighter], foes: list[Fighter], max_rounds: int = 50
) -> FightResult:
    """Resolve one fight to the end (or ``max_rounds``): initiative, then each fighter in
    turn does what helps most (heal a fallen friend, breathe on a crowd, cast, or attack
    the weakest foe still standing); dying characters make death saves."""
    everyone = {f.id: f for f in party + foes}
    start_hp = sum(f.vitals.hp for f in party)
    order = roll_initiative(rng, [Entrant(f.id, f.id, f.dex_mod, f.dex) for f in everyone.values()])
    sides = {"party": party, "foes": foes}
    rounds = 0
    winner = "none"
    while rounds < max_rounds and winner == "none":
        rounds += 1
        for entry in order:
            me = everyone[entry.entrant.id]
            if me.vitals.state is LifeState.DEAD:
                continue
            _turn_starts(rng, me)
            if not me.up:
                if me.vitals.state is LifeState.DYING:
                    me.vitals = death_save(rng, me.vitals).vitals
                continue
            enemies = sides["foes" if me.side == "party" else "party"]
            take_turn(rng, me, sides[me.side], enemies)
            if not any(f.up for f in foes):
                winner = "party"
                break
            if not any(f.up for f in party):
                winner = "foes"
                break
    lost = start_hp - sum(f.vitals.hp for f in party)
    return FightResult(winner, rounds, lost, sum(1 for f in party if not f.up))

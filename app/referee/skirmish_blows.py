"""How blows land in the fast fight simulator: attack rolls (with the advantage conditions
give), damage through defences, the riders on a monster's hit, save-based actions over
their marks, spells, and the conditions all of these leave — as the tools apply them in a
game (``app.actions.monster_actions``, ``monster_rules``), without a game state.

Every function takes the fight's log; when it is ``None`` nothing is written, and nothing
here ever draws from the dice for the log's sake, so a fight with a log is the same fight
as one without.
"""

from __future__ import annotations

import random

from app.referee.skirmish_kit import Blast, Fighter, Swing
from app.referee.skirmish_log import Attack, Damage, Drops, FightLog, Held, Note, Save, Uses
from app.world.wording import the
from rules.abilities import Ability
from rules.attacks import AttackOutcome, AttackResult, attack_roll, damage_roll
from rules.checks import RollContext, saving_throw
from rules.conditions import ActiveCondition, attack_context, save_context
from rules.damage import DamageType, Defenses, LifeState, Vitals, apply_damage
from rules.dice import Advantage, roll
from rules.srd import MonsterAction

_WEAPON_DAMAGE = frozenset({DamageType.BLUDGEONING, DamageType.PIERCING, DamageType.SLASHING})
_PACK = ("pack tactics",)
_PACKED = RollContext(_PACK)
"""Pack Tactics' advantage and nothing else, made once (a context never changes)."""


def hurt(
    rng: random.Random,
    target: Fighter,
    amount: int,
    kind: DamageType,
    critical: bool = False,
    *,
    source: Fighter | None = None,
    what: str = "",
    log: FightLog | None = None,
) -> None:
    """Damage to one fighter through defences (and Rage), with Undead Fortitude's last
    stand; what it took is counted to ``source``."""
    defenses = target.defenses
    if target.kit.rage and kind in _WEAPON_DAMAGE:
        defenses = Defenses(resistances=defenses.resistances | {kind},
                            vulnerabilities=defenses.vulnerabilities,
                            immunities=defenses.immunities)  # fmt: skip
    if kind in target.kit.regeneration_stopped_by:
        target.kit.burned = True
    outcome = apply_damage(target.vitals, max(0, amount), kind, defenses, critical=critical,
                           dies_at_zero=target.monster and not target.spared,
                           knock_out=target.spared)  # fmt: skip
    target.vitals = outcome.vitals
    if source is not None:
        source.dealt += outcome.hp_lost + outcome.absorbed
    if log is not None:
        log.append(Damage(target.name, outcome.damage.amount, kind.value, target.vitals.hp,
                          target.vitals.max_hp, what))  # fmt: skip
    if (
        outcome.dropped_to_zero and target.kit.undead_fortitude and not critical
        and not outcome.instant_death and kind is not DamageType.RADIANT
        and saves(rng, target, Ability.CON, min(40, 5 + outcome.damage.amount), log)
    ):  # fmt: skip
        target.vitals = Vitals(hp=1, max_hp=target.vitals.max_hp)
        if log is not None:
            log.append(Note(target.name, "refuses to fall (Undead Fortitude): 1 HP"))
        return
    if outcome.dropped_to_zero and log is not None:
        log.append(Drops(target.name, target.vitals.state is LifeState.DEAD))


def saves(
    rng: random.Random, who: Fighter, ability: Ability, dc: int, log: FightLog | None
) -> bool:
    """A saving throw, with what its conditions do to it (a paralysed creature's DEX save
    fails outright)."""
    context = (
        save_context(who.conditions, ability, who.exhaustion)
        if who.conditions or who.exhaustion
        else None
    )
    result = saving_throw(rng, who.saves.get(ability, 0), dc, ability=ability, context=context)
    if log is not None:
        log.append(Save(who.name, ability.full_name, dc, result.total, result.success,
                        result.auto_fail or ""))  # fmt: skip
    return result.success


def aim(me: Fighter, target: Fighter, ranged: bool, pack: bool) -> RollContext | None:
    """The advantage state of an attack: conditions on both sides, exhaustion, and Pack
    Tactics; ``None`` (a plain roll) in the usual case, which costs nothing to build."""
    if not (me.conditions or target.conditions or me.exhaustion):
        return _PACKED if pack else None
    return attack_context(
        me.conditions, target.conditions, attacker_exhaustion=me.exhaustion,
        within_5ft=not ranged, advantage_from=_PACK if pack else (),
    )  # fmt: skip


def logged_attack(
    me: Fighter, target: Fighter, what: str, hit: AttackResult, log: FightLog | None
) -> None:
    """An attack roll in the log."""
    if log is not None:
        mode = "" if hit.advantage is Advantage.NORMAL else hit.advantage.value
        outcome = hit.outcome.value.replace("_", " ")
        log.append(
            Attack(me.name, target.name, what, hit.natural, hit.total, target.ac, outcome, mode)
        )


def strike(
    rng: random.Random,
    me: Fighter,
    target: Fighter,
    swing: Swing,
    extras: list[tuple[str, str]],
    pack: bool,
    log: FightLog | None,
) -> bool:
    """One attack roll and, on a hit, its damage (with ``extras``: Sneak Attack, Martial
    Advantage, as (dice, name)), its extra damage and its rider. True on a hit."""
    hit = attack_roll(rng, swing.bonus, target.ac, context=aim(me, target, swing.ranged, pack),
                      crit_range=me.crit_range)  # fmt: skip
    if log is not None:
        logged_attack(me, target, swing.name, hit, log)
    if hit.outcome is AttackOutcome.MISS:
        return False
    critical = hit.outcome is AttackOutcome.CRITICAL_HIT
    dealt = damage_roll(rng, swing.damage, critical=critical).total + me.kit.rage
    for dice, _name in extras:
        dealt += damage_roll(rng, dice, critical=critical).total
    what = "with " + " and ".join(name for _, name in extras) if extras else ""
    hurt(rng, target, dealt, swing.damage_type, critical, source=me, what=what, log=log)
    if swing.extra and swing.extra_type is not None and target.vitals.state is not LifeState.DEAD:
        more = damage_roll(rng, swing.extra, critical=critical).total
        hurt(rng, target, more, swing.extra_type, critical, source=me, log=log)
    if swing.rider is not None:
        rider(rng, me, target, swing.rider, log)
    return True


def rider(
    rng: random.Random, me: Fighter, target: Fighter, action: MonsterAction, log: FightLog | None
) -> None:
    """What a monster's hit does beyond its damage: a save against a condition or more
    damage (half on a success when the action says so), or a condition outright."""
    if target.vitals.state is LifeState.DEAD:
        return
    if target.kinds & set(action.spares):
        if log is not None:
            log.append(Note(target.name, f"is unaffected by {the(action.name.lower())}"))
        return
    saved = False
    if action.save_ability is not None and action.save_dc is not None:
        saved = saves(rng, target, action.save_ability, action.save_dc, log)
    if action.save_damage and action.save_damage_type:
        amount = roll(action.save_damage, rng).total
        amount = (amount // 2 if action.save_half else 0) if saved else amount
        if amount > 0:
            hurt(rng, target, amount, action.save_damage_type, source=me, what=action.name,
                 log=log)  # fmt: skip
    if action.condition is not None and not saved and target.vitals.hp > 0:
        impose(target, action, me, log)


def impose(target: Fighter, action: MonsterAction, source: Fighter, log: FightLog | None) -> None:
    """Put an action's condition on a target (unless it is immune), with its duration and
    the save that ends it."""
    condition = action.condition
    assert condition is not None
    if condition in target.immune:
        if log is not None:
            log.append(Note(target.name, f"is immune to being {condition.value}"))
        return
    repeat = action.repeat_save and action.save_ability is not None
    target.conditions[:] = [c for c in target.conditions if c.condition is not condition]
    target.conditions.append(
        ActiveCondition(
            condition=condition, source=source.id, rounds=action.condition_rounds,
            save_ability=action.save_ability if repeat else None,
            save_dc=action.save_dc if repeat else None, note=action.name,
        )
    )  # fmt: skip
    if log is not None:
        log.append(Held(target.name, condition.value, gained=True))


def special(
    rng: random.Random,
    me: Fighter,
    action: MonsterAction,
    marks: list[Fighter],
    log: FightLog | None,
) -> None:
    """A save-based action (one damage roll; each mark saves, taking it all on a failure,
    half or none on a success, and the condition on a failure) or an attack that only holds
    (a web: the condition on a hit). A recharge action is spent until it recharges."""
    if action.recharge:
        me.kit.spent.add(action.id)
    if action.is_attack:
        target = marks[0]
        assert action.to_hit is not None
        hit = attack_roll(rng, action.to_hit, target.ac,
                          context=aim(me, target, action.kind == "ranged", False))  # fmt: skip
        logged_attack(me, target, action.name, hit, log)
        if hit.hit:
            rider(rng, me, target, action, log)
        return
    assert action.save_ability is not None and action.save_dc is not None
    if log is not None:
        detail = f"DC {action.save_dc} {action.save_ability.full_name} save"
        log.append(Uses(me.name, action.name, tuple(m.name for m in marks), detail))
    total = 0
    if action.save_damage and action.save_damage_type:
        total = max(0, damage_roll(rng, action.save_damage).total)
        if log is not None:
            log.append(Note(me.name, f"rolls {total} {action.save_damage_type.value} damage"))
    outcomes = [
        (m, saves(rng, m, action.save_ability, action.save_dc, log))
        for m in marks
        if m.vitals.state is not LifeState.DEAD
    ]
    for target, saved in outcomes:
        landing = (total // 2 if action.save_half else 0) if saved else total
        if landing and action.save_damage_type:
            hurt(rng, target, landing, action.save_damage_type, source=me, what=action.name,
                 log=log)  # fmt: skip
        if action.condition is not None and not saved and target.vitals.hp > 0:
            impose(target, action, me, log)


def blast(
    rng: random.Random, me: Fighter, spell: Blast, marks: list[Fighter], log: FightLog | None
) -> None:
    """A spell at ``marks``: darts that always hit, one attack roll, or a save each against
    one damage roll."""
    if log is not None and spell.bonus is None:  # an attack roll says it all itself
        log.append(Uses(me.name, spell.name, (marks[0].name,)))
    if spell.darts:
        for _ in range(spell.darts):
            alive = [m for m in marks if m.up]
            if alive:
                hurt(rng, alive[0], roll(spell.dice, rng).total, spell.damage_type, source=me,
                     what="a dart", log=log)  # fmt: skip
        return
    if spell.bonus is not None:
        target = marks[0]
        hit = attack_roll(rng, spell.bonus, target.ac, context=aim(me, target, True, False))
        logged_attack(me, target, spell.name, hit, log)
        if hit.hit:
            hurt(rng, target, damage_roll(rng, spell.dice, critical=hit.critical).total,
                 spell.damage_type, hit.critical, source=me, log=log)  # fmt: skip
        return
    total = roll(spell.dice, rng).total
    for target in marks:
        saved = saves(rng, target, spell.ability, spell.dc, log)
        dealt = total if not saved else (total // 2 if spell.half else 0)
        if dealt:
            hurt(rng, target, dealt, spell.damage_type, source=me, log=log)

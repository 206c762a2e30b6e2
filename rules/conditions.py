"""The fifteen conditions: how each changes rolls, durations, ticking, and save-ends.

Condition effects are data (``data/conditions.toml``); this module turns a creature's list
of active conditions into what the dice need: advantage or disadvantage with reasons,
automatic failures, automatic critical hits, and whether it may act or move.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.abilities import Ability
from rules.checks import CheckResult, RollContext, saving_throw
from rules.datafiles import read_toml, validate_table


class Condition(StrEnum):
    """The SRD conditions."""

    BLINDED = "blinded"
    CHARMED = "charmed"
    DEAFENED = "deafened"
    EXHAUSTION = "exhaustion"
    FRIGHTENED = "frightened"
    GRAPPLED = "grappled"
    INCAPACITATED = "incapacitated"
    INVISIBLE = "invisible"
    PARALYZED = "paralyzed"
    PETRIFIED = "petrified"
    POISONED = "poisoned"
    PRONE = "prone"
    RESTRAINED = "restrained"
    STUNNED = "stunned"
    UNCONSCIOUS = "unconscious"


RollEffect = Literal["", "advantage", "disadvantage"]


class ConditionRule(BaseModel):
    """What one condition does, as read from ``data/conditions.toml``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    summary: str
    implies: tuple[Condition, ...] = ()
    incapacitated: bool = False
    speed_zero: bool = False
    cannot_speak: bool = False
    cannot_target_source: bool = False
    cannot_approach_source: bool = False
    """It can't willingly move closer to its source (frightened)."""
    leveled: bool = False
    own_attacks: RollEffect = ""
    attacks_against: RollEffect = ""
    attacks_against_within_5ft: RollEffect = ""
    attacks_against_beyond_5ft: RollEffect = ""
    ability_checks: RollEffect = ""
    auto_fail_checks: tuple[Literal["sight", "hearing"], ...] = ()
    auto_fail_saves: tuple[Ability, ...] = ()
    save_disadvantage: tuple[Ability, ...] = ()
    crit_within_5ft: bool = False
    resist_all_damage: bool = False


class ExhaustionLevel(BaseModel):
    """One level of exhaustion and what it adds."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    level: int = Field(ge=1, le=6)
    summary: str


MAX_EXHAUSTION = 6


@cache
def condition_rules() -> dict[Condition, ConditionRule]:
    """Every condition's rule, loaded and validated once."""
    raw = read_toml("conditions.toml")
    raw.pop("exhaustion_levels", None)
    rules = {
        Condition(key): validate_table(ConditionRule, "conditions.toml", key, value)
        for key, value in raw.items()
    }
    missing = set(Condition) - set(rules)
    if missing:
        raise ValueError(f"conditions.toml lacks {sorted(missing)}")
    return rules


@cache
def exhaustion_levels() -> tuple[ExhaustionLevel, ...]:
    """The six levels of exhaustion, lowest first."""
    raw = read_toml("conditions.toml").get("exhaustion_levels", [])
    levels = tuple(
        validate_table(ExhaustionLevel, "conditions.toml", f"exhaustion_levels[{i}]", r)
        for i, r in enumerate(raw)
    )
    return tuple(sorted(levels, key=lambda lv: lv.level))


class ActiveCondition(BaseModel):
    """A condition on a creature, with where it came from and how it ends.

    ``rounds`` counts the affected creature's own turns left (``None``: until removed);
    it drops by one at the start or end of that creature's turn (``ends_at``) — or of its
    source's turn, with ``counts_on = "source"`` (a monk's Stunning Strike lasts until the
    end of the monk's next turn). With ``save_ability``/``save_dc`` the creature repeats
    the save at the end of each of its turns and the condition ends on a success.
    """

    model_config = ConfigDict(extra="forbid")

    condition: Condition
    source: str | None = None
    """Id of the creature that caused it (the charmer, the grappler, the frightener)."""
    rounds: int | None = Field(default=None, ge=0)
    ends_at: Literal["start", "end"] = "end"
    counts_on: Literal["own", "source"] = "own"
    """Whose turns ``rounds`` counts: the affected creature's own, or its source's."""
    save_ability: Ability | None = None
    save_dc: int | None = Field(default=None, ge=1, le=40)
    note: str = ""


def expand(conditions: Iterable[Condition]) -> frozenset[Condition]:
    """Conditions plus everything they imply (unconscious -> incapacitated, prone)."""
    return _closure(frozenset(conditions))


@cache
def _closure(conditions: frozenset[Condition]) -> frozenset[Condition]:
    """What a set of conditions amounts to, worked out once per set: the rules are loaded
    once and never change, and a fight asks about the same few sets on every attack, check
    and move (most often the empty one)."""
    rules = condition_rules()
    seen: set[Condition] = set()
    stack = list(conditions)
    while stack:
        current = stack.pop()
        if current not in seen:
            seen.add(current)
            stack.extend(rules[current].implies)
    return frozenset(seen)


def _names(conditions: Iterable[Condition | ActiveCondition]) -> frozenset[Condition]:
    return expand(c.condition if isinstance(c, ActiveCondition) else c for c in conditions)


@dataclass(slots=True)
class _Tally:
    adv: list[str] = field(default_factory=list)
    dis: list[str] = field(default_factory=list)

    def add(self, effect: str, reason: str) -> None:
        if effect == "advantage":
            self.adv.append(reason)
        elif effect == "disadvantage":
            self.dis.append(reason)

    def context(self, auto_fail: str | None = None, auto_crit: bool = False) -> RollContext:
        return RollContext(tuple(self.adv), tuple(self.dis), auto_fail, auto_crit)


def check_context(
    conditions: Sequence[Condition | ActiveCondition],
    exhaustion: int = 0,
    *,
    needs: Literal["sight", "hearing"] | None = None,
    advantage_from: Iterable[str] = (),
    disadvantage_from: Iterable[str] = (),
) -> RollContext:
    """Advantage state of an ability check; ``needs`` names a sense the check relies on."""
    rules = condition_rules()
    tally = _Tally(list(advantage_from), list(disadvantage_from))
    auto_fail = None
    for name in sorted(_names(conditions)):
        rule = rules[name]
        tally.add(rule.ability_checks, name.value)
        if needs is not None and needs in rule.auto_fail_checks:
            auto_fail = f"{name.value}: the check needs {needs}"
    if exhaustion >= 1:
        tally.dis.append(f"exhaustion {exhaustion}")
    return tally.context(auto_fail)


def save_context(
    conditions: Sequence[Condition | ActiveCondition],
    ability: Ability,
    exhaustion: int = 0,
    *,
    advantage_from: Iterable[str] = (),
    disadvantage_from: Iterable[str] = (),
) -> RollContext:
    """Advantage state of a saving throw, or the condition that makes it fail outright."""
    rules = condition_rules()
    tally = _Tally(list(advantage_from), list(disadvantage_from))
    auto_fail = None
    for name in sorted(_names(conditions)):
        rule = rules[name]
        if ability in rule.auto_fail_saves and auto_fail is None:
            auto_fail = f"{name.value}: {ability.full_name} saves fail"
        if ability in rule.save_disadvantage:
            tally.dis.append(name.value)
    if exhaustion >= 3:
        tally.dis.append(f"exhaustion {exhaustion}")
    return tally.context(auto_fail)


def attack_context(
    attacker: Sequence[Condition | ActiveCondition],
    target: Sequence[Condition | ActiveCondition],
    *,
    attacker_exhaustion: int = 0,
    within_5ft: bool = True,
    ranged: bool = False,
    hostile_adjacent: bool = False,
    advantage_from: Iterable[str] = (),
    disadvantage_from: Iterable[str] = (),
) -> RollContext:
    """Advantage state of an attack roll from the conditions on both sides.

    ``within_5ft`` is the distance to the target; ``hostile_adjacent`` makes a ranged attack
    harder (an enemy within 5 feet of the archer).
    """
    rules = condition_rules()
    tally = _Tally(list(advantage_from), list(disadvantage_from))
    for name in sorted(_names(attacker)):
        tally.add(rules[name].own_attacks, f"attacker {name.value}")
    auto_crit = False
    for name in sorted(_names(target)):
        rule = rules[name]
        tally.add(rule.attacks_against, f"target {name.value}")
        near = rule.attacks_against_within_5ft if within_5ft else rule.attacks_against_beyond_5ft
        tally.add(near, f"target {name.value}")
        if rule.crit_within_5ft and within_5ft:
            auto_crit = True
    if attacker_exhaustion >= 3:
        tally.dis.append(f"attacker exhaustion {attacker_exhaustion}")
    if ranged and hostile_adjacent:
        tally.dis.append("ranged attack with an enemy within 5 feet")
    return tally.context(auto_crit=auto_crit)


def can_act(conditions: Sequence[Condition | ActiveCondition]) -> bool:
    """False while incapacitated (directly or through paralysis, stun, sleep, stone)."""
    if not conditions:  # most creatures, most turns: nothing to look up
        return True
    rules = condition_rules()
    return not any(rules[c].incapacitated for c in _names(conditions))


def speed_after_conditions(
    speed: int, conditions: Sequence[Condition | ActiveCondition], exhaustion: int = 0
) -> int:
    """Walking speed once conditions and exhaustion apply (0 when held, halved at level 2)."""
    rules = condition_rules()
    if exhaustion >= 5 or any(rules[c].speed_zero for c in _names(conditions)):
        return 0
    return speed // 2 if exhaustion >= 2 else speed


def max_hp_after_exhaustion(max_hp: int, exhaustion: int) -> int:
    """Exhaustion 4 and above halves the hit point maximum (rounded down, at least 1)."""
    return max(1, max_hp // 2) if exhaustion >= 4 else max_hp


def dies_of_exhaustion(exhaustion: int) -> bool:
    """The sixth level of exhaustion is death."""
    return exhaustion >= MAX_EXHAUSTION


def may_target(conditions: Sequence[ActiveCondition], target_id: str) -> str | None:
    """Why a creature may not attack ``target_id`` (charmed by it), else ``None``."""
    rules = condition_rules()
    for active in conditions:
        if rules[active.condition].cannot_target_source and active.source == target_id:
            return f"{active.condition.value} by its target"
    return None


def fall_prone(conditions: list[ActiveCondition], note: str) -> bool:
    """SRD (Unconscious): the creature falls prone. The prone is its own condition, so the
    creature is still lying down when it wakes, until it stands up (half its movement).
    Nothing is added to one already prone; whether it fell."""
    if any(c.condition is Condition.PRONE for c in conditions):
        return False
    conditions.append(ActiveCondition(condition=Condition.PRONE, note=note))
    return True


def kept_away_from(conditions: Sequence[ActiveCondition]) -> frozenset[str]:
    """Ids of the creatures ``conditions`` forbid moving closer to (SRD: a frightened
    creature can't willingly move closer to the source of its fear)."""
    rules = condition_rules()
    return frozenset(
        active.source for active in conditions
        if active.source is not None and rules[active.condition].cannot_approach_source
    )  # fmt: skip


def resists_everything(conditions: Sequence[Condition | ActiveCondition]) -> bool:
    """Petrified creatures resist all damage."""
    rules = condition_rules()
    return any(rules[c].resist_all_damage for c in _names(conditions))


@dataclass(frozen=True, slots=True)
class SaveAttempt:
    """A save-ends roll made at the end of a turn."""

    condition: Condition
    ability: Ability
    dc: int
    total: int
    natural: int
    success: bool


@dataclass(frozen=True, slots=True)
class ConditionTick:
    """Conditions after a start- or end-of-turn tick: what remains, what ended, saves made."""

    remaining: tuple[ActiveCondition, ...]
    ended: tuple[ActiveCondition, ...]
    saves: tuple[SaveAttempt, ...] = ()


def tick_start_of_turn(conditions: Sequence[ActiveCondition]) -> ConditionTick:
    """Count down conditions that end at the start of the creature's turn."""
    return _count_down(conditions, "start", ())


SaveRoller = Callable[[ActiveCondition, Sequence[ActiveCondition]], CheckResult]
"""Rolls the save to end one condition, given the creature's other conditions: how a game
adds what the bare modifier does not know (Bless, an aura, a halfling's bravery)."""


def tick_end_of_turn(
    conditions: Sequence[ActiveCondition],
    rng: random.Random,
    save_modifier: Callable[[Ability], int],
    roll_save: SaveRoller | None = None,
) -> ConditionTick:
    """Repeat save-ends saves (success removes the condition), then count down the rest.

    ``save_modifier`` gives the creature's saving-throw modifier for an ability; the saves
    use the creature's other conditions for advantage and automatic failure. A game with
    more to add to a save than that rolls it itself with ``roll_save``.
    """
    saves: list[SaveAttempt] = []
    ended: list[ActiveCondition] = []
    kept: list[ActiveCondition] = []
    for active in conditions:
        if active.save_ability is not None and active.save_dc is not None:
            others = [c for c in conditions if c is not active]
            if roll_save is not None:
                result = roll_save(active, others)
            else:
                result = saving_throw(
                    rng,
                    save_modifier(active.save_ability),
                    active.save_dc,
                    ability=active.save_ability,
                    context=save_context(others, active.save_ability),
                    reason=f"end {active.condition.value}",
                )
            saves.append(
                SaveAttempt(
                    active.condition,
                    active.save_ability,
                    active.save_dc,
                    result.total,
                    result.natural or 0,
                    result.success,
                )
            )
            if result.success:
                ended.append(active)
                continue
        kept.append(active)
    tick = _count_down(kept, "end", tuple(saves))
    return ConditionTick(tick.remaining, tuple(ended) + tick.ended, tick.saves)


ROUNDS_A_TURN_OUTSIDE_A_FIGHT = 10
"""Rounds a turn of play outside a fight stands for: at least a minute goes by (ten rounds of
six seconds), so a condition that lasts rounds has worn off by the next turn."""


def pass_time(
    conditions: Sequence[ActiveCondition], rounds: int = ROUNDS_A_TURN_OUTSIDE_A_FIGHT
) -> ConditionTick:
    """Time going by outside a fight: a condition timed in rounds counts them down whoever's
    turns it counts, and ends when they run out; one with no end in rounds (until removed,
    until a save succeeds) stays — nobody takes turns to repeat a save."""
    remaining: list[ActiveCondition] = []
    ended: list[ActiveCondition] = []
    for active in conditions:
        if active.rounds is None:
            remaining.append(active)
        elif active.rounds <= rounds:
            ended.append(active)
        else:
            remaining.append(active.model_copy(update={"rounds": active.rounds - rounds}))
    return ConditionTick(tuple(remaining), tuple(ended), ())


def _count_down(
    conditions: Sequence[ActiveCondition], when: str, saves: tuple[SaveAttempt, ...]
) -> ConditionTick:
    remaining: list[ActiveCondition] = []
    ended: list[ActiveCondition] = []
    for active in conditions:
        if active.rounds is None or active.ends_at != when or active.counts_on != "own":
            remaining.append(active)
        elif active.rounds <= 1:
            ended.append(active)
        else:
            remaining.append(active.model_copy(update={"rounds": active.rounds - 1}))
    return ConditionTick(tuple(remaining), tuple(ended), saves)


def tick_source_turn(
    conditions: Sequence[ActiveCondition], source: str, when: Literal["start", "end"]
) -> ConditionTick:
    """Count down the conditions timed to their source's turns (``counts_on = "source"``)
    at the ``when`` of ``source``'s turn; the others are left as they are."""
    remaining: list[ActiveCondition] = []
    ended: list[ActiveCondition] = []
    for active in conditions:
        theirs = active.counts_on == "source" and active.source == source
        if not theirs or active.rounds is None or active.ends_at != when:
            remaining.append(active)
        elif active.rounds <= 1:
            ended.append(active)
        else:
            remaining.append(active.model_copy(update={"rounds": active.rounds - 1}))
    return ConditionTick(tuple(remaining), tuple(ended))

"""d20 tests: ability checks, saving throws, passive scores, group checks and contests.

Each returns a :class:`CheckResult` value with the roll inside — never a string, never an
exception for a failed check. The DC is always known before the die is thrown.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from rules.abilities import Ability
from rules.dice import Advantage, RollResult, roll
from rules.skills import Skill

MIN_DC = 1
MAX_DC = 40


@dataclass(frozen=True, slots=True)
class RollContext:
    """Everything that bends one roll: sources of advantage and disadvantage, an automatic
    failure, an automatic critical hit. :mod:`rules.conditions` builds these from a
    creature's conditions; callers may add their own sources."""

    advantage_from: tuple[str, ...] = ()
    disadvantage_from: tuple[str, ...] = ()
    auto_fail: str | None = None
    """Why the roll fails without being rolled (a paralysed creature's DEX save)."""
    auto_crit: bool = False
    """A hit is a critical hit (paralysed or unconscious target, attacker within 5 ft)."""
    reroll_ones: bool = False
    """A natural 1 is rolled again once and the new roll stands (a halfling's Lucky)."""

    @property
    def advantage(self) -> Advantage:
        """Any advantage and any disadvantage cancel, however many of each."""
        if not self.advantage_from and not self.disadvantage_from:
            return Advantage.NORMAL  # most rolls: nothing bends them
        return Advantage.combine(bool(self.advantage_from), bool(self.disadvantage_from))

    @property
    def reasons(self) -> tuple[str, ...]:
        """``advantage: target prone`` … for the dice log."""
        if not self.advantage_from and not self.disadvantage_from:
            return ()
        return tuple(f"advantage: {r}" for r in self.advantage_from) + tuple(
            f"disadvantage: {r}" for r in self.disadvantage_from
        )

    def plus(self, advantage: Advantage, why: str = "ruling") -> RollContext:
        """This context with one more source from the caller."""
        # Built directly rather than with dataclasses.replace: this is on every roll's path.
        if advantage is Advantage.ADVANTAGE:
            return RollContext(
                (*self.advantage_from, why), self.disadvantage_from, self.auto_fail,
                self.auto_crit, self.reroll_ones,
            )  # fmt: skip
        if advantage is Advantage.DISADVANTAGE:
            return RollContext(
                self.advantage_from, (*self.disadvantage_from, why), self.auto_fail,
                self.auto_crit, self.reroll_ones,
            )  # fmt: skip
        return self


LUCKY = "lucky: a natural 1 rolled again"
"""The reason a reroll of a natural 1 gives in the dice log."""


class RollKind(StrEnum):
    """What a d20 test is for; the dice log and the DM tools label rolls with it."""

    ABILITY_CHECK = "ability_check"
    SAVING_THROW = "saving_throw"
    ATTACK_ROLL = "attack_roll"
    DEATH_SAVE = "death_save"
    INITIATIVE = "initiative"
    CONCENTRATION = "concentration"
    CONTEST = "contest"


@lru_cache(maxsize=1024)
def d20_formula(modifier: int, bonus: str = "") -> str:
    """``1d20+5``, ``1d20-1``, ``1d20``, plus an optional dice bonus such as ``+1d4``."""
    text = "1d20" if modifier == 0 else f"1d20{modifier:+d}"
    if bonus:
        text += bonus if bonus[0] in "+-" else f"+{bonus}"
    return text


@dataclass(frozen=True, slots=True)
class CheckResult:
    """A resolved d20 test against a DC.

    ``roll`` is ``None`` when the test failed automatically (``auto_fail`` says why).
    ``margin`` is total minus DC: 0 or more succeeds.
    """

    kind: RollKind
    dc: int
    modifier: int
    advantage: Advantage
    success: bool
    roll: RollResult | None
    ability: Ability | None = None
    skill: Skill | None = None
    reasons: tuple[str, ...] = ()
    auto_fail: str | None = None
    reason: str = ""
    """Why the roll was made ("pick the lock"), for the log."""

    @property
    def total(self) -> int:
        """The roll's total (0 when it failed without a roll)."""
        return self.roll.total if self.roll is not None else 0

    @property
    def natural(self) -> int | None:
        """The kept d20 face."""
        return self.roll.natural if self.roll is not None else None

    @property
    def margin(self) -> int:
        """How far above (or below, negative) the DC the total landed."""
        return self.total - self.dc

    @property
    def crit(self) -> bool:
        """A natural 20 (it matters for attacks and death saves, not for checks)."""
        return self.roll is not None and self.roll.crit

    @property
    def fumble(self) -> bool:
        """A natural 1."""
        return self.roll is not None and self.roll.fumble

    @property
    def label(self) -> str:
        """``Dexterity (Stealth) check``, ``Wisdom saving throw``."""
        if self.kind is RollKind.SAVING_THROW and self.ability:
            return f"{self.ability.full_name} saving throw"
        if self.kind is RollKind.ABILITY_CHECK and self.ability:
            skill = f" ({self.skill.label})" if self.skill else ""
            return f"{self.ability.full_name}{skill} check"
        return self.kind.value.replace("_", " ").capitalize()

    def summary(self) -> str:
        """One line: ``Dexterity (Stealth) check DC 13: 1d20 (9) + 5 = 14 — success``."""
        verdict = "success" if self.success else "failure"
        if self.roll is None:
            return f"{self.label} DC {self.dc}: fails automatically ({self.auto_fail})"
        extra = f" [{self.advantage.value}]" if self.advantage is not Advantage.NORMAL else ""
        return f"{self.label} DC {self.dc}{extra}: {self.roll.plain()} — {verdict}"


def _validate_dc(dc: int) -> None:
    if not MIN_DC <= dc <= MAX_DC:
        raise ValueError(f"DC must be {MIN_DC}-{MAX_DC}, not {dc}")


def d20_test(
    rng: random.Random,
    modifier: int,
    dc: int,
    *,
    kind: RollKind,
    ability: Ability | None = None,
    skill: Skill | None = None,
    advantage: Advantage = Advantage.NORMAL,
    context: RollContext | None = None,
    bonus: str = "",
    reason: str = "",
) -> CheckResult:
    """Roll d20 + modifier (+ a dice ``bonus``) against ``dc``; meeting the DC succeeds.

    ``context`` (from :mod:`rules.conditions`) adds the advantage sources of conditions and
    may fail the test outright; ``advantage`` adds the caller's own source. Advantage and
    disadvantage cancel, however many of each.
    """
    _validate_dc(dc)
    context = (context or RollContext()).plus(advantage)
    reasons = context.reasons
    if context.auto_fail is not None:
        return CheckResult(
            kind, dc, modifier, Advantage.NORMAL, False, None, ability, skill,
            reasons, context.auto_fail, reason,
        )  # fmt: skip
    advantage = context.advantage
    result = roll(d20_formula(modifier, bonus), rng, advantage)
    if context.reroll_ones and result.natural == 1:
        result = roll(d20_formula(modifier, bonus), rng, advantage)
        reasons = (*reasons, LUCKY)
    return CheckResult(
        kind, dc, modifier, advantage, result.total >= dc, result, ability, skill, reasons,
        None, reason,
    )  # fmt: skip


def ability_check(
    rng: random.Random,
    modifier: int,
    dc: int,
    *,
    ability: Ability,
    skill: Skill | None = None,
    advantage: Advantage = Advantage.NORMAL,
    context: RollContext | None = None,
    bonus: str = "",
    reason: str = "",
) -> CheckResult:
    """An ability check (with a skill or not). Natural 20s and 1s have no special effect."""
    return d20_test(
        rng, modifier, dc, kind=RollKind.ABILITY_CHECK, ability=ability, skill=skill,
        advantage=advantage, context=context, bonus=bonus, reason=reason,
    )  # fmt: skip


def saving_throw(
    rng: random.Random,
    modifier: int,
    dc: int,
    *,
    ability: Ability,
    advantage: Advantage = Advantage.NORMAL,
    context: RollContext | None = None,
    bonus: str = "",
    reason: str = "",
) -> CheckResult:
    """A saving throw; a paralysed, stunned, petrified or unconscious creature's STR/DEX
    saves fail automatically through ``context``."""
    return d20_test(
        rng, modifier, dc, kind=RollKind.SAVING_THROW, ability=ability, advantage=advantage,
        context=context, bonus=bonus, reason=reason,
    )  # fmt: skip


def passive_score(modifier: int, advantage: Advantage = Advantage.NORMAL) -> int:
    """10 + modifier, +5 with advantage, -5 with disadvantage (passive Perception etc.)."""
    shift = {Advantage.NORMAL: 0, Advantage.ADVANTAGE: 5, Advantage.DISADVANTAGE: -5}
    return 10 + modifier + shift[advantage]


@dataclass(frozen=True, slots=True)
class GroupCheckResult:
    """A group check: it succeeds when at least half the group succeeds."""

    results: tuple[CheckResult, ...]

    @property
    def passed(self) -> int:
        """How many members succeeded."""
        return sum(1 for r in self.results if r.success)

    @property
    def success(self) -> bool:
        """At least half of the group succeeded."""
        return bool(self.results) and self.passed * 2 >= len(self.results)


def group_check(results: Sequence[CheckResult]) -> GroupCheckResult:
    """Combine individual checks into a group check."""
    if not results:
        raise ValueError("a group check needs at least one member")
    return GroupCheckResult(tuple(results))


@dataclass(frozen=True, slots=True)
class ContestResult:
    """Two opposed checks. ``winner`` is ``"a"``, ``"b"`` or ``None`` on a tie — and a tie
    leaves things as they were."""

    a: RollResult
    b: RollResult
    modifier_a: int
    modifier_b: int

    @property
    def winner(self) -> str | None:
        """``"a"``, ``"b"``, or ``None`` for a tie."""
        if self.a.total > self.b.total:
            return "a"
        if self.b.total > self.a.total:
            return "b"
        return None


def contest(
    rng: random.Random,
    modifier_a: int,
    modifier_b: int,
    *,
    advantage_a: Advantage = Advantage.NORMAL,
    advantage_b: Advantage = Advantage.NORMAL,
) -> ContestResult:
    """An opposed check (a grapple, a shove, hiding against a search): higher total wins."""
    a = roll(d20_formula(modifier_a), rng, advantage_a)
    b = roll(d20_formula(modifier_b), rng, advantage_b)
    return ContestResult(a, b, modifier_a, modifier_b)

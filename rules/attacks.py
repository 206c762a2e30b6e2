"""Attack rolls against armour class and damage rolls, critical hits included.

A natural 20 always hits and is a critical hit; a natural 1 always misses. A critical hit
rolls every damage die twice (flat modifiers once). Conditions decide advantage and
automatic criticals through :func:`rules.conditions.attack_context`, never the narrator.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum

from rules.checks import LUCKY, RollContext, d20_formula
from rules.dice import Advantage, RollResult, roll


class AttackOutcome(StrEnum):
    """How an attack roll ended."""

    HIT = "hit"
    CRITICAL_HIT = "critical_hit"
    MISS = "miss"


@dataclass(frozen=True, slots=True)
class AttackResult:
    """One attack roll against one armour class."""

    roll: RollResult
    attack_bonus: int
    target_ac: int
    advantage: Advantage
    outcome: AttackOutcome
    reasons: tuple[str, ...] = ()
    note: str = ""
    """Why a roll hit or missed regardless of the total (natural 20/1, automatic crit)."""

    @property
    def hit(self) -> bool:
        """The attack hit (critical or not)."""
        return self.outcome is not AttackOutcome.MISS

    @property
    def critical(self) -> bool:
        """A critical hit: damage dice are doubled."""
        return self.outcome is AttackOutcome.CRITICAL_HIT

    @property
    def natural(self) -> int:
        """The kept d20 face."""
        return self.roll.natural or 0

    @property
    def total(self) -> int:
        """d20 + attack bonus (+ any dice bonus)."""
        return self.roll.total

    def summary(self) -> str:
        """``Attack vs AC 15: 1d20 (17) + 5 = 22 — hit``."""
        extra = f" [{self.advantage.value}]" if self.advantage is not Advantage.NORMAL else ""
        note = f" ({self.note})" if self.note else ""
        verdict = self.outcome.value.replace("_", " ")
        return f"Attack vs AC {self.target_ac}{extra}: {self.roll.plain()} — {verdict}{note}"


_PLAIN = RollContext()
"""The context of a roll nothing bends (most attacks): made once, it never changes."""


MIN_AC = 1
MAX_AC = 40
"""The armour classes an attack roll is made against."""


def bounded_ac(ac: int) -> int:
    """An armour class the effects on a creature add up to, held within what an attack
    roll takes (:data:`MIN_AC`…:data:`MAX_AC`): two curses of -10 on AC 12 leave it at 1,
    not at -8, which no roll could be made against."""
    return max(MIN_AC, min(MAX_AC, ac))


def attack_roll(
    rng: random.Random,
    attack_bonus: int,
    target_ac: int,
    *,
    advantage: Advantage = Advantage.NORMAL,
    context: RollContext | None = None,
    crit_range: int = 20,
    bonus: str = "",
) -> AttackResult:
    """Roll to hit. ``crit_range`` 19 makes a natural 19 a critical too (Improved Critical);
    ``context.auto_crit`` turns any hit into a critical hit (a paralysed target within 5 ft).
    """
    if not MIN_AC <= target_ac <= MAX_AC:
        raise ValueError(f"armour class must be {MIN_AC}-{MAX_AC}, not {target_ac}")
    mode: Advantage
    reasons: tuple[str, ...]
    if context is None and advantage is Advantage.NORMAL:  # most attacks: nothing bends it
        ctx, mode, reasons = _PLAIN, advantage, ()
    else:
        ctx = (context or _PLAIN).plus(advantage)
        mode, reasons = ctx.advantage, ctx.reasons
    result = roll(d20_formula(attack_bonus, bonus), rng, mode)
    if ctx.reroll_ones and result.natural == 1:
        result = roll(d20_formula(attack_bonus, bonus), rng, mode)
        reasons = (*reasons, LUCKY)
    natural = result.natural or 0
    note = ""
    if natural == 1:
        outcome, note = AttackOutcome.MISS, "natural 1"
    elif natural >= crit_range:
        outcome, note = AttackOutcome.CRITICAL_HIT, f"natural {natural}"
    elif result.total >= target_ac:
        outcome = AttackOutcome.HIT
        if ctx.auto_crit:
            outcome, note = AttackOutcome.CRITICAL_HIT, "helpless target within 5 feet"
    else:
        outcome = AttackOutcome.MISS
    return AttackResult(result, attack_bonus, target_ac, mode, outcome, reasons, note)


def damage_roll(rng: random.Random, formula: str, *, critical: bool = False) -> RollResult:
    """Roll damage; on a critical hit every die is rolled twice, modifiers once.

    A total below 0 (a weak creature's 1d4-2) deals no damage: callers use ``max(0, total)``.
    """
    return roll(formula, rng, crit=critical)

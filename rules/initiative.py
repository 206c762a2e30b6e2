"""Initiative: who acts first. A DEX check each; ties go to the higher DEX score, then to a
d20 roll-off between those still tied. Groups (six goblins) may share one roll."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from rules.checks import d20_formula
from rules.dice import Advantage, RollResult, roll


@dataclass(frozen=True, slots=True)
class Entrant:
    """One combatant entering initiative."""

    id: str
    name: str
    modifier: int
    """Initiative bonus: the DEX modifier plus anything else (Alert, …)."""
    dex_score: int = 10
    advantage: Advantage = Advantage.NORMAL
    group: str | None = None
    """Entrants with the same group share one roll (the first member's)."""


@dataclass(frozen=True, slots=True)
class InitiativeRoll:
    """An entrant's place in the order. ``tiebreak`` is set when a roll-off was needed."""

    entrant: Entrant
    roll: RollResult
    tiebreak: tuple[int, ...] = ()

    @property
    def total(self) -> int:
        """Initiative count."""
        return self.roll.total


def roll_initiative(rng: random.Random, entrants: Sequence[Entrant]) -> list[InitiativeRoll]:
    """Roll for everyone and return the turn order, first to act first.

    Raises ``ValueError`` on duplicate ids.
    """
    ids = [e.id for e in entrants]
    if len(set(ids)) != len(ids):
        raise ValueError("initiative entrants need distinct ids")
    group_rolls: dict[str, RollResult] = {}
    rolled: list[tuple[Entrant, RollResult]] = []
    for entrant in entrants:
        if entrant.group is not None and entrant.group in group_rolls:
            result = group_rolls[entrant.group]
        else:
            result = roll(d20_formula(entrant.modifier), rng, entrant.advantage)
            if entrant.group is not None:
                group_rolls[entrant.group] = result
        rolled.append((entrant, result))

    plain = [(-result.total, -entrant.dex_score) for entrant, result in rolled]
    if len(set(plain)) == len(plain) and all(e.group is None for e in entrants):
        # No two alike (most fights): nothing to roll off, the order is the totals' order.
        return [
            InitiativeRoll(*rolled[i]) for i in sorted(range(len(plain)), key=plain.__getitem__)
        ]

    # Ties on total and DEX score roll off with a d20; repeat while still tied. A group that
    # shares a roll stays together (it is one slot in the order).
    buckets: dict[tuple[int, int], list[str]] = {}
    slot_of: dict[str, str] = {}
    for entrant, result in rolled:
        slot = entrant.group or entrant.id
        slot_of[entrant.id] = slot
        key = (result.total, entrant.dex_score)
        if slot not in buckets.setdefault(key, []):
            buckets[key].append(slot)
    tiebreaks: dict[str, tuple[int, ...]] = {}
    for slots in buckets.values():
        if len(slots) < 2:
            continue
        pending = list(slots)
        history: dict[str, list[int]] = {s: [] for s in slots}
        for _ in range(20):
            for s in pending:
                history[s].append(int(rng.random() * 20) + 1)
            tied = [s for s in pending if any(
                history[s] == history[o] for o in pending if o != s
            )]  # fmt: skip
            if not tied:
                break
            pending = tied
        tiebreaks.update({s: tuple(h) for s, h in history.items()})
    broken = [tiebreaks.get(slot_of[entrant.id], ()) for entrant, _ in rolled]
    keys = [
        (
            -result.total,
            -entrant.dex_score,
            tuple(-t for t in tiebreak) if tiebreak else (),
            i,  # declaration order settles the (vanishingly rare) rest
        )
        for i, ((entrant, result), tiebreak) in enumerate(zip(rolled, broken, strict=True))
    ]
    return [
        InitiativeRoll(rolled[i][0], rolled[i][1], broken[i])
        for i in sorted(range(len(rolled)), key=keys.__getitem__)
    ]

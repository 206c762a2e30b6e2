"""Generating a new character's ability scores the three SRD ways: the standard array,
point buy (27 points, scores 8-15 before species increases) and 4d6 dropping the lowest die,
rolled with the game's seeded RNG so every die can be shown."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Literal

from rules.abilities import Ability
from rules.dice import RollResult, roll

ScoreMethod = Literal["standard", "pointbuy", "roll"]
METHODS: tuple[ScoreMethod, ...] = ("standard", "pointbuy", "roll")

STANDARD_ARRAY: tuple[int, ...] = (15, 14, 13, 12, 10, 8)
"""The six scores every character may assign, one to each ability."""
POINT_BUDGET = 27
"""Points point buy spends."""
POINT_COSTS: dict[int, int] = {8: 0, 9: 1, 10: 2, 11: 3, 12: 4, 13: 5, 14: 7, 15: 9}
"""What a score costs in point buy (8 is free; 14 and 15 cost two points a step)."""
ROLL_FORMULA = "4d6kh3"
"""One rolled score: four six-sided dice, the lowest dropped."""


class ScoreError(ValueError):
    """Scores that the chosen method does not allow; the message says why in a sentence."""


def point_cost(scores: Mapping[Ability, int]) -> int:
    """Points the scores cost in point buy; ``ScoreError`` for a score outside 8-15."""
    total = 0
    for ability, score in scores.items():
        if score not in POINT_COSTS:
            raise ScoreError(
                f"point buy scores are 8 to 15 before species increases, not "
                f"{ability.value} {score}"
            )
        total += POINT_COSTS[score]
    return total


def roll_scores(rng: random.Random) -> tuple[RollResult, ...]:
    """Six scores of 4d6 drop the lowest, every die kept in the results."""
    return tuple(roll(ROLL_FORMULA, rng) for _ in range(6))


def check_scores(
    method: ScoreMethod, scores: Mapping[Ability, int], rolled: tuple[int, ...] = ()
) -> dict[Ability, int]:
    """The six base scores, checked against the method: the standard array's numbers (or
    ``rolled``, the six rolled totals) each used once, or point buy within 27 points.
    ``ScoreError`` says what is wrong."""
    missing = [a.value for a in Ability if a not in scores]
    if missing:
        raise ScoreError(f"give a score for every ability (missing: {', '.join(missing)})")
    ordered = {a: scores[a] for a in Ability}
    if method == "pointbuy":
        cost = point_cost(ordered)
        if cost > POINT_BUDGET:
            raise ScoreError(f"those scores cost {cost} points; point buy has {POINT_BUDGET}")
        return ordered
    pool = STANDARD_ARRAY if method == "standard" else rolled
    if len(pool) != 6:
        raise ScoreError("roll the six scores before assigning them")
    if Counter(ordered.values()) != Counter(pool):
        shown = ", ".join(str(v) for v in sorted(pool, reverse=True))
        what = "the standard array" if method == "standard" else "your rolls"
        raise ScoreError(f"assign each of {what} ({shown}) to one ability, each used once")
    return ordered


def parse_assignment(text: str) -> dict[Ability, int]:
    """``str=15,dex=14,...`` as scores; ``ScoreError`` naming the part it cannot read."""
    scores: dict[Ability, int] = {}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name, sep, value = part.partition("=")
        try:
            ability = Ability.parse(name)
        except ValueError as error:
            raise ScoreError(str(error)) from None
        if not sep or not value.strip().isdigit() or len(value.strip()) > 2:
            raise ScoreError(f"{part!r}: write an ability and a score, e.g. str=15")
        if ability in scores:
            raise ScoreError(f"{ability.value} is given twice")
        scores[ability] = int(value.strip())
    return scores

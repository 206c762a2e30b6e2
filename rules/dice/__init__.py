"""Dice notation, avrae/d20-compatible, with the RNG always passed in.

The pipeline is text -> :func:`parse` (cached) -> parse tree -> :func:`roll` with a
``random.Random`` -> result tree (:class:`RollResult`) -> plain text or Rich markup.

Supported: ``NdM``, ``dM``, ``d%``; ``+ - * /`` (``/`` rounds down, as 5e does; ``//`` is
the same) and ``%``; parentheses; sets ``(1d20+5, 1d20+3)kh1``; keep/drop ``khN klN``,
``phN plN`` and ``dhN dlN``; reroll ``rrX`` and once ``roX``; reroll-and-add ``raX``;
explode ``eX``; per-die minimum/maximum ``miX maX``; selectors ``X`` (a face), ``hN``,
``lN``, ``>X``, ``<X``; labels ``1d6 [fire]``; a comment after the formula. At most
:data:`MAX_DICE` dice per roll, rerolls and explosions included. Every bad input raises
:class:`DiceError` and nothing else.
"""

from __future__ import annotations

import random

from rules.dice.ast import Formula
from rules.dice.errors import DiceError
from rules.dice.evaluate import Compiled, compiled, compiled_variant, parse
from rules.dice.parser import MAX_DICE
from rules.dice.results import Advantage, DiceResult, Die
from rules.dice.rolled import LoneRoll, RollResult
from rules.dice.stats import RollStats, stats
from rules.dice.transform import advantage_said, doubled_dice, with_advantage

_NORMAL = Advantage.NORMAL

__all__ = [
    "MAX_DICE",
    "Advantage",
    "DiceError",
    "DiceResult",
    "Die",
    "Formula",
    "RollResult",
    "RollStats",
    "checked_formula",
    "formula_stats",
    "parse",
    "roll",
    "roll_formula",
]


def roll(
    expression: str | Formula,
    rng: random.Random,
    advantage: Advantage = Advantage.NORMAL,
    *,
    crit: bool = False,
) -> RollResult:
    """Roll a formula with the given RNG.

    ``advantage`` rewrites the leftmost plain ``1d20`` as ``2d20kh1``/``2d20kl1``;
    ``crit`` doubles every die (a critical hit's damage). Raises :class:`DiceError`.
    """
    if type(expression) is str:
        # The hot path: a cached, compiled program for this text (and rewrite).
        program = compiled(expression)
        if advantage is _NORMAL and program.said is not None:
            advantage = program.said  # "1d20+5 adv": rolled as it says
        if advantage is not _NORMAL or crit:
            program = compiled_variant(expression, advantage, crit)
        lone = program.lone
        if lone is not None:  # one die plus or minus a number: one draw, the tree when read
            return LoneRoll(program.formula, lone, int(rng.random() * lone.sides) + 1, advantage)
        return RollResult(program.formula, program(rng), advantage)
    if isinstance(expression, str):
        expression = compiled(expression).formula
    assert isinstance(expression, Formula)
    return roll_formula(expression, rng, advantage, crit=crit)


def roll_formula(
    formula: Formula,
    rng: random.Random,
    advantage: Advantage = Advantage.NORMAL,
    *,
    crit: bool = False,
) -> RollResult:
    """Roll an already parsed formula (see :func:`roll`)."""
    if advantage is Advantage.NORMAL:
        advantage = advantage_said(formula.comment) or Advantage.NORMAL
    if advantage is not Advantage.NORMAL:
        formula = with_advantage(formula, advantage)
    if crit:
        formula = doubled_dice(formula)
    return RollResult(formula, Compiled(formula)(rng), advantage)


def formula_stats(expression: str | Formula, advantage: Advantage = Advantage.NORMAL) -> RollStats:
    """Minimum, maximum, mean and DC chances of a formula (exact where feasible)."""
    formula = parse(expression) if isinstance(expression, str) else expression
    if advantage is not Advantage.NORMAL:
        formula = with_advantage(formula, advantage)
    return stats(formula)


def checked_formula(text: str) -> str:
    """``text`` if it is a dice formula, else ``ValueError`` saying why — what a model's
    validator raises, so a data file or a save with bad dice is refused naming them."""
    try:
        parse(text)
    except DiceError as error:
        raise ValueError(f"bad dice formula {text!r}: {error}") from None
    return text

"""How much a damage or healing amount may be: a formula the game rolls for an effect —
a tool call's amount, a campaign's trap or potion — must be dice and whole numbers whose
highest total is 1 to :data:`MAX_AMOUNT`. One rule for every source, so an amount a
campaign validates with is one the game can roll in play."""

from __future__ import annotations

from rules.dice import DiceError, formula_stats, parse
from rules.dice.ast import Annotated as Labelled
from rules.dice.ast import BinaryOp, Dice, Node, Number, Parens, UnaryOp, children, fold

MAX_AMOUNT = 100
"""The most damage or healing one call may do: a formula whose highest result is above
this is refused (a 3rd-level fighter has about 28 hit points; 10d10 is already 100)."""
MAX_AMOUNT_DICE = 40
"""Dice in an amount formula; more is a mistake, not a game effect."""
_ALLOWED = f"dice like '2d6+3' or a whole number from 1 to {MAX_AMOUNT}"


def _interval(node: Node) -> tuple[int, int] | None:
    """Exact lowest and highest total of a sum of plain dice and numbers (else ``None``)."""
    return fold(node, children, _interval_of)


def _interval_of(node: Node, below: list[tuple[int, int] | None]) -> tuple[int, int] | None:
    if isinstance(node, Number):
        return node.value, node.value
    if isinstance(node, Dice):
        return (
            None
            if node.ops
            else (min(node.count, node.count * node.sides), node.count * node.sides)
        )
    if isinstance(node, Parens | Labelled):
        return below[0]
    if isinstance(node, UnaryOp) and node.op in "+-":
        inner = below[0]
        if inner is None:
            return None
        return inner if node.op == "+" else (-inner[1], -inner[0])
    if isinstance(node, BinaryOp) and node.op in ("+", "-"):
        left, right = below
        if left is None or right is None:
            return None
        if node.op == "+":
            return left[0] + right[0], left[1] + right[1]
        return left[0] - right[1], left[1] - right[0]
    return None


def _dice_count(node: Node) -> int:
    """Dice a formula throws (a walk without recursion: formulas can be 500 terms long)."""
    return fold(
        node, children, lambda n, below: (n.count if isinstance(n, Dice) else 0) + sum(below)
    )


def amount_problem(text: str) -> str | None:
    """Why ``text`` is not a sane damage or healing amount, or ``None`` when it is.

    Allowed: dice and whole numbers whose highest possible total is 1 to
    :data:`MAX_AMOUNT` (a low roll may still come out at 0: "1d4-1")."""
    try:
        formula = parse(text)
    except DiceError as error:
        return f"{text!r} is not a formula ({error}); use {_ALLOWED}"
    if _dice_count(formula.root) > MAX_AMOUNT_DICE:
        return f"{text!r} rolls too many dice; use {_ALLOWED}"
    bounds = _interval(formula.root)
    if bounds is None:
        stats = formula_stats(formula)
        if stats.unbounded:
            return f"{text!r} has no upper limit (exploding dice); use {_ALLOWED}"
        bounds = stats.minimum, stats.maximum
    high = bounds[1]
    if high < 1:
        return f"{text!r} never comes to more than {high}, so it does nothing; use {_ALLOWED}"
    if high > MAX_AMOUNT:
        return f"{text!r} can reach {high}, more than {MAX_AMOUNT}; use {_ALLOWED}"
    return None

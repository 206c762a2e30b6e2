"""Rewrites of a parsed formula: advantage on the d20, doubled dice on a critical hit."""

from __future__ import annotations

from dataclasses import replace

from rules.dice.ast import (
    Annotated,
    BinaryOp,
    Dice,
    DiceSet,
    Formula,
    Node,
    Op,
    OpKind,
    Parens,
    Selector,
    SelectorKind,
    UnaryOp,
    children,
)
from rules.dice.errors import DiceError
from rules.dice.parser import MAX_DICE
from rules.dice.results import Advantage


def _rebuild(node: Node, children: list[Node]) -> Node:
    if isinstance(node, BinaryOp):
        return replace(node, left=children[0], right=children[1])
    if isinstance(node, UnaryOp):
        return replace(node, operand=children[0])
    if isinstance(node, Parens | Annotated):
        return replace(node, inner=children[0])
    if isinstance(node, DiceSet):
        return replace(node, items=tuple(children))
    return node


def with_advantage(formula: Formula, mode: Advantage) -> Formula:
    """Turn the leftmost plain ``1d20`` into ``2d20kh1`` (advantage) or ``2d20kl1``.

    Raises :class:`DiceError` when the formula has no plain d20 to apply it to.
    """
    if mode is Advantage.NORMAL:
        return formula
    done = False

    def visit(node: Node) -> Node:
        nonlocal done
        if done:
            return node
        if isinstance(node, Dice):
            if node.sides == 20 and node.count == 1 and not node.ops:
                done = True
                kind = SelectorKind.HIGHEST if mode is Advantage.ADVANTAGE else SelectorKind.LOWEST
                op = Op(OpKind.KEEP, Selector(kind, 1), node.pos, "k")
                return replace(node, count=2, ops=(op,), implicit_count=False)
            return node
        return _rebuild(node, [visit(child) for child in children(node)])

    root = visit(formula.root)
    if not done:
        raise DiceError(
            f"{mode.value} needs a single d20 in the formula",
            expression=formula.source,
            hint="write it like 1d20+5",
        )
    return replace(formula, root=root)


def doubled_dice(formula: Formula) -> Formula:
    """Double the number of every die (a critical hit), leaving flat modifiers alone."""

    def visit(node: Node) -> Node:
        if isinstance(node, Dice):
            if node.count * 2 > MAX_DICE:
                raise DiceError(
                    "too many dice after doubling for a critical hit",
                    expression=formula.source,
                    position=node.pos,
                    hint=f"at most {MAX_DICE}",
                )
            return replace(node, count=node.count * 2, implicit_count=False)
        return _rebuild(node, [visit(child) for child in children(node)])

    return replace(formula, root=visit(formula.root))

"""Rewrites of a parsed formula: advantage on the d20, doubled dice on a critical hit."""

from __future__ import annotations

import re
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
    fold,
)
from rules.dice.errors import DiceError
from rules.dice.parser import MAX_DICE
from rules.dice.results import Advantage


def _rebuild(node: Node, kids: list[Node]) -> Node:
    """The node with its children replaced (the same node when none changed)."""
    if all(new is old for new, old in zip(kids, children(node), strict=True)):
        return node
    if isinstance(node, BinaryOp):
        return replace(node, left=kids[0], right=kids[1])
    if isinstance(node, UnaryOp):
        return replace(node, operand=kids[0])
    if isinstance(node, Parens | Annotated):
        return replace(node, inner=kids[0])
    if isinstance(node, DiceSet):
        return replace(node, items=tuple(kids))
    return node


_SAID = re.compile(r"^(?:with\s+|at\s+|on\s+)?(adv|advantage|dis|disadv|disadvantage)\b", re.I)


def advantage_said(comment: str) -> Advantage | None:
    """The advantage a formula's comment asks for ("1d20+5 adv", "1d20+5 with
    disadvantage"), so the roll is made as labelled and never shown as what it was not;
    ``None`` when the comment asks for neither."""
    found = _SAID.match(comment.strip())
    if found is None:
        return None
    return (
        Advantage.DISADVANTAGE if found.group(1).lower().startswith("dis") else Advantage.ADVANTAGE
    )


def with_advantage(formula: Formula, mode: Advantage) -> Formula:
    """Turn the leftmost plain ``1d20`` into ``2d20kh1`` (advantage) or ``2d20kl1``.

    Raises :class:`DiceError` when the formula has no plain d20 to apply it to.
    """
    if mode is Advantage.NORMAL:
        return formula
    done = False

    def visit(node: Node, rebuilt: list[Node]) -> Node:
        nonlocal done
        if isinstance(node, Dice):
            # Leaves are visited left to right, so the first plain d20 met is the leftmost.
            if not done and node.sides == 20 and node.count == 1 and not node.ops:
                done = True
                kind = SelectorKind.HIGHEST if mode is Advantage.ADVANTAGE else SelectorKind.LOWEST
                op = Op(OpKind.KEEP, Selector(kind, 1), node.pos, "k")
                return replace(node, count=2, ops=(op,), implicit_count=False)
            return node
        return _rebuild(node, rebuilt)

    root = fold(formula.root, children, visit)
    if not done:
        raise DiceError(
            f"{mode.value} needs a single d20 in the formula",
            expression=formula.source,
            hint="write it like 1d20+5",
        )
    return replace(formula, root=root)


def doubled_dice(formula: Formula) -> Formula:
    """Double the number of every die (a critical hit), leaving flat modifiers alone."""

    def visit(node: Node, rebuilt: list[Node]) -> Node:
        if isinstance(node, Dice):
            if node.count * 2 > MAX_DICE:
                raise DiceError(
                    "too many dice after doubling for a critical hit",
                    expression=formula.source,
                    position=node.pos,
                    hint=f"at most {MAX_DICE}",
                )
            return replace(node, count=node.count * 2, implicit_count=False)
        return _rebuild(node, rebuilt)

    return replace(formula, root=fold(formula.root, children, visit))

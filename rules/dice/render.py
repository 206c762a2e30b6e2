"""Result tree -> text. Plain text for transcripts, Rich markup for the terminal.

Both follow avrae/d20's familiar shape — ``4d6kh3 (~~1~~, 4, 5, 6) = 15`` — and only read
the result tree: the dice log never recomputes a roll.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from rich.markup import escape

from rules.dice.ast import BinaryOp, Dice, DiceSet, Node, Number, Parens, UnaryOp, children, fold
from rules.dice.results import (
    AnnotatedResult,
    BinaryResult,
    DiceResult,
    Die,
    NumberResult,
    ParensResult,
    ResultNode,
    SetResult,
    UnaryResult,
    result_children,
)


def expression_text(node: Node) -> str:
    """The formula of a parse tree, normalised (``1d20 + 5``)."""
    return fold(node, children, _expression_part)


def _expression_part(node: Node, parts: list[str]) -> str:
    if isinstance(node, Number):
        return str(node.value)
    if isinstance(node, Dice):
        return str(node)
    if isinstance(node, UnaryOp):
        return f"{node.op}{parts[0]}"
    if isinstance(node, BinaryOp):
        return f"{parts[0]} {node.op} {parts[1]}"
    if isinstance(node, Parens):
        return f"({parts[0]})"
    if isinstance(node, DiceSet):
        inner = ", ".join(parts)
        if len(node.items) == 1:
            inner += ","
        return f"({inner}){''.join(str(op) for op in node.ops)}"
    labels = " ".join(f"[{label}]" for label in node.labels)
    return f"{parts[0]} {labels}"


def _face_text(die: Die) -> str:
    face = str(die.value)
    if die.clamped_from is not None:
        face = f"{die.clamped_from}→{die.value}"
    if die.exploded:
        face += "!"
    return face


def _die_plain(die: Die) -> str:
    face = _face_text(die)
    return face if die.kept else f"~~{face}~~"


def _die_markup(die: Die) -> str:
    face = _face_text(die)
    if not die.kept:
        return f"[strike dim]{face}[/]"
    if die.sides == 20 and die.natural == 20:
        return f"[bold green]{face}[/]"
    if die.sides == 20 and die.natural == 1:
        return f"[bold red]{face}[/]"
    return face


def render_tree(node: ResultNode, markup: bool) -> str:
    """A result tree as text: ``1d20 (15) + 5`` (the caller appends the total)."""
    render: Callable[[ResultNode, list[str]], str] = partial(_render_part, markup=markup)
    return fold(node, result_children, render)


def _render_part(node: ResultNode, parts: list[str], *, markup: bool) -> str:
    if isinstance(node, NumberResult):
        return str(node.total)
    if isinstance(node, DiceResult):
        die_text = _die_markup if markup else _die_plain
        faces = ", ".join(die_text(d) for d in node.dice)
        label = escape(str(node.node)) if markup else str(node.node)
        return f"{label} ({faces})"
    if isinstance(node, UnaryResult):
        return f"{node.node.op}{parts[0]}"
    if isinstance(node, BinaryResult):
        return f"{parts[0]} {node.node.op} {parts[1]}"
    if isinstance(node, ParensResult):
        return f"({parts[0]})"
    if isinstance(node, SetResult):
        struck = "[strike dim]{}[/]" if markup else "~~{}~~"
        shown = [p if kept else struck.format(p) for p, kept in zip(parts, node.kept, strict=True)]
        ops = "".join(str(op) for op in node.node.ops)
        return f"({', '.join(shown)}){escape(ops) if markup else ops}"
    assert isinstance(node, AnnotatedResult)
    labels = " ".join(f"[{label}]" for label in node.node.labels)
    return f"{parts[0]} {escape(labels) if markup else labels}"

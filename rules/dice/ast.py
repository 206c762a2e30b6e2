"""The parse tree of a dice formula.

Nodes are frozen dataclasses: a parsed formula is cached and shared between rolls, so it
must never change. ``pos`` is the node's index in the source text, used in error messages.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar


class SelectorKind(StrEnum):
    """How an operation picks dice: a literal face, the highest/lowest N, or a comparison."""

    LITERAL = ""
    HIGHEST = "h"
    LOWEST = "l"
    GREATER = ">"
    LESS = "<"


@dataclass(frozen=True, slots=True)
class Selector:
    """Which dice an operation applies to, e.g. ``h3`` (highest three) or ``<3``."""

    kind: SelectorKind
    n: int

    def matches(self, value: int) -> bool:
        """Whether a face value is picked (literal and comparison selectors only)."""
        if self.kind is SelectorKind.LITERAL:
            return value == self.n
        if self.kind is SelectorKind.GREATER:
            return value > self.n
        if self.kind is SelectorKind.LESS:
            return value < self.n
        raise ValueError("highest/lowest selectors pick by rank, not by value")

    def __str__(self) -> str:
        return f"{self.kind.value}{self.n}"


class OpKind(StrEnum):
    """Operations written after a die term, in d20 notation."""

    KEEP = "k"
    DROP = "p"
    REROLL = "rr"
    REROLL_ONCE = "ro"
    REROLL_ADD = "ra"
    EXPLODE = "e"
    MIN = "mi"
    MAX = "ma"


@dataclass(frozen=True, slots=True)
class Op:
    """One operation (``kh3``, ``rr1``, ``e6``, ``mi2``) with its selector."""

    kind: OpKind
    selector: Selector
    pos: int
    written: str
    """The operator as the author wrote it (``d`` and ``p`` both drop)."""

    def __str__(self) -> str:
        return f"{self.written}{self.selector}"


@dataclass(frozen=True, slots=True)
class Number:
    """A whole-number literal."""

    value: int
    pos: int


@dataclass(frozen=True, slots=True)
class Dice:
    """``NdM`` followed by operations; ``percent`` remembers that it was written ``d%``."""

    count: int
    sides: int
    ops: tuple[Op, ...]
    pos: int
    percent: bool = False
    implicit_count: bool = False

    def __str__(self) -> str:
        count = "" if self.implicit_count else str(self.count)
        sides = "%" if self.percent else str(self.sides)
        return f"{count}d{sides}{''.join(str(op) for op in self.ops)}"


@dataclass(frozen=True, slots=True)
class UnaryOp:
    """``+x`` or ``-x``."""

    op: str
    operand: Node
    pos: int


@dataclass(frozen=True, slots=True)
class BinaryOp:
    """``a + b``, ``a - b``, ``a * b``, ``a / b`` (rounds down, as 5e does), ``a % b``."""

    op: str
    left: Node
    right: Node
    pos: int


@dataclass(frozen=True, slots=True)
class Parens:
    """A parenthesised expression."""

    inner: Node
    pos: int


@dataclass(frozen=True, slots=True)
class DiceSet:
    """``(a, b, c)`` followed by keep/drop operations, e.g. ``(1d20+5, 1d20+3)kh1``."""

    items: tuple[Node, ...]
    ops: tuple[Op, ...]
    pos: int


@dataclass(frozen=True, slots=True)
class Annotated:
    """A term followed by ``[labels]``, e.g. ``1d6 [fire]``."""

    inner: Node
    labels: tuple[str, ...]
    pos: int


Node = Number | Dice | UnaryOp | BinaryOp | Parens | DiceSet | Annotated


def children(node: Node) -> tuple[Node, ...]:
    """The direct sub-expressions of a node, left to right."""
    if isinstance(node, BinaryOp):
        return (node.left, node.right)
    if isinstance(node, UnaryOp):
        return (node.operand,)
    if isinstance(node, Parens | Annotated):
        return (node.inner,)
    if isinstance(node, DiceSet):
        return node.items
    return ()


N = TypeVar("N")
T = TypeVar("T")


def fold(root: N, kids: Callable[[N], Sequence[N]], visit: Callable[[N, list[T]], T]) -> T:
    """Fold a tree bottom-up without recursion: ``visit(node, values of its kids)``.

    Nodes are visited left to right, children before parents. A formula of 1,000
    characters can be a chain of 500 operators (``1+1+…``), a tree far deeper than
    Python's recursion limit, so every walk over a whole tree goes through here.
    """
    stack: list[tuple[N, bool]] = [(root, False)]
    values: list[T] = []
    while stack:
        node, expanded = stack.pop()
        below = kids(node)
        if expanded or not below:
            n = len(below)
            args = values[len(values) - n :] if n else []
            del values[len(values) - n :]
            values.append(visit(node, args))
        else:
            stack.append((node, True))
            stack.extend((child, False) for child in reversed(below))
    return values[0]


def chain(node: BinaryOp) -> tuple[Node, list[BinaryOp]]:
    """A left-leaning run of operators ``a + b - c * …`` as its first operand and the
    operators in the order they apply (each with its right operand), found in a loop."""
    ops: list[BinaryOp] = []
    current: Node = node
    while isinstance(current, BinaryOp):
        ops.append(current)
        current = current.left
    ops.reverse()
    return current, ops


@dataclass(frozen=True, slots=True)
class Formula:
    """A parsed formula: the tree, the source text and any trailing comment."""

    root: Node
    source: str
    comment: str = ""

"""The result tree of a roll: every die thrown, kept or dropped, and how totals were made.

The tree mirrors the parse tree node for node, so the dice log can render exactly what
happened without recomputing anything. Classes use ``__slots__``: a roll builds several of
them and rolling is the hottest path in the game.
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import StrEnum

from rules.dice.ast import Annotated, BinaryOp, Dice, DiceSet, Number, Parens, UnaryOp


class Advantage(StrEnum):
    """How a d20 is rolled: once, or twice keeping the higher or the lower."""

    NORMAL = "normal"
    ADVANTAGE = "advantage"
    DISADVANTAGE = "disadvantage"

    @classmethod
    def combine(cls, advantage: bool, disadvantage: bool) -> Advantage:
        """5e rule: any advantage and any disadvantage cancel out, however many of each."""
        if advantage and not disadvantage:
            return cls.ADVANTAGE
        if disadvantage and not advantage:
            return cls.DISADVANTAGE
        return cls.NORMAL


KEPT = 1
REROLLED = 2
EXPLODED = 4
ADDED = 8


class Die:
    """One die as thrown. ``kept`` is False once dropped or replaced by a reroll.

    Flags live in one int: a roll creates many dice and each attribute set costs time.
    """

    __slots__ = ("_clamped", "flags", "sides", "value")

    def __init__(self, sides: int, value: int, flags: int = KEPT) -> None:
        self.sides = sides
        self.value = value
        self.flags = flags

    @property
    def kept(self) -> bool:
        """Counts towards the total."""
        return bool(self.flags & KEPT)

    @property
    def rerolled(self) -> bool:
        """This die was rerolled; the new die follows it in the list."""
        return bool(self.flags & REROLLED)

    @property
    def exploded(self) -> bool:
        """This die triggered an extra die (``e``) or an added reroll (``ra``)."""
        return bool(self.flags & EXPLODED)

    @property
    def added(self) -> bool:
        """This die came from a reroll or an explosion, not the original throw."""
        return bool(self.flags & ADDED)

    @property
    def clamped_from(self) -> int | None:
        """The face actually rolled, when ``mi``/``ma`` changed it."""
        return getattr(self, "_clamped", None)

    def clamp(self, value: int) -> None:
        """Set a new value (``mi``/``ma``), remembering the face rolled."""
        if getattr(self, "_clamped", None) is None:
            self._clamped = self.value
        self.value = value

    def drop(self) -> None:
        """Stop counting this die."""
        self.flags &= ~KEPT

    @property
    def natural(self) -> int:
        """The face the die landed on, before any minimum/maximum."""
        clamped = getattr(self, "_clamped", None)
        return self.value if clamped is None else clamped

    def __repr__(self) -> str:
        flags = "" if self.kept else " dropped"
        return f"<d{self.sides}={self.value}{flags}>"


class NumberResult:
    """A literal number in the formula."""

    __slots__ = ("node", "total")

    def __init__(self, node: Number) -> None:
        self.node = node
        self.total = node.value


class DiceResult:
    """A die term with every die thrown, in throw order."""

    __slots__ = ("dice", "node", "total")

    def __init__(self, node: Dice, dice: list[Die], total: int) -> None:
        self.node = node
        self.dice = dice
        self.total = total

    @property
    def kept(self) -> list[Die]:
        """The dice that count towards the total."""
        return [d for d in self.dice if d.kept]


class UnaryResult:
    """``-x`` or ``+x``."""

    __slots__ = ("node", "operand", "total")

    def __init__(self, node: UnaryOp, operand: ResultNode, total: int) -> None:
        self.node = node
        self.operand = operand
        self.total = total


class BinaryResult:
    """``a op b``."""

    __slots__ = ("left", "node", "right", "total")

    def __init__(self, node: BinaryOp, left: ResultNode, right: ResultNode, total: int) -> None:
        self.node = node
        self.left = left
        self.right = right
        self.total = total


class ParensResult:
    """``(x)``."""

    __slots__ = ("inner", "node", "total")

    def __init__(self, node: Parens, inner: ResultNode) -> None:
        self.node = node
        self.inner = inner
        self.total: int = inner.total


class SetResult:
    """``(a, b, …)ops``: each item with whether it was kept."""

    __slots__ = ("items", "kept", "node", "total")

    def __init__(
        self, node: DiceSet, items: list[ResultNode], kept: list[bool], total: int
    ) -> None:
        self.node = node
        self.items = items
        self.kept = kept
        self.total = total


class AnnotatedResult:
    """A term with ``[labels]`` such as a damage type."""

    __slots__ = ("inner", "node", "total")

    def __init__(self, node: Annotated, inner: ResultNode) -> None:
        self.node = node
        self.inner = inner
        self.total: int = inner.total


ResultNode = (
    NumberResult
    | DiceResult
    | UnaryResult
    | BinaryResult
    | ParensResult
    | SetResult
    | AnnotatedResult
)


def result_children(node: ResultNode) -> tuple[ResultNode, ...]:
    """The direct sub-results of a result node, left to right."""
    if isinstance(node, BinaryResult):
        return (node.left, node.right)
    if isinstance(node, UnaryResult):
        return (node.operand,)
    if isinstance(node, ParensResult | AnnotatedResult):
        return (node.inner,)
    if isinstance(node, SetResult):
        return tuple(node.items)
    return ()


def walk(node: ResultNode) -> Iterator[ResultNode]:
    """Every node of a result tree, left to right, parents before children."""
    stack: list[ResultNode] = [node]
    while stack:
        current = stack.pop()
        yield current
        if isinstance(current, BinaryResult):
            stack.append(current.right)
            stack.append(current.left)
        elif isinstance(current, UnaryResult):
            stack.append(current.operand)
        elif isinstance(current, ParensResult | AnnotatedResult):
            stack.append(current.inner)
        elif isinstance(current, SetResult):
            stack.extend(reversed(current.items))

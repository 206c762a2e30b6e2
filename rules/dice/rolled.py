"""A finished roll: what the rest of the game passes around, logs and renders."""

from __future__ import annotations

from rich.markup import escape

from rules.dice.ast import Formula
from rules.dice.evaluate import Lone
from rules.dice.render import expression_text, render_tree
from rules.dice.results import Advantage, DiceResult, Die, ResultNode, walk


class RollResult:
    """A finished roll: the formula, the result tree, the total and the natural d20.

    ``natural`` is the kept face of the leftmost d20 term (the die that decides crits, as in
    avrae/d20); ``None`` when the formula has no d20.
    """

    __slots__ = ("advantage", "formula", "root", "total")

    def __init__(self, formula: Formula, root: ResultNode, advantage: Advantage) -> None:
        self.formula = formula
        self.root = root
        self.total = root.total
        self.advantage = advantage

    @property
    def expression(self) -> str:
        """The formula as rolled (after any advantage rewrite), without the comment."""
        return expression_text(self.formula.root)

    @property
    def comment(self) -> str:
        """Text written after the formula, e.g. ``to hit the ogre``."""
        return self.formula.comment

    @property
    def dice(self) -> list[Die]:
        """Every die thrown, kept or not, left to right."""
        return [d for n in walk(self.root) if isinstance(n, DiceResult) for d in n.dice]

    @property
    def kept_dice(self) -> list[Die]:
        """The dice that count."""
        return [d for d in self.dice if d.kept]

    @property
    def d20(self) -> DiceResult | None:
        """The leftmost d20 term, if any."""
        for n in walk(self.root):
            if isinstance(n, DiceResult) and n.node.sides == 20:
                return n
        return None

    @property
    def natural(self) -> int | None:
        """The kept face of the leftmost d20, before minimums (``None`` without a d20)."""
        term = self.d20
        if term is None:
            return None
        for die in term.dice:
            if die.kept:
                return die.natural
        return None

    @property
    def crit(self) -> bool:
        """A natural 20."""
        return self.natural == 20

    @property
    def fumble(self) -> bool:
        """A natural 1."""
        return self.natural == 1

    def plain(self) -> str:
        """``1d20 (15) + 5 = 20`` — plain text for transcripts and logs."""
        return f"{render_tree(self.root, markup=False)} = {self.total}"

    def markup(self) -> str:
        """The same line as Rich console markup: dropped dice struck, crits coloured."""
        return f"{render_tree(self.root, markup=True)} = [bold]{self.total}[/]"

    def __str__(self) -> str:
        return self.plain()

    def __repr__(self) -> str:
        return f"<RollResult {self.plain()!r}>"


class LoneRoll(RollResult):
    """A roll of one plain die plus or minus a number (:class:`Lone`): the face and the
    total at once, the result tree only when something reads it. Rolling is the hottest
    path of the game, and most rolls are read for their total and natural d20 alone."""

    __slots__ = ("_face", "_lone", "_tree")

    def __init__(self, formula: Formula, lone: Lone, face: int, advantage: Advantage) -> None:
        self.formula = formula
        self.total = face + lone.shift
        self.advantage = advantage
        self._face = face
        self._lone = lone
        self._tree: ResultNode | None = None

    @property
    def root(self) -> ResultNode:
        """The result tree (built on first use, then kept: it is the same tree after)."""
        tree = self._tree
        if tree is None:
            tree = self._tree = self._lone.tree(self._face)
        return tree

    @root.setter
    def root(self, tree: ResultNode) -> None:
        self._tree = tree

    @property
    def expression(self) -> str:
        """The formula as rolled: ``1d20 + 5``."""
        return f"{self._lone.label}{self._lone.tail}"

    def plain(self) -> str:
        """``1d20 (15) + 5 = 20``, written straight from the face (from the tree once it
        is built: what reads it sees what it shows)."""
        if self._tree is not None:
            return super().plain()
        return f"{self._lone.label} ({self._face}){self._lone.tail} = {self.total}"

    def markup(self) -> str:
        """The Rich markup line, written as :meth:`plain` is (a natural 20 or 1 on a d20
        coloured, as the tree's rendering does)."""
        if self._tree is not None:
            return super().markup()
        face = str(self._face)
        if self._lone.sides == 20 and self._face in (1, 20):
            face = f"[bold {'green' if self._face == 20 else 'red'}]{face}[/]"
        label = escape(self._lone.label)
        return f"{label} ({face}){self._lone.tail} = [bold]{self.total}[/]"

    @property
    def dice(self) -> list[Die]:
        """The one die thrown, made straight from the face (from the tree once it is
        built): a roll's event lists its dice, and reading them must not build the tree
        the renderings above do without."""
        if self._tree is not None:
            return super().dice
        return [Die(self._lone.sides, self._face)]

    @property
    def natural(self) -> int | None:
        """The face, when the die is a d20 (read from the tree once it is built)."""
        if self._tree is not None:
            return super().natural
        return self._face if self._lone.sides == 20 else None

"""Parse tree + a seeded ``random.Random`` -> result tree.

A parsed formula is compiled once into nested closures (cached with the parse), so a roll
only runs the arithmetic it needs: rolling is the hottest path in the game and a combat
simulation makes millions of rolls. The RNG is always passed in — never the global
``random`` module — so a game that stores its RNG state replays exactly the same dice.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache

from rules.dice.ast import (
    Annotated,
    BinaryOp,
    Dice,
    DiceSet,
    Formula,
    Node,
    Number,
    Op,
    OpKind,
    Parens,
    Selector,
    SelectorKind,
    UnaryOp,
    chain,
    children,
    fold,
)
from rules.dice.errors import DiceError
from rules.dice.parser import MAX_DICE, parse_formula
from rules.dice.results import (
    ADDED,
    EXPLODED,
    KEPT,
    REROLLED,
    Advantage,
    AnnotatedResult,
    BinaryResult,
    DiceResult,
    Die,
    NumberResult,
    ParensResult,
    ResultNode,
    SetResult,
    UnaryResult,
)
from rules.dice.transform import advantage_said, doubled_dice, with_advantage

Random = Callable[[], float]

MAX_TOTAL = 10**15
"""Largest total a product may reach; beyond it the formula is a mistake, not a roll."""
_GROWING = frozenset({OpKind.REROLL, OpKind.REROLL_ONCE, OpKind.EXPLODE, OpKind.REROLL_ADD})


class _Budget:
    """Counts dice thrown by rerolls and explosions, which are only known while rolling."""

    __slots__ = ("left", "source")

    def __init__(self, left: int, source: str) -> None:
        self.left = left
        self.source = source

    def take(self, pos: int) -> None:
        self.left -= 1
        if self.left < 0:
            raise DiceError(
                f"too many dice: more than {MAX_DICE} in one roll",
                expression=self.source,
                position=pos,
                hint="rerolls and explosions count too; use fewer dice",
            )


Step = Callable[[Random, _Budget | None], ResultNode]


def _face(rnd: Random, sides: int) -> int:
    # floor(random() * sides) rather than randrange(): one C call per die instead of several
    # Python frames, and random() is the draw whose algorithm Python keeps stable across
    # versions, so saved games replay the same. With 53-bit floats the bias is below 1e-12.
    return int(rnd() * sides) + 1


def _ranked(items: list[int], totals: list[int], n: int, highest: bool) -> set[int]:
    """Indices (into ``items``) of the ``n`` highest or lowest totals; ties go to the first."""
    order = sorted(items, key=lambda i: (-totals[i] if highest else totals[i], i))
    return set(order[: max(n, 0)])


def pick(sel: Selector, live: list[int], values: list[int]) -> set[int]:
    """Which of the live indices a selector picks (shared by dice and sets)."""
    kind = sel.kind
    if kind is SelectorKind.HIGHEST:
        return _ranked(live, values, sel.n, highest=True)
    if kind is SelectorKind.LOWEST:
        return _ranked(live, values, sel.n, highest=False)
    return {i for i in live if sel.matches(values[i])}


def _apply_op(op: Op, dice: list[Die], rnd: Random, budget: _Budget | None) -> None:
    kind = op.kind
    sel = op.selector
    if kind is OpKind.KEEP or kind is OpKind.DROP:
        live = [d for d in dice if d.flags & KEPT]
        if sel.kind is SelectorKind.HIGHEST or sel.kind is SelectorKind.LOWEST:
            # Sorting is stable, so among equal faces the earlier die ranks first.
            best_first = sorted(live, key=_value, reverse=sel.kind is SelectorKind.HIGHEST)
            n = max(sel.n, 0)
            losers = best_first[n:] if kind is OpKind.KEEP else best_first[:n]
        else:
            matches = sel.matches
            keep = kind is OpKind.KEEP
            losers = [d for d in live if matches(d.value) is not keep]
        for die in losers:
            die.flags &= ~KEPT
    elif kind in (OpKind.REROLL, OpKind.REROLL_ONCE, OpKind.EXPLODE, OpKind.REROLL_ADD):
        # rr and e also check the dice they add (rr rerolls until no match, e chains);
        # ro and ra look at each die that was there before once.
        chains = kind is OpKind.REROLL or kind is OpKind.EXPLODE
        replaces = kind is OpKind.REROLL or kind is OpKind.REROLL_ONCE
        i, stop = 0, len(dice)
        while i < (len(dice) if chains else stop):
            die = dice[i]
            if die.flags & KEPT and sel.matches(die.value):
                die.flags = (die.flags & ~KEPT) | REROLLED if replaces else die.flags | EXPLODED
                assert budget is not None  # formulas whose dice can grow always get one
                budget.take(op.pos)
                dice.append(Die(die.sides, _face(rnd, die.sides), KEPT | ADDED))
            i += 1
    elif kind is OpKind.MIN:
        for die in dice:
            if die.flags & KEPT and die.value < sel.n:
                die.clamp(sel.n)
    elif kind is OpKind.MAX:
        for die in dice:
            if die.flags & KEPT and die.value > sel.n:
                die.clamp(sel.n)


def _value(die: Die) -> int:
    return die.value


def _compile_dice(node: Dice) -> Step:
    sides, count, ops = node.sides, node.count, node.ops
    if not ops:
        if count == 1:

            def one_die(rnd: Random, budget: _Budget | None) -> ResultNode:
                value = int(rnd() * sides) + 1
                return DiceResult(node, [Die(sides, value)], value)

            return one_die

        def plain_dice(rnd: Random, budget: _Budget | None) -> ResultNode:
            dice = [Die(sides, int(rnd() * sides) + 1) for _ in range(count)]
            return DiceResult(node, dice, sum([d.value for d in dice]))

        return plain_dice

    def dice_with_ops(rnd: Random, budget: _Budget | None) -> ResultNode:
        dice = [Die(sides, int(rnd() * sides) + 1) for _ in range(count)]
        for op in ops:
            _apply_op(op, dice, rnd, budget)
        return DiceResult(node, dice, sum([d.value for d in dice if d.flags & KEPT]))

    return dice_with_ops


def _compile_d20_plus(node: BinaryOp, dice: Dice, number: Number) -> Step:
    """``1d20+5`` and kin — the most common roll in the game — in a single step."""
    sides = dice.sides
    constant = NumberResult(number)
    shift = number.value if node.op == "+" else -number.value

    def die_plus_constant(rnd: Random, budget: _Budget | None) -> ResultNode:
        value = int(rnd() * sides) + 1
        left = DiceResult(dice, [Die(sides, value)], value)
        return BinaryResult(node, left, constant, value + shift)

    return die_plus_constant


class Lone:
    """A formula that is one plain die, alone or plus or minus a number (``1d20``,
    ``1d20+5``, ``1d8-1``): most rolls of a game. Its roll is a single draw; the result
    tree of a face is built (by :meth:`tree`) only when something looks at it."""

    __slots__ = ("constant", "dice", "label", "node", "shift", "sides", "tail")

    def __init__(self, node: Dice | BinaryOp, dice: Dice, number: Number | None) -> None:
        self.node = node
        self.dice = dice
        self.sides = dice.sides
        self.constant = NumberResult(number) if number is not None else None
        self.label = str(dice)
        """The die as the dice log names it (``1d20``)."""
        self.shift = 0
        self.tail = ""
        """The number after the die as rendered (`` + 5``), or nothing."""
        if number is not None:
            assert isinstance(node, BinaryOp)
            self.shift = number.value if node.op == "+" else -number.value
            self.tail = f" {node.op} {number.value}"

    def tree(self, face: int) -> ResultNode:
        """The result tree of a roll whose die showed ``face`` — the same tree the compiled
        program builds."""
        term = DiceResult(self.dice, [Die(self.sides, face)], face)
        if self.constant is None:
            return term
        assert isinstance(self.node, BinaryOp)
        return BinaryResult(self.node, term, self.constant, face + self.shift)


def _lone(root: Node) -> Lone | None:
    """The :class:`Lone` shape of a formula's root, if it has it."""
    if isinstance(root, Dice) and root.count == 1 and not root.ops:
        return Lone(root, root, None)
    if isinstance(root, BinaryOp) and root.op in ("+", "-"):
        left, right = root.left, root.right
        if (
            isinstance(left, Dice)
            and left.count == 1
            and not left.ops
            and isinstance(right, Number)
        ):
            return Lone(root, left, right)
    return None


def arithmetic(node: BinaryOp, a: int, b: int) -> int:
    """``a op b`` for one operator, refusing what no table could use."""
    op = node.op
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        total = a * b
        if abs(total) > MAX_TOTAL:
            raise DiceError(
                "result too large",
                position=node.pos,
                hint=f"keep every product under {MAX_TOTAL:,}",
            )
        return total
    if b == 0:
        raise DiceError(
            "division by zero",
            position=node.pos,
            hint="the right side of / or % rolled or was 0",
        )
    # Division rounds down, as every division in 5e does.
    return a // b if op == "/" else a % b


def _compile_binary(node: BinaryOp) -> Step:
    first, links = chain(node)
    if len(links) == 1:
        left, right = node.left, node.right
        if (
            node.op in ("+", "-")
            and isinstance(left, Dice)
            and left.count == 1
            and not left.ops
            and isinstance(right, Number)
        ):
            return _compile_d20_plus(node, left, right)
        left_step, right_step = _compile(left), _compile(right)
        if node.op == "+":

            def add(rnd: Random, budget: _Budget | None) -> ResultNode:
                left = left_step(rnd, budget)
                right = right_step(rnd, budget)
                return BinaryResult(node, left, right, left.total + right.total)

            return add

        def other(rnd: Random, budget: _Budget | None) -> ResultNode:
            left = left_step(rnd, budget)
            right = right_step(rnd, budget)
            return BinaryResult(node, left, right, arithmetic(node, left.total, right.total))

        return other

    # A run of operators (1d6+1d6+…+1d6) is rolled in a loop, left to right: one closure
    # per operator calling the next would be as deep as the run is long.
    first_step = _compile(first)
    steps = [(link, _compile(link.right)) for link in links]

    def run(rnd: Random, budget: _Budget | None) -> ResultNode:
        result = first_step(rnd, budget)
        for link, right_step in steps:
            right = right_step(rnd, budget)
            total = arithmetic(link, result.total, right.total)
            result = BinaryResult(link, result, right, total)
        return result

    return run


def _compile_set(node: DiceSet) -> Step:
    steps = [_compile(item) for item in node.items]
    ops = node.ops

    def dice_set(rnd: Random, budget: _Budget | None) -> ResultNode:
        items = [step(rnd, budget) for step in steps]
        totals = [item.total for item in items]
        kept = [True] * len(items)
        for op in ops:
            live = [i for i in range(len(items)) if kept[i]]
            picked = pick(op.selector, live, totals)
            for i in live:
                if (i in picked) != (op.kind is OpKind.KEEP):
                    kept[i] = False
        total = sum(t for t, k in zip(totals, kept, strict=True) if k)
        return SetResult(node, items, kept, total)

    return dice_set


def _compile(node: Node) -> Step:
    if isinstance(node, Number):
        constant = NumberResult(node)  # immutable, so one instance serves every roll
        return lambda rnd, budget: constant
    if isinstance(node, Dice):
        return _compile_dice(node)
    if isinstance(node, BinaryOp):
        return _compile_binary(node)
    if isinstance(node, UnaryOp):
        operand_step = _compile(node.operand)
        negate = node.op == "-"

        def unary(rnd: Random, budget: _Budget | None) -> ResultNode:
            operand = operand_step(rnd, budget)
            return UnaryResult(node, operand, -operand.total if negate else operand.total)

        return unary
    if isinstance(node, Parens):
        inner_step = _compile(node.inner)
        return lambda rnd, budget: ParensResult(node, inner_step(rnd, budget))
    if isinstance(node, Annotated):
        labelled_step = _compile(node.inner)
        return lambda rnd, budget: AnnotatedResult(node, labelled_step(rnd, budget))
    return _compile_set(node)


def _static_dice(node: Node) -> tuple[int, bool]:
    """Dice thrown before any reroll/explosion, and whether the count can grow."""
    return fold(node, children, _count_dice)


def _count_dice(node: Node, below: list[tuple[int, bool]]) -> tuple[int, bool]:
    if isinstance(node, Dice):
        grows = any(op.kind in _GROWING for op in node.ops)
        return node.count, grows
    return sum(c for c, _ in below), any(g for _, g in below)


class Compiled:
    """A formula ready to roll: call it with a ``random.Random``."""

    __slots__ = ("dynamic", "formula", "lone", "said", "static_dice", "step")

    def __init__(self, formula: Formula) -> None:
        self.formula = formula
        self.static_dice, self.dynamic = _static_dice(formula.root)
        if self.static_dice > MAX_DICE:
            raise DiceError(
                f"too many dice: {self.static_dice} in one roll",
                expression=formula.source,
                hint=f"one roll may throw at most {MAX_DICE} dice",
            )
        self.step = _compile(formula.root)
        self.lone = _lone(formula.root)
        """Set for one die plus or minus a number: :func:`rules.dice.roll` rolls it itself."""
        self.said = advantage_said(formula.comment)
        """The advantage the comment asks for ("1d20+5 adv"), made when the roll asks none."""

    def __call__(self, rng: random.Random) -> ResultNode:
        # Only formulas whose dice count can grow (rerolls, explosions) need a budget.
        budget = _Budget(MAX_DICE - self.static_dice, self.formula.source) if self.dynamic else None
        try:
            return self.step(rng.random, budget)
        except DiceError as error:
            if not error.expression:
                error.expression = self.formula.source
            raise


def evaluate(formula: Formula, rng: random.Random) -> ResultNode:
    """Roll a parsed formula with the given RNG and return its result tree."""
    return Compiled(formula)(rng)


@lru_cache(maxsize=4096)
def compiled(text: str) -> Compiled:
    """Parse and compile a formula, cached by its text: each formula is parsed once."""
    return Compiled(parse_formula(text))


@lru_cache(maxsize=4096)
def compiled_variant(text: str, advantage: Advantage, crit: bool) -> Compiled:
    """The formula rewritten for advantage and/or a critical hit, compiled once."""
    formula = compiled(text).formula
    if advantage is not Advantage.NORMAL:
        formula = with_advantage(formula, advantage)
    if crit:
        formula = doubled_dice(formula)
    return Compiled(formula)


def parse(text: str) -> Formula:
    """Parse a formula (cached). Raises :class:`DiceError` on any bad input."""
    return compiled(text).formula

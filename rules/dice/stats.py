"""Exact probability distributions of formulas, for ``dungeon roll --stats`` and balancing.

Distributions are kept as integer weights over a common denominator, so chances such as
"meet DC 15 with 4d6kh3" come out as exact fractions. Formulas whose exact distribution
would be too large (huge supports, keep/drop after explosions) fall back to a seeded
Monte Carlo estimate, and say so. The exact method has one work budget for the whole
formula and the estimate one for all its samples, so the odds of any formula within the
length cap come back in about a second.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from itertools import product

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
    children,
    fold,
)
from rules.dice.errors import DiceError
from rules.dice.evaluate import MAX_TOTAL, Compiled

MAX_SUPPORT = 200_000
"""Largest number of distinct totals tracked exactly before falling back to sampling."""
MAX_DP_WORK = 3_000_000
MAX_WORK = 1_000_000
"""Steps the exact method may take over a whole formula (about a second at worst)."""
SAMPLE_WORK = 250_000
"""Dice and operations rolled in all the samples of an estimate together."""
EXPLODE_DEPTH = 24
SAMPLES = 20_000
MIN_SAMPLES = 250


class _TooComplex(Exception):
    """Internal: the exact method does not cover this formula."""


class _Walk:
    """Per-computation state: the source text, whether anything was truncated, and the
    work left before the exact method gives way to sampling."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.truncated = False
        self.work_left = MAX_WORK

    def spend(self, steps: int) -> None:
        """Count ``steps`` of work (about one dictionary update each) before doing them.

        One bound for the whole formula, not one per operation: a chain of 300 products,
        each small enough alone, must not add up to minutes.
        """
        self.work_left -= steps
        if self.work_left < 0:
            raise _TooComplex


@dataclass(frozen=True, slots=True)
class Dist:
    """A discrete distribution: ``weights[v] / denom`` is the chance of total ``v``."""

    weights: dict[int, int]
    denom: int

    @staticmethod
    def const(value: int) -> Dist:
        return Dist({value: 1}, 1)

    @staticmethod
    def uniform(sides: int) -> Dist:
        return Dist(dict.fromkeys(range(1, sides + 1), 1), sides)

    def reduced(self) -> Dist:
        g = math.gcd(self.denom, *self.weights.values())
        if g <= 1:
            return self
        return Dist({v: w // g for v, w in self.weights.items()}, self.denom // g)

    def mapped(self, f: Callable[[int], int], walk: _Walk) -> Dist:
        walk.spend(len(self.weights))
        out: dict[int, int] = {}
        for v, w in self.weights.items():
            key = f(v)
            out[key] = out.get(key, 0) + w
        return Dist(out, self.denom)

    def combine(self, other: Dist, f: Callable[[int, int], int], walk: _Walk) -> Dist:
        if len(self.weights) * len(other.weights) > MAX_SUPPORT * 4:
            raise _TooComplex
        walk.spend(len(self.weights) * len(other.weights))
        out: dict[int, int] = {}
        for a, wa in self.weights.items():
            for b, wb in other.weights.items():
                key = f(a, b)
                out[key] = out.get(key, 0) + wa * wb
        if len(out) > MAX_SUPPORT:
            raise _TooComplex
        return Dist(out, self.denom * other.denom).reduced()

    def power_sum(self, n: int, walk: _Walk) -> Dist:
        """The sum of ``n`` independent copies."""
        result = Dist.const(0)
        base = self
        while n:  # exponentiation by squaring keeps big sums fast
            if n & 1:
                result = result.combine(base, _add, walk)
            n >>= 1
            if n:
                base = base.combine(base, _add, walk)
        return result

    def chance(self, predicate: Callable[[int], bool]) -> Fraction:
        hit = sum(w for v, w in self.weights.items() if predicate(v))
        return Fraction(hit, self.denom)

    @property
    def mean(self) -> Fraction:
        return Fraction(sum(v * w for v, w in self.weights.items()), self.denom)


def _add(a: int, b: int) -> int:
    return a + b


@dataclass(frozen=True, slots=True)
class RollStats:
    """Minimum, maximum and mean of a formula, and the chance to meet a DC.

    ``exact`` is False when the figures were estimated from ``samples`` seeded rolls.
    """

    minimum: int
    maximum: int
    mean: float
    exact: bool
    samples: int
    unbounded: bool
    _dist: Dist | None
    _sampled: tuple[int, ...]

    def chance_at_least(self, dc: int) -> float:
        """Chance that a roll's total is ``dc`` or more."""
        return float(self.exact_chance_at_least(dc))

    def exact_chance_at_least(self, dc: int) -> Fraction:
        """The same chance as an exact fraction (an estimate when ``exact`` is False)."""
        if self._dist is not None:
            return self._dist.chance(lambda v: v >= dc)
        hits = sum(1 for t in self._sampled if t >= dc)
        return Fraction(hits, len(self._sampled))

    def distribution(self) -> dict[int, float]:
        """Chance of each total, lowest first."""
        if self._dist is not None:
            d = self._dist
            return {v: d.weights[v] / d.denom for v in sorted(d.weights)}
        counts: dict[int, int] = {}
        for t in self._sampled:
            counts[t] = counts.get(t, 0) + 1
        return {v: counts[v] / len(self._sampled) for v in sorted(counts)}


def _per_die(node: Dice, walk: _Walk) -> tuple[Dist, list[tuple[OpKind, Selector]]]:
    """The distribution of one die after the per-die operations, and the ops left over."""
    walk.spend(node.sides)
    base = Dist.uniform(node.sides)
    dist = base
    ops = list(node.ops)
    multi = False  # after an explosion or an added die, one "die" may be several
    while ops and ops[0].kind not in (OpKind.KEEP, OpKind.DROP):
        op = ops.pop(0)
        sel = op.selector
        if multi:
            raise _TooComplex
        if op.kind is OpKind.REROLL:
            bad = sum(w for v, w in dist.weights.items() if sel.matches(v))
            if bad == dist.denom:
                raise DiceError(
                    "this reroll would never stop", expression=walk.source, position=op.pos
                )
            dist = Dist(
                {v: w for v, w in dist.weights.items() if not sel.matches(v)}, dist.denom - bad
            )
        elif op.kind is OpKind.REROLL_ONCE:
            walk.spend(len(dist.weights) + len(base.weights))
            bad = sum(w for v, w in dist.weights.items() if sel.matches(v))
            # A matching first roll is replaced by a fresh die of the original kind.
            out = {v: (0 if sel.matches(v) else w * base.denom) for v, w in dist.weights.items()}
            for v, w in base.weights.items():
                out[v] = out.get(v, 0) + bad * w
            dist = Dist({v: w for v, w in out.items() if w}, dist.denom * base.denom).reduced()
        elif op.kind is OpKind.REROLL_ADD:
            matching = sum(1 for v in dist.weights if sel.matches(v))
            walk.spend(len(dist.weights) + matching * len(base.weights))
            added: dict[int, int] = {}
            for v, w in dist.weights.items():
                if sel.matches(v):
                    for x, wx in base.weights.items():
                        added[v + x] = added.get(v + x, 0) + w * wx
                else:
                    added[v] = added.get(v, 0) + w * base.denom
            dist = Dist(added, dist.denom * base.denom).reduced()
            multi = True
        elif op.kind is OpKind.EXPLODE:
            # T = v if v does not explode, else v + T. Unrolled EXPLODE_DEPTH times: the
            # chance left out is at most p**EXPLODE_DEPTH, far below what is displayed.
            chain = dist
            matching = sum(1 for v in dist.weights if sel.matches(v))
            for _ in range(EXPLODE_DEPTH):
                walk.spend(len(dist.weights) + matching * len(chain.weights))
                grown: dict[int, int] = {}
                for v, w in dist.weights.items():
                    if sel.matches(v):
                        for x, wx in chain.weights.items():
                            grown[v + x] = grown.get(v + x, 0) + w * wx
                    else:
                        grown[v] = grown.get(v, 0) + w * chain.denom
                chain = Dist(grown, dist.denom * chain.denom).reduced()
                if len(chain.weights) > MAX_SUPPORT:
                    raise _TooComplex
            dist = chain
            multi = True
            walk.truncated = True
        elif op.kind is OpKind.MIN:
            dist = dist.mapped(partial(max, sel.n), walk)
        elif op.kind is OpKind.MAX:
            dist = dist.mapped(partial(min, sel.n), walk)
    if multi and ops:
        raise _TooComplex
    return dist, [(op.kind, op.selector) for op in ops]


def _keep_ranked(die: Dist, n_dice: int, keep: int, highest: bool, walk: _Walk) -> Dist:
    """Sum of the ``keep`` highest (or lowest) of ``n_dice`` independent dice."""
    keep = max(0, min(keep, n_dice))
    values = sorted(die.weights, reverse=highest)
    if len(values) * n_dice * n_dice * max(1, keep * max(abs(v) for v in values)) > MAX_DP_WORK:
        raise _TooComplex
    # state: (dice placed so far, sum of kept) -> weight. Dice are placed best-first, so
    # the first `keep` placed are exactly the ones kept.
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    for v in values:
        walk.spend(len(states) * (n_dice + 1))
        w = die.weights[v]
        nxt: dict[tuple[int, int], int] = {}
        for (placed, total), weight in states.items():
            remaining = n_dice - placed
            for c in range(remaining + 1):
                kept = min(c, max(0, keep - placed))
                key = (placed + c, total + kept * v)
                nxt[key] = nxt.get(key, 0) + weight * math.comb(remaining, c) * w**c
        states = nxt
    out = {total: weight for (placed, total), weight in states.items() if placed == n_dice}
    return Dist(out, die.denom**n_dice).reduced()


def _dice(node: Dice, walk: _Walk) -> Dist:
    die, rest = _per_die(node, walk)
    if not rest:
        return die.power_sum(node.count, walk)
    if len(rest) > 1:
        raise _TooComplex
    kind, sel = rest[0]
    n = node.count
    if sel.kind is SelectorKind.HIGHEST:
        keep_n, highest = (sel.n, True) if kind is OpKind.KEEP else (n - sel.n, False)
        return _keep_ranked(die, n, keep_n, highest, walk)
    if sel.kind is SelectorKind.LOWEST:
        keep_n, highest = (sel.n, False) if kind is OpKind.KEEP else (n - sel.n, True)
        return _keep_ranked(die, n, keep_n, highest, walk)
    keeps = kind is OpKind.KEEP
    return die.mapped(lambda v: v if sel.matches(v) == keeps else 0, walk).power_sum(n, walk)


def _binary(op: str, pos: int, a: Dist, b: Dist, walk: _Walk) -> Dist:
    if op == "+":
        return a.combine(b, _add, walk)
    if op == "-":
        return a.combine(b, lambda x, y: x - y, walk)
    if op == "*":
        largest = max(map(abs, a.weights)) * max(map(abs, b.weights))
        if largest > MAX_TOTAL:
            # Rolling refuses such a product, so the odds of it would be odds of an error.
            raise DiceError(
                f"this formula can reach {largest:,}, too large to roll",
                expression=walk.source,
                position=pos,
                hint=f"keep every product under {MAX_TOTAL:,}",
            )
        return a.combine(b, lambda x, y: x * y, walk)
    if 0 in b.weights:
        raise DiceError(
            "this formula can divide by zero",
            expression=walk.source,
            position=pos,
            hint="make sure the right side of / or % can never be 0",
        )
    if op == "/":
        return a.combine(b, lambda x, y: x // y, walk)
    return a.combine(b, lambda x, y: x % y, walk)


def _set(node: DiceSet, items: list[Dist], walk: _Walk) -> Dist:
    if not node.ops:
        result = Dist.const(0)
        for item in items:
            result = result.combine(item, _add, walk)
        return result
    supports: Iterable[list[tuple[int, int]]] = [list(d.weights.items()) for d in items]
    size = math.prod(len(d.weights) for d in items)
    if size > MAX_SUPPORT:
        raise _TooComplex
    walk.spend(size * len(items) * (1 + len(node.ops)))
    out: dict[int, int] = {}
    for combo in product(*supports):
        totals = [v for v, _ in combo]
        kept = [True] * len(totals)
        for op in node.ops:
            live = [i for i in range(len(totals)) if kept[i]]
            sel = op.selector
            if sel.kind in (SelectorKind.HIGHEST, SelectorKind.LOWEST):
                hi = sel.kind is SelectorKind.HIGHEST
                order = sorted(live, key=lambda i: (-totals[i] if hi else totals[i], i))
                picked = set(order[: sel.n])
            else:
                picked = {i for i in live if sel.matches(totals[i])}
            for i in live:
                if (i in picked) != (op.kind is OpKind.KEEP):
                    kept[i] = False
        total = sum(t for t, k in zip(totals, kept, strict=True) if k)
        out[total] = out.get(total, 0) + math.prod(w for _, w in combo)
    return Dist(out, math.prod(d.denom for d in items)).reduced()


def _dist(node: Node, walk: _Walk) -> Dist:
    """The exact distribution of a tree, folded bottom-up (no recursion: see ``fold``)."""
    visit: Callable[[Node, list[Dist]], Dist] = partial(_dist_of, walk=walk)
    return fold(node, children, visit)


def _dist_of(node: Node, below: list[Dist], *, walk: _Walk) -> Dist:
    if isinstance(node, Number):
        return Dist.const(node.value)
    if isinstance(node, Dice):
        return _dice(node, walk)
    if isinstance(node, UnaryOp):
        return below[0].mapped(_negate, walk) if node.op == "-" else below[0]
    if isinstance(node, BinaryOp):
        return _binary(node.op, node.pos, below[0], below[1], walk)
    if isinstance(node, Parens | Annotated):
        return below[0]
    return _set(node, below, walk)


def _negate(value: int) -> int:
    return -value


def _all_ops(node: Node) -> list[Op]:
    """Every keep/drop/reroll/explode/min/max operation in the tree."""
    found: list[Op] = []
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, Dice | DiceSet):
            found += current.ops
        stack.extend(children(current))
    return found


def _size(node: Node) -> int:
    """How many nodes a tree has (the work of rolling it once, besides its dice)."""
    return fold(node, children, lambda _, below: 1 + sum(below))


def _sample(formula: Formula) -> RollStats:
    rng = random.Random(0x5EED)
    program = Compiled(formula)
    # Keep the estimate quick for huge formulas: the work of every sample together is
    # bounded by the dice thrown and the operations done, not by the number of samples.
    cost = program.static_dice + _size(formula.root)
    samples = max(MIN_SAMPLES, min(SAMPLES, SAMPLE_WORK // cost))
    totals = tuple(program(rng).total for _ in range(samples))
    return RollStats(
        minimum=min(totals),
        maximum=max(totals),
        mean=sum(totals) / len(totals),
        exact=False,
        samples=len(totals),
        unbounded=any(op.kind is OpKind.EXPLODE for op in _all_ops(formula.root)),
        _dist=None,
        _sampled=totals,
    )


def stats(formula: Formula) -> RollStats:
    """Exact statistics of a parsed formula, or a seeded estimate when exact is too costly.

    Exploding dice have no upper bound: they are computed to a depth where the neglected
    chance is far below display precision, and reported with ``exact`` False and
    ``unbounded`` True.
    """
    walk = _Walk(formula.source)
    try:
        dist = _dist(formula.root, walk).reduced()
    except _TooComplex:
        return _sample(formula)
    return RollStats(
        minimum=min(dist.weights),
        maximum=max(dist.weights),
        mean=float(dist.mean),
        exact=not walk.truncated,
        samples=0,
        unbounded=walk.truncated,
        _dist=dist,
        _sampled=(),
    )

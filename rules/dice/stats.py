"""Exact probability distributions of formulas, for ``dungeon roll --stats`` and balancing.

Distributions are kept as integer weights over a common denominator, so chances such as
"meet DC 15 with 4d6kh3" come out as exact fractions. Formulas whose exact distribution
would be too large (huge supports, keep/drop after explosions) fall back to a seeded
Monte Carlo estimate, and say so.
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
)
from rules.dice.errors import DiceError
from rules.dice.evaluate import Compiled

MAX_SUPPORT = 200_000
"""Largest number of distinct totals tracked exactly before falling back to sampling."""
MAX_DP_WORK = 3_000_000
EXPLODE_DEPTH = 24
SAMPLES = 20_000


class _TooComplex(Exception):
    """Internal: the exact method does not cover this formula."""


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

    def mapped(self, f: Callable[[int], int]) -> Dist:
        out: dict[int, int] = {}
        for v, w in self.weights.items():
            key = f(v)
            out[key] = out.get(key, 0) + w
        return Dist(out, self.denom)

    def combine(self, other: Dist, f: Callable[[int, int], int]) -> Dist:
        if len(self.weights) * len(other.weights) > MAX_SUPPORT * 4:
            raise _TooComplex
        out: dict[int, int] = {}
        for a, wa in self.weights.items():
            for b, wb in other.weights.items():
                key = f(a, b)
                out[key] = out.get(key, 0) + wa * wb
        if len(out) > MAX_SUPPORT:
            raise _TooComplex
        return Dist(out, self.denom * other.denom).reduced()

    def power_sum(self, n: int) -> Dist:
        """The sum of ``n`` independent copies."""
        result = Dist.const(0)
        base = self
        while n:  # exponentiation by squaring keeps big sums fast
            if n & 1:
                result = result.combine(base, _add)
            n >>= 1
            if n:
                base = base.combine(base, _add)
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


class _Walk:
    """Per-computation state: the source text and whether anything was truncated."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.truncated = False


def _per_die(node: Dice, walk: _Walk) -> tuple[Dist, list[tuple[OpKind, Selector]]]:
    """The distribution of one die after the per-die operations, and the ops left over."""
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
            bad = sum(w for v, w in dist.weights.items() if sel.matches(v))
            # A matching first roll is replaced by a fresh die of the original kind.
            out = {v: (0 if sel.matches(v) else w * base.denom) for v, w in dist.weights.items()}
            for v, w in base.weights.items():
                out[v] = out.get(v, 0) + bad * w
            dist = Dist({v: w for v, w in out.items() if w}, dist.denom * base.denom).reduced()
        elif op.kind is OpKind.REROLL_ADD:
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
            for _ in range(EXPLODE_DEPTH):
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
            dist = dist.mapped(partial(max, sel.n))
        elif op.kind is OpKind.MAX:
            dist = dist.mapped(partial(min, sel.n))
    if multi and ops:
        raise _TooComplex
    return dist, [(op.kind, op.selector) for op in ops]


def _keep_ranked(die: Dist, n_dice: int, keep: int, highest: bool) -> Dist:
    """Sum of the ``keep`` highest (or lowest) of ``n_dice`` independent dice."""
    keep = max(0, min(keep, n_dice))
    values = sorted(die.weights, reverse=highest)
    if len(values) * n_dice * n_dice * max(1, keep * max(abs(v) for v in values)) > MAX_DP_WORK:
        raise _TooComplex
    # state: (dice placed so far, sum of kept) -> weight. Dice are placed best-first, so
    # the first `keep` placed are exactly the ones kept.
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    for v in values:
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
        return die.power_sum(node.count)
    if len(rest) > 1:
        raise _TooComplex
    kind, sel = rest[0]
    n = node.count
    if sel.kind is SelectorKind.HIGHEST:
        keep_n, highest = (sel.n, True) if kind is OpKind.KEEP else (n - sel.n, False)
        return _keep_ranked(die, n, keep_n, highest)
    if sel.kind is SelectorKind.LOWEST:
        keep_n, highest = (sel.n, False) if kind is OpKind.KEEP else (n - sel.n, True)
        return _keep_ranked(die, n, keep_n, highest)
    keeps = kind is OpKind.KEEP
    return die.mapped(lambda v: v if sel.matches(v) == keeps else 0).power_sum(n)


def _binary(op: str, pos: int, a: Dist, b: Dist, walk: _Walk) -> Dist:
    if op == "+":
        return a.combine(b, _add)
    if op == "-":
        return a.combine(b, lambda x, y: x - y)
    if op == "*":
        return a.combine(b, lambda x, y: x * y)
    if 0 in b.weights:
        raise DiceError(
            "this formula can divide by zero",
            expression=walk.source,
            position=pos,
            hint="make sure the right side of / or % can never be 0",
        )
    if op == "/":
        return a.combine(b, lambda x, y: x // y)
    return a.combine(b, lambda x, y: x % y)


def _set(node: DiceSet, walk: _Walk) -> Dist:
    items = [_dist(item, walk) for item in node.items]
    if not node.ops:
        result = Dist.const(0)
        for item in items:
            result = result.combine(item, _add)
        return result
    supports: Iterable[list[tuple[int, int]]] = [list(d.weights.items()) for d in items]
    size = math.prod(len(d.weights) for d in items)
    if size > MAX_SUPPORT:
        raise _TooComplex
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
    if isinstance(node, Number):
        return Dist.const(node.value)
    if isinstance(node, Dice):
        return _dice(node, walk)
    if isinstance(node, UnaryOp):
        inner = _dist(node.operand, walk)
        return inner.mapped(lambda v: -v) if node.op == "-" else inner
    if isinstance(node, BinaryOp):
        return _binary(node.op, node.pos, _dist(node.left, walk), _dist(node.right, walk), walk)
    if isinstance(node, Parens | Annotated):
        return _dist(node.inner, walk)
    return _set(node, walk)


def _all_ops(node: Node) -> list[Op]:
    own = list(node.ops) if isinstance(node, Dice | DiceSet) else []
    for child in children(node):
        own += _all_ops(child)
    return own


def _sample(formula: Formula) -> RollStats:
    rng = random.Random(0x5EED)
    program = Compiled(formula)
    # Keep the estimate quick for huge formulas: about two million dice at most.
    samples = max(1_000, min(SAMPLES, 2_000_000 // max(1, program.static_dice)))
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

"""A held-out figure for the meaning model's thresholds: leave one judgment corpus out,
choose ``NEAR``, ``NEGATED_NEAR`` and ``MARGIN`` (:mod:`app.world.meaning`) on the others
(the most recall at a pooled precision of at least the target, else the best precision),
then measure the one left out with them. Every corpus has been worked against, so this is
no unseen figure either, but a threshold fitted to the lines it is measured on flatters
itself and this does not. Run ``python -m tests.benchmarks.bench_judgments_lofo [target]``
(default 0.95); it also prints the thresholds every corpus together would choose."""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from app.world import meaning
from tests.benchmarks.bench_judgments import DATA, FILES, FROZEN, measure

GRID = tuple(itertools.product((0.6, 0.65, 0.7), (0.7, 0.75), (0.0, 0.02, 0.04)))
"""(``NEAR``, ``NEGATED_NEAR``, ``MARGIN``) tried."""

Counts = tuple[int, int, int]


@contextmanager
def _thresholds(near: float, negated: float, margin: float) -> Iterator[None]:
    kept = meaning.NEAR, meaning.NEGATED_NEAR, meaning.MARGIN
    meaning.NEAR, meaning.NEGATED_NEAR, meaning.MARGIN = near, negated, margin
    try:
        yield
    finally:
        meaning.NEAR, meaning.NEGATED_NEAR, meaning.MARGIN = kept


def _figures(counts: Counts) -> tuple[float, float]:
    tp, fp, fn = counts
    return (tp / (tp + fp) if tp + fp else 1.0, tp / (tp + fn) if tp + fn else 1.0)


def _pooled(table: dict[str, Counts], names: list[str]) -> Counts:
    tp = sum(table[n][0] for n in names)
    fp = sum(table[n][1] for n in names)
    fn = sum(table[n][2] for n in names)
    return tp, fp, fn


def _choose(
    tables: dict[tuple[float, float, float], dict[str, Counts]], names: list[str], target: float
) -> tuple[float, float, float]:
    def key(grid: tuple[float, float, float]) -> tuple[bool, float]:
        precision, recall = _figures(_pooled(tables[grid], names))
        return (precision >= target, recall if precision >= target else precision)

    return max(tables, key=key)


def main(argv: list[str] | None = None) -> None:
    """Print each corpus's figure with thresholds chosen without it, and the pooled one."""
    args = sys.argv[1:] if argv is None else argv
    target = float(args[0]) if args else 0.95
    names = [name for name in FILES if (DATA / name).exists() and name not in FROZEN]
    tables: dict[tuple[float, float, float], dict[str, Counts]] = {}
    for grid in GRID:
        with _thresholds(*grid):
            tables[grid] = {name: measure(DATA / name)[:3] for name in names}
    total: Counts = (0, 0, 0)
    for name in names:
        grid = _choose(tables, [n for n in names if n != name], target)
        counts = tables[grid][name]
        total = (total[0] + counts[0], total[1] + counts[1], total[2] + counts[2])
        precision, recall = _figures(counts)
        print(f"{name}: precision {precision:.2f}, recall {recall:.2f} "
              f"(thresholds {grid}, chosen without it)")  # fmt: skip
    precision, recall = _figures(total)
    print(f"left out in turn, pooled: precision {precision:.3f}, recall {recall:.3f}")
    print(f"chosen on every corpus: {_choose(tables, names, target)}")


if __name__ == "__main__":
    main()

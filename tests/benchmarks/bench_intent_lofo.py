"""A held-out figure for the intent head (:mod:`app.world.intent`): leave one judgment
corpus out, fit the heads on the others (and the authors' examples), choose ``DOUBT`` and
``SURE`` on the others by fitting again leaving each of them out in turn (the most recall
at a pooled precision of at least the target, else the best precision), then measure the
corpus left out — beside what the map hears there without the head. Every corpus has been
worked against, so this is no unseen figure either; but neither the weights nor the
thresholds have seen the lines they are measured on. Run ``python -m
tests.benchmarks.bench_intent_lofo [target]`` (default 0.95); it also prints the
thresholds every corpus together would choose."""

from __future__ import annotations

import itertools
import sys

from tests.benchmarks.intent_corpus import (
    Counts,
    Line,
    authors,
    corpora,
    counted,
    features,
    fit_heads,
    lines,
)

GRID = tuple(itertools.product((0.0, 0.05, 0.1, 0.2, 0.3, 0.4), (0.8, 0.85, 0.9, 0.95, 0.98, 1.01)))
"""(``DOUBT``, ``SURE``) tried (a ``SURE`` over 1 adds nothing)."""


def _figures(counts: Counts) -> tuple[float, float]:
    tp, fp, fn = counts
    return (tp / (tp + fp) if tp + fp else 1.0, tp / (tp + fn) if tp + fn else 1.0)


def _add(one: Counts, other: Counts) -> Counts:
    return one[0] + other[0], one[1] + other[1], one[2] + other[2]


def _choose(table: dict[tuple[float, float], Counts], target: float) -> tuple[float, float]:
    def key(grid: tuple[float, float]) -> tuple[bool, float, float]:
        precision, recall = _figures(table[grid])
        met = precision >= target
        return (met, recall if met else precision, -grid[1])

    return max(table, key=key)


class _Folds:
    def __init__(self) -> None:
        self.names = corpora()
        self.corpus: list[Line] = lines(self.names)
        self.rows = features([line.text for line in self.corpus])
        self.examples = authors()
        self.example_rows = features([text for text, _ in self.examples])

    def at(self, names: list[str]) -> list[int]:
        return [i for i, line in enumerate(self.corpus) if line.corpus in names]

    def chances(self, trained: list[str], measured: list[str]) -> list[dict[str, float]]:
        """The head's chances on ``measured``'s lines, fitted on ``trained``'s."""
        import numpy as np

        from app.world.intent import chances

        fitted = self.at(trained)
        heads = fit_heads(
            [self.corpus[i] for i in fitted], self.rows[fitted], self.examples, self.example_rows
        )
        return [chances(heads, np.asarray(self.rows[i])) for i in self.at(measured)]

    def chosen(self, names: list[str], target: float) -> tuple[float, float]:
        """The thresholds chosen on ``names``, each scored by heads fitted without it."""
        out: dict[str, list[dict[str, float]]] = {
            name: self.chances([n for n in names if n != name], [name]) for name in names
        }
        table: dict[tuple[float, float], Counts] = {}
        for grid in GRID:
            total: Counts = (0, 0, 0)
            for name in names:
                total = _add(total, counted(self._lines(name), out[name], *grid))
            table[grid] = total
        return _choose(table, target)

    def _lines(self, name: str) -> list[Line]:
        return [self.corpus[i] for i in self.at([name])]


def main(argv: list[str] | None = None) -> None:
    """Print each corpus's figure, without the head and with it fitted and chosen without
    that corpus, and the pooled figures."""
    args = sys.argv[1:] if argv is None else argv
    target = float(args[0]) if args else 0.95
    folds = _Folds()
    before: Counts = (0, 0, 0)
    after: Counts = (0, 0, 0)
    for name in folds.names:
        others = [n for n in folds.names if n != name]
        doubt, sure = folds.chosen(others, target)
        measured = folds._lines(name)
        plain = counted(measured, [None] * len(measured), 0.0, 2.0)
        counts = counted(measured, folds.chances(others, [name]), doubt, sure)
        before, after = _add(before, plain), _add(after, counts)
        (p0, r0), (p1, r1) = _figures(plain), _figures(counts)
        print(f"{name}: without the head {p0:.2f}, {r0:.2f}; with it {p1:.2f}, {r1:.2f} "
              f"(doubt {doubt}, sure {sure}, chosen and fitted without it)")  # fmt: skip
    (p0, r0), (p1, r1) = _figures(before), _figures(after)
    print(f"pooled: without the head {p0:.3f}, {r0:.3f}; with it, left out in turn "
          f"{p1:.3f}, {r1:.3f}")  # fmt: skip
    print(f"chosen on every corpus: {folds.chosen(folds.names, target)}")


if __name__ == "__main__":
    main()

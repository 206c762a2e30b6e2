"""Dice throughput next to bare ``random.randint`` rollers measured in the same run.

Run with ``make bench`` (or ``python -m tests.benchmarks.bench_dice``). It prints rolls per
second for each formula, the same for a hand-written roller doing the same arithmetic with
``randint``, and the ratio between them. It is a measurement, not a pass/fail test; the
figure we watch is ``1d20+5`` against a single ``randint(1, 20) + 5`` (aim: within 5x).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from rules.dice import roll


def best_rate(fn: Callable[[], object], number: int, repeat: int) -> float:
    """Calls per second, best of ``repeat`` runs of ``number`` calls."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, time.perf_counter() - start)
    return number / best


def main(argv: list[str] | None = None) -> list[tuple[str, float, float]]:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--number", type=int, default=200_000, help="calls per timing run")
    parser.add_argument("--repeat", type=int, default=5, help="timing runs (best is kept)")
    args = parser.parse_args(argv)

    rng = random.Random(1)
    r = rng.randint
    baselines: dict[str, Callable[[], object]] = {
        "1d20+5": lambda: r(1, 20) + 5,
        "8d6": lambda: sum([r(1, 6) for _ in range(8)]),
        "4d6kh3": lambda: sum(sorted([r(1, 6) for _ in range(4)])[1:]),
        "2d20kh1+7": lambda: max(r(1, 20), r(1, 20)) + 7,
    }
    print(f"{'formula':<11} {'engine rolls/s':>15} {'randint rolls/s':>16} {'ratio':>7}")
    rows = []
    for formula, bare in baselines.items():
        roll(formula, rng)  # parse once, as the game does
        engine = best_rate(lambda f=formula: roll(f, rng), args.number, args.repeat)
        base = best_rate(bare, args.number, args.repeat)
        ratio = base / engine
        rows.append((formula, engine, ratio))
        print(f"{formula:<11} {engine:>15,.0f} {base:>16,.0f} {ratio:>6.2f}x")
    print(
        "ratio = how many times slower the engine is than a bare randint roller doing the "
        "same arithmetic; the engine also builds the full result tree (every die, kept and "
        "dropped, the natural d20) that the dice log renders."
    )
    return rows


if __name__ == "__main__":
    main()

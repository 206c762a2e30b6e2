"""Hearing one player line against the scene's sensitivity map, for maps of 50, 200 and
1,000 entries, next to baselines measured in the same run.

Run with ``python -m tests.benchmarks.bench_events_matching``. The lines are the judgment
corpus (``tests/data/judgments.toml``: real chatter, questions, long pastes); the maps are
the shipped campaign's six judgments plus generated ones with keywords drawn from the same
kind of vocabulary (single words, ``*`` stems and phrases) and two or three of the built-in
semantic fields each, as an author would name them. It prints microseconds per line
for the map, for a plain ``str.lower().split()`` of the line (the floor: any matcher reads
the line once) and for a loop of one compiled regex per entry (what indexing by word
avoids), and the ratios. The figure we watch: under 1 ms a line at 200 entries.
"""

from __future__ import annotations

import argparse
import random
import re
import time
import tomllib
from collections.abc import Callable
from pathlib import Path

from app.world.campaignfile import load_campaign
from app.world.eventspec import JudgmentSpec
from app.world.fields import field_names
from app.world.folders import CAMPAIGNS_DIR
from app.world.heard import Entry
from app.world.sensitivity import SensitivityMap, tokenize

CORPUS = Path(__file__).parent.parent / "data" / "judgments.toml"
BLIND = Path(__file__).parent.parent / "data" / "judgments_blind.toml"
SIZES = (50, 200, 1000)


def lines() -> list[str]:
    """The corpora's player lines."""
    return [
        line["text"]
        for corpus in (CORPUS, BLIND)
        for line in tomllib.loads(corpus.read_text("utf-8"))["line"]
    ]


def entries(size: int, seed: int = 7) -> list[Entry]:
    """The campaign's judgments and generated ones, ``size`` in all."""
    campaign = load_campaign(CAMPAIGNS_DIR / "crossroads")
    found = [Entry(jid, spec) for jid, spec in campaign.judgments.items()][:size]
    words = sorted({t for text in lines() for t in tokenize(text) if t.isalpha()})
    rng = random.Random(seed)
    while len(found) < size:
        keywords = []
        for _ in range(12):
            pick = rng.random()
            if pick < 0.5:
                keywords.append(rng.choice(words) + "x")  # mostly words nobody says
            elif pick < 0.75:
                keywords.append(rng.choice(words)[:4] + "*")
            else:
                keywords.append(" ".join(rng.sample(words, 2)))
        fields = rng.sample(field_names(), rng.choice((2, 3)))
        spec = JudgmentSpec(category="tone", keywords=keywords, fields=fields)
        found.append(Entry(f"made_{len(found)}", spec))
    return found


def _regexes(found: list[Entry]) -> Callable[[str], int]:
    """One regex per entry, every one tried on each line (the naive matcher)."""
    compiled = []
    for entry in found:
        parts = [
            re.escape(k.rstrip("*")) + (r"\w*" if k.endswith("*") else r"\b")
            for k in entry.spec.keywords
        ]
        compiled.append(re.compile(r"\b(?:" + "|".join(parts) + ")", re.IGNORECASE))
    return lambda text: sum(1 for pattern in compiled if pattern.search(text))


def per_line_us(fn: Callable[[str], object], texts: list[str], repeat: int) -> float:
    """Microseconds per line, best of ``repeat`` passes over every line."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for text in texts:
            fn(text)
        best = min(best, time.perf_counter() - start)
    return best / len(texts) * 1e6


def run(repeat: int = 5, sizes: tuple[int, ...] = SIZES) -> list[dict[str, float]]:
    """Time each map size; print and return one row per size."""
    texts = lines()
    split = per_line_us(lambda t: t.lower().split(), texts, repeat)
    print(f"{len(texts)} lines; baseline str.lower().split(): {split:.2f} us a line")
    print(f"{'entries':>8} {'map us':>9} {'x split':>8} {'regex loop us':>14} {'x map':>7}")
    rows = []
    for size in sizes:
        found = entries(size)
        heard = SensitivityMap(found)
        assert len(heard) == size
        matched = per_line_us(heard.match, texts, repeat)
        naive = per_line_us(_regexes(found), texts, max(1, repeat // 2))
        rows.append({"entries": size, "map_us": matched, "split_us": split, "regex_us": naive})
        print(f"{size:>8} {matched:>9.1f} {matched / split:>7.1f}x {naive:>14.1f} "
              f"{naive / matched:>6.1f}x")  # fmt: skip
    print("target: under 1000 us a line at 200 entries")
    return rows


def main(argv: list[str] | None = None) -> list[dict[str, float]]:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5, help="passes over the lines")
    parser.add_argument("--quick", action="store_true", help="one pass, small maps (tests)")
    args = parser.parse_args(argv)
    if args.quick:
        return run(1, (50,))
    return run(args.repeat)


if __name__ == "__main__":
    main()

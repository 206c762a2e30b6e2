"""How well the event system hears what players mean: precision and recall of the shipped
campaign's judgments (keywords and semantic fields) over each judgment corpus — the one the
lexicon was written beside, the blind set, and the holdout written without sight of any
keyword and frozen (report it once; never tune to it). A measurement, not a pass/fail test
(the suite holds the first two to their floors). Run ``python -m
tests.benchmarks.bench_judgments``."""

from __future__ import annotations

import tomllib
from pathlib import Path

from app.world.campaign import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.sensitivity import build

DATA = Path(__file__).parent.parent / "data"
FILES = ("judgments.toml", "judgments_blind.toml", "judgments_holdout.toml")


def measure(path: Path) -> tuple[int, int, int, int, int]:
    """(true positives, false positives, false negatives, lines meaning nothing, of them
    heard as nothing)."""
    campaign = load_campaign(CAMPAIGNS_DIR / "crossroads")
    floor = campaign.events.min_confidence
    tp = fp = fn = nothing = quiet = 0
    for line in tomllib.loads(path.read_text(encoding="utf-8"))["line"]:
        present = ([line["to"]] if "to" in line else []) + line.get("present", [])
        found = build(campaign, line["scene"], present).heard(line["text"], line.get("to"), present)
        got = {m.entry.id for m in found if m.confidence >= floor}
        expect = set(line["expect"])
        tp += len(got & expect)
        fp += len(got - expect)
        fn += len(expect - got)
        if not expect:
            nothing += 1
            quiet += not got
    return tp, fp, fn, nothing, quiet


def main() -> None:
    """Print the figures for each corpus."""
    for name in FILES:
        path = DATA / name
        if not path.exists():
            continue
        tp, fp, fn, nothing, quiet = measure(path)
        precision = tp / (tp + fp) if tp + fp else 1.0
        recall = tp / (tp + fn) if tp + fn else 1.0
        print(f"{name}: precision {precision:.2f}, recall {recall:.2f} ({tp} of {tp + fn}); "
              f"lines meaning nothing heard as nothing: {quiet} of {nothing}")  # fmt: skip


if __name__ == "__main__":
    main()

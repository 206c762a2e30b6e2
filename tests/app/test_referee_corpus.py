"""The labelled corpus is the specification of understanding: every line of
``tests/data/referee/corpus.toml``, typed in its situation into a real game with the
offline referee, must be understood at the target rate — and never acted on wrongly."""

from __future__ import annotations

from tests.benchmarks.bench_referee import evaluate
from tests.referee_corpus import CORPUS

ACCURACY = 0.95
"""The share of lines understood as labelled (intent, target, spell and action)."""


async def test_the_corpus_is_understood_and_no_wrong_action_is_taken() -> None:
    verdicts = await evaluate(CORPUS, timed=False)
    wrong = [(v.line.text, v.wrong) for v in verdicts if v.wrong]
    assert wrong == []
    right = sum(v.correct for v in verdicts)
    missed = [f"{v.line.text!r} -> {v.understood}" for v in verdicts if not v.correct]
    assert right / len(verdicts) >= ACCURACY, "\n".join(missed)

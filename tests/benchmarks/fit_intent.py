"""Fit the intent head's shipped weights (``app/world/meaning_model/intent.npz``, read by
:mod:`app.world.intent`), once, by a developer — never at run time: one logistic head per
kind of words, on every judgment corpus worked against (the frozen holdouts never) and the
authors' examples (:mod:`tests.benchmarks.intent_corpus`). Deterministic: the same files
give the same weights. Run ``python -m tests.benchmarks.fit_intent``; then read the
held-out figure with ``python -m tests.benchmarks.bench_intent_lofo``, since weights
fitted on every corpus flatter ``bench_judgments``."""

from __future__ import annotations

import numpy as np

from app.world import intent
from tests.benchmarks.intent_corpus import authors, corpora, features, fit_heads, lines


def main() -> None:
    """Fit the heads and write them."""
    corpus = lines(corpora())
    examples = authors()
    heads = fit_heads(
        corpus,
        features([line.text for line in corpus]),
        examples,
        features([text for text, _ in examples]),
    )
    path = intent._weights_path()
    with path.open("wb") as out:
        np.savez_compressed(out, **{k: w.astype(np.float32) for k, w in heads.items()})
    print(f"wrote {path.name}: {len(corpus)} corpus lines, {len(examples)} examples")


if __name__ == "__main__":
    main()

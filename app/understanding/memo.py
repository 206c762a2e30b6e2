"""Readings of the words alone, remembered.

Some steps of reading a line look only at its words and the language's vocabulary — which
fillers open it, whether it asks to take a turn back, where it may be cut into clauses —
and a game reads the same lines again and again ("attack the nearest foe", round after
round). Their answers are kept, keyed by the words (and the vocabulary, by identity: a
vocabulary is loaded once and never changed), so each is worked out once. Nothing that
reads the game goes through here: what the scene, the people or the fight make of a line
is read afresh every time.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TypeVar

from app.understanding.vocabulary import Vocabulary

T = TypeVar("T")

MOST_KEPT = 4096
"""Answers kept per step; past it they are all forgotten at once (lines are short and
few: a game never comes near it, a corpus run does)."""


_ALL_KEPT: list[dict[tuple[str, int], object]] = []
"""Every step's answers, so they can all be forgotten at once (:func:`forget`)."""


def forget() -> None:
    """Forget every answer kept: a reading measured from its start (a test that counts
    what is worked out) starts from nothing kept."""
    for kept in _ALL_KEPT:
        kept.clear()


def by_words(step: Callable[[str, Vocabulary], T]) -> Callable[[str, Vocabulary], T]:
    """``step`` (a pure reading of words in one vocabulary) with its answers kept. Its
    answer must not be changed by whoever receives it (a string, a bool, a tuple)."""
    kept: dict[tuple[str, int], tuple[Vocabulary, T]] = {}
    _ALL_KEPT.append(kept)  # type: ignore[arg-type]

    @wraps(step)
    def remembered(words: str, vocab: Vocabulary) -> T:
        key = (words, id(vocab))
        found = kept.get(key)
        if found is not None and found[0] is vocab:
            return found[1]
        answer = step(words, vocab)
        if len(kept) >= MOST_KEPT:
            kept.clear()
        kept[key] = (vocab, answer)
        return answer

    return remembered

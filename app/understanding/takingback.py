"""Players asking, in their own words, to take a turn back ("undo that", "oops, go back a
turn"): a request to the game, not something their character does. The front ends answer
it with the ``/undo`` hint before the line reaches the DM (no turn is spent on it), and
the understanding stage reads it as a request for help, so no brain acts on it."""

from __future__ import annotations

import re

from app.understanding.memo import by_words
from app.understanding.vocabulary import ENGLISH, Vocabulary, vocabulary_for
from app.understanding.words import has_phrase, normalise, starts_with

HINT = (
    "To take a turn back, type /undo (dice and all); /redo brings it back, and /rewind N "
    "goes back to before turn N."
)
"""What a player asking to take a turn back is told."""


def _without_openers(said: str, openers: tuple[str, ...]) -> str:
    """``oops undo that`` → ``undo that``."""
    ordered = sorted(openers, key=len, reverse=True)
    changed = True
    while changed and said:
        changed = False
        for opener in ordered:
            if starts_with(said, opener) and said != opener:
                said = said[len(opener) :].strip()
                changed = True
                break
    return said


@by_words
def takes_back(said: str, vocab: Vocabulary) -> bool:
    """The normalised line asks to take a turn back."""
    words = vocab.taking_back
    core = _without_openers(said, words.get("openers", ()))
    for tail in (" please", " pls", " now"):
        core = core.removesuffix(tail)
    if core in words.get("lines", ()):
        return True
    if any(starts_with(core, line) for line in words.get("lines", ()) if _POINTED.search(line)):
        return True  # "oops wait undo that, I wanted to rest first": the why after it
    if _ENDS_ASKING.search(said):  # "WHAT?? i said i don't shoot her. undo"
        return True
    return any(has_phrase(said, p) for p in words.get("anywhere", ()))


_POINTED = re.compile(r"^(?:undo|rewind|redo) (?:that|this)$")
"""A way of asking that points at the turn just played ("undo that"), not at a thing ("undo
the knot", "take that back to Berta")."""
_ENDS_ASKING = re.compile(r"\b(?:undo|rewind)(?: (?:that|it|this|pls|please|now))*\W*$")
"""A line that ends by asking to undo, whatever it said before ("oops wrong thing, undo
that")."""


def asks_to_take_back(text: str, language: str | None = None) -> bool:
    """A typed line (the action, without ``Name:``) asks to take a turn back."""
    vocab = vocabulary_for(language or "en") or ENGLISH
    return takes_back(normalise(" ".join(text.split())), vocab)

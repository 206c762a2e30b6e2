"""The words the game knows to be words: the language's (the meaning model's vocabulary),
its own vocabulary's, and those of the campaign being played. A word it knows is taken as
itself, never as a slip of another ("stack" is no "stab", the campaign's "locket" no
"pocket")."""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

from app.understanding.vocabulary import HERE
from app.world.campaign import Campaign


@cache
def english_words() -> frozenset[str]:
    """Whole English words the meaning model knows (its word-piece vocabulary, some 25,000
    words): read once, when first asked, so a real word one slip from a verb or a name of
    the game's ("stack" and "stab", "whole" and "hole") is taken as itself. Empty if the
    model's files are missing."""
    try:
        text = resources.files("app.world").joinpath("meaning_model", "tokenizer.json")
        vocab = json.loads(text.read_text(encoding="utf-8"))["model"]["vocab"]
    except (OSError, ValueError, KeyError, TypeError):
        return frozenset()
    return frozenset(w for w in vocab if w.isalpha())


@cache
def vocabulary_words() -> frozenset[str]:
    """Every word the game's own vocabulary file uses, and a few cries ("ouch")."""
    text = (HERE / "en.toml").read_text(encoding="utf-8").lower()
    return frozenset(re.findall(r"[a-z]+", text)) | _CRIES


_CRIES = frozenset({"ouch", "oops", "yikes", "welp", "ugh", "meh", "nah", "yep", "yup",
                    "hmm", "huh", "eek", "argh", "oof", "yay", "phew", "whoa", "wow"})  # fmt: skip


@cache
def known_words() -> frozenset[str]:
    """The language's words and the game's own (empty without the model's files, so that
    nothing is then taken for a slip)."""
    language = english_words()
    return language | vocabulary_words() if language else frozenset()


_LAST: list[tuple[Campaign, frozenset[str]]] = []
"""The campaign last asked about, and the words known with it (one campaign is played at
a time)."""


def known_with(campaign: Campaign | None) -> frozenset[str]:
    """:func:`known_words` and every word of the campaign's own text (names, items,
    scenes, descriptions), gathered once per campaign; empty without the model's files."""
    known = known_words()
    if campaign is None or not known:
        return known
    if not _LAST or _LAST[0][0] is not campaign:
        words = frozenset(re.findall(r"[a-z]+", campaign.model_dump_json().lower()))
        _LAST[:] = [(campaign, known | words)]
    return _LAST[0][1]

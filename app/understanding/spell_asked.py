"""Which spell a question asks about ("what does magic missile do", "vicious mockery's
save?", "how much does guiding bolt heal"), so the reading carries it and the answer is
about that spell. Read here once for both: the understanding stage marks the question,
and the referee's answer (:mod:`app.referee.answering_rules`) looks the spell up.
"""

from __future__ import annotations

import re
from dataclasses import replace

from rapidfuzz import fuzz

from app.understanding.intent import Intent
from rules.srd import srd

_ASKED_WHAT = (
    "what does",
    "what is",
    "how does",
    "what do",
    "how long does",
    "how big is",
    "how far does",
    "how wide is",
    "area of",
    "size of",
)
"""A one-word spell name ("sleep", "light") is the spell only in a question of what it does
or beside the word spell, or leading the question: "can I light the lamp" is a word, "can
sleep hit undead" the spell."""

_SPELL_WORDS = (
    "spell",
    "cast",
    "casting",
    "cantrip",
    "damage",
    "range",
    "dc",
    "area",
    "cone",
    "cube",
    "radius",
)


def spell_named(words: tuple[str, ...], singled_out: bool) -> str | None:
    """The id of the spell the words name, the longest name first; a misspelt long name ("magic
    misile") counts; a one-word name only where it cannot be a plain word (above)."""
    text = f" {' '.join(words)} "
    spells = srd().spells.entries
    found = [key for key, s in spells.items() if f" {s.name.lower()} " in text]
    if not found:
        found = _misspelt(words)
    if not found:
        return None
    key = max(found, key=lambda k: len(spells[k].name))
    name = spells[key].name.lower()
    if " " in name:
        return key
    asked = any(w in words for w in _SPELL_WORDS) or any(f" {p} " in text for p in _ASKED_WHAT)
    asked = asked or any(f" {name} {do} " in text for do in ("do", "does", "do again"))
    if asked and not singled_out:
        return key
    if words[:1] in (("can",), ("does",), ("will",)) and words[1:2] == (name,):
        return key  # "can sleep affect undead": the spell the question leads with
    return None


def _misspelt(words: tuple[str, ...]) -> list[str]:
    """Spells of a long name the words misspell, as the parser reads one."""
    found = []
    for key, spell in srd().spells.entries.items():
        name = spell.name.lower()
        n = len(name.split())
        if len(name) < 8:
            continue
        if any(
            fuzz.ratio(" ".join(words[i : i + n]), name) >= 85 for i in range(len(words) - n + 1)
        ):
            found.append(key)
    return found


def with_spell_asked(read: Intent) -> Intent:
    """A question (and each further question in the line) marked with the spell it asks
    about, when it names one."""
    if read.kind == "question" and read.spell is None:
        said = re.sub(r"'s\b", "", read.text.lower().replace("\u2019", "'"))
        spell = spell_named(tuple(re.findall(r"[a-z0-9+]+", said)), bool(read.targets))
        if spell is not None:
            read = replace(read, spell=spell)
    if read.then and any(c.kind == "question" for c in read.then):
        read = replace(read, then=tuple(with_spell_asked(c) for c in read.then))
    return read

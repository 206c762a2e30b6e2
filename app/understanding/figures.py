"""A figure asked in shorthand: "longbow damage", "magic missile dmg per dart?", "sacred
flame dc", "longsword damage is what, d8?" — a weapon's or a spell's number — or "mira's
hp", "bram's ac" — a friend's — asked of the DM. Said in a fight, with the weapon or the
spell at the front, such a line reads like a blow or a cast; it is a question, answered
from the rules and the sheets, and no action is spent."""

from __future__ import annotations

import re

from app.understanding.intent import Intent
from app.understanding.readings import Context
from app.understanding.spells import spells_named
from app.understanding.words import phrase_at

_FIGURE = re.compile(r"\b(?:damage|dmg|dice|die|range|reach|to[- ]hit|save dc|dc)\b")
"""Words that name a figure of a weapon or a spell (not "bonus": "spiritual weapon (bonus)"
is the bonus action it is cast with)."""
_ASKING = frozenset({
    "what", "whats", "what's", "is", "the", "my", "your", "how", "much", "does", "do", "a",
    "an", "again", "of", "for", "its", "it's", "on",
})  # fmt: skip
"""Words a shorthand question may have around the name ("what's the longbow damage")."""
_AFTER = re.compile(
    r"^(?:(?:per|a|each|one) (?:dart|missile|bolt|hit|ray|beam|target)|is what|again|like|"
    r"roll|rolled|of it|then|exactly|on this|on that|d\d+|\d+d\d+|or|and|what|[,.;:!? ])*$"
)
"""What may follow the figure's word: "per dart", "is what, d8", "again"."""
MOST_WORDS = 9
"""A shorthand question is short: a longer line says more than a figure asked."""


_SHEET = re.compile(
    r"^(?P<who>[a-z]+(?: [a-z]+)?)'s (?:current |max |maximum )?(?:hp|hit points|health|ac|"
    r"armou?r class|spell slots|slots|level|xp|speed|initiative)(?: left| now| again)?$"
)
"""A friend's number asked in shorthand: "mira's hp", "cass's AC"."""


def figure_asked(ctx: Context) -> Intent | None:
    """The line asks a weapon's, a spell's or a friend's figure in shorthand, else
    ``None``."""
    said = ctx.said
    if len(said.split()) > MOST_WORDS:
        return None
    sheet = _SHEET.match(said.rstrip("?. "))
    if sheet is not None:  # "mira's hp": hers, asked (as "what's mira's hp")
        friends = ctx.named("member", text=sheet["who"])  # (not "what's AC?": no friend)
        if friends:  # (as sure as "what's Aria's hp")
            return ctx.intent("question", targets=(friends[0].id,), confidence=0.9)
    found = _FIGURE.search(said)
    if found is None or not _AFTER.match(said[found.end() :].strip()):
        return None
    named = said[: found.start()].split()
    while named and named[0] in _ASKING:
        named = named[1:]
    while named and named[-1] in _ASKING:
        named = named[:-1]
    name = " ".join(named)
    if not name:
        return None
    weapon = any(phrase_at(name, w) == 0 and len(w) == len(name) for w in ctx.vocab.weapons)
    spell = spells_named(name)
    if not weapon and not (spell and len(name.split()) <= 3):
        return None
    return ctx.intent("question", spell=spell[0] if spell and not weapon else None)

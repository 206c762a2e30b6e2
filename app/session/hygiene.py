"""Input hygiene: every line a player types goes through here first, in every front end.

A terminal obeys what it prints. A pasted escape sequence can clear the screen, retitle the
window or hide text, and a bidirectional override can make a line read differently than it
is stored — so control characters and escape sequences are removed before anything is
echoed, queued or saved. Over-long lines are refused with the limit named (never cut
silently, never allowed to crash a model further down), and the front end keeps the text
so the player can shorten it.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from app.world.actions import MAX_ACTION_CHARS
from app.world.printable import ESCAPES as _ESCAPES
from app.world.printable import HIDDEN

MAX_LINE = MAX_ACTION_CHARS
"""The longest line a player may send (an action is stored as typed, up to this)."""

MAX_NAME = 40
"""The longest player or save name echoed back."""

_BIDI_CONTROLS = HIDDEN
"""Embeddings, overrides and isolates (they reorder how a line is displayed: right-to-left
text itself needs none of them, letters carry their direction), zero-width spaces, soft
hyphens and byte-order marks: the same characters a save drops when it is read, so a line
typed with one comes back from the save as it was kept."""

_SPACES = frozenset("\t\n\r\v\f\u2028\u2029\x85")
"""Line and tab controls become a plain space, so words stay apart."""


def strip_controls(text: str) -> str:
    """``text`` without escape sequences or control characters (tabs and line breaks
    become spaces); letters, emoji (with their joiners) and right-to-left text are kept."""
    text = _ESCAPES.sub("", text)
    kept = []
    for char in text:
        if char in _SPACES:
            kept.append(" ")
        elif char in _BIDI_CONTROLS or unicodedata.category(char) in ("Cc", "Cs"):
            continue
        else:
            kept.append(char)
    return "".join(kept)


@dataclass(frozen=True)
class Line:
    """A typed line after hygiene: the clean ``text``, or why it cannot be sent."""

    text: str
    problem: str = ""
    """Empty when the line may be used; otherwise a message for the player."""

    @property
    def ok(self) -> bool:
        """The line may be used."""
        return not self.problem


def clean_line(raw: str, limit: int = MAX_LINE) -> Line:
    """The one gate for typed input: strip controls and escapes, trim, and refuse a line
    longer than ``limit`` characters (the text comes back so the front end can keep it)."""
    text = strip_controls(raw).strip()
    if len(text) > limit:
        return Line(
            text,
            f"That line is {len(text):,} characters; the limit is {limit:,}. "
            "Shorten it and send it again.",
        )
    return Line(text)


def clean_name(raw: str, limit: int = MAX_NAME) -> str:
    """A name to echo back (a player joining, a save): clean, single-spaced, and short."""
    name = " ".join(strip_controls(raw).split())
    return name if len(name) <= limit else name[: limit - 1] + "…"


__all__ = ["MAX_LINE", "MAX_NAME", "Line", "clean_line", "clean_name", "strip_controls"]

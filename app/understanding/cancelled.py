"""A deed taken back by name in the line that replaces it: "never mind ringing it",
"actually forget the bell, let's go down". What is named after "never mind" or "forget" is
what the player does *not* want; only the rest of the line is read. (A bare "never mind,
I'll ring it" changes the mind the other way:
:data:`app.understanding.second_thoughts.CHANGED_MIND`.)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from app.understanding.intent import Intent

_CANCELLED = re.compile(
    r"(?<![\w'’])(?<!don't )(?<!dont )(?<!not )(?<!never )(?<!i )(?<!we )(?<!you )"
    r"(?:(?:actually|ok|okay|no|nah|wait|hmm|um|so)[,.]?\s+)*"
    r"(?:never ?mind|forget(?: about)?)\s+"
    r"(?:(?:it|that|this)\b|(?:the|about|doing|trying|to|my|our)\b[^,.!?;:]*|[a-z]+ing\b[^,.!?;:]*)"
    r"(?:[,.!?;:]+\s*|$)",
    re.I,
)
""""never mind ringing it.", "forget the bell,", "forget about the lock;": the deed taken
back, with its own end; not "don't forget the rope" (a reminder), "I forget the way" (said
of oneself) nor "never mind, …"."""


def without_cancelled(text: str, actor: str | None, read: Callable[[str], Intent]) -> Intent | None:
    """What a line that takes deeds back by name means: the rest of it read (``read``), or
    a question back when nothing else is said; ``None`` when it takes nothing back."""
    if _CANCELLED.search(text) is None:
        return None
    rest = _CANCELLED.sub(" ", text).strip(" ,.;-")
    meant = read(rest) if rest else None
    if meant is not None and meant.kind != "ask":
        return replace(meant, text=text)
    return Intent(kind="ask", text=text, actor=actor, confidence=0.3,
                  note="taken back: nothing is done; say what to do instead")  # fmt: skip

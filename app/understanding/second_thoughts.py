"""Second thoughts inside one line: a deed taken back for another ("I pick the lock.. wait
no, I kick the trapdoor", "fire bolt... no, ray of frost the wounded one") and a deed
broken off for a question ("I shoot... wait which rat is closest to Aria")."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from app.understanding.clauses import mentions_back, refer_back
from app.understanding.intent import Intent
from app.understanding.pieces import NOT_A_DEED

CHANGED_MIND = re.compile(
    r"\b(wait,? no|no,? wait|actually,? no|no,? actually|never ?mind|scratch that|or maybe|"
    r"just kidding|only kidding|jk|j/k)\b"
    r"|(?:\.{2,}|…|,)\s*no(?=\s*(?:,|\.{2,}|…|!))|(?<=\w)(?:\.{2,}|…)\s*no\s",
    re.I,
)
"""A line that takes itself back is read whole (the parser says so): "… wait no, …",
"fire bolt... no, ray of frost"."""
_TAKEN_BACK_ALL = re.compile(
    r"\b(?:wait|no|nope|nah|actually|never ?mind|scratch that|forget (?:it|that)|cancel(?: that)?|"
    r"just kidding|only kidding|jk|j/k|don'?t|not that|sorry|ignore that|my bad|oops)\b",
    re.I,
)
"""Words that only take back, with nothing after them to do instead."""
_PAUSED = re.compile(
    r"(?:\.{2,}|…|,|\s[—–-]{1,2})\s*(?:wait|hold on|hang on)\b[,.!]*\s+(?=(?:which|what|who|"
    r"where|how|is|are|do|does|did|can|could|would|will)\b)",
    re.I,
)
"""A deed broken off for a question ("I shoot... wait which rat is closest to Aria")."""


_SECOND_START = re.compile(r"^(?:(?:wait|actually|no|nah|hmm+|um+|instead)\b[\s,.!…-]*)+", re.I)
"""Words a second thought opens on before the deed ("… no *wait, actually* shoot her")."""


def second_thought(text: str, read: Callable[[str], Intent]) -> Intent | None:
    """What a line that changes its mind means (``read`` reads a piece of it), or ``None``
    for a line that does not, or whose second thought is no plainer than the whole."""
    changed = CHANGED_MIND.search(text)
    if changed is not None and not _TAKEN_BACK_ALL.sub("", text[changed.start() :]).strip(
        " ,.!?;:-—–…"
    ):  # "I throw my handaxe at the curtain — wait no, scratch that": nothing is left to do
        first = read(text[: changed.start()])
        return replace(first, kind="ask", text=text, targets=(), then=(), alternatives=(),
                       extra=(), confidence=0.2, note="you changed your mind mid-line")  # fmt: skip
    if changed is not None and text[changed.end() :].strip(" ,.!-"):
        # "I pick the lock.. wait no, I kick the trapdoor": the last word is the one meant
        tail = _SECOND_START.sub("", text[changed.end() :].strip(" ,.!-"))  # ("… no wait, …")
        held = re.search(r"\bmy ([a-z]+(?: [a-z]+)?)\b", text[: changed.start()].lower())
        if held is not None and mentions_back(tail):  # "drink my potion, no wait, pour it …"
            tail = refer_back(tail, f"my {held.group(1)}")
        meant = read(tail)
        if meant.kind not in NOT_A_DEED | {"question"} and meant.confidence >= 0.7:
            return replace(meant, text=text)
        taken_back = not (changed.group(1) or "").lower().startswith("or")  # ("or maybe …")
        first = read(text[: changed.start()]) if taken_back else meant
        if taken_back and first.kind in ("attack", "cast") and first.targets and not first.then:
            # "I stab the little one, no wait, the boss. the boss.": the blow, at that one
            aimed = read(f"attack {tail}")
            if aimed.kind == "attack" and aimed.targets and aimed.confidence >= 0.85:
                return replace(first, targets=aimed.targets, text=text)
    paused = _PAUSED.search(text)
    if paused is not None:  # "I shoot... wait which rat is closest to Aria": asked, not done
        asked = read(text[paused.end() :])
        if asked.kind == "question":
            return replace(asked, text=text)
    return None

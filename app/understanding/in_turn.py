"""A paragraph that tells two deeds in turn ("… sends a bolt of fire straight at it. Then
she takes a step back towards the stairs"; "I tell Nessa to stay up here …, and then I
head for the shore steps"): the deed the story before ends with, then that one."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from app.understanding.clauses import mentions_back, refer_back
from app.understanding.intent import Intent
from app.understanding.pieces import NOT_A_DEED
from app.world.state import GameState

_THEN_SENTENCE = re.compile(
    r"(?<=[.!?])\s+(?:and\s+)?(?:then|after that|afterwards|next|once that's done)\b,?\s*",
    re.IGNORECASE,
)
"""A sentence of a paragraph that says what comes next ("… Then she turns on the wolf")."""
_THEN_I = re.compile(r",\s*and then (?=(?:i|we)\s)", re.IGNORECASE)
"""The speaker's next deed after a comma ("I tell Nessa to stay up here …, and then I head
for the shore steps")."""
_TOLD = NOT_A_DEED | {"question", "talk"}
_SAID_FIRST = re.compile(r"^(?:[\w\s,]{0,30}:\s*)?[\"“][^\"”]*[\"”]\s*(?=(?:he|she|they)\s)", re.I)
"""Words said before the deed the sentence tells ("ashamed: "No. With you." He steps …")."""


def in_turn(text: str, state: GameState, read: Callable[[str], Intent]) -> Intent | None:
    """A paragraph that tells two deeds in turn, the second in a sentence of its own that
    starts "Then …" ("… sends a bolt of fire straight at it. Then she takes a step back
    towards the stairs"): the deed the story before it ends with, then that one."""
    marks = list(_THEN_SENTENCE.finditer(text)) or list(_THEN_I.finditer(text))
    if not marks:
        return None
    mark = marks[-1]
    head, tail = text[: mark.start()].strip(), text[mark.end() :].strip()
    if len(head.split()) < 4 or len(tail.split()) < 3:
        return None
    first = read(head)
    first = replace(first.then[-1], text=first.text) if first.then else first  # its last deed
    if first.kind in NOT_A_DEED | {"question"} or (first.confidence < 0.7 and not first.note):
        return None  # (a deed that cannot be done is kept, to be said plainly)
    if first.kind == "improvise" and first.extra[:1] != ("free",):
        return None  # a ruling on story told on the way ("glares at the padlock …"): no deed
    last = first
    said_first = _SAID_FIRST.match(tail)
    if said_first is not None and len(tail[said_first.end() :].split()) >= 3:
        tail = tail[said_first.end() :]  # ("Then, ashamed: "No. With you." He steps inside"):
        # the words are said on the way; the going is the deed
    if mentions_back(tail) and last.target:
        tail = refer_back(tail, state.name_of(last.target))
    second = read(tail)
    if second.kind in _TOLD - {"talk"} or second.confidence < 0.7:
        return None
    if first.kind == "talk" and second.kind == "talk" and first.target == second.target:
        return None  # words to one person, told at length: one speech
    return replace(first, text=text, then=(replace(second, then=()), *second.then))

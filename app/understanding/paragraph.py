"""A paragraph a player writes around one deed, read as a DM skims it.

Players who write at length set the scene first and end with what they do ("… and she
puts an arrow into him"), or write their character's words in quotes to someone present
("'… Tell me about the chapel.'"). So a paragraph is read: words in quotes to a person
here are talk to them; otherwise its last sentence that says a deed is the deed, and
only failing both is the whole paragraph read as one line.
"""

from __future__ import annotations

import re
from dataclasses import replace

from app.understanding.intent import Intent
from app.understanding.parse import understand_clause
from app.world import view
from app.world.campaign import Campaign
from app.world.state import GameState

QUOTED = re.compile(r"[\"“«]([^\"”»]{12,})[\"”»]|(?:^|\s)['‘](.{12,}?)['’](?=[\s.,!?]|$)")
"""Words in quotes, long enough to be speech ('…', "…")."""
SENTENCE = re.compile(r"(?<=[.!?])\s+")
NOT_A_DEED = frozenset({"ask", "foreign", "refuse", "help"})


def paragraph(
    text: str, whole: Intent, actor: str | None, state: GameState, campaign: Campaign | None,
    language: str | None,
) -> Intent:  # fmt: skip
    """The deed a long line is about (``whole`` when nothing reads better)."""
    spoken = _spoken_to(text, whole, actor, state, campaign, language)
    if spoken is not None:
        return spoken
    if whole.kind != "ask" or whole.alternatives:
        return whole  # one deed in the story around it, or a choice to offer back
    plain = re.sub(r"\([^)]*\)", " ", QUOTED.sub(" ", text))  # asides in brackets aside
    for sentence in reversed([s for s in SENTENCE.split(plain) if s.strip()][-3:]):
        read = understand_clause(sentence, actor, state, campaign, language=language)
        if read.kind not in NOT_A_DEED and read.confidence >= 0.7:
            return replace(read, text=text)
    return whole


def _spoken_to(
    text: str, whole: Intent, actor: str | None, state: GameState, campaign: Campaign | None,
    language: str | None,
) -> Intent | None:  # fmt: skip
    """Talk to the one person here the paragraph speaks to, when it quotes speech."""
    if campaign is None or state.encounter is not None or not QUOTED.search(text):
        return None
    gesture = whole.kind == "improvise" and whole.action == "auto"  # "brushes the dirt off"
    if whole.kind not in ("move", "examine", "ask") and not gesture:
        return None  # read as words already, or as a deed the words go with
    here = view.npcs_here(state, campaign)
    outside = QUOTED.sub(" ", text)
    named = understand_clause(outside, actor, state, campaign, language=language)
    people = [t for t in named.targets if t in here] or (here if len(here) == 1 else [])
    if not people:
        return None
    return Intent(kind="talk", text=text, actor=whole.actor, character=whole.character,
                  targets=(people[0],), language=whole.language, confidence=0.8)  # fmt: skip

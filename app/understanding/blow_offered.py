"""A blow or a throw told in a line that also offers, pleads or bargains ("I offer him… my
dagger! *throws it at his face*"): the words are a joke on the deal, the blow is meant. No
talk of peace is rolled for it; the DM asks, as a blow at one who is talking is asked."""

from __future__ import annotations

import re
from dataclasses import replace

from app.understanding.clauses import QUOTED_SPEECH
from app.understanding.intent import Intent
from app.world.state import GameState

_HOSTILE = re.compile(
    r"\b(?:throws?|hurls?|flings?|stabs?|attacks?|punch(?:es)?|shoots?|swings?|spits?)\b"
    r"[^.!?]{0,30}?\b(?:at|into) (?:his|her|their|its|him|them)\b",
    re.IGNORECASE,
)
_WORDS = frozenset({"persuasion", "deception"})
"""The skills of a challenge won by talk (a parley, a lie)."""


def blow_with_the_offer(read: list[Intent], text: str, state: GameState) -> list[Intent]:
    """The line's clauses, with a challenge won by talk asked back instead when the line
    also tells a blow or a throw at someone (never rolled as the talk it mocks)."""
    campaign = state.campaign
    told = QUOTED_SPEECH.sub(" ", text)
    if campaign is None or _HOSTILE.search(told) is None:
        return read
    for clause in read:
        spec = campaign.challenges.get(clause.target or "") if clause.kind == "challenge" else None
        if spec is not None and spec.skill is not None and spec.skill.value in _WORDS:
            asked = replace(clause, kind="ask", targets=(), confidence=0.3, then=(),
                            note="a blow told with an offer is no offer: say plainly whether "
                                 "to attack, or to talk")  # fmt: skip
            return [asked]
    return read

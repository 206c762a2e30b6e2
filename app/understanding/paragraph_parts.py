"""A paragraph cut into the doings it tells, and the deeds found among them that the
paragraph as a whole may hide: a blow that opens a fight out of one, and, in a fight, the
deed told beside words to someone ("… gulps down his healing potion and shouts for Aria to
get behind him"): in a fight, words are free and the deed is the turn.
"""

from __future__ import annotations

import re
from dataclasses import replace

from app.understanding.intent import Intent
from app.understanding.parse import understand_clause
from app.world.campaign import Campaign
from app.world.state import GameState

QUOTED = re.compile(r"[\"“«]([^\"”»]{12,})[\"”»]|(?:^|\s)['‘](.{12,}?)['’](?=[\s.,!?]|$)")
"""Words in quotes, long enough to be speech ('…', "…")."""
SENTENCE = re.compile(r"(?<=[.!?])\s+")
PART = re.compile(r"\s*(?:,\s*(?:and\s+)?then\b|\bthen\b|,?\s+and\b|[;,:]|\s[—–-]+\s)\s*")
"""Where a sentence of story turns from one doing to the next."""
PURPOSE = re.compile(r"^(?:hoping|trying|so that|so as to|in order|in the hope|to|wanting)\b", re.I)
"""A part that says what a deed is for, not a deed."""
_TURN_DEEDS = frozenset({"attack", "cast", "feature", "use", "manoeuvre"})
"""Deeds that are a turn in a fight, where words said beside them cost nothing."""


def parts(text: str) -> list[str]:
    """The paragraph's story cut where it turns from one doing to the next, words in quotes
    and asides in brackets left out."""
    plain = re.sub(r"\([^)]*\)", " ", QUOTED.sub(" ", text))
    return [p.strip() for s in SENTENCE.split(plain) for p in PART.split(s) if p and p.strip()]


def opening_blow(
    text: str, actor: str | None, state: GameState, campaign: Campaign | None,
    language: str | None,
) -> Intent | None:  # fmt: skip
    """Out of a fight, the paragraph's last part that strikes, sure of it, at the foes in
    view (a fight of this place not yet fought), never one said as a hope or a plan."""
    encounters = campaign.encounters if campaign is not None else {}
    for part in reversed(parts(text)):
        if PURPOSE.match(part) or re.search(r"\b(?:if|would|could|might|ready to)\b", part):
            continue
        said = understand_clause(part, actor, state, campaign, language=language)
        at_foes = bool(said.targets) and all(t in encounters for t in said.targets)
        if said.kind == "attack" and at_foes and said.confidence >= 0.8:
            return replace(said, text=text)
    return None


def sure_deeds(
    text: str, actor: str | None, state: GameState, campaign: Campaign | None,
    language: str | None, kinds: frozenset[str],
) -> list[Intent]:  # fmt: skip
    """The paragraph's doings that, each read alone, are a deed of these kinds the reading
    is sure of (what a part says a deed is for left out), in the order told."""
    return [
        said
        for part in parts(text)
        if not PURPOSE.match(part)
        and (said := understand_clause(part, actor, state, campaign, language=language)).kind
        in kinds
        and said.confidence >= 0.8
    ]


def deed_beside_talk(
    text: str, actor: str | None, state: GameState, campaign: Campaign | None,
    language: str | None,
) -> Intent | None:  # fmt: skip
    """In a fight, the one sure deed of a turn a paragraph read as talk tells among its
    doings ("… gulps down his healing potion and shouts for Aria to get behind him": the
    potion); ``None`` out of a fight, or with no such deed or more than one kind of it."""
    if state.encounter is None:
        return None
    found = sure_deeds(text, actor, state, campaign, language, _TURN_DEEDS)
    if len({(f.kind, f.action, f.spell) for f in found}) != 1:
        return None
    return replace(found[0], text=text)

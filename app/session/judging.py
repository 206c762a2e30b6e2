"""Interpretive judgments in a turn: provisional ones from the scene's sensitivity map,
before the DM is called (every brain, the offline referee included). Their refinement (by
an AI DM's ``record_judgment``, or a side call) is :func:`app.world.judgments.refine`.

A provisional judgment lets the world react at once to the obvious ("I promise we'll bring
Tam back"); refinement corrects it with a deeper reading.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from app.actions.events import SessionEvent
from app.actions.telling import tell
from app.session.stage2 import JUDGED_KINDS, Line
from app.world import view
from app.world.judgments import JudgmentError, Refined, counts, enter, refine
from app.world.ledger import LedgerEvent
from app.world.sensitivity import sensitivity_map
from app.world.state import GameState
from app.world.truth import Judgment

__all__ = ["JUDGED_KINDS", "JudgmentError", "Refined", "counts", "provisional", "refine"]


_SPOKEN = re.compile(
    r"\b(?:you|your|yours|you're|youre|ya|y'all|we'll|we will|we're|promise|swear|thanks?|"
    r"sorry|please|deal|offer|trade)\b|[\"“”']|\?",
    re.IGNORECASE,
)
"""Words that make a line the game could not place speech to someone ("we'll bring him
back, I promise"): without them it is a deed narrated ("i shove the rat into the barrel",
"ugh. ow. try again"), and weighs with nobody."""


def provisional(
    state: GameState, lines: Sequence[Line], *, foreign: bool = True
) -> list[SessionEvent]:
    """Match each line against the scene's sensitivity map; each match enters the truth set
    as a provisional judgment (and moves the scores it shifts). Returns what the players
    are shown. ``foreign``: lines in another language are weighed too (a DM that reads
    them); a DM that tells the table it cannot read them lets them move nobody."""
    campaign = state.campaign
    weighed = [
        line for line in lines
        if line.kind in JUDGED_KINDS and not line.asked_back
        and (foreign or line.kind != "foreign")
        and not (line.kind == "question" and line.addressee is None)  # asked of the DM
        and not (line.kind == "ask" and line.addressee is None and not _SPOKEN.search(line.text))
    ]  # fmt: skip
    if campaign is None or not campaign.judgments or not weighed:
        return []  # a foe's turn, a blow, a spell: no words to weigh, no map to build
    found = sensitivity_map(state)
    if not len(found):
        return []
    present = set(view.npcs_here(state, campaign))
    written: list[LedgerEvent] = []
    for line in weighed:
        done_to_a_thing = (line.kind == "improvise" and line.addressee is None
                           and not _SPOKEN.search(line.text))  # fmt: skip
        for match in found.heard(line.text, line.addressee, present):
            if done_to_a_thing and match.loose:
                continue  # "lok at the trapdor": at no one, so no guess at what it means to
                # them (a word the campaign wrote for it still counts: "spits on the floor")
            about = match.entry.spec.about
            spec = match.entry.spec
            judgment = Judgment(
                id=state.truth.next_judgment_id(), turn=state.turn, scene=state.scene.id,
                category=spec.category, watch=match.entry.id, about=about,
                speaker=line.character, direction=spec.direction,
                confidence=match.confidence, source="sensitivity",
                evidence=[line.evidence] if line.evidence is not None else [],
                description=(spec.description or f"said {match.keyword!r}")[:400],
            )  # fmt: skip
            written += enter(state, judgment, line.text)
    return tell(state, written)

"""The offline referee's showing and giving to people of the story: "show the receipt to
Malik", "show Malik the receipt", "give the locket to Wendel" — carried out through
``present_item``, so the deed is in the ledger for the campaign's conditions (``showed``,
``gave``) and the person answers in the campaign's words."""

from __future__ import annotations

import re

from app.actions.calls import ToolCall
from app.actions.handing import item_id
from app.referee.handling import Handling
from app.understanding import Intent
from app.understanding.words import has_phrase, normalise
from app.world import view
from app.world.state import GameState

SHOWING = re.compile(
    r"^\s*(?:[\w']+\s+)?(?:show|shows|present|presents|hold up|holds up|holds out|hold out|"
    r"flash|flashes|wave|waves)\s+(?P<rest>\S.*)$",
    re.IGNORECASE,
)
"""A line that shows something to someone ("show Malik the receipt")."""


class Showing(Handling):
    """Showing and giving carried things to people here."""

    def _person_named(self, state: GameState, text: str) -> str | None:
        campaign = self.campaign
        if campaign is None:
            return None
        said = normalise(text)
        for nid in view.npcs_here(state, campaign):
            npc = campaign.npcs[nid]
            if any(has_phrase(said, normalise(n)) for n in (npc.name, *npc.aliases)):
                return nid
        return None

    def _thing_named(self, state: GameState, actor: str, text: str) -> str | None:
        """What ``actor`` carries that the text names (as carried)."""
        campaign = self.campaign
        if campaign is None or actor not in state.party:
            return None
        said = normalise(text)
        for held in state.party[actor].inventory:
            iid = item_id(campaign, held)
            spec = campaign.items.get(iid)
            names = (held, *((spec.name, *spec.aliases) if spec is not None else ()))
            if any(has_phrase(said, normalise(n)) for n in names):
                return held
        return None

    def _showing(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall] | None:
        """The calls for a line that shows a carried thing to someone here, else ``None``."""
        found = SHOWING.match(intent.text)
        if found is None or state.encounter is not None:
            return None
        whom = self._person_named(state, found["rest"])
        held = self._thing_named(state, actor, found["rest"])
        if whom is None or held is None:
            return None
        return self._present(state, actor, whom, held, "show")

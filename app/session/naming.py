"""Who a typed name means: a character of the party by its id or name (any case), by its
first name, by its player's name when that player has only one, or ``anyone`` for
whoever may act now. Declared actions, scripts, sheets and levelling all read names so."""

from __future__ import annotations

from app.actions.beings import why_cannot_act
from app.session.session import GameSession
from app.world.actions import PlayerAction

ANYONE = "anyone"
"""Script name for "whoever may act now": the current combatant in a fight, else the first
party member who can act (conscious, not incapacitated) and whom the gate allows — fights
are hard to script turn by turn otherwise."""


def resolve_character(session: GameSession, name: str) -> str | None:
    """A character id from a name or id (case-insensitive), a player's only character, or
    ``Anyone``."""
    key = name.strip().lower()
    if key == ANYONE:
        encounter = session.state.encounter
        if encounter is not None:
            return encounter.current.id if encounter.current.id in session.state.party else None
        up = session.state.turn_order.active  # at a shared table: the player whose turn it is
        party = sorted(session.state.party, key=lambda c: session.state.controller_of(c) != up)
        for cid in party:
            if why_cannot_act(session.state, cid) is not None:
                continue  # the unconscious, the dead, the paralysed: someone else steps up
            probe = PlayerAction(
                character_id=cid, text="?", player=session.state.controller_of(cid) or ""
            )
            if session.gate.can_act(session.state, probe) is None:
                return cid
        return None
    for (
        cid,
        sheet,
    ) in session.state.party.items():  # a shown name first: "Mira" is whoever is called
        # Mira, though a character called Thorin sits in the place whose id is "mira"
        if key == sheet.name.lower():
            return cid
    for cid in session.state.party:
        if key == cid.lower():
            return cid
    # A player's own character is often called by its first name ("Kara" for "Kara Vell").
    first = [c for c, s in session.state.party.items() if s.name.split()[0].lower() == key]
    if len(first) == 1:
        return first[0]
    for player, ids in session.state.players.items():
        if player.lower() == key and len(ids) == 1:
            return ids[0]
    return None

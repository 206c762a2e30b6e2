"""Arrivals and departures: who comes into the party's scene and who leaves it.

The people present are the campaign's NPCs in the scene as the world stands (one who
appears because a flag is set, one gone once they died or fled as a foe) and the players
at the table. Each look compares them with the last look (kept in the truth set, so a
saved game goes on from where it was) and writes a ``CharacterArrival`` or
``CharacterDeparture`` for each difference. When the party itself changed scene the
``SceneEntered`` event says who is there, so the look only starts again.
"""

from __future__ import annotations

from app.world import view
from app.world.ledger import CharacterArrival, CharacterDeparture, LedgerEvent
from app.world.state import GameState


def present(state: GameState) -> list[str]:
    """Who is in the party's scene now: the NPCs there, then the players at the table."""
    return [*view.npcs_here(state, state.campaign), *state.players]


def note_arrivals(state: GameState) -> list[LedgerEvent]:
    """Write who arrived and who left since the last look; returns the events written."""
    truth = state.truth
    now = present(state)
    people = state.campaign.npcs if state.campaign is not None else {}
    for who in now:
        if who in people:  # where the journal says the party met them
            truth.met_at.setdefault(who, state.scene.id)
    if truth.present_in != state.scene.id:  # a new scene (or the first look): no news
        truth.present, truth.present_in = now, state.scene.id
        return []
    before = set(truth.present)
    written: list[LedgerEvent] = []
    for who in now:
        if who not in before:
            written.append(state.log_event(CharacterArrival(character=who)))
    still = set(now)
    for who in truth.present:
        if who not in still:
            written.append(state.log_event(CharacterDeparture(character=who)))
    truth.present = now
    return written

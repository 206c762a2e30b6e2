"""Telling the players what the event system changed: ledger events they should see, as
session events (a relationship that moved, an attitude that changed)."""

from __future__ import annotations

from collections.abc import Sequence

from app.dm.events import SessionEvent, StateChange
from app.world.ledger import LedgerEvent, RelationshipShifted, ThresholdCrossed
from app.world.state import GameState

_MOVES = {
    "trust": ("trusts {you} more", "trusts {you} less"),
    "affection": ("warms to {you}", "cools towards {you}"),
    "respect": ("respects {you} more", "respects {you} less"),
}


def tell(state: GameState, events: Sequence[LedgerEvent]) -> list[SessionEvent]:
    """The player-facing events for these ledger events (others are not shown)."""
    shown: list[SessionEvent] = []
    for event in events:
        if isinstance(event, RelationshipShifted):
            name = state.name_of(event.npc)
            campaign = state.campaign
            if campaign is not None and event.npc in campaign.npcs:
                name = campaign.npcs[event.npc].name
            you = "you" if event.toward == "party" else state.name_of(event.toward)
            up, down = _MOVES.get(event.dimension, (f"{event.dimension} +", f"{event.dimension} −"))
            said = (up if event.delta > 0 else down).format(you=you)
            heard = " (word reached them)" if event.heard_from else ""
            shown.append(
                StateChange(
                    kind="relationship",
                    target_id=event.npc,
                    description=f"{name} {said}{heard} — {event.dimension} {event.value:g}",
                    before=f"{event.value - event.delta:g}",
                    after=f"{event.value:g}",
                )
            )
        elif isinstance(event, ThresholdCrossed) and event.key.startswith("affection."):
            npc = event.key.split(".", 1)[1]
            campaign = state.campaign
            name = campaign.npcs[npc].name if campaign and npc in campaign.npcs else npc
            shown.append(
                StateChange(
                    kind="relationship",
                    target_id=npc,
                    description=f"{name} is now {event.threshold} towards you",
                    after=event.threshold,
                )
            )
    return shown

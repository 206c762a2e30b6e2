"""Telling the players what the event system changed: ledger events they should see, as
session events (a relationship that moved, an attitude that changed)."""

from __future__ import annotations

from collections.abc import Sequence

from app.actions.events import SessionEvent, StateChange
from app.world import view
from app.world.ledger import LedgerEvent, RelationshipShifted, ThresholdCrossed
from app.world.state import GameState

_MOVES = {
    "trust": ("trusts {you} more", "trusts {you} less"),
    "affection": ("warms to {you}", "cools towards {you}"),
    "respect": ("respects {you} more", "respects {you} less"),
}


def tell(
    state: GameState, events: Sequence[LedgerEvent], *, because: bool = False
) -> list[SessionEvent]:
    """The player-facing events for these ledger events (others are not shown). A change
    for the party and the same change for the character who caused it are one line
    ("Berta trusts you more — trust 2, Mira 2"); word that travelled to several people
    is one line each. With ``because``, each line says why the score moved (a change the
    players did not just cause — one waiting for them in the next scene — needs it)."""
    shown: list[SessionEvent] = []
    folded: set[int] = set()
    for n, event in enumerate(events):
        if n in folded:
            continue
        if isinstance(event, RelationshipShifted):
            same = [
                (m, other) for m, other in enumerate(events)
                if m > n and isinstance(other, RelationshipShifted) and other.npc == event.npc
                and other.dimension == event.dimension and other.toward != "party"
                and (other.delta > 0) == (event.delta > 0) and other.heard_from is None
            ]  # fmt: skip
            personal = [other for _, other in same] if event.toward == "party" else []
            folded.update(m for m, _ in same if event.toward == "party")
            shown.append(_shift(state, event, personal, because=because))
        elif isinstance(event, ThresholdCrossed) and event.key.startswith("affection."):
            npc = event.key.split(".", 1)[1]
            shown.append(
                StateChange(
                    kind="relationship",
                    target_id=npc,
                    description=f"{_name(state, npc)} is now {event.threshold} towards you",
                    after=event.threshold,
                )
            )
    return shown


def _known(state: GameState, npc: str) -> bool:
    """The party has met this person, spoken to them, or has them in sight now."""
    if state.flags.get(f"met_{npc}") or state.truth.seen(f"spoke_to.{npc}"):
        return True
    return state.campaign is not None and npc in view.npcs_here(state, state.campaign)


def _name(state: GameState, npc: str) -> str:
    campaign = state.campaign
    if campaign is not None and npc in campaign.npcs:
        return campaign.npcs[npc].name
    return state.name_of(npc)


def _shift(
    state: GameState,
    event: RelationshipShifted,
    personal: Sequence[RelationshipShifted],
    *,
    because: bool = False,
) -> StateChange:
    you = "you" if event.toward == "party" else state.name_of(event.toward)
    up, down = _MOVES.get(event.dimension, (f"{event.dimension} +", f"{event.dimension} −"))
    said = (up if event.delta > 0 else down).format(you=you)
    heard = f" (word from {_name(state, event.heard_from)})" if event.heard_from else ""
    values = f"{event.dimension} {event.value:g}" + "".join(
        f", {state.name_of(p.toward)} {p.value:g}" for p in personal
    )
    name = _name(state, event.npc)
    text = f"{name} {said}{heard} — {values}"
    if not _known(state, event.npc):  # someone the party has never met nor seen: hearsay
        source = f" from {_name(state, event.heard_from)}" if event.heard_from else ""
        text = f"{name}, whom you have not met, hears of you{source}: {said} — {values}"
    if because and event.reason:
        text += f" ({' '.join(event.reason.split())})"
    return StateChange(
        kind="relationship",
        target_id=event.npc,
        description=text,
        before=f"{event.value - event.delta:g}",
        after=f"{event.value:g}",
    )

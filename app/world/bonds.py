"""How people feel about the party: the attitude players see, and the one way a score
moves (:func:`shift`), which writes the ledger events the change makes.

The attitude is the band the party's affection is in (see :mod:`app.world.scores`) —
unless a variant of the NPC the world now matches says otherwise (a goblin chief who has
made peace *is* friendly).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.world.facts import first_holding
from app.world.ledger import LedgerEvent, RelationshipShifted, ThresholdCrossed
from app.world.scores import LIMIT, Attitude, band, parts, score
from app.world.truth import Shift

if TYPE_CHECKING:
    from app.world.state import GameState
    from app.world.when import NPCVariant


def attitude(state: GameState, npc_id: str) -> Attitude:
    """How an NPC is disposed towards the party now: an authored variant's attitude if the
    world matches one that sets it, else the band of their affection."""
    campaign = state.campaign
    if campaign is None or npc_id not in campaign.npcs:
        return "indifferent"
    return attitude_with(state, npc_id, first_holding(campaign.npcs[npc_id].variants, state))


def attitude_with(state: GameState, npc_id: str, variant: NPCVariant | None) -> Attitude:
    """:func:`attitude`, given the NPC's variant that matches the world now (``None``: none
    does), for a caller that has found it already (the NPC's whole view)."""
    if variant is not None and variant.attitude is not None:
        return variant.attitude
    return band(state.campaign, score(state, f"affection.{npc_id}"))


def shift(
    state: GameState,
    key: str,
    delta: float,
    reason: str,
    *,
    toward: str = "party",
    heard_from: str | None = None,
) -> list[LedgerEvent]:
    """Move a score by ``delta`` and write what that makes happen to the ledger: a
    relationship shift (kept for the scene boundary's ripple, unless it is itself word
    that travelled), and a threshold crossed when an NPC's attitude changes band or a
    counter passes one of its marks. Returns the recorded events (the caller tells the
    players). A zero change records nothing."""
    if not delta:
        return []
    campaign = state.campaign
    found = parts(campaign, key)
    npc_id = found[1] if found else None
    before_band = attitude(state, npc_id) if npc_id else None
    old = score(state, key)
    new = max(-LIMIT, min(LIMIT, old + delta))
    if new == old:
        return []
    state.truth.scores[key] = new
    events: list[LedgerEvent] = []
    if found is not None:
        dimension, npc, character = found
        who = character or toward
        events.append(
            state.log_event(
                RelationshipShifted(
                    npc=npc, toward=who, dimension=dimension, delta=new - old, value=new,
                    reason=reason, heard_from=heard_from,
                )
            )
        )  # fmt: skip
        if character is None and heard_from is None:
            state.truth.shifts.append(
                Shift(
                    npc=npc, dimension=dimension, delta=new - old, seq=events[-1].seq, reason=reason
                )
            )
        after_band = attitude(state, npc)
        if before_band is not None and after_band != before_band:
            events.append(
                state.log_event(ThresholdCrossed(key=f"affection.{npc}", threshold=after_band,
                                                 value=score(state, f"affection.{npc}")))
            )  # fmt: skip
    elif campaign is not None and key in campaign.counters:
        for mark in campaign.counters[key].marks:
            if (old < mark) != (new < mark):
                sign = ">=" if new >= mark else "<"
                events.append(
                    state.log_event(ThresholdCrossed(key=key, threshold=f"{sign} {mark:g}",
                                                     value=new))
                )  # fmt: skip
    return events

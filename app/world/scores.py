"""Scores: the numbers behind relationships and an author's counters, and what a score
is before anything has moved it.

Keys:

- ``<dimension>.<npc>`` — how the NPC feels about the party (``trust.berta``);
- ``<dimension>.<npc>.<character>`` — about one character (``trust.berta.mira``);
- ``<counter>`` — an author's counter (``[counters.noise]``).

A score nobody has moved reads as its start: a counter's ``start``, an NPC's ``start``
table, and for affection the NPC's authored attitude (friendly at the campaign's
``friendly_at``, hostile at ``hostile_at``). Scores move only through
:func:`app.world.bonds.shift`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from app.world.campaign import Campaign
    from app.world.state import GameState

Attitude = Literal["friendly", "indifferent", "hostile"]
LIMIT = 1000.0
"""Scores stay within ±LIMIT (a runaway ongoing trigger cannot overflow a save)."""


def parts(campaign: Campaign | None, key: str) -> tuple[str, str, str | None] | None:
    """(dimension, npc, character or None) for a relationship key, ``None`` for anything
    else (a counter, or a key that names nothing)."""
    if campaign is None:
        return None
    bits = key.split(".")
    if len(bits) not in (2, 3) or bits[0] not in campaign.events.dimensions:
        return None
    if bits[1] not in campaign.npcs:
        return None
    return bits[0], bits[1], bits[2] if len(bits) == 3 else None


def known_key(campaign: Campaign | None, key: str) -> bool:
    """Whether a score key names something the campaign has (for the validator)."""
    if campaign is None:
        return False
    return key in campaign.counters or parts(campaign, key) is not None


def start(campaign: Campaign | None, key: str) -> float:
    """What a score is before anything moves it."""
    if campaign is None:
        return 0.0
    if key in campaign.counters:
        return campaign.counters[key].start
    found = parts(campaign, key)
    if found is None:
        return 0.0
    dimension, npc_id, _ = found
    npc = campaign.npcs[npc_id]
    if dimension in npc.start:
        return npc.start[dimension]
    if dimension == "affection":
        settings = campaign.events
        return {"friendly": settings.friendly_at, "hostile": settings.hostile_at}.get(
            npc.attitude, 0.0
        )
    return 0.0


def score(state: GameState, key: str) -> float:
    """A score's value now."""
    if key in state.truth.scores:
        return state.truth.scores[key]
    return start(state.campaign, key)


def band(campaign: Campaign | None, affection: float) -> Attitude:
    """The attitude an affection score means."""
    if campaign is None:
        return "indifferent"
    if affection >= campaign.events.friendly_at:
        return "friendly"
    if affection <= campaign.events.hostile_at:
        return "hostile"
    return "indifferent"

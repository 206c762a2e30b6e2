"""Foes at the party's mercy: who surrendered, is alive, stands here, and whose fate —
spared, bound or executed (``decide_fate``) — is not yet decided. Read by the DM's tool,
the DM's notes, the offline referee and the playtest's player alike."""

from __future__ import annotations

from app.world.state import GameState
from rules.damage import LifeState

FATES = {"spare": "spared", "bind": "bound", "execute": "executed"}
"""The choice, and the proposition it makes true (``spared.<encounter>`` …)."""


def decided(state: GameState, creature_id: str) -> str | None:
    """The fate already decided for a foe (``spared``, ``bound``, ``executed``), if any."""
    return next((f for f in FATES.values() if state.truth.seen(f"{f}.{creature_id}")), None)


def at_mercy(state: GameState) -> list[str]:
    """Foes here who surrendered, are alive and whose fate is not yet decided."""
    return [
        cid for cid, c in state.creatures.items()
        if c.left == "surrendered" and c.vitals.state is not LifeState.DEAD
        and c.stands_in(state.scene.id) and decided(state, cid) is None
    ]  # fmt: skip

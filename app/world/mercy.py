"""Foes at the party's mercy: who surrendered, is alive, stands here, and whose fate —
spared, bound or executed (``decide_fate``) — is not yet decided. Read by the DM's tool,
the DM's notes, the offline referee and the playtest's player alike."""

from __future__ import annotations

from app.world.campaign import Morale
from app.world.state import Creature, GameState
from app.world.tied import bound
from rules.conditions import Condition
from rules.damage import LifeState

FATES = {"spare": "spared", "bind": "bound", "execute": "executed"}
"""The choice, and the proposition it makes true (``spared.<encounter>`` …)."""


def decided(state: GameState, creature_id: str) -> str | None:
    """The fate already decided for a foe (``spared``, ``bound``, ``executed``), if any."""
    return next((f for f in FATES.values() if state.truth.seen(f"{f}.{creature_id}")), None)


def at_mercy(state: GameState) -> list[str]:
    """Foes here who surrendered, or were left helpless by a fight that is over (tied up,
    knocked out, asleep), are alive and whose fate is not yet decided."""
    return [
        cid for cid, c in state.creatures.items()
        if (c.left == "surrendered"
            or (state.encounter is None and c.hostile and c.side == "foes" and not c.left
                and helpless(c)))
        and c.vitals.state is not LifeState.DEAD and c.stands_in(state.scene.id)
        and decided(state, cid) is None
    ]  # fmt: skip


def helpless(creature: Creature) -> bool:
    """A foe who cannot fight on nor get away: tied hand and foot, or out cold (knocked out
    at 0 hit points, or asleep)."""
    return bound(creature) or any(
        c.condition in (Condition.UNCONSCIOUS, Condition.INCAPACITATED, Condition.PARALYZED)
        for c in creature.conditions
    )


def foe_morale(state: GameState, creature_id: str) -> Morale | None:
    """The ``morale`` its author gave a foe's place in its encounter (the entry of its stat
    block, or of its own name), if any."""
    creature = state.creatures.get(creature_id)
    campaign = state.campaign
    if creature is None or campaign is None or creature.encounter not in campaign.encounters:
        return None
    entries = campaign.encounters[creature.encounter].monsters
    named = [e for e in entries if e.name is not None and e.name == creature.name]
    kind = [e for e in entries if e.name is None and e.monster == creature.monster]
    found = named or kind
    return found[0].morale if found else None

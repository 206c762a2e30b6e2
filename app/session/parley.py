"""A parley broken by steel: while the scene lets only some speak ("Only you talk. Big ones
stay quiet."), one of the others may still draw and strike at the foes here, as at any
table — the parley is over, everyone may act, and the blow starts the fight. Talk, a look,
or a question stays the allowed speaker's; only a blow or a spell at a foe breaks it."""

from __future__ import annotations

from app.understanding.line import understand
from app.world import view
from app.world.state import GameState

_HOSTILE = frozenset({"attack", "cast"})


def breaks_the_parley(state: GameState, character: str, text: str) -> bool:
    """Whether the line is a blow or a spell at a foe of a fight waiting in this scene, by
    a character the scene's restriction keeps silent."""
    if state.restriction is None or state.encounter is not None:
        return False
    if character in state.restriction.character_ids or state.campaign is None:
        return False
    campaign = state.campaign
    foes = {
        npc
        for fight in view.waiting_fights(state)
        for group in campaign.encounters[fight].monsters
        for npc in ([group.npc] if group.npc else [])
    } | {cid for cid, c in state.creatures.items() if c.scene == state.scene.id and c.hostile}
    intent = understand(text, character, state, campaign)
    return intent.kind in _HOSTILE and bool(set(intent.targets) & foes)

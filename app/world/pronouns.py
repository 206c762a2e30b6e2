"""Which pronoun the game's own sentences use for a person or creature of a game.

People and creatures are spoken of with the pronoun their campaign gives them (``pronoun =
"she"``); without one a named person is "they" and a beast or a nameless foe "it" — a
named woman is never "its". The words themselves are :mod:`app.world.wording`'s; this
module reads the game (its creatures and its campaign) to choose among them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.world.wording import OBJECT, POSSESSIVE, Pronoun

if TYPE_CHECKING:
    from app.world.state import GameState


def pronoun_of(state: GameState, target_id: str) -> Pronoun:
    """The pronoun of a creature (or campaign NPC) by id: the campaign's ``pronoun`` for
    the NPC it is, or for its place in an encounter; else "they" for a named person or foe
    and "it" for a beast or nameless foe. Party members are "they" (a sheet names no
    pronoun)."""
    campaign = state.campaign
    creature = state.creatures.get(target_id)
    npc_id = creature.npc if creature is not None else target_id
    if campaign is not None and npc_id is not None and npc_id in campaign.npcs:
        npc = campaign.npcs[npc_id]
        if npc.pronoun is not None:
            return npc.pronoun
    if creature is None:
        return "they"
    if campaign is not None and creature.encounter in campaign.encounters:
        for foe in campaign.encounters[creature.encounter].monsters:
            named = foe.name is not None and foe.name == creature.name
            if named or (creature.npc is not None and foe.npc == creature.npc):
                return foe.pronoun or "they"
    return "they" if creature.npc is not None else "it"


def possessive(state: GameState, target_id: str) -> str:
    """ "its", "her", "his" or "their" for a creature or NPC by id."""
    return POSSESSIVE[pronoun_of(state, target_id)]


def objective(state: GameState, target_id: str) -> str:
    """ "it", "her", "him" or "them" for a creature or NPC by id."""
    return OBJECT[pronoun_of(state, target_id)]

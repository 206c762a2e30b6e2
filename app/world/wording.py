"""Small pieces of English the game builds sentences from: a name with its article, and
the pronouns of the people and creatures it speaks of.

Campaign authors name things as they like — ``the dunes``, ``The Old Road``, ``trapdoor``
— and the game's sentences put an article before a name ("breaks for the …"): one helper
does it, so a name that already has its article never reads "the the dunes".

People and creatures are spoken of with the pronoun their campaign gives them (``pronoun =
"she"``); without one a named person is "they" and a beast or a nameless foe "it" — a
named woman is never "its".
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from app.world.state import GameState

Pronoun = Literal["he", "she", "they", "it"]
"""How a person or creature is spoken of."""

_ARTICLE = re.compile(r"(?:the|a|an)\s+", re.IGNORECASE)

POSSESSIVE: dict[str, str] = {"he": "his", "she": "her", "they": "their", "it": "its"}
"""A pronoun's possessive: "uses *her* drowning toll"."""
OBJECT: dict[str, str] = {"he": "him", "she": "her", "they": "them", "it": "it"}
"""A pronoun as an object: "the party runs with *her*"."""


def the(name: str) -> str:
    """``the`` and a name, once: "the trapdoor"; "the dunes" for ``the dunes`` or ``The
    Dunes`` (the article the author wrote is kept as "the", never doubled), and "the
    songbook" for ``a songbook``."""
    name = " ".join(name.split())
    found = _ARTICLE.match(name)
    return f"the {name[found.end() :] if found else name}"


def bare(name: str) -> str:
    """A name without the article its author may have given it ("brass astrolabe" for
    ``a brass astrolabe``), for sentences that put their own before it."""
    name = " ".join(name.split())
    found = _ARTICLE.match(name)
    return name[found.end() :] if found else name


def the_start(name: str) -> str:
    """:func:`the` to start a sentence: "The dunes stretch…", the name's own case kept."""
    said = the(name)
    return said[0].upper() + said[1:]


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

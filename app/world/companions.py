"""Companions who fight beside the party, and the two sides of a fight.

A campaign NPC with a ``companion`` condition travels with the party; one who also has
``fights_as`` (a stat block) fights beside them. In the game state such a companion is a
:class:`~app.world.state.Creature` on the party's side (``side = "party"``, never hostile
to it), made the first time a fight starts while they travel along and kept from then on,
so their hit points carry over from fight to fight. The DM plays them; no player does.

Who is on which side is asked here, of everyone alike: a party member is on the party's
side, and so is a companion creature; every other creature is on the foes' side.
"""

from __future__ import annotations

import re
from typing import Literal

from app.world.facts import holds
from app.world.state import Creature, GameState
from rules.damage import LifeState, Vitals
from rules.spellcasting import SpellSlots

Side = Literal["party", "foes"]


def side_of(state: GameState, cid: str) -> Side:
    """``party`` for a party member or a companion who fights beside them, else ``foes``."""
    if cid in state.party:
        return "party"
    creature = state.creatures.get(cid)
    return "party" if creature is not None and creature.side == "party" else "foes"


def is_ally(state: GameState, cid: str) -> bool:
    """Whether ``cid`` is a companion creature fighting on the party's side (not a party
    member: the DM plays it, and it has a stat block, not a character sheet)."""
    creature = state.creatures.get(cid)
    return creature is not None and creature.side == "party"


def allies_fighting(state: GameState) -> list[str]:
    """The companions in the fight in progress still on their feet (alive with hit points):
    marks for the foes, beside the party's conscious members."""
    encounter = state.encounter
    if encounter is None:
        return []
    return [
        c.id for c in encounter.order
        if is_ally(state, c.id) and state.creatures[c.id].vitals.conscious
    ]  # fmt: skip


def dies_at_zero(state: GameState, creature: Creature) -> bool:
    """Whether 0 hit points kills this companion outright (``at_zero = "dies"``) rather
    than knocking them out; always true of a creature that is no companion."""
    campaign = state.campaign
    if creature.side != "party" or campaign is None or creature.npc not in campaign.npcs:
        return True
    return campaign.npcs[creature.npc].at_zero == "dies"


def travelling(state: GameState) -> list[Creature]:
    """The fighting companions with the party now (not dead, and their ``companion``
    condition holds — or they are in the fight in progress)."""
    fighting = {c.id for c in state.encounter.order} if state.encounter else set()
    return [
        c for c in state.creatures.values()
        if c.side == "party" and c.vitals.state is not LifeState.DEAD
        and (c.id in fighting or travels(state, c))
    ]  # fmt: skip


def travels(state: GameState, creature: Creature) -> bool:
    """Whether this creature is a fighting companion whose ``companion`` condition holds
    now: wherever the party goes, so are they."""
    campaign = state.campaign
    if creature.side != "party" or campaign is None:
        return False
    npc = campaign.npcs.get(creature.npc or "")
    return npc is not None and npc.companion is not None and holds(npc.companion, state)


def ally_named(state: GameState, name: str) -> Creature | None:
    """The fighting companion travelling with the party called ``name`` (any case)."""
    wanted = name.strip().lower()
    return next((c for c in travelling(state) if c.name.lower() == wanted), None)


def ally_id(state: GameState, cid: str) -> str:
    """The creature id of the fighting companion an NPC id names (``cid`` itself for
    anyone else): what a spell or a hand lent to that person reaches."""
    creature = companion_of(state, cid) if cid not in state.party else None
    return creature.id if creature is not None else cid


def companion_of(state: GameState, npc_id: str) -> Creature | None:
    """The creature a fighting companion is in the game, once made."""
    return next(
        (c for c in state.creatures.values() if c.side == "party" and c.npc == npc_id), None
    )


def join_fight(state: GameState) -> list[Creature]:
    """The companions who fight in a fight starting now, in the campaign's order: each NPC
    with ``fights_as`` whose ``companion`` condition holds and who is not dead. One met for
    the first time becomes a creature at full hit points; one met before keeps what it has
    left. Each comes to the party's scene."""
    campaign = state.campaign
    if campaign is None:
        return []
    joined: list[Creature] = []
    for nid, npc in campaign.npcs.items():
        if npc.fights_as is None or npc.companion is None or not holds(npc.companion, state):
            continue
        creature = companion_of(state, nid)
        if creature is None:
            block = campaign.monster(npc.fights_as)
            creature = Creature(
                id=_free_id(state, nid),
                name=npc.name,
                monster=block.id,
                ac=block.ac,
                vitals=Vitals.full(block.hp),
                defenses=block.defenses,
                hostile=False,
                side="party",
                npc=nid,
                spell_slots=(
                    SpellSlots(maximum=dict(block.spellcasting.slots))
                    if block.spellcasting
                    else None
                ),
            )
            state.creatures[creature.id] = creature
        if creature.vitals.state is LifeState.DEAD:
            continue
        creature.scene, creature.left = state.scene.id, ""
        joined.append(creature)
    return joined


def _free_id(state: GameState, npc_id: str) -> str:
    """The companion's id: the NPC's own, unless a character or creature already has it."""
    base = re.sub(r"[^a-z0-9_-]+", "-", npc_id.lower()).strip("-")[:30] or "companion"
    cid, n = base, 1
    while cid in state.creatures or cid in state.party:
        n += 1
        cid = f"{base}-{n}"
    return cid

"""Who still fights, and who is here.

One answer for every brain and every tool: a foe *fights on* while it is hostile, alive
with hit points, has neither fled nor surrendered nor been tied up, and stands in the
party's scene. A fight
with no such foe left in its initiative order is over, whoever forgets to say so. A
creature is *here* — a mark for attacks, spells, damage and conditions — when it is in the
fight in progress (and has not run from it), or, out of a fight, when it stands in the
party's scene; one left in another scene is out of reach, and the refusal says where it is.
"""

from __future__ import annotations

from app.world.companions import allies_fighting, travels
from app.world.state import Creature, GameState
from app.world.tied import BOUND, bound
from rules.damage import LifeState


def fights_on(state: GameState, cid: str) -> bool:
    """Whether the creature ``cid`` can still fight the party (see the module)."""
    creature = state.creatures.get(cid)
    if creature is None or not creature.hostile or creature.left or bound(creature):
        return False
    vitals = creature.vitals
    return vitals.state is LifeState.ALIVE and vitals.hp > 0 and creature.stands_in(state.scene.id)


def foes_fighting(state: GameState) -> list[str]:
    """The ids of the foes in the fight in progress that can still fight ([] out of one)."""
    encounter = state.encounter
    if encounter is None:
        return []
    return [c.id for c in encounter.order if c.side == "foes" and fights_on(state, c.id)]


def party_fighting(state: GameState) -> list[str]:
    """The party's side still on its feet (alive with hit points): its members, and the
    companions fighting beside them."""
    members = [cid for cid, sheet in state.party.items() if sheet.vitals.conscious]
    return members + allies_fighting(state)


def how_out(creature: Creature) -> str:
    """``dead``, ``fled``, ``surrendered``, ``down`` (0 hit points) — or ``""``."""
    if creature.vitals.state is LifeState.DEAD:
        return "dead"
    if creature.left:
        return creature.left
    if creature.vitals.hp == 0 or creature.vitals.state is not LifeState.ALIVE:
        return "down"
    if bound(creature):
        return BOUND
    if not creature.hostile:
        return "no longer hostile"
    return ""


def fight_over(state: GameState) -> str:
    """Why the fight in progress is over — ``"every foe is down: Giant Rat 1 dead, Giant
    Rat 2 fled"`` — or ``""`` while a foe still fights (or no fight is going on)."""
    encounter = state.encounter
    if encounter is not None and state.ending is not None:
        return "the story has ended"  # (an ending reached mid-fight: a peace, a deal)
    if encounter is None or foes_fighting(state):
        return ""
    foes = [state.creatures[c.id] for c in encounter.order if c.id in state.creatures]
    gone = [f"{c.name} {how_out(c) or 'elsewhere'}" for c in foes]
    if not gone:
        return "no foe is left in the fight"
    return "no foe can fight on: " + ", ".join(gone)


def scene_name(state: GameState, scene_id: str) -> str:
    """``the Cellar (cellar)`` for a scene id (the id alone for a scene not known)."""
    scene = state.scenes.get(scene_id)
    return f"{scene.name} ({scene_id})" if scene is not None else scene_id


def away(state: GameState, cid: str) -> str:
    """Why ``cid`` cannot be the mark of an attack, a spell, damage or a condition from
    where the party is (``""`` when it can). Party members, and the companions who travel
    with them, are always with the party; an unknown id is for the tools' own "unknown id"
    answer."""
    creature = state.creatures.get(cid)
    if creature is None or cid in state.party or travels(state, creature):
        return ""  # a companion who travels along is with the party, as its members are
    here = state.scene.id
    elsewhere = not creature.stands_in(here)
    where = (
        f"{creature.name} ({cid}) is in {scene_name(state, creature.scene)}, not here in "
        f"{scene_name(state, here)}"
    )
    encounter = state.encounter
    if encounter is not None:
        if any(c.id == cid for c in encounter.order) and not elsewhere:
            return f"{creature.name} ({cid}) fled the fight and is gone" if _fled(creature) else ""
        if elsewhere:
            return f"{where}: only those in the fight can be targeted"
        return (
            f"{creature.name} ({cid}) is not in this fight: only those in the initiative "
            "order (get_encounter) can be targeted"
        )
    if elsewhere:
        return f"{where}: only creatures in this scene can be targeted"
    if _fled(creature):
        return f"{creature.name} ({cid}) fled and is gone"
    return ""


def _fled(creature: Creature) -> bool:
    return creature.left == "fled"


def present(state: GameState) -> list[Creature]:
    """The creatures the DM may name as marks: alive, not fled, and here (in the fight in
    progress, or in the party's scene)."""
    return [
        c for cid, c in state.creatures.items()
        if c.vitals.state is not LifeState.DEAD and not away(state, cid)
    ]  # fmt: skip


def fallen_here(state: GameState) -> list[Creature]:
    """The dead in the party's scene (mentioned as dead, never as marks)."""
    return [
        c for c in state.creatures.values()
        if c.vitals.state is LifeState.DEAD and c.stands_in(state.scene.id)
    ]  # fmt: skip

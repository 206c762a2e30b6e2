"""The fighting brain (:mod:`app.referee.choosing`) in a game: the fight as the state
has it, reduced to fighters, and the brain's choice said as a player would type it ("cast
Fire Bolt at Goblin 2", "stabilise Mira", "attack the rat with the shortsword"). The
playtest's ``fight until the combat ends`` and its automatic player fight with it, so a
scripted fight makes the choices a ``dungeon balance`` run makes.
"""

from __future__ import annotations

from app.referee.choosing import best_weapon, choose
from app.referee.skirmish import from_monster, from_sheet
from app.referee.skirmish_kit import Fighter
from app.world.companions import side_of
from app.world.state import GameState
from app.world.wording import the
from rules.damage import Vitals
from rules.srd import srd


def _fighter(state: GameState, cid: str, side: str) -> Fighter:
    """A creature of the fight as a fighter: a stat block's kit, its hit points as they
    are (a creature without a stat block only its hit points and armour)."""
    creature = state.creatures[cid]
    if creature.monster:
        fighter = from_monster(state.monster(creature.monster), 1, name=creature.name)
    else:
        fighter = Fighter(cid, side, creature.ac, Vitals.full(1), [], 0, 10, name=creature.name)
    fighter.id, fighter.side, fighter.vitals = cid, side, creature.vitals.model_copy()
    fighter.left = creature.left
    return fighter


def sides(state: GameState) -> tuple[list[Fighter], list[Fighter]]:
    """The party's side (characters, and creatures not hostile to it) and the foes."""
    encounter = state.encounter
    order = [c.id for c in encounter.order] if encounter is not None else []
    party = [from_sheet(s) for s in state.party.values()]
    foes: list[Fighter] = []
    for cid in order:
        if cid in state.party or cid not in state.creatures:
            continue
        # a companion fighting beside the party is on its side, whatever its stat block
        hostile = state.creatures[cid].hostile and side_of(state, cid) == "foes"
        (foes if hostile else party).append(_fighter(state, cid, "foes" if hostile else "party"))
    return party, foes


def fight_line(state: GameState, actor: str) -> str:
    """What ``actor`` does now, as a line of play; plain ``attack`` when the fight offers
    nothing to aim at."""
    party, foes = sides(state)
    me = next((f for f in party if f.id == actor), None)
    if me is None:
        return "attack"
    choice = choose(me, party, foes)
    names = {f.id: f.name for f in [*party, *foes]}
    whom = names.get(choice.targets[0], "") if choice.targets else ""
    kit = me.kit
    if choice.kind == "heal" and kit.heal_spell:
        return f"cast {kit.heal_spell} on {whom}"
    if choice.kind == "stabilize":
        return f"cast Spare the Dying on {whom}" if kit.spare else f"stabilise {whom}"
    if choice.kind == "darts":
        return f"cast Magic Missile at {the(whom)}"
    if choice.kind == "cantrip" and kit.cantrip is not None:
        return f"cast {kit.cantrip.name} at {the(whom)}"
    if not whom:
        return "attack"
    weapon = best_weapon(state.party[actor]) if actor in state.party else None
    if weapon is None:
        return f"attack {the(whom)}"
    return f"attack {the(whom)} with my {srd().weapons.get(weapon).name.lower()}"

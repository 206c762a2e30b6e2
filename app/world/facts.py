"""Is a campaign condition true of the world right now? The truth of each kind of fact is
read straight from the game state, so triggers and endings can never disagree with it."""

from __future__ import annotations

from app.world.campaign import Fact
from app.world.state import GameState
from rules.damage import LifeState


def holds(fact: Fact, state: GameState) -> bool:
    """Evaluate ``all`` / ``any`` / ``not`` and the atoms against the state."""
    if fact.all is not None:
        return all(holds(f, state) for f in fact.all)
    if fact.any is not None:
        return any(holds(f, state) for f in fact.any)
    if fact.not_ is not None:
        return not holds(fact.not_, state)
    if fact.in_scene is not None:
        return state.scene.id == fact.in_scene
    if fact.has_item is not None:
        return state.has_item(fact.has_item)
    if fact.flag is not None:
        value = state.flags.get(fact.flag)
        return bool(value) if fact.equals is None else value == fact.equals
    if fact.defeated is not None:
        return fact.defeated in state.defeated
    if fact.passed is not None:
        return state.challenges.get(fact.passed) == "passed"
    return fact.failed is not None and state.challenges.get(fact.failed) == "failed"


def update_defeated(state: GameState) -> list[str]:
    """Mark encounters whose every foe is dead, fled or surrendered; returns the new ones."""
    groups: dict[str, list[bool]] = {}
    for creature in state.creatures.values():
        if creature.encounter:  # dead, fled or surrendered: beaten either way
            beaten = creature.vitals.state is LifeState.DEAD or bool(creature.left)
            groups.setdefault(creature.encounter, []).append(beaten)
    newly = [eid for eid, down in groups.items() if all(down) and eid not in state.defeated]
    state.defeated.extend(newly)
    return newly

"""Is a campaign condition true of the world right now? The truth of each kind of fact is
read straight from the game state, so triggers and endings can never disagree with it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

from app.world.state import Creature, GameState
from app.world.when import Fact
from rules.damage import LifeState

if TYPE_CHECKING:
    from app.world.campaign import ChallengeSpec


class _Variant(Protocol):
    @property
    def when(self) -> Fact: ...


V = TypeVar("V", bound=_Variant)


def first_holding(variants: Sequence[V], state: GameState) -> V | None:
    """The first variant (of a scene, feature, person) whose condition holds now."""
    return next((v for v in variants if holds(v.when, state)), None)


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
    if fact.killed is not None:
        foes = _foes(state, fact.killed)
        return fact.killed in state.defeated and all(_dead(c) for c in foes)
    if fact.surrendered is not None:
        foes = _foes(state, fact.surrendered)
        return fact.surrendered in state.defeated and any(
            c.left == "surrendered" and not _dead(c) for c in foes
        )
    if fact.fled is not None:
        foes = _foes(state, fact.fled)
        return fact.fled in state.defeated and any(c.left == "fled" for c in foes)
    if fact.passed is not None:
        return state.challenges.get(fact.passed) == "passed"
    return fact.failed is not None and state.challenges.get(fact.failed) == "failed"


def _foes(state: GameState, encounter_id: str) -> list[Creature]:
    return [c for c in state.creatures.values() if c.encounter == encounter_id]


def _dead(creature: Creature) -> bool:
    return creature.vitals.state is LifeState.DEAD


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


def achieved(spec: ChallengeSpec, state: GameState) -> bool:
    """A challenge whose success would change nothing: all it does is set flags the world
    already has (forcing a trapdoor someone has already picked open). Such a challenge is
    not rolled again; the players are told it is done."""
    win = spec.success
    if not win.set_flags or win.give_items or win.take_items or win.move_to or win.ending:
        return False
    if win.start_encounter or win.next or win.damage or win.heal or win.condition:
        return False
    return all(state.flags.get(k) == v for k, v in win.set_flags.items())

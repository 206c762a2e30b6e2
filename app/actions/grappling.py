"""A grapple lasts only while the grappler can keep it: SRD, the grappled condition ends if
the grappler is incapacitated (stunned, paralysed, asleep, unconscious, at 0 hit points,
dead) or leaves the fight.

:func:`release_grapples` is asked wherever a creature may have just lost the power to act
(a condition put on it, damage, an attack's riders, the turn's edges); :class:`GrappleRelease`
asks it at the moments of play the rules share."""

from __future__ import annotations

from app.actions import beings as bg
from app.actions.events import SessionEvent, StateChange
from app.actions.hooks import AttackSetup, Rule
from app.world.state import GameState
from rules.attacks import AttackResult
from rules.conditions import Condition
from rules.damage import DamageResult


def _holding_on(state: GameState, grappler: str) -> bool:
    """The grappler still has the grip: in the fight and able to act (a grip of something
    that is no combatant, a story's net, is the DM's to end)."""
    if grappler not in state.party and grappler not in state.creatures:
        return True
    creature = state.creatures.get(grappler)
    if creature is not None and creature.left:
        return False
    return bg.why_cannot_act(state, grappler) is None


def release_grapples(state: GameState) -> list[SessionEvent]:
    """End every grapple whose grappler can no longer hold on, and say so."""
    events: list[SessionEvent] = []
    for cid in [*state.party, *state.creatures]:
        conditions = bg.conditions_of(state, cid)
        loose = [
            c for c in conditions
            if c.condition is Condition.GRAPPLED and c.source and not _holding_on(state, c.source)
        ]  # fmt: skip
        if not loose:
            continue
        conditions[:] = [c for c in conditions if c not in loose]
        for held in loose:
            who = state.name_of(held.source or "")
            text = f"{state.name_of(cid)} is no longer grappled: {who} can no longer hold on"
            state.record("condition", text, who=cid)
            events.append(StateChange(kind="condition", target_id=cid, description=text))
    return events


class GrappleRelease(Rule):
    """A grapple ends once the grappler is incapacitated."""

    name = "grapple release"

    def after_attack(self, setup: AttackSetup, hit: AttackResult) -> list[SessionEvent]:
        return release_grapples(setup.state)

    def after_damage(
        self, state: GameState, target: str, result: DamageResult, source: str | None
    ) -> list[SessionEvent]:
        return release_grapples(state)

    def turn_starts(self, state: GameState, cid: str) -> list[SessionEvent]:
        return release_grapples(state)

    def turn_ends(self, state: GameState, cid: str) -> list[SessionEvent]:
        return release_grapples(state)

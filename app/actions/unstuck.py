"""A table where nobody may act is never left so, outside a fight.

Two ways a game could stop for good, each undone here after every turn and when a game is
loaded:

- **a restriction nobody can use**: only Mira may act ("the idol holds the room still"),
  and Mira is petrified, knocked out or dead. The restriction lapses, said so, and everyone
  may act again;
- **a party of which nobody can act**: everyone petrified, paralysed, asleep or down. Time
  passes, as it would at the table: what wears off in minutes wears off, a hold that ends
  on a save is saved against at the end of each round of a minute (and stays if every save
  fails), a sleeper (not one at 0 hit points) wakes within hours, the dying make their
  death saves until each is stable or dead, and the stable come to with 1 hit point after
  1d4 hours (SRD). If still nobody can act, the story ends in defeat.

In a fight the initiative order already moves past whoever cannot act.
"""

from __future__ import annotations

from app.actions import beings as bg
from app.actions import turn_tools as tt
from app.actions.endings import party_fallen
from app.actions.events import SessionEvent, StateChange
from app.world.state import GameState
from rules.conditions import Condition
from rules.damage import LifeState
from rules.dice import roll

ROUNDS_PASSING = 10
"""Rounds of saves against a save-ends hold while nobody can act: a minute, ten rounds. A
hold nobody shakes off in a minute (a save they cannot make) is for good."""
MOST_DEATH_SAVES = 6
"""Death saves rolled for one dying character while time passes: three successes or three
failures always come within five, one more for safety."""


def unstick(state: GameState) -> list[SessionEvent]:
    """Undo what would leave nobody able to act, outside a fight; the events that tell it
    (none when play can go on as it is)."""
    if state.ending or state.encounter is not None or not state.party:
        return []
    events = _restriction_lapses(state)
    if not _able(state, list(state.party)):
        events += _time_passes(state)
        if not _able(state, list(state.party)):
            events += party_fallen(state)
    return events


def _able(state: GameState, ids: list[str]) -> list[str]:
    """Those of ``ids`` in the party who may act now."""
    return [
        cid for cid in ids
        if cid in state.party and state.party[cid].vitals.hp > 0
        and bg.why_cannot_act(state, cid) is None
    ]  # fmt: skip


def _restriction_lapses(state: GameState) -> list[SessionEvent]:
    restriction = state.restriction
    if restriction is None or _able(state, restriction.character_ids):
        return []
    state.restriction = None
    held = [state.name_of(c) for c in restriction.character_ids if c in state.party]
    who = " and ".join(held) or "Nobody it named"
    text = f"{who} can do nothing now, so the others are held back no longer: everyone may act"
    state.record("reveal", text)
    return [StateChange(kind="reveal", description=text)]


def _time_passes(state: GameState) -> list[SessionEvent]:
    """Nobody can act: the minutes and hours pass that would pass at the table."""
    events: list[SessionEvent] = []
    for cid, sheet in state.party.items():
        held = sheet.conditions
        passing = [c for c in held if c.rounds is not None]
        if passing:  # a poison for a round, a paralysis for a minute: they wear off
            held[:] = [c for c in held if c not in passing]
            events += tt.conditions_ended(state, cid, passing)
        for _ in range(ROUNDS_PASSING):  # a hold that ends on a save: saved against each
            if not any(c.save_dc is not None and c.save_ability for c in held):  # round
                break
            events += tt.shake_off(state, cid)
        asleep = [c for c in held if c.condition is Condition.UNCONSCIOUS and c.save_dc is None]
        if asleep and sheet.vitals.hp > 0:  # a sleeping gas, a blow to the head: one wakes
            held[:] = [c for c in held if c not in asleep]
            hours = roll("1d4", state.rng).total
            text = f"{hours} hour{'s' * (hours > 1)} later, {sheet.name} wakes"
            state.record("condition", text, who=cid)
            events.append(StateChange(kind="condition", target_id=cid, description=text))
        for _ in range(MOST_DEATH_SAVES):
            if state.party[cid].vitals.state is not LifeState.DYING:
                break
            events += tt.death_save_for(state, cid)
        events += bg.comes_round(state, cid, 4)  # (1d4 hours: always within four)
    return events

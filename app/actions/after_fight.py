"""What the foes did to the party does not outlast the fight.

A fight's conditions are counted in its rounds; once it is over nobody counts them, and a
frightened or grappled hero would stay so for the rest of the story. When a fight ends,
the party's side (its heroes and companions) comes out of it as a table would play it:

- **a grip or a bond of a foe's** (grappled, restrained by a net or a web) is let go or cut
  loose: no foe fights on to keep it;
- **what lasts a minute or less** (frightened for a minute, poisoned for a round) wears off
  in the minute after the fight;
- **a hold that ends on a save** is saved against at the end of each round of that minute,
  and stays if every save fails (a stone gaze nobody resists is for good);
- **the fallen flat** get up, when they can act.

The foes stay as the fight left them: knocked out, tied up, surrendered.
"""

from __future__ import annotations

from app.actions import beings as bg
from app.actions import turn_tools as tt
from app.actions.events import SessionEvent
from app.actions.feature_uses import change_note
from app.actions.hooks import Rule
from app.actions.lasting_weapons import weapons_gone
from app.world.state import GameState
from rules.conditions import ActiveCondition, Condition, pass_time
from rules.damage import LifeState

ROUNDS_AFTER = 10
"""The minute after a fight, in rounds: what lasts rounds counts them down (and ends, if
they run out), and a save-ends hold is saved against at the end of each."""
HELD = frozenset({Condition.GRAPPLED, Condition.RESTRAINED})
"""The conditions a foe keeps on someone by holding them (a grip, a net, a web)."""


def party_side(state: GameState) -> list[str]:
    """The ids of the party's side: its heroes and the companions fighting with them."""
    allies = [cid for cid, c in state.creatures.items() if c.side == "party" and not c.left]
    return [*state.party, *allies]


def _foes_hold(state: GameState, held: ActiveCondition) -> bool:
    """Whether a grip or bond is a foe's (a creature not of the party's side): a story's
    net with no one holding it is the story's to end."""
    source = held.source
    if held.condition not in HELD or not source:
        return False
    creature = state.creatures.get(source)
    return creature is not None and creature.side != "party"


def recover(state: GameState, cid: str) -> list[SessionEvent]:
    """One of the party's side once the fight is over: what the foes did to them ends as
    the module says; the events that tell it."""
    if bg.vitals_of(state, cid).state is LifeState.DEAD:
        return []
    weapons_gone(state, cid)  # (a Spiritual Weapon's minute passes)
    conditions = bg.conditions_of(state, cid)
    loose = [c for c in conditions if _foes_hold(state, c)]
    minute = pass_time([c for c in conditions if c not in loose], ROUNDS_AFTER)
    conditions[:] = list(minute.remaining)  # (ten minutes of a spell: nine are left)
    events = tt.conditions_ended(state, cid, [*loose, *minute.ended])
    for _ in range(ROUNDS_AFTER):
        if not any(c.save_dc is not None and c.save_ability for c in conditions):
            break
        events += tt.shake_off(state, cid)
    prone = [c for c in conditions if c.condition is Condition.PRONE]
    up = bg.vitals_of(state, cid).hp > 0 and bg.why_cannot_act(state, cid) is None
    if prone and up:  # (paralysed, asleep, turned to stone: they stay down)
        conditions[:] = [c for c in conditions if c not in prone]
        events.append(change_note(state, cid, f"{state.name_of(cid)} gets back up"))
    return events


class FightsEnd(Rule):
    """The party's side recovers from the fight's holds and minute-long conditions."""

    name = "after the fight"

    def fight_ends(self, state: GameState) -> list[SessionEvent]:
        events: list[SessionEvent] = []
        for cid in party_side(state):
            events += recover(state, cid)
        return events

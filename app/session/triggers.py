"""Campaign triggers and endings, checked after every turn.

A trigger fires when its condition becomes true: once ever (``once``), or again each time
its condition turns true after having been false (repeatable). Effects can make other
triggers true, so a check runs in rounds — a bounded cascade: at most ``MAX_DEPTH`` rounds
and ``MAX_FIRINGS`` firings, and no trigger fires twice in one cascade (cycles stop).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from app.dm.events import SessionEvent
from app.dm.tools.campaign_tools import apply_effects, reach_ending
from app.world.campaign import TriggerSpec
from app.world.facts import holds, update_defeated
from app.world.state import GameState

MAX_DEPTH = 4
MAX_FIRINGS = 16

Phase = Literal["set_up", "before_dm", "after_tools", "after_turn", "boundary"]
"""When in a turn the triggers are checked: as a game is set up; before the DM is called
(this turn's lines, provisional judgments, firings owed from the last turn); after each
round of the DM's tool calls (so the DM narrates a world where they already happened);
after the narration (refined judgments: what they newly fire is owed to the next turn);
and at the scene boundary (deferred firings, in order)."""


@dataclass
class Cascade:
    """What one check of the triggers did."""

    events: list[SessionEvent] = field(default_factory=list)
    """Shown to the players now (state changes)."""
    texts: list[str] = field(default_factory=list)
    """The campaign's words for what fired, shown after the DM's narration."""
    told: list[str] = field(default_factory=list)
    """What the DM is told happened (it narrates around it)."""


def _ready(trigger: TriggerSpec, state: GameState) -> bool:
    """Whether a trigger should fire now (and, for repeatable ones, track the edge)."""
    true_now = holds(trigger.when, state)
    if trigger.once:
        return true_now and not state.fired_triggers.get(trigger.id)
    was_true = trigger.id in state.triggers_holding
    if true_now and not was_true:
        state.triggers_holding.append(trigger.id)
    elif not true_now and was_true:
        state.triggers_holding.remove(trigger.id)
        # the DM hears that it may happen again (its condition must turn true anew)
        text = f"trigger {trigger.id} no longer holds and can fire again"
        state.record("trigger", text, ref=trigger.id, after="armed")
    return true_now and not was_true


def run_triggers(state: GameState, phase: Phase = "after_tools") -> Cascade:
    """Fire what the world now makes true, then check the endings."""
    del phase
    campaign = state.campaign
    done = Cascade()
    if campaign is None:
        return done
    update_defeated(state)
    fired: set[str] = set()
    for _ in range(MAX_DEPTH):
        # Each round sees the world as the previous round left it: effects of this round's
        # triggers can only enable triggers in the next round, which bounds the depth.
        ready = [t for t in campaign.triggers if t.id not in fired and _ready(t, state)]
        ready = ready[: max(0, MAX_FIRINGS - len(fired))]
        if not ready:
            break
        for trigger in ready:
            fired.add(trigger.id)
            state.fired_triggers[trigger.id] = state.fired_triggers.get(trigger.id, 0) + 1
            times = state.fired_triggers[trigger.id]
            again = f" (time {times})" if not trigger.once and times > 1 else ""
            state.record("trigger", f"{trigger.id}{again}", ref=trigger.id, after="fired")
            done.told.append(f"trigger {trigger.id} fired{again}")
            if trigger.effects.text:
                done.texts.append(trigger.effects.text)
                done.told.append(f"the players are read: {trigger.effects.text}")
                state.record("reveal", trigger.effects.text)
            more, _ = apply_effects(state, trigger.effects, None, f"trigger {trigger.id}")
            done.events += more
        update_defeated(state)
    if state.ending is None:
        for ending in campaign.endings:
            if holds(ending.when, state):
                done.events += reach_ending(state, ending.id)
                break
    return done

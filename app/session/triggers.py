"""Campaign triggers and endings, checked after every turn.

A trigger fires when its condition becomes true: once ever (``once``), or again each time
its condition turns true after having been false (repeatable). Effects can make other
triggers true, so a check runs in rounds — a bounded cascade: at most ``MAX_DEPTH`` rounds
and ``MAX_FIRINGS`` firings, and no trigger fires twice in one cascade (cycles stop).
"""

from __future__ import annotations

from app.dm.events import NarrativeChunk, SessionEvent
from app.dm.tools.campaign_tools import apply_effects, reach_ending
from app.world.campaign import TriggerSpec
from app.world.facts import holds, update_defeated
from app.world.state import GameState

MAX_DEPTH = 4
MAX_FIRINGS = 16


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


def run_triggers(state: GameState) -> list[SessionEvent]:
    """Fire what the world now makes true, then check the endings."""
    campaign = state.campaign
    if campaign is None:
        return []
    events: list[SessionEvent] = []
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
            if trigger.effects.text:
                events.append(NarrativeChunk(text="\n\n" + trigger.effects.text))
                state.record("reveal", trigger.effects.text)
            more, _ = apply_effects(state, trigger.effects, None, f"trigger {trigger.id}")
            events += more
        update_defeated(state)
    if state.ending is None:
        for ending in campaign.endings:
            if holds(ending.when, state):
                events += reach_ending(state, ending.id)
                break
    return events

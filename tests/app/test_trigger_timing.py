"""When the DM learns what fired: an immediate trigger's effects are in the tool result it
reads before narrating; a firing owed by a refinement after the narration lands at the
next turn, before the DM is called."""

from __future__ import annotations

import json

from app.dm.scripted import ScriptedBrain
from app.session.session import GameSession
from app.session.triggers import run_triggers
from app.world.scores import score
from tests.app.conftest import turn
from tests.app.event_world import judge, trigger, world


async def test_the_dm_reads_an_immediate_triggers_effects_before_it_narrates() -> None:
    state = world()
    trigger(
        state, "lit", {"flag": "hearth_lit"},
        effects={"shift": {"trust.berta": 1}, "text": "Berta smiles at the fire."},
    )  # fmt: skip
    brain = ScriptedBrain([
        {"tool_calls": [{"name": "set_flag", "arguments": {"name": "hearth_lit", "value": True}}]},
        {"text": "The fire catches."},
    ])  # fmt: skip
    session = GameSession(state, brain)
    await turn(session, ("mira", "I light the hearth"))
    messages, _ = brain.requests[1]  # what the DM had when it narrated
    results = [json.loads(m["content"]) for m in messages if m["role"] == "tool"]
    world_told = " ".join(" ".join(r.get("world", [])) for r in results)
    assert "trigger lit fired" in world_told
    assert "moved trust.berta by +1" in world_told
    assert "Berta smiles at the fire." in world_told
    assert score(session.state, "trust.berta") == 1


async def test_a_firing_owed_after_the_narration_lands_before_the_next_dm_call() -> None:
    state = world()
    trigger(
        state, "reassured", {"judged": "berta_reassured"}, effects={"set_flags": {"calm": True}}
    )
    brain = ScriptedBrain([{"text": "Berta listens."}, {"text": "Berta nods."}])
    session = GameSession(state, brain)
    await turn(session, ("mira", "It will be fine, Berta"))
    # a refinement after the narration: the scene-tier trigger is owed to the next turn
    judge(session.state, "berta_reassured", 0.8, status="refined")
    run_triggers(session.state, "after_turn")
    assert "calm" not in session.state.flags
    assert [d.trigger for d in session.state.truth.next_turn] == ["reassured"]
    await turn(session, ("mira", "I wait"))
    messages, _ = brain.requests[1]  # the second turn's first call
    assert session.state.flags["calm"] is True
    assert "Triggers fired: reassured" in messages[-1]["content"]  # told before it spoke
    fired = [e for r in session.state.history[-1:] for e in r.events if e.kind == "trigger"]
    assert [(e.trigger, e.tier) for e in fired] == [("reassured", "scene")]

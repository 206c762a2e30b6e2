"""An LLM DM readies a player's action over the real OpenAI client and a local server:
the ``take_action`` schema carries the Ready fields, and the call is carried out."""

from __future__ import annotations

import json

from app.session.session import GameSession
from app.world.actions import PlayerAction
from tests.app.fake_openai import FakeOpenAI, Reply
from tests.app.test_reactions import turn_of
from tests.app.test_readied import apart
from tests.app.test_session_openai import session_for

READY = json.dumps({
    "creature_id": "thorin", "action": "ready", "trigger": "when the rat comes through the gap",
    "watch": "approach", "target_id": "giant-rat-2",
})  # fmt: skip


async def test_the_dm_readies_thorins_attack_over_http() -> None:
    script = [
        Reply(tool_calls=[("take_action", READY)]),
        Reply(text="Thorin plants his feet and waits, blade raised."),
    ]
    with FakeOpenAI(script) as server:
        brain = session_for(server).brain
        state = apart(1)
        turn_of(state, "thorin")
        session = GameSession(state, brain)
        line = "I wait for the rat to come through the gap and then I hit it"
        assert session.submit(PlayerAction(character_id="thorin", text=line))
        events = [e async for e in session.process()]
    assert events[-1].type == "turn_end"
    readied = state.encounter.readied
    assert [(r.creature_id, r.watch, r.watched, r.weapon) for r in readied] == [
        ("thorin", "approach", "giant-rat-2", "longsword"),
    ]  # fmt: skip
    tools = {t["function"]["name"]: t for t in server.requests[0]["tools"]}
    fields = tools["take_action"]["function"]["parameters"]["properties"]
    assert {"trigger", "watch", "weapon", "spell"} <= set(fields)
    answer = json.loads(server.requests[1]["messages"][-1]["content"])
    assert "readies an attack when the rat comes through the gap" in answer["readied"]

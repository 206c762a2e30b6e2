"""A whole turn through GameSession with the real OpenAI client and a local server: the
streamed narrative, a check chain with split tool-call arguments, and a server failure
that leaves the game untouched with the actions still queued."""

from __future__ import annotations

import json

from pydantic import SecretStr

from app.dm.config import DMConfig
from app.dm.openai_brain import OpenAIBrain
from app.session.session import GameSession
from app.world.actions import PlayerAction
from app.world.sandbox import sandbox_state
from tests.app.fake_openai import FakeOpenAI, Reply, Status


def session_for(server: FakeOpenAI, seed: int = 2) -> GameSession:
    config = DMConfig(
        model="fake-model", base_url=server.base_url, api_key=SecretStr("k"),
        timeout=5, max_retries=1,
    )  # fmt: skip
    return GameSession(sandbox_state(seed=seed), OpenAIBrain(config))


LOCK = json.dumps({"character_id": "mira", "skill": "sleight_of_hand", "dc": 15, "reason": "lock"})
SAVE = json.dumps({"character_id": "mira", "ability": "dex", "dc": 12, "reason": "needle"})


async def test_check_chain_over_http() -> None:
    script = [
        Reply(text="Mira works the pins.", tool_calls=[("request_ability_check", LOCK)], piece=3),
        Reply(tool_calls=[("request_saving_throw", SAVE)], piece=5),
        Reply(text="A needle flicks out of the lock; you twist aside.", piece=6),
    ]
    with FakeOpenAI(script) as server:
        session = session_for(server)
        session.submit(PlayerAction(character_id="mira", text="I pick the lock"))
        events = [e async for e in session.process()]
    kinds = [e.type for e in events]
    assert kinds.count("dice_roll") == 2 and kinds[-1] == "turn_end"
    text = "".join(e.text for e in events if e.type == "narrative_chunk")
    assert "Mira works the pins." in text and "twist aside" in text
    assert events[-1].usage.calls == 3 and events[-1].usage.prompt_tokens == 300
    # the second request carries the tool result of the first, tied to its call id
    second = server.requests[1]["messages"]
    assert second[-2]["tool_calls"][0]["function"]["name"] == "request_ability_check"
    assert second[-1]["role"] == "tool" and second[-1]["tool_call_id"] == "call_0"
    assert json.loads(second[-1]["content"])["dc"] == 15
    assert {t["function"]["name"] for t in server.requests[0]["tools"]} >= {
        "roll_dice",
        "start_combat",
    }


async def test_server_failure_mid_turn_keeps_actions_and_world() -> None:
    script = [
        Reply(text="Mira works the pins.", tool_calls=[("request_ability_check", LOCK)]),
        Status(500, "overloaded", {"retry-after-ms": "5"}),
        Status(500, "overloaded", {"retry-after-ms": "5"}),
        Reply(text="Mira works the pins.", tool_calls=[("request_ability_check", LOCK)]),
        Reply(text="Click: the trapdoor opens."),
    ]
    with FakeOpenAI(script) as server:
        session = session_for(server)
        session.submit(PlayerAction(character_id="mira", text="I pick the lock"))
        before = session.state.model_dump()
        failed = [e async for e in session.process()]
        assert failed[-1].type == "error" and failed[-1].recoverable
        assert "HTTP 500" in failed[-1].message
        # the world is as it was; only the tokens the failed attempt cost are counted
        assert session.state.model_dump(exclude={"usage"}) == {
            k: v for k, v in before.items() if k != "usage"
        }
        assert session.state.usage.calls == 1 and session.state.usage_turns == 0
        assert [a.text for a in session.pending] == ["I pick the lock"]
        retried = [e async for e in session.process()]
    assert retried[-1].type == "turn_end"
    first_roll = next(e for e in failed if e.type == "dice_roll")
    second_roll = next(e for e in retried if e.type == "dice_roll")
    assert first_roll.total == second_roll.total  # the RNG was rolled back too


async def test_cut_stream_mid_turn_is_recoverable() -> None:
    script = [Reply(text="The ogre swings its club and", piece=4, cut_after=5)]
    with FakeOpenAI(script) as server:
        session = session_for(server)
        session.submit(PlayerAction(character_id="thorin", text="I parry"))
        events = [e async for e in session.process()]
    assert events[-1].type == "error" and events[-1].recoverable
    assert "cut off" in events[-1].message
    assert len(session.pending) == 1


async def test_deeply_nested_arguments_come_back_as_an_error_result() -> None:
    script = [
        Reply(text="Mira works the pins.", tool_calls=[("request_ability_check", "[" * 1000)]),
        Reply(text="The pins hold; Mira steps back."),
    ]
    with FakeOpenAI(script) as server:
        session = session_for(server)
        session.submit(PlayerAction(character_id="mira", text="I pick the lock"))
        events = [e async for e in session.process()]
    assert events[-1].type == "turn_end" and server.rejections == []
    second = server.requests[1]["messages"]
    assert "nested 1000 levels" in json.loads(second[-1]["content"])["error"]
    assert second[-2]["tool_calls"][0]["function"]["arguments"] == "{}"

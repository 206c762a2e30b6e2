"""OpenAIBrain against a real local HTTP server speaking the protocol, with the real
``openai`` client: streaming, split tool-call arguments, usage, retries, timeouts, cuts."""

from __future__ import annotations

import asyncio
import json
import re
import time
from typing import Any

import pytest
from pydantic import SecretStr

from app.dm.brain import BrainError, BrainReply, TextDelta
from app.dm.config import DMConfig
from app.dm.openai_brain import PROBE_TIMEOUT, OpenAIBrain
from tests.app.fake_openai import FakeOpenAI, Reply, Status

TOOLS = [{"type": "function", "function": {"name": "roll_dice", "parameters": {"type": "object"}}}]


def brain_for(server: FakeOpenAI, **changes: Any) -> OpenAIBrain:
    settings: dict[str, Any] = {
        "model": "fake-model",
        "base_url": server.base_url,
        "api_key": SecretStr("sk-test"),
        "timeout": 5.0,
        "max_retries": 2,
    }
    settings.update(changes)
    return OpenAIBrain(DMConfig.model_validate(settings))


async def collect(brain: OpenAIBrain, tools: Any = None) -> tuple[list[str], BrainReply]:
    deltas: list[str] = []
    reply = None
    async for item in brain.stream([{"role": "user", "content": "hello"}], tools):
        if isinstance(item, TextDelta):
            deltas.append(item.text)
        else:
            reply = item
    assert reply is not None
    return deltas, reply


async def test_streams_text_and_reports_usage() -> None:
    script = [Reply(text="The door creaks open onto darkness.", piece=5)]
    with FakeOpenAI(script) as server:
        deltas, reply = await collect(brain_for(server))
    assert len(deltas) == 7 and "".join(deltas) == "The door creaks open onto darkness."
    assert reply.text == "The door creaks open onto darkness."
    assert reply.finish_reason == "stop" and reply.tool_calls == []
    assert (reply.usage.prompt_tokens, reply.usage.completion_tokens) == (100, 20)
    request = server.requests[0]
    assert request["model"] == "fake-model" and request["stream"] is True
    assert request["stream_options"] == {"include_usage": True}
    assert server.headers[0]["authorization"] == "Bearer sk-test"


async def test_accumulates_tool_call_arguments_split_over_chunks() -> None:
    args = json.dumps({"rolls": [{"formula": "1d20+5", "flavor": "attack"}, {"formula": "2d6"}]})
    script = [
        Reply(text="Rolling.", tool_calls=[("roll_dice", args), ("get_encounter", "{}")], piece=4)
    ]
    with FakeOpenAI(script) as server:
        _, reply = await collect(brain_for(server), TOOLS)
    assert [c.name for c in reply.tool_calls] == ["roll_dice", "get_encounter"]
    assert json.loads(reply.tool_calls[0].arguments) == json.loads(args)
    assert reply.tool_calls[0].id == "call_0"
    assert reply.finish_reason == "tool_calls"
    assert server.requests[0]["tools"] == TOOLS


async def test_429_is_retried_honouring_retry_after() -> None:
    script = [Status(429, "slow down", {"retry-after-ms": "10"}), Reply(text="ok")]
    with FakeOpenAI(script) as server:
        _, reply = await collect(brain_for(server))
    assert reply.text == "ok" and len(server.requests) == 2


async def test_500_is_retried() -> None:
    script = [
        Status(500, "boom", {"retry-after-ms": "5"}),
        Status(502, "bad gateway", {"retry-after-ms": "5"}),
        Reply(text="fine"),
    ]
    with FakeOpenAI(script) as server:
        _, reply = await collect(brain_for(server))
    assert reply.text == "fine" and len(server.requests) == 3


async def test_persistent_429_becomes_a_recoverable_brain_error() -> None:
    script = [Status(429, "slow down", {"retry-after-ms": "5"}) for _ in range(3)]
    with FakeOpenAI(script) as server, pytest.raises(BrainError, match="rate-limiting") as caught:
        await collect(brain_for(server))
    assert caught.value.recoverable and len(server.requests) == 3


async def test_a_server_that_never_answers_is_given_up_on_within_the_total_budget() -> None:
    # The defaults scaled down 50 times: a hang used to take 3 × the timeout, plus backoff.
    script = [Reply(text="too late", delay=6) for _ in range(3)]
    with FakeOpenAI(script) as server:
        brain = brain_for(server, timeout=1.2, first_token_timeout=0.4, max_retries=2)
        started = time.monotonic()
        with pytest.raises(BrainError) as caught:
            await collect(brain)
        elapsed = time.monotonic() - started
    said = re.search(
        r"did not answer; gave up after (\d+\.\d)s and (\d) tr(?:y|ies)", caught.value.message
    )
    assert said is not None, caught.value.message
    # Two tries fit the budget; on a loaded machine the first try and its backoff may leave
    # too little of it for a second, and the brain gives up then rather than start one it
    # cannot finish. Either way the budget holds and the message tells the truth.
    tries = int(said.group(2))
    waited = float(said.group(1))  # up to the giving up (closing the stream comes after)
    assert 0.35 < waited <= elapsed + 0.05 and elapsed < 5.0  # not the 6 s of a reply
    assert caught.value.recoverable and tries in (1, 2) and len(server.requests) == tries


async def test_the_message_tells_the_time_really_waited() -> None:
    with FakeOpenAI([Reply(text="late", delay=2)]) as server:
        brain = brain_for(server, timeout=5, first_token_timeout=0.3, max_retries=0)
        with pytest.raises(BrainError, match=r"gave up after ([0-2]\.\d)s and 1 try"):
            await collect(brain)


def test_default_waits_fit_a_game() -> None:
    config = DMConfig()
    assert config.timeout == 60 and config.connect_timeout <= 5
    assert config.first_token_timeout < config.timeout and config.max_retries == 2


async def test_a_reply_that_stalls_midway_is_cut_off_without_a_retry() -> None:
    script = [Reply(text="Hello."),
              Reply(text="The ogre raises its club and", piece=4, stall_after=3, stall=3),
              Reply(text="a second answer nobody asked for")]  # fmt: skip
    with FakeOpenAI(script) as server:  # a pause of 1 s: a loaded machine is never that late
        brain = brain_for(server, timeout=5, first_token_timeout=1.0, max_retries=2)
        await collect(brain)  # a plain reply: the next ones stream
        deltas: list[str] = []
        with pytest.raises(BrainError, match=r"stalled and was cut off after [12]\.\ds"):
            async for item in brain.stream([{"role": "user", "content": "hi"}], None):
                if isinstance(item, TextDelta):
                    deltas.append(item.text)
    assert "".join(deltas) == "The ogre" and len(server.requests) == 2


async def test_a_slow_first_token_is_retried_when_time_allows() -> None:
    script = [Reply(text="slow", delay=3), Reply(text="The door opens.")]
    with FakeOpenAI(script) as server:  # the second answers at once, well within 1 s
        brain = brain_for(server, timeout=6, first_token_timeout=1.0, max_retries=2)
        _, reply = await collect(brain)
    assert reply.text == "The door opens." and len(server.requests) == 2


async def test_a_retry_after_longer_than_the_budget_gives_up_at_once() -> None:
    with FakeOpenAI([Status(429, "slow down", {"retry-after": "30"})]) as server:
        started = time.monotonic()
        with pytest.raises(BrainError, match=r"rate-limiting us; gave up after \d\.\ds and 1 try"):
            await collect(brain_for(server, timeout=5))
    # not the 30 s asked for (a loaded machine may take a second or two to get there)
    assert time.monotonic() - started < 5 and len(server.requests) == 1


@pytest.mark.parametrize("stall_after", [None, 3])
async def test_cancelling_the_turn_ends_the_request_at_once(stall_after: int | None) -> None:
    # Before the reply starts (a slow server), and in the middle of it (a stalled stream).
    reply = Reply(text="The dragon breathes and", piece=4, delay=0 if stall_after else 3,
                  stall_after=stall_after, stall=3)  # fmt: skip
    with FakeOpenAI([reply]) as server:
        brain = brain_for(server, timeout=30, first_token_timeout=20)
        task = asyncio.create_task(collect(brain))
        await asyncio.sleep(0.3)
        started = time.monotonic()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert time.monotonic() - started < 2  # not the 3 s the server would take


async def test_listing_the_models_gives_up_in_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    assert PROBE_TIMEOUT <= 5
    monkeypatch.setattr("app.dm.openai_brain.PROBE_TIMEOUT", 0.3)
    with FakeOpenAI() as server:
        server.models_delay = 8
        started = time.monotonic()
        with pytest.raises(BrainError, match=r"gave up after \d+(\.\d)?s"):
            await brain_for(server, timeout=60).models()
    assert time.monotonic() - started < 5  # not the 8 s the server would take


async def test_listing_the_models() -> None:
    with FakeOpenAI(models=("fake-model", "other")) as server:
        assert await brain_for(server).models() == ["fake-model", "other"]


async def test_stream_cut_mid_reply() -> None:
    with FakeOpenAI([Reply(text="The ogre raises its club and", piece=4, cut_after=4)]) as server:
        brain = brain_for(server, max_retries=0)
        with pytest.raises(BrainError) as caught:
            await collect(brain)
    assert caught.value.recoverable
    assert "cut off" in caught.value.message


async def test_stream_without_finish_is_treated_as_cut() -> None:
    # The body ends cleanly, but the server never says the reply is finished.
    reply = Reply(text="half a sentence", finish=False, include_usage=False)
    with FakeOpenAI([reply]) as server, pytest.raises(BrainError, match="cut off"):
        await collect(brain_for(server))


async def test_unreachable_server() -> None:
    config = DMConfig(model="m", base_url="http://127.0.0.1:9/v1", timeout=2, max_retries=0)
    with pytest.raises(BrainError, match="cannot reach"):
        await collect(OpenAIBrain(config))


async def test_bad_key_is_reported() -> None:
    with (
        FakeOpenAI([Status(401, "invalid api key")]) as server,
        pytest.raises(BrainError, match="refused the API key"),
    ):
        await collect(brain_for(server))


def test_openai_is_imported_lazily() -> None:
    import subprocess
    import sys

    code = (
        "import sys; import app.dm.openai_brain, app.session.session, app.cli.main;"
        "print('openai' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


async def test_careless_tool_call_chunks_are_read_without_raising() -> None:
    # No index, arguments sent as an object, a name that is not text: still calls.
    deltas = [
        {"tool_calls": [{"id": "a", "type": "function",
                         "function": {"name": "roll_dice", "arguments": {"rolls": []}}}]},
        {"tool_calls": [{"id": "a", "function": {"name": 7, "arguments": "{}"}}]},
    ]  # fmt: skip
    with FakeOpenAI([Reply(text="Hm.", deltas=deltas)]) as server:
        _, reply = await collect(brain_for(server))
    assert [(c.name, c.arguments) for c in reply.tool_calls] == [
        ("roll_dice", '{"rolls": []}'),
        ("7", "{}"),
    ]
    assert len({c.id for c in reply.tool_calls}) == 2


async def test_a_chunk_of_another_shape_is_said_as_such() -> None:
    """A server whose stream is not OpenAI's (a delta that is a bare string) gets a message
    that says so, not an AttributeError."""
    with (
        FakeOpenAI([Reply(text="", deltas=["just words"])]) as server,
        pytest.raises(BrainError) as caught,
    ):
        await collect(brain_for(server))
    message = caught.value.message
    assert "cannot read" in message and "OpenAI chat API" in message
    assert "AttributeError: " not in message


async def test_a_chunk_nested_thousands_deep_is_a_server_problem_not_a_bug() -> None:
    """A chunk of JSON nested 100,000 deep overflows the decoder's recursion: the turn
    fails as any unreadable reply does (a recoverable BrainError that says what to
    check), never as the game's own bug ("RecursionError")."""
    deep = "[" * 100_000 + "]" * 100_000
    chunk = '{"id":"x","choices":[{"index":0,"delta":{"content":' + deep + "}}]}"
    with (
        FakeOpenAI([Reply(text="", raw=[f"data: {chunk}\n\n"], finish=False)]) as server,
        pytest.raises(BrainError) as caught,
    ):
        await collect(brain_for(server))
    message = caught.value.message
    assert "OpenAI chat API" in message and "RecursionError" not in message

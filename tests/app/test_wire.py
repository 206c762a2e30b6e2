"""The request shape: the strict test server refuses what llama.cpp, vLLM, Ollama and OpenAI
refuse, and what we send passes it — directly, and through the real client and a turn."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import SecretStr

from app.actions.calls import json_object, nesting_depth
from app.actions.sets import ALL_TOOLS, COMBAT_TOOLS, EXPLORATION_TOOLS
from app.dm.brain import BrainError, TextDelta
from app.dm.config import DMConfig
from app.dm.openai_brain import OpenAIBrain
from app.dm.wire import wire_messages
from app.session.session import GameSession
from app.world.actions import PlayerAction
from app.world.sandbox import sandbox_state
from tests.app.fake_openai import FakeOpenAI, Reply, check_request

ROLL = '{"rolls": [{"formula": "1d20"}]}'
CALL = {"id": "call_1", "type": "function", "function": {"name": "roll_dice", "arguments": ROLL}}
SYSTEM = {"role": "system", "content": "You are the DM."}
USER = {"role": "user", "content": "I pick the lock"}
RESULT = {"role": "tool", "tool_call_id": "call_1", "content": '{"total": 12}'}


def body(*messages: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"model": "m", "messages": list(messages), "stream": True, **extra}


def assistant(content: Any = "", **extra: Any) -> dict[str, Any]:
    return {"role": "assistant", "content": content, **extra}


GOOD = body(SYSTEM, USER, assistant("Mira kneels.", tool_calls=[CALL]), RESULT)

REFUSED = {
    "content null beside tool calls (llama-cpp-python)": (
        body(SYSTEM, USER, assistant(None, tool_calls=[CALL]), RESULT), 500),
    "content missing on a user message": (body(SYSTEM, {"role": "user"}), 500),
    "content that is a number": (body(SYSTEM, {"role": "user", "content": 7}), 400),
    "tool result without tool_call_id": (
        body(SYSTEM, USER, assistant(tool_calls=[CALL]), {"role": "tool", "content": "x"}), 400),
    "tool result for a call never made": (
        body(SYSTEM, USER, assistant(tool_calls=[CALL]), RESULT,
             {"role": "tool", "tool_call_id": "call_9", "content": "x"}), 400),
    "a call left unanswered": (
        body(SYSTEM, USER, assistant(tool_calls=[CALL]), {"role": "user", "content": "go"}), 400),
    "unknown role": (body(SYSTEM, {"role": "narrator", "content": "x"}), 400),
    "system message mid-conversation": (
        body(SYSTEM, USER, assistant("ok"), {"role": "system", "content": "narrate"}), 500),
    "two user messages in a row": (body(SYSTEM, USER, USER), 500),
    "malformed tool-call arguments": (
        body(SYSTEM, USER, assistant(tool_calls=[
            {**CALL, "function": {"name": "roll_dice", "arguments": "[[["}}]), RESULT), 400),
    "tool call without type": (
        body(SYSTEM, USER, assistant(tool_calls=[{k: v for k, v in CALL.items() if k != "type"}]),
             RESULT), 500),
    "tool that is not a function": (
        body(SYSTEM, USER, tools=[{"type": "retrieval", "function": {"name": "x"}}]), 500),
    "tool parameters that are no JSON Schema": (
        body(SYSTEM, USER, tools=[{"type": "function", "function": {
            "name": "x",
            "parameters": {"type": "object", "properties": {"a": {"type": "lots"}}}}}]),
        400),
    "tool parameters with a dangling $ref": (
        body(SYSTEM, USER, tools=[{"type": "function", "function": {
            "name": "x", "parameters": {"type": "object",
                                        "properties": {"a": {"$ref": "#/$defs/A"}}}}}]), 400),
    "stream_options without streaming": (
        {"model": "m", "messages": [USER], "stream_options": {"include_usage": True}}, 400),
    "unknown request field": (body(SYSTEM, USER, frobnicate=True), 400),
}  # fmt: skip


def test_a_well_formed_request_passes() -> None:
    assert check_request(GOOD) is None


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_strict_server_refuses(case: str) -> None:
    request, status = REFUSED[case]
    refused = check_request(request)
    assert refused is not None and refused.status == status


MESSAGE_CASES = sorted(
    k for k, (r, _) in REFUSED.items() if set(r) == {"model", "messages", "stream"}
)


@pytest.mark.parametrize("case", MESSAGE_CASES)
def test_wire_messages_mend_every_refused_conversation(case: str) -> None:
    request, _ = REFUSED[case]
    assert check_request({**request, "messages": wire_messages(request["messages"])}) is None


def test_wire_messages_keep_what_was_said() -> None:
    sent = wire_messages(
        [SYSTEM, {"role": "system", "content": "Story so far: a rat."}, USER,
         assistant(None, tool_calls=[CALL]), RESULT, {"role": "system", "content": "Narrate now."}]
    )  # fmt: skip
    assert [m["role"] for m in sent] == ["system", "user", "assistant", "tool", "user"]
    assert sent[0]["content"] == "You are the DM.\n\nStory so far: a rat."
    assert sent[2]["content"] == "" and sent[2]["tool_calls"][0]["id"] == "call_1"
    assert sent[4]["content"] == "Narrate now."


def test_malformed_arguments_are_sent_back_as_an_empty_object() -> None:
    junk = {**CALL, "function": {"name": "roll_dice", "arguments": "[" * 1000}}
    sent = wire_messages([SYSTEM, USER, assistant(tool_calls=[junk]), RESULT])
    assert sent[2]["tool_calls"][0]["function"]["arguments"] == "{}"


def test_half_an_emoji_is_sent_as_a_replacement_character() -> None:
    """A model cutting an emoji in two sends a lone surrogate; the request must still encode."""
    cut = {**CALL, "function": {"name": "set_flag", "arguments": '{"value": "smiles \\ud83d"}'}}
    said = {"role": "user", "content": "hi \ud83d\ude00 and \udc00"}
    sent = wire_messages([SYSTEM, said, assistant(tool_calls=[cut]), RESULT])
    body = json.dumps(sent, ensure_ascii=False).encode("utf-8")  # raises on a lone surrogate
    assert "smiles \ufffd" in body.decode() and "hi \U0001f600 and \ufffd" in body.decode()


def test_nesting_is_measured_without_parsing() -> None:
    assert nesting_depth("[" * 1000) == 1000
    assert nesting_depth('{"a": "[[[[", "b": [1, [2]]}') == 3
    assert json_object("[" * 1000) is None and json_object('{"a": 1}') == {"a": 1}
    assert json_object("[1, 2]") is None and json_object("  ") == {}


@pytest.mark.parametrize("tools", [EXPLORATION_TOOLS, COMBAT_TOOLS, ALL_TOOLS])
def test_our_tool_schemas_pass(tools: Any) -> None:
    assert check_request(body(SYSTEM, USER, tools=tools.schemas())) is None


def brain(server: FakeOpenAI) -> OpenAIBrain:
    config = DMConfig(model="fake-model", base_url=server.base_url, api_key=SecretStr("k"),
                      timeout=5, max_retries=0)  # fmt: skip
    return OpenAIBrain(config)


async def test_the_real_client_is_refused_like_llama_cpp_refuses() -> None:
    # The request is built by hand with null content, as the game used to send it.
    with FakeOpenAI([Reply(text="never")]) as server:
        client = brain(server).client()
        with pytest.raises(Exception, match="NoneType"):
            await client.chat.completions.create(
                model="fake-model",
                messages=[SYSTEM, USER, assistant(None, tool_calls=[CALL]), RESULT],  # type: ignore[list-item]
            )
    assert server.rejections[0].server == "llama-cpp-python"


async def test_a_system_reminder_mid_turn_reaches_the_server_as_a_user_message() -> None:
    messages = [SYSTEM, USER, assistant("", tool_calls=[CALL]), RESULT,
                {"role": "system", "content": "Narrate now."}]  # fmt: skip
    with FakeOpenAI([Reply(text="The lock clicks.")]) as server:
        texts = [i.text async for i in brain(server).stream(messages, None)
                 if isinstance(i, TextDelta)]  # fmt: skip
    assert "".join(texts) == "The lock clicks." and server.rejections == []
    assert server.requests[0]["messages"][-1] == {"role": "user", "content": "Narrate now."}


LOCK = json.dumps({"character_id": "mira", "skill": "sleight_of_hand", "dc": 15, "reason": "lock"})


async def test_a_whole_turn_of_tool_rounds_passes_the_strict_server() -> None:
    # Five rounds of tool calls without a word, then the forced narration: every request of
    # the turn (empty assistant content, tool results, the reminder) is accepted.
    script = [Reply(tool_calls=[("request_ability_check", LOCK.replace("lock", f"try {n}"))])
              for n in range(5)]  # fmt: skip
    script.append(Reply(text="The pins give at last."))
    with FakeOpenAI(script) as server:
        session = GameSession(sandbox_state(seed=3), brain(server))
        session.submit(PlayerAction(character_id="mira", text="I pick the lock"))
        events = [e async for e in session.process()]
    assert server.rejections == [], server.rejections
    assert events[-1].type == "turn_end"


async def test_an_empty_reply_is_followed_by_a_request_that_passes() -> None:
    with FakeOpenAI([Reply(text=""), Reply(text="The cellar is quiet.")]) as server:
        session = GameSession(sandbox_state(seed=3), brain(server))
        session.submit(PlayerAction(character_id="mira", text="I listen"))
        events = [e async for e in session.process()]
    assert server.rejections == [] and events[-1].type == "turn_end"


async def test_a_server_error_becomes_a_readable_brain_error() -> None:
    with FakeOpenAI([]) as server, pytest.raises(BrainError, match="HTTP 500"):
        async for _ in brain(server).stream([SYSTEM, USER], None):
            pass  # the script is empty: the server answers 500


def test_ids_a_server_repeats_from_reply_to_reply_are_made_unique() -> None:
    turn = [SYSTEM, USER]
    for n in range(3):
        calls = [{**CALL, "id": f"call_{k}"} for k in range(4)]
        turn.append(assistant(f"round {n}", tool_calls=calls))
        turn += [{"role": "tool", "tool_call_id": f"call_{k}", "content": "{}"} for k in range(4)]
    sent = wire_messages(turn)
    assert check_request(body(*sent)) is None
    ids = [c["id"] for m in sent for c in m.get("tool_calls", [])]
    assert len(set(ids)) == 12

"""The connection test against a real local server: reachable, the model found (with or
without Ollama's ``:latest``), and whether the model calls tools natively, only as text, or
not at all; a 404 names the ``/v1`` of the base URL."""

from __future__ import annotations

import json
import socket
from typing import Any

import pytest

from app.dm.brain import BrainError
from app.dm.config import DMConfig, not_found_hint
from app.dm.connection import TOOL_NAME, check_connection, find_model
from app.dm.openai_brain import OpenAIBrain
from tests.app.fake_openai import FakeOpenAI, Reply, Status

ROLL = json.dumps({"formula": "1d20"})


def config_for(base_url: str, **changes: Any) -> DMConfig:
    return DMConfig.model_validate({"model": "fake-model", "base_url": base_url} | changes)


async def test_a_model_that_calls_the_tool_passes() -> None:
    steps: list[str] = []
    with FakeOpenAI([Reply(tool_calls=[(TOOL_NAME, ROLL)])], models=("fake-model",)) as server:
        report = await check_connection(config_for(server.base_url), progress=steps.append)
    assert report.reachable and report.model_found and report.tools == "native"
    assert report.verdict == "ok"
    text = report.text()
    assert "connected to fake-model" in text and "native tool_calls" in text
    assert text.endswith(" s in all)")
    assert len(steps) == 2 and "models" in steps[0] and "tool call" in steps[1]
    request = server.requests[0]  # one small tool, asked for by name
    assert [t["function"]["name"] for t in request["tools"]] == [TOOL_NAME]
    assert request["stream"] is True and not server.rejections


async def test_a_server_that_ignores_tools_fails_the_test() -> None:
    # listing the models alone would pass this server: its model only ever talks
    with FakeOpenAI([Reply(text="You roll a 14. The goblin flinches!")]) as server:
        report = await check_connection(config_for(server.base_url))
    assert report.reachable and report.model_found and report.tools == "none"
    assert report.verdict == "bad"
    assert "no tool calls" in report.text() and "You roll a 14" in report.text()
    assert "--jinja" in report.text()  # where tool calls are switched on


async def test_tool_calls_written_as_text_are_a_warning() -> None:
    written = json.dumps({"name": TOOL_NAME, "arguments": {"formula": "1d20"}})
    with FakeOpenAI([Reply(text=f"<tool_call>{written}</tool_call>")]) as server:
        report = await check_connection(config_for(server.base_url))
    assert report.tools == "text" and report.verdict == "warn"
    assert "only as text" in report.text()


async def test_strict_mode_is_tested_as_the_game_sends_it() -> None:
    with FakeOpenAI([Reply(tool_calls=[(TOOL_NAME, ROLL)])]) as server:
        report = await check_connection(config_for(server.base_url, strict_tools="on"))
    assert report.tools == "native"
    assert server.requests[0]["tools"][0]["function"]["strict"] is True
    assert not server.rejections  # the strict schema is one OpenAI accepts


def test_a_name_matches_ollamas_latest_tag_both_ways() -> None:
    assert find_model("llama3.1", ["llama3.1:latest", "qwen2.5:7b"]) == "llama3.1:latest"
    assert find_model("llama3.1:latest", ["llama3.1"]) == "llama3.1"
    assert find_model("qwen2.5:7b", ["qwen2.5:7b"]) == "qwen2.5:7b"
    assert find_model("qwen2.5", ["qwen2.5:7b"]) is None  # another tag is another model
    assert find_model("llama3", ["llama3.1:latest"]) is None


async def test_the_model_is_found_under_its_latest_tag() -> None:
    script = [Reply(tool_calls=[(TOOL_NAME, ROLL)])]
    with FakeOpenAI(script, models=("llama3.1:latest", "other")) as server:
        report = await check_connection(config_for(server.base_url, model="llama3.1"))
    assert report.model_found and report.verdict == "ok"
    assert "listed as 'llama3.1:latest'" in report.text()


async def test_a_missing_model_is_named_with_what_the_server_has() -> None:
    with FakeOpenAI(models=("fake-model", "other")) as server:
        report = await check_connection(config_for(server.base_url, model="missing"))
    assert report.reachable and report.model_found is False and report.tools is None
    assert "has no model 'missing' (it has: fake-model, other)" in report.text()
    assert not server.requests  # no chat with a model that is not there


async def test_a_server_that_is_not_there_is_unreachable() -> None:
    with socket.socket() as free:  # a port nobody listens on
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    report = await check_connection(config_for(f"http://127.0.0.1:{port}/v1"))
    assert not report.reachable and report.verdict == "bad"
    assert "cannot reach the DM" in report.text()


async def test_a_slow_model_is_given_up_on() -> None:
    script = [Reply(tool_calls=[(TOOL_NAME, ROLL)], delay=3)]
    with FakeOpenAI(script) as server:
        report = await check_connection(config_for(server.base_url), chat_seconds=0.3)
    assert report.reachable and report.tools is None and report.verdict == "bad"
    assert report.seconds < 2.5  # not the 3 s the server would take


async def test_a_404_without_v1_says_to_add_it() -> None:
    with FakeOpenAI() as server:
        server.root = "/v1"
        bare = server.base_url.removesuffix("/v1")
        report = await check_connection(config_for(bare))
    assert report.reachable and report.verdict == "bad"
    assert "HTTP 404" in report.text()
    assert f"the base URL has no /v1 ({bare})" in report.text() and f"{bare}/v1" in report.text()


async def test_a_404_with_v1_says_to_remove_it_also_mid_game() -> None:
    with FakeOpenAI([Reply(text="never sent")]) as server:
        server.root = "/v1"
        doubled = server.base_url + "/v1"
        brain = OpenAIBrain(config_for(doubled, max_retries=0))
        with pytest.raises(BrainError) as caught:
            async for _ in brain.stream([{"role": "user", "content": "hello"}], None):
                pass
    assert "HTTP 404" in caught.value.message
    assert "ends in /v1" in caught.value.message and "remove the /v1" in caught.value.message


async def test_a_404_about_the_model_says_so_rather_than_the_url() -> None:
    missing = Status(404, 'model "llama3.1" not found, try pulling it first')
    with FakeOpenAI([missing], models=()) as server:  # a server that lists nothing
        report = await check_connection(config_for(server.base_url, model="llama3.1"))
    assert report.model_found is None and report.verdict == "bad"
    assert "check the model name" in report.text() and "/v1" not in report.text().split("—")[-1]


def test_the_hint_names_the_base_url_without_its_secrets() -> None:
    hint = not_found_hint("http://user:supersecretpass@example.com/api")
    assert "supersecretpass" not in hint and "…@example.com/api/v1" in hint
    assert not_found_hint(None) == ""  # OpenAI itself: the path is the client's

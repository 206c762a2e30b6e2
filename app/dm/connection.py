"""The connection test of the settings and new-game screens: does the endpoint answer, does
it have the model, and can the model call tools — the one thing the game cannot do without
(every roll and every change to the world is a tool call)?

Listing models alone passes a server whose model cannot call tools; so after the listing
the test sends one small chat request offering one tool and asking for it, through the same
streaming path a turn uses, and says how the call came back: in the ``tool_calls`` field
(native), written into the text (the game reads it, less surely), or not at all. Each step
reports what it found and the whole says how long it took.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from app.dm.brain import BrainError, BrainReply, Message
from app.dm.config import DMConfig
from app.dm.openai_brain import PROBE_TIMEOUT, OpenAIBrain
from app.dm.textcalls import extract_text_tool_calls

CHAT_TIMEOUT = 30.0
"""Seconds the tool-call request may take: a local server may first load the model."""

TOOL_NAME = "roll_dice"
TEST_TOOL: dict[str, Any] = {
    "type": "function",
    "function": {
        "name": TOOL_NAME,
        "description": "Roll dice for the game and learn the result.",
        "parameters": {
            "type": "object",
            "properties": {
                "formula": {"type": "string", "description": "dice notation, e.g. 1d20+3"}
            },
            "required": ["formula"],
            "additionalProperties": False,
        },
    },
}
"""One tiny tool: a few dozen tokens, so even a slow local model answers quickly."""

TEST_MESSAGES: list[Message] = [
    {
        "role": "system",
        "content": "You are the Dungeon Master of a tabletop game. Every roll of the dice is "
        "made by calling the roll_dice tool.",
    },
    {"role": "user", "content": "Roll 1d20 for my attack, using the roll_dice tool."},
]

ToolSupport = Literal["native", "text", "none"]
Mark = Literal["ok", "warn", "bad"]
SIGNS: dict[Mark, str] = {"ok": "✔", "warn": "⚠", "bad": "✘"}

SERVER_TOOLS_HINT = (
    "llama.cpp's llama-server needs --jinja; vLLM needs --enable-auto-tool-choice "
    "--tool-call-parser (hermes, llama3_json or mistral); with Ollama and LM Studio pick a "
    "model made for tools (Qwen2.5 Instruct, Llama 3.1 Instruct, Mistral Small)"
)
"""Where tool calls are switched on, for a server whose model did not make them natively."""


def find_model(name: str, listed: Iterable[str]) -> str | None:
    """The server's own name for the model ``name``: the same name, or the same with or
    without Ollama's default tag (``llama3.1`` is listed as ``llama3.1:latest``, and a
    config may say ``name:latest`` of a server that lists plain ``name``). ``None`` when
    it is not there."""
    names = set(listed)
    if name in names:
        return name
    if name.endswith(":latest"):
        bare = name.removesuffix(":latest")
        return bare if bare in names else None
    tagged = f"{name}:latest"
    return tagged if tagged in names else None


def tool_support(reply: BrainReply) -> ToolSupport:
    """How a reply to :data:`TEST_MESSAGES` called the tool: natively, written as text in
    its words, or not at all."""
    if any(call.name == TOOL_NAME for call in reply.tool_calls):
        return "native"
    found, _ = extract_text_tool_calls(reply.text, {TOOL_NAME})
    return "text" if found else "none"


def _seconds(elapsed: float) -> str:
    return f"{elapsed:.1f} s"


@dataclass
class ConnectionReport:
    """What the connection test found, step by step."""

    where: str
    """The endpoint, as it may be shown (never the key)."""
    reachable: bool = False
    """It answered at all (even a refusal of the key is an answer)."""
    model_found: bool | None = None
    """Whether the server lists the model (``None``: not asked, or it lists none)."""
    tools: ToolSupport | None = None
    """How the model called the test tool (``None``: the request was not made or failed)."""
    seconds: float = 0.0
    """How long the whole test took."""
    lines: list[tuple[Mark, str]] = field(default_factory=list)
    """One line per step, each with its verdict."""

    def add(self, mark: Mark, text: str) -> None:
        """Record one step's finding."""
        self.lines.append((mark, text))

    @property
    def verdict(self) -> Mark:
        """``ok`` when the game can play with it as it is, ``warn`` when it can but less
        surely (tool calls only as text), ``bad`` otherwise."""
        marks = {mark for mark, _ in self.lines}
        if "bad" in marks or self.tools is None:
            return "bad"
        return "warn" if "warn" in marks else "ok"

    def text(self) -> str:
        """The report as the screens show it: a line per step, then the time taken."""
        lines = [f"{SIGNS[mark]} {text}" for mark, text in self.lines]
        lines.append(f"({_seconds(self.seconds)} in all)")
        return "\n".join(lines)


Progress = Callable[[str], None]


async def check_connection(
    config: DMConfig,
    *,
    progress: Progress | None = None,
    list_seconds: float = PROBE_TIMEOUT,
    chat_seconds: float = CHAT_TIMEOUT,
) -> ConnectionReport:
    """Test the endpoint of ``config``: list its models (within ``list_seconds``), then ask
    the model for one tool call (within ``chat_seconds``). ``progress`` is told which step
    is running. Never raises for what the endpoint does: every failure is a line of the
    report."""
    started = time.monotonic()
    report = ConnectionReport(where=config.describe())
    say = progress or (lambda _: None)
    try:
        await _run(config, report, say, list_seconds, chat_seconds)
    finally:
        report.seconds = time.monotonic() - started
    return report


async def _run(
    config: DMConfig,
    report: ConnectionReport,
    say: Progress,
    list_seconds: float,
    chat_seconds: float,
) -> None:
    where = report.where
    say(f"asking {where} for its models …")
    quick = config.model_copy(update={"max_retries": 0})
    try:
        listed = await OpenAIBrain(quick).models(list_seconds)
    except BrainError as error:
        report.reachable = "cannot reach" not in error.message and "did not answer" not in (
            error.message
        )
        report.add("bad", error.message)
        return
    report.reachable = True
    count = f"{len(listed)} model{'s' if len(listed) != 1 else ''}"
    report.add("ok", f"connected to {where} ({count})")
    if listed:
        found = find_model(config.model, listed)
        report.model_found = found is not None
        if found is None:
            shown = ", ".join(sorted(listed)[:8]) + (" …" if len(listed) > 8 else "")
            report.add(
                "bad", f"{where} answers, but has no model {config.model!r} (it has: {shown})"
            )
            return
        also = f" (listed as {found!r})" if found != config.model else ""
        report.add("ok", f"model {config.model!r} found{also}")
    say(f"asking {config.model} for a tool call (a local server may first load the model) …")
    await _ask_for_a_tool(config, report, chat_seconds)


async def _ask_for_a_tool(config: DMConfig, report: ConnectionReport, seconds: float) -> None:
    """The second step: one chat request offering :data:`TEST_TOOL`."""
    quick = config.model_copy(
        update={
            "max_retries": 0,
            "timeout": min(config.timeout, seconds),
            "first_token_timeout": min(config.first_token_timeout, seconds),
        }
    )
    tool = json.loads(json.dumps(TEST_TOOL))
    if config.strict:
        tool["function"]["strict"] = True
    started = time.monotonic()
    reply: BrainReply | None = None
    try:
        async with asyncio.timeout(seconds):
            async for item in OpenAIBrain(quick).stream(list(TEST_MESSAGES), [tool]):
                if isinstance(item, BrainReply):
                    reply = item
    except BrainError as error:
        report.add("bad", f"the chat request failed: {error.message}")
        return
    except TimeoutError:
        report.add("bad", f"the model did not answer a chat request within {seconds:g} s")
        return
    took = _seconds(time.monotonic() - started)
    if reply is None:  # a stream always ends in a reply; said rather than assumed
        report.add("bad", "the chat request ended without a reply")
        return
    report.tools = tool_support(reply)
    if report.tools == "native":
        report.add("ok", f"tool calls work (native tool_calls, {took})")
    elif report.tools == "text":
        report.add(
            "warn",
            f"tool calls only as text ({took}): the model wrote the call into its reply "
            f"instead of the tool_calls field. The game reads such calls, less surely — "
            f"{SERVER_TOOLS_HINT}",
        )
    else:
        words = " ".join(reply.text.split())
        said = f': "{words[:60]}{"…" if len(words) > 60 else ""}"' if words else ""
        report.add(
            "bad",
            f"no tool calls ({took}): the model answered in words{said}. The DM could not "
            f"roll dice or change the world — {SERVER_TOOLS_HINT}",
        )

"""The DM tool loop: call the brain, run its tool calls through the rules, feed the results
back, and repeat — at most ``MAX_TOOL_ROUNDS`` times — until it narrates.

Text streams to the players as it arrives, unless a reply opens like a tool call written as
text (common with local models); such replies are held back, parsed, and their calls run.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

from app.dm import prompts
from app.dm.brain import Brain, BrainReply, Message, TextDelta, ToolCall
from app.dm.textcalls import extract_text_tool_calls, looks_like_a_call
from app.dm.tools.registry import ToolSet
from app.session.events import NarrativeChunk, SessionEvent, Usage
from app.world.state import GameState

MAX_TOOL_ROUNDS = 5


class TurnFailed(Exception):
    """The DM could not produce a usable turn; the session rolls the turn back."""


class LoopReport:
    """What the loop learned, read by the session after the events are consumed."""

    def __init__(self) -> None:
        self.usage = Usage()
        self.narrative: list[str] = []
        self.rounds = 0
        self.tool_calls = 0


async def tool_loop(
    brain: Brain,
    tools: ToolSet,
    messages: list[Message],
    state: GameState,
    report: LoopReport,
) -> AsyncIterator[SessionEvent]:
    """Run one turn's conversation with the DM, yielding events as they happen."""
    nudged = False
    narrated = False  # has the DM said anything since the last tool results?
    for round_no in range(MAX_TOOL_ROUNDS + 1):
        last_round = round_no == MAX_TOOL_ROUNDS
        if last_round:
            messages.append({"role": "system", "content": prompts.NARRATE_NOW})
        report.rounds = round_no + 1
        reply: BrainReply | None = None
        text = ""
        holding: bool | None = None  # undecided until the first visible character
        async for item in brain.stream(messages, None if last_round else tools.schemas()):
            if isinstance(item, TextDelta):
                text += item.text
                if holding is None and text.strip():
                    holding = looks_like_a_call(text)
                    if not holding:
                        yield NarrativeChunk(text=text)
                elif holding is False:
                    yield NarrativeChunk(text=item.text)
            else:
                reply = item
        if reply is None:
            raise TurnFailed("the DM's reply ended without a result")
        report.usage = report.usage.plus(reply.usage)
        content = reply.text
        calls: list[ToolCall] = list(reply.tool_calls)
        if not calls or holding:
            # Calls written as text: run them (or, on the last round, at least hide them).
            found, rest = extract_text_tool_calls(content, tools.names)
            if found:
                calls, content = (calls or found), rest
        if last_round:
            calls = []  # told to narrate: further calls are ignored
        if holding and content.strip():
            yield NarrativeChunk(text=content)  # held back, but prose after all
        if content.strip():
            report.narrative.append(content)
            narrated = True
        if not calls:
            if narrated:
                return
            if nudged or last_round:
                raise TurnFailed("the DM returned an empty reply")
            nudged = True
            messages.append({"role": "system", "content": prompts.EMPTY_REPLY})
            continue
        messages.append(
            {
                "role": "assistant",
                "content": content or None,
                "tool_calls": [c.as_message_part() for c in calls],
            }
        )
        for call in calls:
            report.tool_calls += 1
            outcome = tools.execute(call, state)
            for event in outcome.events:
                yield event
            messages.append(
                {
                    "role": "tool",
                    "tool_call_id": call.id,
                    "content": json.dumps(outcome.result, ensure_ascii=False),
                }
            )
        narrated = False
    raise TurnFailed("the DM kept calling tools after it was told to narrate")

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
from app.dm.cleanup import ReplyCleaner
from app.dm.textcalls import CallFilter
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
            messages.append({"role": "user", "content": prompts.NARRATE_NOW})
        report.rounds = round_no + 1
        reply: BrainReply | None = None
        clean = ReplyCleaner()  # reasoning and template tokens never reach the players
        shown = CallFilter()
        gap = "\n\n" if report.narrative else ""  # keep each round's words apart
        async for item in brain.stream(messages, None if last_round else tools.schemas()):
            if isinstance(item, TextDelta):
                visible = shown.feed(clean.feed(item.text))
                if visible.strip() or (visible and not gap):
                    yield NarrativeChunk(text=gap + visible)
                    gap = ""
            else:
                reply = item
        if reply is None:
            raise TurnFailed("the DM's reply ended without a result")
        report.usage = report.usage.plus(reply.usage)
        visible = shown.feed(clean.finish())
        if visible.strip():
            yield NarrativeChunk(text=gap + visible)
            gap = ""
        # Calls written as text are run (or, on the last round, at least kept out of sight).
        found, tail = shown.finish(tools.names)
        if tail.strip():
            yield NarrativeChunk(text=gap + tail)
        content = shown.shown.strip()
        calls: list[ToolCall] = list(reply.tool_calls) or found
        if last_round:
            calls = []  # told to narrate: further calls are ignored
        if content.strip():
            report.narrative.append(content)
            narrated = True
        if not calls:
            if narrated:
                return
            if nudged or last_round:
                raise TurnFailed("the DM returned an empty reply")
            nudged = True
            messages.append({"role": "assistant", "content": ""})
            messages.append({"role": "user", "content": prompts.EMPTY_REPLY})
            continue
        messages.append(
            {
                "role": "assistant",
                "content": content,  # a string, "" when nothing was said: never null
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

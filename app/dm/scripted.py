"""ScriptedBrain: replays a recorded DM, reply by reply. Tests and ``simulate`` use it so a
seeded game with a script produces the same transcript every time.

A transcript file is TOML::

    [[reply]]
    text = "The lock resists."
    [[reply.tool_calls]]
    name = "request_ability_check"
    arguments = { character_id = "mira", skill = "sleight_of_hand", dc = 15, reason = "lock" }

``arguments`` may also be a string, sent as is (so a test can send malformed JSON), and a
reply may be ``error = "…"`` to fail that call like a dropped connection would.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from app.actions.calls import ToolCall
from app.actions.events import Usage
from app.dm.brain import BrainError, BrainReply, Message, TextDelta
from app.world.userfiles import UserFileError, read_toml


class ScriptedCall(BaseModel):
    """One tool call of a scripted reply."""

    model_config = ConfigDict(extra="forbid")

    name: str
    arguments: str | dict[str, Any] = Field(default_factory=dict)


class ScriptedReply(BaseModel):
    """One scripted reply: text and/or tool calls, or an error."""

    model_config = ConfigDict(extra="forbid")

    text: str = ""
    tool_calls: list[ScriptedCall] = Field(default_factory=list)
    error: str | None = None
    recoverable: bool = True


class Transcript(BaseModel):
    """A recorded DM: its replies in order."""

    model_config = ConfigDict(extra="forbid")

    reply: list[ScriptedReply] = Field(default_factory=list)


MAX_TRANSCRIPT_BYTES = 4 << 20
"""A recorded DM of more than 4 MB is refused (a long game's replies are far smaller)."""


def _where(loc: tuple[int | str, ...]) -> str:
    """``reply[2].tool_calls[0].name``: a key path as an author reads it."""
    text = ""
    for key in loc:
        text += f"[{key}]" if isinstance(key, int) else (f".{key}" if text else key)
    return text or "(top level)"


class ScriptedBrain:
    """Replays :class:`ScriptedReply` objects in order; records every request it gets."""

    name = "scripted"

    def __init__(self, replies: Sequence[ScriptedReply | dict[str, Any]]) -> None:
        self.replies = [ScriptedReply.model_validate(r) for r in replies]
        self.position = 0
        self.requests: list[tuple[list[Message], list[dict[str, Any]] | None]] = []

    @classmethod
    def from_file(cls, path: Path) -> ScriptedBrain:
        """Load a TOML transcript. Whatever the file holds, the answer is a brain or a
        :class:`BrainError` naming the file and, for a bad reply, where in it."""
        try:
            data = read_toml(path, MAX_TRANSCRIPT_BYTES)
        except UserFileError as error:
            raise BrainError(str(error), recoverable=False) from None
        try:
            transcript = Transcript.model_validate(data)
        except ValidationError as error:
            problems = [
                f"{_where(item['loc'])}: {item['msg']}"
                for item in error.errors(include_url=False)[:10]
            ]
            raise BrainError(f"{path}: " + "; ".join(problems), recoverable=False) from None
        return cls(transcript.reply)

    @property
    def exhausted(self) -> bool:
        """Every reply has been used."""
        return self.position >= len(self.replies)

    async def stream(
        self, messages: list[Message], tools: list[dict[str, Any]] | None
    ) -> AsyncIterator[TextDelta | BrainReply]:
        """Replay the next reply, streaming its text word by word."""
        self.requests.append(([dict(m) for m in messages], tools))
        if self.exhausted:
            raise BrainError("the scripted DM has no replies left", recoverable=False)
        reply = self.replies[self.position]
        self.position += 1
        if reply.error is not None:
            raise BrainError(reply.error, recoverable=reply.recoverable)
        words = reply.text.split(" ")
        for i, word in enumerate(words):
            yield TextDelta(word if i == len(words) - 1 else word + " ")
        calls = [
            ToolCall(
                f"call_{self.position}_{i}",
                call.name,
                call.arguments if isinstance(call.arguments, str) else json.dumps(call.arguments),
            )
            for i, call in enumerate(reply.tool_calls)
        ]
        prompt = sum(len(str(m.get("content") or "")) for m in messages) // 4
        yield BrainReply(
            text=reply.text,
            tool_calls=calls,
            usage=Usage(prompt_tokens=prompt, completion_tokens=len(reply.text) // 4, calls=1),
            finish_reason="tool_calls" if calls else "stop",
        )

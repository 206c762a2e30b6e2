"""The Brain protocol: one async interface for every Dungeon Master.

A brain receives chat messages (OpenAI format) and tool schemas, and streams back text
deltas followed by exactly one :class:`BrainReply` holding the complete text, the complete
tool calls and the token usage. Failures raise :class:`BrainError`, never anything else.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from app.actions.calls import ToolCall
from app.actions.events import Usage

Message = dict[str, Any]
"""A chat message in the OpenAI wire format (role, content, tool_calls, tool_call_id)."""


@dataclass(frozen=True, slots=True)
class TextDelta:
    """A piece of streamed text."""

    text: str


@dataclass(frozen=True, slots=True)
class BrainReply:
    """The complete reply to one call."""

    text: str
    tool_calls: list[ToolCall] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)
    finish_reason: str | None = None


class BrainError(Exception):
    """The brain could not answer (network, server, a cut stream, a script run dry).

    ``recoverable`` errors leave the game untouched: the turn can be tried again.
    """

    def __init__(self, message: str, *, recoverable: bool = True) -> None:
        super().__init__(message)
        self.message = message
        self.recoverable = recoverable


class Brain(Protocol):
    """Anything that can play the DM.

    A brain may also set ``may_invent_rolls = True`` (a language model does): the turn loop
    then holds back narration that claims dice no tool rolled, and asks once for a tool, and
    holds outcomes and fates it tells until the results say whether they stand.

    A brain that reads only the players' lines and the tool results (the offline referee)
    sets ``reads_prompt = False``: it is then given the lines alone (see
    :meth:`app.dm.context.ContextBuilder.lines_only`) and an empty tool list, for the
    system prompt, the world overview and the tool schemas are built only for a brain that
    reads them.
    """

    name: str

    def stream(
        self, messages: list[Message], tools: list[dict[str, Any]] | None
    ) -> AsyncIterator[TextDelta | BrainReply]:
        """Text deltas, then one final :class:`BrainReply`."""
        ...


def reads_prompt(brain: object) -> bool:
    """Whether ``brain`` reads the system prompt, the overview and the tool schemas (every
    brain does unless it says otherwise; see :class:`Brain`)."""
    return bool(getattr(brain, "reads_prompt", True))

"""Reading the chunks of a streamed chat-completions reply, whatever shape a server gives
them: text, tool-call fragments gathered by index, reasoning sent in a field of its own,
usage and the finish reason."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from app.actions.events import Usage
from app.world.usage import MOST_TOKENS

_REASONING_FIELDS = ("reasoning_content", "reasoning")
"""Where servers that split the reasoning out put it (DeepSeek, vLLM and llama.cpp use the
first; Ollama and OpenRouter the second)."""


@dataclass
class PartialCall:
    """A tool call as its pieces arrive."""

    id: str = ""
    name: str = ""
    arguments: list[str] = field(default_factory=list)


@dataclass
class Piece:
    """What one streamed chunk held."""

    texts: list[str]
    thought: bool
    """It carried reasoning in a field of its own (never shown)."""
    called: bool
    """It carried a piece of a tool call."""
    usage: Usage
    finish: str | None


def _count(value: object) -> int:
    """A token count as reported, held within what a usage can hold (0 when it is none)."""
    return min(max(value, 0), MOST_TOKENS) if isinstance(value, int) else 0


def take(chunk: Any, calls: dict[int, PartialCall], usage: Usage, finish: str | None) -> Piece:
    """One streamed chunk read: its pieces of text (``calls`` gather its pieces of tool
    calls), whether it carried reasoning, the usage and the finish reason as they now
    stand. A chunk of another shape (a bare string, a missing field) raises
    ``AttributeError`` or ``TypeError``."""
    texts: list[str] = []
    thought = called = False
    if chunk.usage is not None:
        usage = Usage(  # a count no server could mean (-1, 10**16) is held to the bounds
            prompt_tokens=_count(chunk.usage.prompt_tokens),
            completion_tokens=_count(chunk.usage.completion_tokens),
            calls=1,
        )
    for choice in chunk.choices or []:
        if getattr(choice, "index", 0) not in (0, None):
            continue  # a second choice (n > 1, asked or not): only the first is the reply
        delta = choice.delta
        if delta is not None and delta.content:
            texts.append(_as_text(delta.content))
        if delta is not None and any(getattr(delta, f, None) for f in _REASONING_FIELDS):
            thought = True
        for part in (delta.tool_calls or []) if delta is not None else []:
            called = True
            # The client does not validate chunks: servers that leave out the index
            # or send arguments as an object are met where they are.
            index = part.index if isinstance(part.index, int) else len(calls)
            slot = calls.setdefault(index, PartialCall())
            slot.id = _as_text(part.id) or slot.id
            if part.function is not None:
                slot.name = _as_text(part.function.name) or slot.name
                slot.arguments.append(_as_text(part.function.arguments))
        if choice.finish_reason:
            finish = str(choice.finish_reason)
    return Piece(texts, thought, called, usage, finish)


def _as_text(value: Any) -> str:
    """A chunk field as text, whatever the server put there."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, default=str)

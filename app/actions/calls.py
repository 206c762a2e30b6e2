"""A call of one of the game's verbs, as a brain made it, and the careful reading of its
arguments: both brains (the language model and the offline referee) speak to the actions
through :class:`ToolCall`, and a model's arguments may be any text at all."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class ToolCall:
    """A tool call as the brain made it; ``arguments`` is raw JSON text, maybe malformed."""

    id: str
    name: str
    arguments: str

    def as_message_part(self) -> dict[str, Any]:
        """The OpenAI ``tool_calls`` entry for the assistant message."""
        return {
            "id": self.id,
            "type": "function",
            "function": {"name": self.name, "arguments": self.arguments},
        }


MAX_ARGUMENT_DEPTH = 32
"""Deepest nesting of ``[``/``{`` we let ``json.loads`` see: deeper text is junk, and
very deep text makes the decoder raise ``RecursionError``."""


def nesting_depth(text: str) -> int:
    """The deepest ``[``/``{`` nesting in JSON text, outside strings (cheap, no parsing)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth = max(0, depth - 1)
    return deepest


def too_deep(text: str) -> bool:
    """Whether JSON text nests deeper than :data:`MAX_ARGUMENT_DEPTH` — asked of every
    call, so first the quick bound: text with no more brackets than that cannot."""
    if text.count("[") + text.count("{") <= MAX_ARGUMENT_DEPTH:
        return False
    return nesting_depth(text) > MAX_ARGUMENT_DEPTH


def json_object(text: str) -> dict[str, Any] | None:
    """``text`` parsed as a JSON object, or ``None`` when it is not one (never raises)."""
    if not text.strip():
        return {}
    if too_deep(text):
        return None
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None

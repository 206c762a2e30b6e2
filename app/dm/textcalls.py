"""Tool calls written as text. Local models often put a call in the message content instead
of the ``tool_calls`` field — as bare JSON, inside ``<tool_call>`` tags, or in a fenced
code block. We find them, keep only names of tools that were offered, and run them."""

from __future__ import annotations

import json
import re
from typing import Any

from app.dm.brain import ToolCall

_TAGGED = re.compile(r"<tool_call>\s*(.*?)\s*</tool_call>", re.DOTALL)
_FENCED = re.compile(r"```(?:json|tool_call|tool)?\s*(.*?)```", re.DOTALL)


def _calls_from_json(value: Any, allowed: set[str]) -> list[tuple[str, str]] | None:
    """``(name, arguments JSON)`` pairs if ``value`` looks like one call or a list of calls."""
    items = value if isinstance(value, list) else [value]
    found: list[tuple[str, str]] = []
    for item in items:
        if not isinstance(item, dict):
            return None
        call = item["function"] if isinstance(item.get("function"), dict) else item
        name = call.get("name") or call.get("tool") or call.get("tool_name")
        args = call.get("arguments", call.get("parameters", call.get("args", {})))
        if not isinstance(name, str) or name not in allowed:
            return None
        if isinstance(args, str):
            found.append((name, args))
        elif isinstance(args, dict):
            found.append((name, json.dumps(args)))
        else:
            return None
    return found or None


def _try(text: str, allowed: set[str]) -> list[tuple[str, str]] | None:
    try:
        return _calls_from_json(json.loads(text), allowed)
    except (json.JSONDecodeError, RecursionError):
        return None


def extract_text_tool_calls(content: str, allowed: set[str]) -> tuple[list[ToolCall], str]:
    """Tool calls found in ``content`` and the text left once they are removed."""
    calls: list[tuple[str, str]] = []
    remaining = content
    whole = _try(content.strip(), allowed)
    if whole:
        calls, remaining = whole, ""
    else:
        for pattern in (_TAGGED, _FENCED):
            for match in list(pattern.finditer(remaining)):
                found = _try(match.group(1).strip(), allowed)
                if found:
                    calls.extend(found)
                    remaining = remaining.replace(match.group(0), "")
    tool_calls = [ToolCall(f"text{i:05d}", name, args) for i, (name, args) in enumerate(calls)]
    return tool_calls, remaining.strip()


_MARKERS = ("<tool_call>", "```", "<|")


class CallFilter:
    """Streams prose through while holding back anything that may be a tool call written
    as text: a reply that opens with ``{`` or ``[``, or everything from a ``<tool_call>``
    or code-fence marker on. :meth:`finish` parses what was held back."""

    def __init__(self) -> None:
        self.shown = ""
        self.held = ""
        self.holding = False
        self._pending = ""  # a tail that might be the start of a marker

    def feed(self, delta: str) -> str:
        """Text that is safe to show now."""
        if self.holding:
            self.held += delta
            return ""
        text = self._pending + delta
        self._pending = ""
        if not self.shown.strip() and text.lstrip()[:1] in ("{", "["):
            self.holding, self.held = True, text
            return ""
        cut = min((i for i in (text.find(m) for m in _MARKERS) if i >= 0), default=-1)
        if cut >= 0:
            self.holding, self.held = True, text[cut:]
            out = text[:cut]
        else:
            keep = 0
            for marker in _MARKERS:
                for n in range(len(marker) - 1, 0, -1):
                    if text.endswith(marker[:n]):
                        keep = max(keep, n)
                        break
            out, self._pending = (text[:-keep], text[-keep:]) if keep else (text, "")
        self.shown += out
        return out

    def finish(self, allowed: set[str]) -> tuple[list[ToolCall], str]:
        """Calls found in the held-back text, and the prose left to show."""
        held = self._pending + self.held
        self._pending = self.held = ""
        if not held:
            return [], ""
        calls, rest = extract_text_tool_calls(held, allowed)
        if not calls:
            rest = held
        self.shown += rest
        return calls, rest

"""Tools as data: name, argument model, executor. A :class:`ToolSet` turns its tools into
compact OpenAI function schemas and runs calls safely: an unknown tool, malformed JSON,
wrong types, an unknown id or an impossible request becomes an error *result* the DM can
read and retry — never an exception, and never a half-changed world."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from app.dm.brain import ToolCall
from app.dm.events import SessionEvent
from app.dm.tools.adjudication import report_declarations
from app.dm.wire import MAX_ARGUMENT_DEPTH, nesting_depth
from app.world.state import GameState


class ToolError(Exception):
    """An executor refuses a call (unknown id, no such scene…). Raised before any change."""


@dataclass
class ToolOutcome:
    """What a call produced: the result for the DM, and the events for the players."""

    result: dict[str, Any]
    events: list[SessionEvent] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """False when the call was refused."""
        return "error" not in self.result

    @classmethod
    def refused(cls, message: str) -> ToolOutcome:
        """An error result."""
        return cls({"error": message})


Executor = Callable[[Any, GameState], ToolOutcome]


@dataclass(frozen=True)
class Tool:
    """One DM tool."""

    name: str
    args: type[BaseModel]
    run: Executor

    @property
    def description(self) -> str:
        """The argument model's docstring, on one line."""
        return " ".join((self.args.__doc__ or self.name).split())


_DROPPED = frozenset(
    {
        "title",
        "$defs",
        "additionalProperties",
        "default",
        "minLength",
        "maxLength",
        "minItems",
        "maxItems",
        "pattern",
    }
)
"""Schema keys not worth their tokens: pydantic still enforces them when validating, and
a field that is not required is visibly optional without its default."""


def _compact(node: Any, defs: dict[str, Any]) -> Any:
    """Inline ``$ref``s, drop what is not worth its tokens, flatten ``X | None``."""
    if isinstance(node, list):
        return [_compact(item, defs) for item in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        target = defs[node["$ref"].rsplit("/", 1)[-1]]
        merged = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
        return _compact(merged, defs)
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key in _DROPPED:
            continue
        if key == "description" and "enum" in node:
            continue  # enum docstrings are long; the values speak for themselves
        out[key] = _compact(value, defs)
    options = out.get("anyOf")
    if isinstance(options, list):
        real = [o for o in options if o != {"type": "null"}]
        if len(real) == 1 and len(real) < len(options):
            out.pop("anyOf")
            out = {**real[0], **out}
    return out


def tool_schema(tool: Tool) -> dict[str, Any]:
    """The OpenAI function-calling schema of a tool."""
    raw = tool.args.model_json_schema()
    params = _compact(raw, raw.get("$defs", {}))
    params.pop("description", None)
    params.setdefault("properties", {})
    return {
        "type": "function",
        "function": {"name": tool.name, "description": tool.description, "parameters": params},
    }


MAX_ARGUMENTS = 8000
"""Characters of arguments a call may carry; every real call is far shorter."""


def _problems(error: ValidationError) -> str:
    parts = []
    for item in error.errors():
        where = ".".join(str(p) for p in item["loc"]) or "arguments"
        parts.append(f"{where}: {item['msg'].removeprefix('Value error, ')}")
    return "; ".join(parts)


class ToolSet:
    """The tools offered in one game state."""

    def __init__(self, tools: Sequence[Tool]) -> None:
        self.tools = {t.name: t for t in tools}
        self._schemas: list[dict[str, Any]] | None = None
        """Built on first use: every set is made as the game starts, most are never sent."""

    @property
    def names(self) -> set[str]:
        """Tool names."""
        return set(self.tools)

    def schemas(self) -> list[dict[str, Any]]:
        """Schemas for the brain."""
        if self._schemas is None:
            self._schemas = [tool_schema(t) for t in self.tools.values()]
        return self._schemas

    def execute(self, call: ToolCall, state: GameState) -> ToolOutcome:
        """Validate and run one call. Never raises for a bad call."""
        tool = self.tools.get(call.name)
        if tool is None:
            return ToolOutcome.refused(
                f"unknown tool {call.name!r}; available: {', '.join(sorted(self.tools))}"
            )
        if len(call.arguments) > MAX_ARGUMENTS:
            return ToolOutcome.refused(
                f"arguments are {len(call.arguments)} characters long (at most {MAX_ARGUMENTS}); "
                "send a short JSON object"
            )
        depth = nesting_depth(call.arguments)
        if depth > MAX_ARGUMENT_DEPTH:
            return ToolOutcome.refused(
                f"arguments are nested {depth} levels deep (at most {MAX_ARGUMENT_DEPTH}); "
                "send a flat JSON object"
            )
        try:
            raw = json.loads(call.arguments) if call.arguments.strip() else {}
        except json.JSONDecodeError as error:
            return ToolOutcome.refused(f"arguments are not valid JSON ({error.msg}); resend them")
        except (ValueError, RecursionError):
            return ToolOutcome.refused("arguments are not valid JSON; resend them")
        if not isinstance(raw, dict):
            return ToolOutcome.refused("arguments must be a JSON object")
        try:
            args = tool.args.model_validate(raw)
        except ValidationError as error:
            return ToolOutcome.refused(f"invalid arguments for {call.name}: {_problems(error)}")
        waiting = {s.id for s in state.reactions.waiting_on_dm()}
        try:
            outcome = tool.run(args, state)
            outcome.events += report_declarations(state, waiting, outcome.result)
            return outcome
        except ToolError as error:
            return ToolOutcome.refused(str(error))
        finally:
            state.reactions.settle()  # a priced reaction left unresolved did not happen

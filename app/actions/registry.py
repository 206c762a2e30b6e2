"""Tools as data: name, argument model, executor, and when the tool can apply. A
:class:`ToolSet` offers the schemas (:mod:`app.actions.schemas`) of the tools that can
apply in the game as it stands, and runs calls to any of its tools safely: an unknown
tool, malformed JSON, wrong types, an unknown id or an impossible request becomes an error
*result* the DM can read and retry — never an exception, and never a half-changed world."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from app.actions.adjudication import report_declarations
from app.actions.calls import MAX_ARGUMENT_DEPTH, ToolCall, nesting_depth, too_deep
from app.actions.events import SessionEvent
from app.actions.idrefs import normalise, with_ids
from app.actions.schemas import describe, function_schema, without_nulls
from app.actions.toolledger import Performed, begin, finish, refused
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
    offered: Callable[[GameState], bool] | None = None
    """Whether the game as it stands can use the tool (``None``: always). A tool that cannot
    apply is left out of the schemas sent — they are tokens paid on every call — but a call
    to it is still run, so nothing the DM calls is refused for being unlisted."""

    @property
    def description(self) -> str:
        """The argument model's docstring, on one line."""
        return describe(self.args, self.name)

    def applies(self, state: GameState | None) -> bool:
        """Whether to offer the tool in ``state`` (every tool when there is no game)."""
        return state is None or self.offered is None or self.offered(state)


def tool_schema(tool: Tool, *, strict: bool = False) -> dict[str, Any]:
    """The OpenAI function-calling schema of a tool (strict mode's variant if ``strict``)."""
    return function_schema(tool.name, tool.args, strict=strict)


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
        self._schemas: dict[tuple[str, bool], dict[str, Any]] = {}
        """Built on first use: every set is made as the game starts, most are never sent."""

    @property
    def names(self) -> set[str]:
        """Tool names."""
        return set(self.tools)

    def offered(self, state: GameState | None = None) -> list[Tool]:
        """The tools that can apply in ``state`` (all of them without one)."""
        return [t for t in self.tools.values() if t.applies(state)]

    def schemas(
        self, state: GameState | None = None, *, strict: bool = False
    ) -> list[dict[str, Any]]:
        """Schemas for the brain: of the tools that can apply in ``state``, in strict mode's
        variant if ``strict``, with the ids valid in ``state`` listed where they are few
        (:func:`~app.actions.idrefs.with_ids`)."""
        out = []
        for tool in self.offered(state):
            key = (tool.name, strict)
            if key not in self._schemas:
                self._schemas[key] = tool_schema(tool, strict=strict)
            schema = self._schemas[key]
            out.append(schema if state is None else with_ids(schema, state, strict=strict))
        return out

    def execute(self, call: ToolCall, state: GameState) -> ToolOutcome:
        """Validate and run one call, writing it to the ledger (:mod:`app.actions.toolledger`:
        the action before what it changes, or the refusal). Never raises for a bad call."""
        raw: dict[str, Any] = {}
        performed: Performed | None = None
        outcome = self._checked(call, state)
        if isinstance(outcome, tuple):
            tool, args, raw = outcome
            performed = begin(state, call.name, raw)
            outcome = self._run(tool, args, state)
        if outcome.ok:
            finish(state, performed, outcome.result)
        else:
            refused(state, call.name, str(outcome.result["error"]), raw, performed)
        return outcome

    def _checked(
        self, call: ToolCall, state: GameState
    ) -> ToolOutcome | tuple[Tool, BaseModel, dict[str, Any]]:
        """The tool and its validated arguments (ids spelt loosely read as the game's own:
        :func:`~app.actions.idrefs.normalise`), or the refusal of a malformed call."""
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
        if too_deep(call.arguments):
            depth = nesting_depth(call.arguments)
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
            args = tool.args.model_validate(normalise(without_nulls(tool.args, raw), state))
        except ValidationError as error:
            return ToolOutcome.refused(f"invalid arguments for {call.name}: {_problems(error)}")
        return tool, args, raw

    @staticmethod
    def _run(tool: Tool, args: BaseModel, state: GameState) -> ToolOutcome:
        waiting = {s.id for s in state.reactions.waiting_on_dm()}
        try:
            outcome = tool.run(args, state)
            outcome.events += report_declarations(state, waiting, outcome.result)
            return outcome
        except ToolError as error:
            return ToolOutcome.refused(str(error))
        finally:
            state.reactions.settle()  # a priced reaction left unresolved did not happen

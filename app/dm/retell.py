"""Asking the DM to tell the last turn again (``/reroll``): the same dice, the same results,
other words.

A language model gets one plain conversation and no tools: its standing instructions, the
turns before, and one message holding what it was told that turn, what its tools returned
(or, for a game loaded since, the rolls the story kept) and how it told it, with the request
to tell it again. Tool calls and results are written out as text rather than sent as tool
messages: a call that offers no tools must not carry tool messages some servers refuse
without them, and the model needs only to read them.

A brain that can retell by itself (the offline referee: :class:`Reteller`) is asked
directly instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from app.dm import prompts
from app.dm.brain import Message
from app.dm.context import NARRATIVE_CAP, WINDOW_TURNS, roster, scene_line
from app.dm.outcomes import Result
from app.world.state import GameState
from app.world.turnrecord import TurnRecord

RETELL = """\
Tell the outcome of this turn again, in other words. Everything that happened stays exactly
as it is: the same rolls, who hit and who missed, the same damage and hit points, the same
results and what followed from them, in the same order. Change only the telling — fresh
wording and imagery, no longer than before. Add no new events, rolls, numbers or decisions,
and call no tools: answer with the narration only."""


@dataclass(frozen=True)
class TurnTold:
    """The messages of the DM call that told a turn, kept for retelling it in this sitting."""

    record: TurnRecord
    """The turn's record as the story holds it (a retelling replaces it)."""
    messages: list[Message]
    """Everything sent and returned that turn: context, tool calls, tool results."""
    built: int
    """How many of them the context builder made (the rest is the tool loop's)."""
    results: tuple[Result, ...] = ()
    """The turn's rolls that succeeded or failed: a retelling may not say otherwise."""


@runtime_checkable
class Reteller(Protocol):
    """A brain that tells a turn again by itself, without a model call."""

    def retell(self, record: TurnRecord, seed: int) -> str | None:
        """The turn's narration in other words (``None``: it has no other words)."""
        ...


def _exchanges(messages: list[Message]) -> list[str]:
    """The tool calls and results of a turn, one line each."""
    lines = []
    for message in messages:
        if message["role"] == "assistant":
            for call in message.get("tool_calls") or []:
                function = call.get("function", {})
                lines.append(f"- you called {function.get('name')}({function.get('arguments')})")
        elif message["role"] == "tool":
            lines.append(f"  it returned: {message.get('content')}")
    return lines


def retell_messages(state: GameState, record: TurnRecord, told: TurnTold | None) -> list[Message]:
    """The request for a new telling of ``record`` (the story's last turn). ``told``: that
    turn's messages, when this sitting played it; else the request is built from the
    record and the game as it stands after the turn."""
    if told is not None and told.built >= 1 and told.record is record:
        head = [dict(m) for m in told.messages[: told.built - 1]]
        context = str(told.messages[told.built - 1].get("content") or "")
        facts = _exchanges(told.messages[told.built :])
        said = "What your tools returned this turn:"
    else:
        system = [prompts.SYSTEM, roster(state), scene_line(state)]
        head = [{"role": "system", "content": "\n\n".join(system)}]
        if state.summary:
            head.append({"role": "system", "content": "Story so far:\n" + state.summary})
        for earlier in state.history[-WINDOW_TURNS - 1 : -1]:
            head.append({"role": "user", "content": "\n".join(earlier.actions)})
            head.append({"role": "assistant", "content": earlier.narrative[:NARRATIVE_CAP]})
        context = "Players' actions:\n" + "\n".join(record.actions)
        facts = [f"- {roll}" for roll in record.rolls]
        said = "What the rules engine rolled this turn:"
    body = [f"This is turn {record.number}.", context]
    body.append(f"{said}\n" + "\n".join(facts) if facts else "No tools were called this turn.")
    body.append(f"You told it so:\n{record.narrative}")
    body.append(RETELL)
    return [*head, {"role": "user", "content": "\n\n".join(body)}]

"""Declared reactions the DM adjudicates: how a tool's result tells the DM about them and
how the players see them move on (taken up, done, lapsed).

A reaction in the player's own words ("I duck behind the table") is a ``declared`` subturn
the engine cannot price. The first one waiting is *taken up* at once — it is
``resolving``, so a window its tools open nests beneath it (``7.1.1``) — and the DM resolves
it with its usual tools, then calls ``end_subturn``, which takes up the next.
"""

from __future__ import annotations

from typing import Any

from app.actions.events import ReactionSubturn, SessionEvent
from app.world.reactions import Subturn
from app.world.state import GameState

NEXT_STEP = (
    "Resolve subturn {id} ({who}: “{said}”) now with your usual tools — the reactor acts "
    "out of turn, its reaction already spent — then call end_subturn with its id and the "
    "outcome in a few words. If the words cannot be a reaction, end it with no effect."
)


def subturn_event(entry: Subturn) -> ReactionSubturn:
    """The log line of a declared subturn moving on."""
    status = entry.status if entry.status != "pending" else "resolving"
    return ReactionSubturn(
        subturn=entry.id, reactor_name=entry.reactor_name, declared=entry.declared,
        status=status, outcome=entry.outcome,
    )  # fmt: skip


def subturn_brief(entry: Subturn) -> dict[str, Any]:
    """A subturn as the DM reads it in a tool result."""
    return {"subturn_id": entry.id, "reactor_id": entry.reactor_id, "declared": entry.declared}


def take_up(state: GameState) -> tuple[dict[str, Any], list[SessionEvent]]:
    """Take up the next declaration waiting for the DM (unless one is under way): the
    result's ``next_step`` and the log line. Empty when nothing waits."""
    queue = state.reactions
    before = queue.adjudicating()
    entry = queue.take_up_next()
    if entry is None:
        return {}, []
    said = {"next_step": NEXT_STEP.format(id=entry.id, who=entry.reactor_name, said=entry.declared)}
    return said, ([] if entry is before else [subturn_event(entry)])


def report_declarations(
    state: GameState, before: set[str], result: dict[str, Any]
) -> list[SessionEvent]:
    """After a tool: a declaration made in one of its windows is added to its result
    (``reactions_to_resolve``) for the DM to adjudicate, and taken up. Returns the events."""
    fresh = [s for s in state.reactions.waiting_on_dm() if s.id not in before]
    if not fresh or "reactions_to_resolve" in result:
        return []
    result["reactions_to_resolve"] = [subturn_brief(s) for s in fresh]
    said, events = take_up(state)
    result.update(said)
    return events


def reacting(state: GameState, cid: str) -> bool:
    """``cid`` acts in the declared reaction the DM is adjudicating: out of its turn, with
    its reaction (already spent) rather than an action, and one attack at most."""
    current = state.reactions.adjudicating()
    return current is not None and current.reactor_id == cid

"""The ledger's record of the DM's tool calls: each call that runs is an
``ActionPerformed`` written *before* the world changes it causes (the ledger reads cause,
then effect); each refused call is a ``ConstraintViolation`` with the reason.

A call an executor refuses (``ToolError``, an error result) has changed nothing, so its
``ActionPerformed`` is taken back and the refusal written in its place: the ledger never
says an action happened that did not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.world.ledger import ActionPerformed, ConstraintViolation
from app.world.state import GameState
from app.world.truth import Seen

READ_ONLY = frozenset({"get_encounter"})
"""Tools that only look: they change nothing, and write nothing."""

ACTOR_KEYS = ("character_id", "attacker_id", "caster_id", "creature_id")
"""Argument names that say who acts, in the order they are looked for."""
TARGET_KEYS = ("target_id", "target_ids", "npc_id", "scene_id", "challenge_id", "character_ids")
"""Argument names that say what the call is aimed at."""
QUIET_KEYS = frozenset({
    *ACTOR_KEYS, *TARGET_KEYS, "attacker", "target", "caster", "creature", "name",
    "description", "exits", "inventory", "greeting",
})  # fmt: skip
"""Result keys left out of an action's detail (ids it already names, long texts)."""
DETAIL_PARTS = 3
DETAIL_CHARS = 80
REASON_CHARS = 300


def _first_id(raw: dict[str, Any], keys: tuple[str, ...]) -> str | None:
    for key in keys:
        value = raw.get(key)
        if isinstance(value, list):
            value = next((v for v in value if isinstance(v, str)), None)
        if isinstance(value, str) and value:
            return value[:40]
    return None


def detail_of(result: dict[str, Any]) -> str:
    """A few words of what came of a call, from its result's short plain values."""
    parts = []
    for key, value in result.items():
        if key in QUIET_KEYS or isinstance(value, dict | list) or value is None:
            continue
        shown = str(value)
        if len(shown) > 30:
            continue
        parts.append(f"{key}={shown}")
        if len(parts) == DETAIL_PARTS:
            break
    return ", ".join(parts)[:DETAIL_CHARS]


@dataclass
class Performed:
    """An ``ActionPerformed`` written for a call that is running."""

    event: ActionPerformed
    before: dict[str, tuple[int, int, int, int] | None]
    """What the temporal index held of its propositions before it, as (first, last, turn,
    count) — plain values, not copies of the index's models: the action is taken back
    only when the call is refused, and most calls are not."""


def begin(state: GameState, name: str, raw: dict[str, Any]) -> Performed | None:
    """Write the action a call is about to perform (nothing for a read-only tool)."""
    if name in READ_ONLY:
        return None
    event = ActionPerformed(  # made in its place: the ledger keeps it without a copy
        actor=_first_id(raw, ACTOR_KEYS),
        action=name,
        target=_first_id(raw, TARGET_KEYS),
        **state.place(),
    )
    index = state.truth.index
    before = {
        p: (None if (s := index.get(p)) is None else (s.first, s.last, s.turn, s.count))
        for p in event.props()
    }
    placed = state.log_event(event)
    assert isinstance(placed, ActionPerformed)
    return Performed(placed, before)


def finish(state: GameState, performed: Performed | None, result: dict[str, Any]) -> None:
    """The call ran: give its action the detail of what came of it."""
    if performed is None:
        return
    detail = detail_of(result)
    if not detail:  # nothing to add: the action stands as written
        return
    fresh = state.truth.fresh
    for at in range(len(fresh) - 1, -1, -1):
        if fresh[at].seq == performed.event.seq:
            fresh[at] = performed.event.model_copy(update={"detail": detail})
            return


def refused(
    state: GameState,
    name: str,
    reason: str,
    raw: dict[str, Any] | None = None,
    performed: Performed | None = None,
) -> None:
    """The call was refused: take back its action if nothing followed it, and write why."""
    truth = state.truth
    if performed is not None and truth.fresh and truth.fresh[-1].seq == performed.event.seq:
        truth.fresh.pop()
        truth.seq -= 1
        for prop, seen in performed.before.items():
            if seen is None:
                truth.index.pop(prop, None)
            else:
                first, last, turn, count = seen
                truth.index[prop] = Seen(first=first, last=last, turn=turn, count=count)
    actor = _first_id(raw, ACTOR_KEYS) if raw else None
    state.log_event(
        ConstraintViolation(actor=actor, action=name[:60], reason=reason[:REASON_CHARS])
    )

"""Limits on what the DM may ask for in one turn.

A model can answer with dozens of tool calls — fifty lock checks until one passes, twenty
damage calls in a row. The table would not allow that, so neither do we: a reply runs at
most :data:`MAX_CALLS_PER_REPLY` calls and a turn :data:`MAX_CALLS_PER_TURN`; and a check
already rolled this turn (the same check, for the same character, on the same skill or
challenge) is not rolled again — the model is told that the first result stands — and an
identical damage, healing, dice or state call is not made twice.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from app.actions.calls import ToolCall, json_object
from app.actions.registry import ToolOutcome

MAX_CALLS_PER_REPLY = 6
"""Tool calls run from one reply; every real turn needs fewer."""
MAX_CALLS_PER_TURN = 16
"""Tool calls run in one turn, over all its rounds."""

_CHECKS: dict[str, tuple[str, ...]] = {
    "request_ability_check": ("character_id", "skill", "ability"),
    "request_saving_throw": ("character_id", "ability"),
    "request_group_check": ("character_ids", "skill", "ability"),
    "attempt_challenge": ("challenge_id", "character_id"),
}
"""Checks, and the arguments that make two of them the same check."""
_ONCE = frozenset(
    {"damage", "heal", "set_condition", "change_item", "set_flag", "reveal",
     "move_scene", "start_combat", "end_combat", "award_xp", "end_turn"}
)  # fmt: skip
"""Tools for which a second, identical call in the same turn is a repeat, not a new event
(attacks, spells and actions may well repeat: a fighter attacks twice). A turn ends once:
a second ``end_turn`` would end the next one's, which its players never got to play."""


def _check_key(call: ToolCall) -> tuple[str, ...] | None:
    """What identifies this check or one-off call (``None`` when it may repeat)."""
    fields = _CHECKS.get(call.name)
    args = json_object(call.arguments) if fields or call.name in _ONCE else None
    if args is None:
        return None
    if fields is None:
        return (call.name, json.dumps(args, sort_keys=True))
    key = [call.name]
    for name in fields:
        value: Any = args.get(name)
        if isinstance(value, list):
            value = ",".join(sorted(str(v) for v in value))
        key.append(str(value).strip().lower() if value is not None else "")
    return tuple(key)


@dataclass
class TurnGuard:
    """The calls of one turn so far."""

    run: int = 0
    """Calls run this turn."""
    rolled: dict[tuple[str, ...], dict[str, Any]] = field(default_factory=dict)
    """Each check rolled (and one-off call made) this turn, with its result."""

    @property
    def spent(self) -> bool:
        """No more calls may run this turn."""
        return self.run >= MAX_CALLS_PER_TURN

    def split(self, calls: list[ToolCall]) -> tuple[list[ToolCall], int]:
        """The calls of a reply that will be answered, and how many were left out."""
        keep = max(0, min(MAX_CALLS_PER_REPLY, MAX_CALLS_PER_TURN - self.run))
        return calls[:keep], max(0, len(calls) - keep)

    def refusal(self, call: ToolCall) -> ToolOutcome | None:
        """Why this call may not run now, as a result the model reads; else ``None``."""
        key = _check_key(call)
        if key is None or key not in self.rolled:
            return None
        first = json.dumps(self.rolled[key], ensure_ascii=False)[:400]
        if call.name in _CHECKS:
            return ToolOutcome.refused(
                f"already rolled this turn: the result stands ({first}). Do not roll the same "
                "check again; narrate what that result means."
            )
        return ToolOutcome.refused(
            f"this exact call already ran this turn ({first}); it is not repeated. Narrate "
            "what happened."
        )

    def record(self, call: ToolCall, outcome: ToolOutcome) -> None:
        """Count a call that ran, and remember a check that was rolled."""
        self.run += 1
        key = _check_key(call)
        if key is not None and outcome.ok:
            self.rolled[key] = outcome.result
        ran = outcome.result.get("ran_challenge")
        if ran and outcome.ok:  # a check that was an authored challenge: that was rolled too
            who = next((str(r["character_id"]) for r in outcome.result.get("rolls", ())), "")
            self.rolled[("attempt_challenge", str(ran), who.lower())] = outcome.result


def left_out_notice(count: int) -> str:
    """What the model is told about calls of its reply that were not run."""
    return (
        f"{count} more tool call{'s' if count != 1 else ''} in your reply "
        f"{'were' if count != 1 else 'was'} not run: at most {MAX_CALLS_PER_REPLY} per reply "
        f"and {MAX_CALLS_PER_TURN} per turn. Ask only for what the story still needs."
    )

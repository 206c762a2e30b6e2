"""What every use of a class feature or trait shares: the shape of a use and of its
outcome, paying its cost in the turn's economy, counting its uses, and noting what it
changed. Below the ``use_feature`` tool (:mod:`app.actions.feature_tools`) and the modules
whose features it offers, so none of them imports the tool.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.actions import beings as bg
from app.actions.events import SessionEvent, StateChange
from app.actions.registry import ToolError
from app.world.state import GameState
from rules.character import CharacterSheet
from rules.economy import ActionKind
from rules.features import FeatureSpec
from rules.outcomes import Impossible


def spend_uses(sheet: CharacterSheet, spec: FeatureSpec, count: int = 1) -> None:
    """Count ``count`` uses of a limited feature (of its pool, if pooled)."""
    key = spec.pool or spec.id
    sheet.resources[key] = sheet.resources.get(key, 0) + count


def pay_cost(state: GameState, cid: str, spec: FeatureSpec) -> None:
    """Spend what the feature costs this turn; in a fight, only on one's own turn."""
    encounter = state.encounter
    if encounter is None or spec.action in ("passive", "free"):
        if encounter is not None and spec.action == "free" and encounter.current.id != cid:
            raise ToolError(f"it is {encounter.current.name}'s turn, not {state.name_of(cid)}'s")
        return
    kind = ActionKind(spec.action)
    if kind is not ActionKind.REACTION and encounter.current.id != cid:
        raise ToolError(f"it is {encounter.current.name}'s turn, not {state.name_of(cid)}'s")
    spent = bg.economy_of(state, cid).spend(kind)
    if isinstance(spent, Impossible):
        raise ToolError(f"{state.name_of(cid)} has {spent.reason}")


Outcome = tuple[dict[str, Any], list[SessionEvent]]
"""What using a feature gives: the result for the DM and the events for the players."""

Use = Callable[[GameState, CharacterSheet, FeatureSpec, str | None, str | None], Outcome]
"""A feature's use: the state, the user's sheet, the feature, a target and an option."""


def change_note(state: GameState, cid: str, text: str) -> StateChange:
    """Record a feature's lasting change for the DM and describe it for the players."""
    state.record("condition", text, who=cid)
    return StateChange(kind="condition", target_id=cid, description=text)

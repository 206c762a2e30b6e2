"""Leaving a fight by a way out: one who runs for it breaks away — with the opportunity
attacks fleeing always costs — and once nobody still standing in the party is held in a
foe's reach, the party is gone through that way: the fight ends unwon (its foes are not
defeated) and the scene changes, the fallen carried along. A fight fled from waits:
coming back finds its survivors where they were, and it goes on
(:func:`app.actions.campaign_tools.enter_scene`)."""

from __future__ import annotations

from typing import Any

from app.actions import fight_tools
from app.actions import position_tools as pt
from app.actions.campaign_tools import enter_scene, way_to
from app.actions.encounter_view import fight_result
from app.actions.events import SessionEvent
from app.actions.registry import ToolError
from app.world.state import GameState
from app.world.wording import the


def check_way(state: GameState, actor: str, scene_id: str) -> str:
    """The way's name, before anyone runs: a ToolError when it cannot be taken (no such
    way, a shut one) or when the runner is no one of the party."""
    if actor not in state.party:
        raise ToolError("only the party flees by a way out (a foe just flees)")
    return way_to(state, scene_id)


def escape(
    state: GameState, actor: str, scene_id: str, way: str
) -> tuple[dict[str, Any], list[SessionEvent]]:
    """After ``actor`` has broken away: the party leaves by the way if nobody standing is
    still held in a foe's reach, else who is (the others run for it on their turns)."""
    if not state.party[actor].vitals.conscious:
        return {"escaped": False, "fell": state.name_of(actor)}, []
    held = [
        state.name_of(cid) for cid, sheet in state.party.items()
        if sheet.vitals.conscious and pt.engaged_foes(state, cid)
    ]  # fmt: skip
    if held:
        return {"escaped": False, "way": way, "held": held}, []
    reason = f"the party escapes by {the(way)}"
    ended = fight_tools.finish_fight(state, reason)
    events = list(ended.events)
    if state.ending is None:
        events += enter_scene(state, scene_id, f"{state.name_of(actor)} leads the escape")
    return {"escaped": True, "way": way, "scene_id": state.scene.id, **fight_result(state)}, events

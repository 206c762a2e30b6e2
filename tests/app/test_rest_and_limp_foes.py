"""What an hour's rest wears off (a poison with rounds left), and what a creature that
cannot act cannot resist (a grapple or a shove against one asleep or tied up)."""

from __future__ import annotations

import pytest

from app.actions import args as a
from app.actions.combat_options import contest_action
from app.actions.registry import ToolError
from app.actions.rest_tools import rest_tool
from app.actions.world_tools import move_scene_tool
from rules.conditions import ActiveCondition, Condition
from tests.referee_corpus import Situation, build_situation


def test_a_condition_counted_in_rounds_wears_off_during_a_rest() -> None:
    state = build_situation(Situation.model_validate(
        {"campaign": "drowned_bell", "scene": "strand", "defeated": ["strand_thralls"]}
    ))  # fmt: skip
    ione = state.party["ione"]
    ione.conditions.append(ActiveCondition(condition=Condition.POISONED, rounds=1))
    ione.conditions.append(ActiveCondition(condition=Condition.PRONE))  # (up by the hour's end)
    rest_tool(a.RestArgs(kind="short"), state)
    assert ione.conditions == []


def test_a_sleeping_foe_cannot_resist_a_grapple() -> None:
    state = build_situation(Situation.model_validate(
        {"campaign": "crossroads", "scene": "warren", "defeated": ["cellar_rats"],
         "flags": {"trapdoor_open": True, "tam_found": True}, "fight": "tunnel_guards",
         "turn": "thorin", "conditions": {"goblin-2": ["unconscious"]}}
    ))  # fmt: skip
    outcome = contest_action(
        a.TakeActionArgs(creature_id="thorin", action="grapple", target_id="goblin-2"), state
    )
    assert outcome.result["success"] is True
    assert not [e for e in outcome.events if e.type == "dice_roll"]  # no contest to roll
    held = [c.condition for c in state.creatures["goblin-2"].conditions]
    assert Condition.GRAPPLED in held


def test_one_long_rest_a_day_until_the_party_moves_on() -> None:
    """SRD: no more than one long rest in 24 hours; the game keeps no clock, so the next is
    the party's again once it has moved on (or fought). A second long rest on the spot
    cannot strip a second level of exhaustion."""
    state = build_situation(Situation.model_validate(
        {"campaign": "crossroads", "scene": "cellar", "defeated": ["cellar_rats"],
         "flags": {"trapdoor_open": True}}
    ))  # fmt: skip
    mira = state.party["mira"]
    rest_tool(a.RestArgs(kind="long"), state)
    mira.exhaustion = 2
    with pytest.raises(ToolError, match="slept the night already"):
        rest_tool(a.RestArgs(kind="long"), state)
    assert mira.exhaustion == 2
    rest_tool(a.RestArgs(kind="short"), state)  # an hour's rest is still there to take
    with pytest.raises(ToolError, match="Thorin has slept"):
        rest_tool(a.RestArgs(kind="long", character_ids=["thorin"]), state)
    move_scene_tool(a.MoveSceneArgs(scene_id="inn", reason="back up"), state)
    rest_tool(a.RestArgs(kind="long"), state)
    assert mira.exhaustion == 1


def test_those_who_rested_sit_out_a_second_night() -> None:
    state = build_situation(Situation.model_validate(
        {"campaign": "crossroads", "scene": "inn"}
    ))  # fmt: skip
    rest_tool(a.RestArgs(kind="long", character_ids=["mira"]), state)
    outcome = rest_tool(a.RestArgs(kind="long"), state)
    assert outcome.result["rested_already"] == ["Mira"]
    assert [r["id"] for r in outcome.result["rested"]] == ["thorin", "aria"]

"""Exits gated on any condition, with locked text that follows the story."""

from __future__ import annotations

import copy
import tomllib
from typing import Any

import pytest

from app.actions import args as a
from app.actions.campaign_tools import move_tool
from app.actions.registry import ToolError
from app.world.campaign import Campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.newgame import new_game
from app.world.validate import validate_campaign
from app.world.view import exit_open, locked_text

RAW = tomllib.loads((CAMPAIGNS_DIR / "crossroads" / "campaign.toml").read_text("utf-8"))


def campaign_with(**changes: Any) -> Campaign:
    data = copy.deepcopy(RAW)
    way = data["scenes"]["inn"]["exits"][0]
    way.pop("requires_flag")
    way.update(changes)
    return Campaign.model_validate(data)


GATED = {
    "when": {"any": [{"flag": "trapdoor_open"}, {"flag": "berta_gave_key"}]},
    "variants": [{"when": {"flag": "met_berta"}, "locked_text": "Berta shakes her head: no key."}],
}


def test_a_way_opens_when_any_of_its_conditions_holds() -> None:
    story = campaign_with(**GATED)
    state = new_game(story, seed=1)
    way = story.scenes["inn"].exits[0]
    assert not exit_open(state, way) and locked_text(state, way) == way.locked_text
    state.flags["met_berta"] = True
    assert locked_text(state, way) == "Berta shakes her head: no key."
    with pytest.raises(ToolError, match=r"the way is shut: Berta shakes her head: no key\."):
        move_tool(a.MoveSceneArgs(scene_id="cellar", reason="down"), state)
    state.flags["berta_gave_key"] = True
    assert exit_open(state, way)
    move_tool(a.MoveSceneArgs(scene_id="cellar", reason="down"), state)
    assert state.scene.id == "cellar"


def test_a_way_whose_condition_can_never_hold_leaves_its_scenes_unreachable() -> None:
    story = campaign_with(when={"flag": "nobody_sets_this"})
    found = [str(p) for p in validate_campaign(story)]
    assert any("unreachable scene: scenes.cellar" in p for p in found), found

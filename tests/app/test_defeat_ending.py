"""An authored defeat ending: told when the whole party falls, instead of the built-in
Defeat, and never reached any other way."""

from __future__ import annotations

import copy
import tomllib
from typing import Any

import pytest
from pydantic import ValidationError

from app.actions.endings import party_fallen
from app.session.triggers import run_triggers
from app.world.campaign import Campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.newgame import new_game
from rules.damage import LifeState

RAW = tomllib.loads((CAMPAIGNS_DIR / "crossroads" / "campaign.toml").read_text("utf-8"))


def campaign_with(*endings: dict[str, Any]) -> Campaign:
    data = copy.deepcopy(RAW)
    data["endings"] = list(endings) + data["endings"]
    return Campaign.model_validate(data)


CELLAR = {"id": "rats_feast", "title": "The Rats Feast", "text": "The cellar keeps you.",
          "defeat": True, "when": {"in_scene": "cellar"}}  # fmt: skip
ANYWHERE = {"id": "fallen", "title": "Fallen Heroes", "text": "Berta lights a candle.",
            "defeat": True}  # fmt: skip


def fall(story: Campaign, scene: str) -> tuple[str | None, list[str]]:
    state = new_game(story, seed=1)
    state.scene = state.scene.model_copy(update={"id": scene})
    for sheet in state.party.values():
        sheet.vitals = sheet.vitals.model_copy(update={"hp": 0, "state": LifeState.DYING})
    told = [getattr(e, "description", "") for e in party_fallen(state)]
    return state.ending, told


def test_the_first_defeat_ending_whose_condition_holds_is_told() -> None:
    story = campaign_with(CELLAR, ANYWHERE)
    assert fall(story, "cellar")[0] == "rats_feast"
    ending, told = fall(story, "inn")
    assert ending == "fallen" and told[0].startswith("Fallen Heroes — Berta lights a candle.")


def test_without_one_the_built_in_defeat_is_told() -> None:
    assert fall(campaign_with(), "inn")[0] == "defeat"


def test_a_defeat_ending_is_never_reached_by_its_condition_alone() -> None:
    story = campaign_with(CELLAR)
    state = new_game(story, seed=1)
    state.scene = state.scene.model_copy(update={"id": "cellar"})
    run_triggers(state, "after_turn")
    assert state.ending != "rats_feast"


def test_only_a_defeat_ending_may_go_without_a_condition() -> None:
    with pytest.raises(ValidationError, match="an ending needs 'when'"):
        campaign_with({"id": "x", "title": "X", "text": "x"})

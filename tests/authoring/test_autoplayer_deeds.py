"""The playtest's wandering player tries what a campaign's conditions ask for: showing and
giving things to people, helping an ally at a challenge, and deciding the fate of a foe
who surrendered — so a playtest reaches what only those deeds bring about."""

from __future__ import annotations

import random
from pathlib import Path

from app.actions.campaign_tools import start_encounter
from app.authoring.autoplayer import AutoPlayer, handed_in_conditions
from app.session.setup import session_for
from app.world.campaignfile import load_campaign
from app.world.newgame import new_game

CAMPAIGN = load_campaign(Path(__file__).resolve().parents[1] / "data/campaigns/sand_road")


def test_the_conditions_say_what_to_hand_over() -> None:
    wanted = handed_in_conditions(CAMPAIGN)
    assert ("showed", "receipt", "malik") in wanted and ("gave", "locket", "wendel") in wanted


def test_the_player_shows_gives_and_helps_where_the_campaign_asks() -> None:
    state = new_game(CAMPAIGN, seed=1)
    options = AutoPlayer(random.Random(1)).choices(session_for(state))
    assert any(o.startswith("help ") for o in options), options
    state.scene = state.scenes["qasr"]
    state.party["bram"].inventory.append("receipt")
    options = AutoPlayer(random.Random(1)).choices(session_for(state))
    assert "show the receipt to Malik" in options and "give the receipt to Malik" not in options
    assert "give the tin locket to Wendel" in options and "show the tin locket to Wendel" in options


def test_the_player_decides_a_surrendered_foes_fate() -> None:
    state = new_game(CAMPAIGN, seed=1)
    start_encounter(state, "jackals")
    for creature in state.creatures.values():
        creature.left = "surrendered"
    state.encounter = None
    options = AutoPlayer(random.Random(1)).choices(session_for(state))
    assert {"spare Wolf 1", "tie up Wolf 1", "execute Wolf 1"} <= set(options)

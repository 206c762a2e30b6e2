"""An author's ``morale`` for a foe: to the death, always flees, or always surrenders once
the fight turns against it — in play (the offline referee) and in ``dungeon balance``'s
fast fights alike; without it, the usual (a beast runs, the last thinking foe yields)."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

import pytest

from app.actions.beings import set_vitals
from app.actions.campaign_tools import start_encounter
from app.referee.referee import OfflineReferee
from app.referee.skirmish import _morale, from_monster
from app.world.campaignfile import parse_campaign
from app.world.newgame import new_game
from app.world.state import GameState
from rules.damage import LifeState, Vitals
from rules.srd import srd

FILE = Path(__file__).resolve().parents[1] / "data" / "campaigns" / "sand_road" / "campaign.toml"
RAW = tomllib.loads(FILE.read_text(encoding="utf-8"))


def _pack_broken(morale: str | None) -> GameState:
    """The grey pack, one wolf dead and the other at 2 hit points."""
    data: dict[str, Any] = copy.deepcopy(RAW)
    if morale is not None:
        data["encounters"]["jackals"]["monsters"][0]["morale"] = morale
    state = new_game(parse_campaign(data, FILE), seed=4)
    start_encounter(state, "jackals")
    set_vitals(state, "wolf-2", Vitals(hp=0, max_hp=11, state=LifeState.DEAD))
    set_vitals(state, "wolf-1", Vitals(hp=2, max_hp=11))
    return state


@pytest.mark.parametrize(
    ("morale", "leaves"),
    [(None, "flee"), ("surrenders", "surrender"), ("flees", "flee"), ("to_the_death", None)],
)
def test_a_foes_morale_is_its_authors_word_in_play(morale: str | None, leaves: str | None) -> None:
    state = _pack_broken(morale)
    referee = OfflineReferee(state.campaign)
    assert referee._morale(state, "wolf-1") == leaves


@pytest.mark.parametrize(
    ("morale", "leaves"),
    [(None, "fled"), ("surrenders", "surrendered"), ("flees", "fled"), ("to_the_death", "")],
)
def test_and_in_the_balance_simulators_fights(morale: str | None, leaves: str) -> None:
    wolf, other = (from_monster(srd().monsters.get("wolf"), n) for n in (1, 2))
    wolf.morale = morale
    wolf.vitals, other.vitals = Vitals(hp=2, max_hp=11), Vitals(hp=0, max_hp=11)
    assert _morale(wolf, [wolf, other]) == leaves


def test_an_unknown_morale_is_refused_by_the_campaign_model() -> None:
    data: dict[str, Any] = copy.deepcopy(RAW)
    data["encounters"]["jackals"]["monsters"][0]["morale"] = "cowardly"
    with pytest.raises(Exception, match="to_the_death"):
        parse_campaign(data, FILE)

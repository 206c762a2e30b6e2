"""SRD 5.1: a blinded creature automatically fails any ability check that requires sight, a
deafened one any that requires hearing. The check knows which sense it needs: the DM says so
(``sense``), or its reason does ("listen at the door"), and the offline referee reads it from
the player's line."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from app.actions.calls import ToolCall
from app.actions.events import DiceRoll
from app.actions.senses import sense_needed
from app.actions.sets import ALL_TOOLS
from app.session.setup import session_for
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.newgame import new_game
from app.world.sandbox import sandbox_state
from app.world.state import GameState
from rules.conditions import ActiveCondition, Condition
from tests.app.conftest import turn


@pytest.mark.parametrize(
    ("line", "sense"),
    [
        ("I listen at the door", "hearing"),
        ("eavesdrop on the guards", "hearing"),
        ("I look for a hidden lever", "sight"),
        ("spot the archer on the ridge", "sight"),
        ("search the shelves by sight", "sight"),
        ("sniff the air", None),
        ("look and listen", None),
        ("force the door", None),
    ],
)
def test_the_sense_a_check_needs_is_read_from_its_words(line: str, sense: str | None) -> None:
    assert sense_needed(line) == sense


def game(condition: Condition) -> GameState:
    state = new_game(load_campaign(CAMPAIGNS_DIR / "crossroads"), seed=1)
    state.party["thorin"].conditions.append(ActiveCondition(condition=condition))
    return state


def check(state: GameState, **args: Any) -> dict[str, Any]:
    base = {"character_id": "thorin", "skill": "perception", "dc": 1, **args}
    return ALL_TOOLS.execute(ToolCall("t", "request_ability_check", json.dumps(base)), state).result


def test_the_dm_names_the_sense_and_the_condition_fails_the_check() -> None:
    blind = game(Condition.BLINDED)
    failed = check(blind, reason="the lever", sense="sight")
    assert failed["success"] is False and "blinded" in failed["auto_fail"]
    assert "auto_fail" not in check(blind, reason="the lever", sense="hearing")
    deaf = game(Condition.DEAFENED)
    assert check(deaf, reason="the wind", sense="hearing")["success"] is False
    assert "auto_fail" not in check(deaf, reason="the tracks", sense="sight")


def test_the_referee_hears_a_deafened_players_listening_fail() -> None:
    state = sandbox_state(seed=1)
    state.party["mira"].conditions.append(ActiveCondition(condition=Condition.DEAFENED))
    events = asyncio.run(turn(session_for(state), ("mira", "I listen at the door")))
    rolls = [e for e in events if isinstance(e, DiceRoll) and e.character_id == "mira"]
    assert rolls and rolls[0].auto_fail is not None and "deafened" in rolls[0].auto_fail

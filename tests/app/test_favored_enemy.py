"""Favored Enemy (ranger 1st level, SRD 5.1): "You have advantage on Wisdom (Survival)
checks to track your favored enemies, as well as on Intelligence checks to recall
information about them." Ione (Drowned Bell) has chosen undead."""

from __future__ import annotations

import json
from functools import cache

import pytest

from app.actions.calls import ToolCall
from app.actions.sets import ALL_TOOLS
from app.session.setup import start_session
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.state import GameState
from tests.app.conftest import turn

CAMPAIGN = load_campaign(CAMPAIGNS_DIR / "drowned_bell")


@cache
def _base() -> GameState:
    return start_session(CAMPAIGN, 3).state


def _check(skill: str, reason: str) -> str:
    state = _base().fork()
    call = {"character_id": "ione", "skill": skill, "dc": 15, "reason": reason}
    out = ALL_TOOLS.execute(ToolCall("t", "request_ability_check", json.dumps(call)), state)
    return out.events[0].advantage


@pytest.mark.parametrize(
    ("skill", "reason", "advantage"),
    [
        ("survival", "track the zombies to their lair", "advantage"),
        ("religion", "recall what turns a ghoul away", "advantage"),
        ("history", "remember the tales of the undead of the bay", "advantage"),
        ("survival", "track the goblins", "normal"),
        ("perception", "spot the zombies in the fog", "normal"),  # neither tracking nor lore
    ],
)
def test_advantage_on_tracking_and_lore_of_the_chosen_kind_only(
    skill: str, reason: str, advantage: str
) -> None:
    assert _check(skill, reason) == advantage


async def test_a_rangers_line_about_her_favored_enemy_rolls_with_advantage() -> None:
    session = start_session(CAMPAIGN, 3)
    events = await turn(session, ("ione", "I track the zombies"))
    rolls = [e for e in events if e.type == "dice_roll"]
    assert rolls and rolls[0].skill == "survival" and rolls[0].advantage == "advantage"

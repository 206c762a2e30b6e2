"""Ids in the DM's tool calls: listed as enums where the set is small, and read leniently
(case, ``_`` or ``-``, display names, skill and ability names) before a call is refused."""

from __future__ import annotations

import json
from typing import Any

from app.actions.calls import ToolCall
from app.actions.idrefs import normalise
from app.actions.sets import ALL_TOOLS, CAMPAIGN_EXPLORATION_TOOLS, COMBAT_TOOLS
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.newgame import new_game
from app.world.state import GameState
from tests.app.strict_rules import strict_schema_problem
from tests.benchmarks.long_game import start_fight

CAMPAIGN = load_campaign(CAMPAIGNS_DIR / "crossroads")


def _fight() -> GameState:
    state = new_game(CAMPAIGN, seed=1)
    start_fight(state)  # three goblins: goblin-1, goblin-2, goblin-3
    return state


def _property(schemas: list[dict[str, Any]], tool: str, name: str) -> dict[str, Any]:
    found = next(s for s in schemas if s["function"]["name"] == tool)
    return dict(found["function"]["parameters"]["properties"][name])


def test_loose_ids_are_read_as_the_games_own() -> None:
    state = _fight()
    raw = {"attacker_id": "Thorin", "target_id": "goblin_1", "character_ids": ["MIRA", "Aria"]}
    assert normalise(raw, state) == {
        "attacker_id": "thorin", "target_id": "goblin-1", "character_ids": ["mira", "aria"]
    }  # fmt: skip
    assert normalise({"target_id": "Goblin 2"}, state) == {"target_id": "goblin-2"}
    skill = {"skill": "Sleight of Hand", "ability": "Dexterity"}
    assert normalise(skill, state) == {"skill": "sleight_of_hand", "ability": "dex"}
    # an exit's name or the scene's own name, and a challenge by its name
    assert normalise({"scene_id": "the trapdoor"}, state)["scene_id"] == "cellar"
    assert normalise({"scene_id": "The Inn Cellar"}, state)["scene_id"] == "cellar"
    assert normalise({"challenge_id": "Force the trapdoor"}, state) == {
        "challenge_id": "force_trapdoor"
    }
    # what names no id, or several, is left for validation to refuse
    assert normalise({"target_id": "goblin"}, state) == {"target_id": "goblin"}
    assert normalise({"target_id": "the dragon"}, state) == {"target_id": "the dragon"}


def test_a_call_with_loose_ids_runs_instead_of_being_refused() -> None:
    state = _fight()
    attack = {"attacker_id": "ARIA", "target_id": "goblin_1"}  # Aria is up first
    outcome = ALL_TOOLS.execute(ToolCall("a", "attack", json.dumps(attack)), state)
    assert outcome.ok, outcome.result
    check = {"character_id": "Mira", "skill": "Sleight of Hand", "dc": 12, "reason": "palm it"}
    outcome = ALL_TOOLS.execute(ToolCall("c", "request_ability_check", json.dumps(check)), state)
    assert outcome.ok, outcome.result
    wrong = {"attacker_id": "aria", "target_id": "goblin"}
    refused = ALL_TOOLS.execute(ToolCall("w", "attack", json.dumps(wrong)), state)
    assert not refused.ok


def test_the_ids_valid_now_are_enums_in_the_schemas_plain_and_strict() -> None:
    state = _fight()
    order = [c.id for c in state.encounter.order]  # type: ignore[union-attr]
    for strict in (False, True):
        schemas = COMBAT_TOOLS.schemas(state, strict=strict)
        assert _property(schemas, "attack", "target_id")["enum"] == order
        assert _property(schemas, "take_action", "scene_id")["enum"][:2] == ["cellar", "old_road"]
        if strict:  # an enum beside a nullable type lists null too
            assert all(strict_schema_problem(s["function"]["parameters"]) is None for s in schemas)
    calm = new_game(CAMPAIGN, seed=1)
    schemas = CAMPAIGN_EXPLORATION_TOOLS.schemas(calm, strict=True)
    assert _property(schemas, "move_scene", "scene_id")["enum"] == ["cellar", "old_road"]
    challenges = _property(schemas, "attempt_challenge", "challenge_id")["enum"]
    assert challenges == ["trapdoor_lock", "needle_trap", "force_trapdoor"]
    assert _property(schemas, "talk_to", "npc_id")["enum"] == ["berta"]
    # without a game, the schemas name no ids (dungeon tool, the docs)
    assert "enum" not in _property(ALL_TOOLS.schemas(), "attack", "target_id")

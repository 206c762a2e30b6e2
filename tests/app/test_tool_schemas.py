"""Tool schemas in both variants: every strict schema is one OpenAI's strict mode accepts, a
strict call (every property sent, ``null`` for what is left out) validates exactly as the
same call without the nulls, the tools offered follow the game as it stands (and a tool
left out still runs), and a whole turn works in strict mode through the real client."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from pydantic import BaseModel, SecretStr, ValidationError

from app.actions.calls import ToolCall
from app.actions.registry import Tool
from app.actions.schemas import without_nulls
from app.actions.sets import (
    ALL_TOOLS,
    CAMPAIGN_EXPLORATION_TOOLS,
    COMBAT_TOOLS,
    EXPLORATION_TOOLS,
)
from app.dm.config import ConfigError, DMConfig, load_dm_config
from app.dm.openai_brain import OpenAIBrain
from app.session.session import GameSession
from app.world.actions import PlayerAction
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.newgame import new_game
from app.world.sandbox import sandbox_state
from app.world.state import GameState
from rules.damage import LifeState
from tests.app.fake_openai import FakeOpenAI, Reply
from tests.app.strict_rules import check_request, strict_schema_problem

TOOLS = list(ALL_TOOLS.tools.values())
SAMPLES: dict[str, Any] = {"amount": "1d4", "formula": "1d6", "name": "door_open", "dc": 12,
                           "reason": "a test", "text": "a fact", "item": "rope"}  # fmt: skip
"""Values for required properties whose plain type is not enough to pass validation."""
ONE_OF: dict[str, dict[str, Any]] = {
    "request_ability_check": {"skill": "stealth"},
    "request_group_check": {"ability": "dex"},
    "start_combat": {"encounter": "ambush"},
    "award_xp": {"milestone": True},
}
"""Tools whose model asks for one of two optional properties: the one given."""


def _nullable(schema: dict[str, Any]) -> bool:
    kind = schema.get("type")
    return (isinstance(kind, list) and "null" in kind) or {"type": "null"} in schema.get(
        "anyOf", []
    )


def _sample(name: str, schema: dict[str, Any]) -> Any:
    """A value for a property, built from its strict schema: ``null`` where it may be."""
    if _nullable(schema):
        return None
    if name in SAMPLES:
        return SAMPLES[name]
    if "enum" in schema:
        return schema["enum"][0]
    if "anyOf" in schema:
        return _sample(name, schema["anyOf"][0])
    kind = schema["type"]
    if kind == "object":
        return {key: _sample(key, sub) for key, sub in schema["properties"].items()}
    if kind == "array":
        return [_sample(name, schema["items"])]
    return {"string": "x", "integer": 1, "number": 1, "boolean": True}[kind]


def strict_call(tool: Tool) -> dict[str, Any]:
    """Every property of the tool's strict schema, null for every optional one."""
    params = _schema(tool, strict=True)["parameters"]
    call = {key: _sample(key, sub) for key, sub in params["properties"].items()}
    return {**call, **ONE_OF.get(tool.name, {})}


def _schema(tool: Tool, *, strict: bool) -> dict[str, Any]:
    return next(
        s["function"]
        for s in ALL_TOOLS.schemas(strict=strict)
        if s["function"]["name"] == tool.name
    )


def _dropped(value: Any) -> Any:
    """``value`` with every null property left out, at every level."""
    if isinstance(value, dict):
        return {k: _dropped(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_dropped(v) for v in value]
    return value


@pytest.mark.parametrize("tool", TOOLS, ids=[t.name for t in TOOLS])
def test_every_strict_schema_is_one_strict_mode_accepts(tool: Tool) -> None:
    function = _schema(tool, strict=True)
    assert function["strict"] is True
    assert strict_schema_problem(function["parameters"]) is None
    body = {"model": "m", "messages": [{"role": "user", "content": "hi"}],
            "tools": [{"type": "function", "function": function}]}  # fmt: skip
    assert check_request(body) is None


@pytest.mark.parametrize("tool", TOOLS, ids=[t.name for t in TOOLS])
def test_a_strict_call_with_every_optional_null_validates_as_without_the_nulls(
    tool: Tool,
) -> None:
    call = strict_call(tool)
    args = tool.args.model_validate(without_nulls(tool.args, call))
    assert args == tool.args.model_validate(_dropped(call))


@pytest.mark.parametrize("tool", TOOLS, ids=[t.name for t in TOOLS])
def test_every_property_is_typed_in_both_variants(tool: Tool) -> None:
    def typed(schema: dict[str, Any]) -> bool:
        if "anyOf" in schema:
            return all(typed(o) for o in schema["anyOf"])
        if "type" not in schema:
            return False
        if schema["type"] == "object" or "object" in schema["type"]:
            return all(typed(s) for s in schema["properties"].values())
        if "items" in schema:
            return typed(schema["items"])
        return True

    for strict in (False, True):
        assert typed(_schema(tool, strict=strict)["parameters"])


def test_the_plain_variant_is_not_a_strict_one() -> None:
    """The checker is no rubber stamp: plain schemas leave objects open."""
    plain = _schema(ALL_TOOLS.tools["request_ability_check"], strict=False)["parameters"]
    assert "additionalProperties" in (strict_schema_problem(plain) or "")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda p: p.pop("additionalProperties"), "'additionalProperties' is required"),
        (lambda p: p["required"].remove("skill"), "Missing 'skill'"),
        (lambda p: p["properties"]["reason"].update(minLength=1), "'minLength' is not permitted"),
        (lambda p: p["properties"]["reason"].update(default="x"), "'default' is not permitted"),
        (lambda p: p["properties"]["dc"].pop("type"), "must have a 'type' key"),
        (lambda p: p["properties"]["skill"]["enum"].append(3), "enum value 3 does not validate"),
        (
            lambda p: (p["properties"].update(more={"allOf": [{}]}), p["required"].append("more")),
            "'allOf' is not permitted",
        ),
    ],
)
def test_the_fake_server_refuses_a_strict_schema_as_openai_does(change: Any, words: str) -> None:
    function = copy.deepcopy(_schema(ALL_TOOLS.tools["request_ability_check"], strict=True))
    change(function["parameters"])
    body = {"model": "m", "messages": [{"role": "user", "content": "hi"}],
            "tools": [{"type": "function", "function": function}]}  # fmt: skip
    refused = check_request(body)
    assert refused is not None and refused.status == 400
    assert refused.message.startswith("Invalid schema for function 'request_ability_check': ")
    assert words in refused.message


def test_nested_nulls_take_their_defaults() -> None:
    call = ToolCall("c", "roll_dice", json.dumps({"rolls": [{"formula": "1d6", "flavor": None}]}))
    outcome = ALL_TOOLS.execute(call, sandbox_state(seed=1))
    assert outcome.ok, outcome.result
    monsters = [{"monster": "goblin", "count": None, "at": None}]
    raw = {"reason": "ambush", "encounter": None, "monsters": monsters, "surprise": None}
    args = ALL_TOOLS.tools["start_combat"].args.model_validate(
        without_nulls(ALL_TOOLS.tools["start_combat"].args, raw)
    )
    assert isinstance(args, BaseModel) and args.monsters[0].count == 1  # type: ignore[attr-defined]


def test_a_null_for_a_required_property_is_refused_with_its_name() -> None:
    call = {"character_id": None, "skill": "stealth", "dc": 10, "reason": "sneak"}
    outcome = ALL_TOOLS.execute(
        ToolCall("c", "request_ability_check", json.dumps(call)), sandbox_state(seed=1)
    )
    assert not outcome.ok and "character_id" in outcome.result["error"]
    with pytest.raises(ValidationError):
        ALL_TOOLS.tools["request_ability_check"].args.model_validate(call)


def test_a_strict_check_rolls_as_the_plain_one() -> None:
    plain = {"character_id": "mira", "skill": "stealth", "dc": 12, "reason": "sneak"}
    strict = {**plain, "ability": None, "advantage": None}
    results = []
    for args in (plain, strict):
        state = sandbox_state(seed=4)
        outcome = ALL_TOOLS.execute(ToolCall("c", "request_ability_check", json.dumps(args)), state)
        results.append(outcome.result)
    assert results[0] == results[1] and "total" in json.dumps(results[0])


# -- what is offered -------------------------------------------------------------------------
def _names(tools: Any, state: GameState) -> set[str]:
    return {s["function"]["name"] for s in tools.schemas(state)}


def test_exploration_offers_only_what_can_apply() -> None:
    state = sandbox_state(seed=1)  # a rogue and a fighter, unhurt
    names = _names(EXPLORATION_TOOLS, state)
    assert {"request_ability_check", "start_combat", "damage"} <= names
    assert not names & {"cast_spell", "take_action", "get_encounter", "heal", "rest", "use_feature",
                        "restrict_action"}  # fmt: skip
    hotseat = sandbox_state(seed=1, players={"Ana": ["mira"], "Ben": ["thorin"]})
    assert "restrict_action" in _names(EXPLORATION_TOOLS, hotseat)
    hurt = state.party["thorin"]
    state.party["thorin"] = hurt.model_copy(
        update={"vitals": hurt.vitals.model_copy(update={"hp": 1})}
    )
    names = _names(EXPLORATION_TOOLS, state)
    assert {"heal", "rest", "use_feature"} <= names  # second wind now means something
    mira = state.party["mira"]
    state.party["mira"] = mira.model_copy(
        update={"vitals": mira.vitals.model_copy(update={"hp": 0, "state": LifeState.DYING})}
    )
    assert "take_action" in _names(EXPLORATION_TOOLS, state)


def test_a_tool_left_out_still_runs_and_an_unknown_one_lists_every_tool() -> None:
    state = sandbox_state(seed=1)
    assert "get_encounter" not in _names(EXPLORATION_TOOLS, state)
    outcome = EXPLORATION_TOOLS.execute(ToolCall("c", "get_encounter", "{}"), state)
    assert outcome.ok and outcome.result["in_combat"] is False
    refused = EXPLORATION_TOOLS.execute(ToolCall("c", "summon_dragon", "{}"), state)
    assert "cast_spell" in refused.result["error"] and "take_action" in refused.result["error"]


def test_in_a_fight_the_acting_combatant_decides_casting_features_and_foe_moves() -> None:
    state = sandbox_state(seed=1)
    start = {"reason": "ambush", "monsters": [{"monster": "goblin", "count": 1}]}
    assert ALL_TOOLS.execute(ToolCall("c", "start_combat", json.dumps(start)), state).ok
    assert state.encounter is not None
    seen: dict[str, set[str]] = {}
    for index, combatant in enumerate(state.encounter.order):
        state.encounter.turn_index = index
        seen[combatant.id] = _names(COMBAT_TOOLS, state)
    goblin = next(cid for cid in seen if cid.startswith("goblin"))
    assert "monster_action" in seen[goblin] and "use_feature" not in seen[goblin]
    assert "use_feature" in seen["thorin"] and "monster_action" not in seen["thorin"]
    assert not any("cast_spell" in names for names in seen.values())  # nobody casts


def test_campaign_exploration_offers_talk_and_challenges_where_they_are() -> None:
    state = new_game(load_campaign(CAMPAIGNS_DIR / "crossroads"), seed=1)
    names = _names(CAMPAIGN_EXPLORATION_TOOLS, state)
    assert {"talk_to", "move_scene"} <= names  # at the inn
    assert not {"cast_spell", "request_group_check", "award_xp"} & names  # nothing calls
    state.pending = [PlayerAction(character_id="aria", text="I cast light on my staff")]
    assert "cast_spell" in _names(CAMPAIGN_EXPLORATION_TOOLS, state)  # a wizard casts
    state.pending = [PlayerAction(character_id="aria", text="sleep on the drunk, quietly")]
    assert "cast_spell" in _names(CAMPAIGN_EXPLORATION_TOOLS, state)  # a spell of hers named
    state.pending = [PlayerAction(character_id="thorin", text="we sneak past the guards")]
    assert "request_group_check" in _names(CAMPAIGN_EXPLORATION_TOOLS, state)
    state.record("reveal", "Tam went down to the cellar")
    assert "award_xp" in _names(CAMPAIGN_EXPLORATION_TOOLS, state)  # the story moved on
    state.party.pop("aria")
    state.pending = [PlayerAction(character_id="thorin", text="I cast a net")]
    assert "cast_spell" not in _names(CAMPAIGN_EXPLORATION_TOOLS, state)  # nobody can


# -- strict mode: the setting, and a whole game through the real client -----------------------
@pytest.mark.parametrize(
    ("setting", "base_url", "strict"),
    [
        ("auto", None, True),
        ("auto", "https://api.openai.com/v1", True),
        ("auto", "http://localhost:11434/v1", False),
        ("auto", "http://127.0.0.1:8000/v1", False),
        ("on", "http://localhost:8080/v1", True),
        ("off", None, False),
    ],
)
def test_strict_tools_auto_turns_on_for_openai_only(
    setting: str, base_url: str | None, strict: bool
) -> None:
    config = DMConfig.model_validate({"strict_tools": setting, "base_url": base_url})
    assert config.strict is strict and OpenAIBrain(config).strict_tools is strict


def test_strict_tools_from_environment_and_a_bad_value_is_named(tmp_path: Any) -> None:
    none = tmp_path / "none.toml"
    assert load_dm_config(env={"DUNGEON_DM_STRICT_TOOLS": "on"}, path=none).strict_tools == "on"
    with pytest.raises(ConfigError, match="DUNGEON_DM_STRICT_TOOLS: strict_tools"):
        load_dm_config(env={"DUNGEON_DM_STRICT_TOOLS": "always"}, path=none)


def _strict_session(server: FakeOpenAI) -> GameSession:
    config = DMConfig(model="fake-model", base_url=server.base_url, api_key=SecretStr("k"),
                      timeout=30, max_retries=0, strict_tools="on")  # fmt: skip
    return GameSession(sandbox_state(seed=2), OpenAIBrain(config))


async def test_a_check_and_an_attack_in_strict_mode_through_the_real_client() -> None:
    check = {"character_id": "mira", "skill": "perception", "ability": None, "dc": 12,
             "reason": "listen", "advantage": None}  # fmt: skip
    attack = {"attacker_id": "thorin", "target_id": "goblin-1", "weapon": None, "mode": None}
    script = [
        Reply(tool_calls=[("request_ability_check", json.dumps(check))], piece=4),
        Reply(text="Scratching, below the floor."),
        Reply(tool_calls=[("attack", json.dumps(attack)), ("end_turn", "{}")], piece=5),
        Reply(text="Thorin swings."),
    ]
    with FakeOpenAI(script) as server:
        session = _strict_session(server)
        session.submit(PlayerAction(character_id="mira", text="I listen at the trapdoor"))
        first = [e async for e in session.process()]
        goblin = {"monster": "goblin", "count": None, "at": "engaged"}
        start = {"reason": "ambush", "monsters": [goblin], "encounter": None}
        assert ALL_TOOLS.execute(ToolCall("c", "start_combat", json.dumps(start)), session.state).ok
        encounter = session.state.encounter
        assert encounter is not None
        encounter.turn_index = next(i for i, c in enumerate(encounter.order) if c.id == "thorin")
        session.submit(PlayerAction(character_id="thorin", text="I hit the goblin"))
        second = [e async for e in session.process()]
    assert server.rejections == []
    assert first[-1].type == "turn_end", first[-1]
    assert [e.type for e in first].count("dice_roll") == 1
    rolls = [e for e in second if e.type == "dice_roll"]
    assert rolls and rolls[0].character_id == "thorin" and second[-1].type == "turn_end"
    for request in server.requests:
        for tool in request.get("tools", []):
            assert tool["function"]["strict"] is True
            assert strict_schema_problem(tool["function"]["parameters"]) is None
    offered = {t["function"]["name"] for t in server.requests[2]["tools"]}
    assert {"attack", "end_turn", "use_feature"} <= offered and "monster_action" not in offered

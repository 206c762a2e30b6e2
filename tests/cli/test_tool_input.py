"""Reading what an author types to ``dungeon tool``: key=value pairs by the type of each
field, flags as a campaign's, and a refusal that says how to write what was wrong."""

from __future__ import annotations

import json
from typing import Any

import pytest

from app.actions.sets import ALL_TOOLS
from app.cli.tool_input import InputError, closest, flag_values, tool_arguments


def args(tool: str, *given: str) -> Any:
    return json.loads(tool_arguments(tool, ALL_TOOLS.tools[tool].args, given))


def test_each_value_is_read_by_the_type_of_its_field() -> None:
    assert args("request_ability_check", "character_id=12", "dc=12", "skill=stealth") == {
        "character_id": "12",
        "dc": 12,
        "skill": "stealth",
    }
    assert args("set_condition", "target_id=mira", "condition=prone", "present=false") == {
        "target_id": "mira",
        "condition": "prone",
        "present": False,
    }
    assert args("request_group_check", "character_ids=mira, thorin")["character_ids"] == [
        "mira",
        "thorin",
    ]
    assert args("request_group_check", "character_ids=mira")["character_ids"] == ["mira"]
    assert args("roll_dice", 'rolls=[{"formula": "1d20", "flavor": "x"}]') == {
        "rolls": [{"formula": "1d20", "flavor": "x"}]
    }


def test_a_field_of_any_type_takes_what_the_value_looks_like() -> None:
    assert args("set_flag", "name=a", "value=true")["value"] is True
    assert args("set_flag", "name=a", "value=3")["value"] == 3
    assert args("set_flag", "name=a", "value=open door")["value"] == "open door"
    assert args("set_flag", "name=a", 'value="3"')["value"] == "3"


def test_json_is_passed_on_as_it_is_for_the_tool_to_judge() -> None:
    model = ALL_TOOLS.tools["roll_dice"].args
    assert tool_arguments("roll_dice", model, ["{not json"]) == "{not json"
    assert tool_arguments("roll_dice", model, []) == "{}"


@pytest.mark.parametrize(
    ("given", "said"),
    [
        (["mira"], "write key=value"),
        (["=mira"], "write key=value"),
        (["charcter_id=mira"], "did you mean 'character_id'?"),
        (["zzz=1"], "has no field 'zzz' (fields: character_id, skill"),
        (["dc=1", "dc=2"], "dc is given twice"),
        (["dc=1", '{"dc": 1}'], "not both"),
    ],
)
def test_mistakes_say_how_to_write_it(given: list[str], said: str) -> None:
    with pytest.raises(InputError) as caught:
        tool_arguments("request_ability_check", ALL_TOOLS.tools["request_ability_check"].args,
                       given)  # fmt: skip
    assert said in str(caught.value)


def test_flags_read_as_a_campaigns_do() -> None:
    assert flag_values(["a=true", "b=false", "c=-4", "d=open", 'e="7"', "f= spaced "]) == {
        "a": True,
        "b": False,
        "c": -4,
        "d": "open",
        "e": "7",
        "f": "spaced",
    }


def test_a_guess_needs_a_word_close_enough() -> None:
    assert closest("atack", ["attack", "heal"]) == "attack"
    assert closest("x", ["award_xp"]) is None
    assert closest("zzzz", ["attack", "heal"]) is None
    assert closest("a" * 10_000, ["attack"]) is None

"""``dungeon tool``, the function check, as a campaign author runs it: a tool in a real saved
game (a fight), in a chosen scene, with chosen flags; key=value arguments; the list of the
DM's tools per state and a tool's schema; and clear refusals of every mistake."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from app.actions.sets import CAMPAIGN_EXPLORATION_TOOLS, COMBAT_TOOLS
from app.cli.main import app
from tests.app.saved_games import real_saves


@pytest.fixture(scope="module")
def saves(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with the real saves: start, exploring, fight."""
    folder = tmp_path_factory.mktemp("tool-saves")
    real_saves(folder)
    return folder


def tool(*args: str) -> Result:
    return CliRunner().invoke(app, ["tool", *args])


def err(run: Result) -> str:
    """Standard error on one line (messages wrap at the console's width)."""
    return " ".join(run.stderr.split())


def result_of(run: Result) -> Any:
    """The JSON result at the head of the output (the event lines follow it)."""
    text = run.stdout
    return json.loads(text[: text.rindex("\n}") + 2])


# -- a saved game ---------------------------------------------------------------------------------
def test_get_encounter_in_a_saved_fight_shows_the_fight(saves: Path) -> None:
    run = tool("get_encounter", "--load", "fight", "--saves-dir", str(saves))
    assert run.exit_code == 0, run.output
    fight = result_of(run)
    assert fight["in_combat"] is True and fight["round"] == 1
    by_name = {c["name"]: c for c in fight["order"]}
    assert {"Mira", "Thorin", "Aria", "Giant Rat 1"} <= set(by_name)
    rat = by_name["Giant Rat 1"]  # Thorin's attack before the save: the fight as it stands
    assert 0 < rat["hp"] < rat["max_hp"] and fight["current"] == "mira"
    calm = tool("get_encounter", "--load", "start", "--saves-dir", str(saves))
    assert calm.exit_code == 0 and "No active encounter" in calm.stdout


def test_an_attack_in_a_saved_fight_rolls_with_the_saves_dice_and_never_writes_it(
    saves: Path,
) -> None:
    before = {p.name: p.read_bytes() for p in saves.rglob("*") if p.is_file()}
    args = ("attack", "attacker_id=mira", "target_id=giant-rat-2", "--load", "fight")
    first = tool(*args, "--saves-dir", str(saves))
    assert first.exit_code == 0, first.output
    assert result_of(first)["target"] == "giant-rat-2"
    assert "[roll] Mira: Shortsword vs Giant Rat 2 AC 12: 1d20 (" in first.stdout
    again = tool(*args, "--saves-dir", str(saves))
    assert again.stdout == first.stdout
    assert {p.name: p.read_bytes() for p in saves.rglob("*") if p.is_file()} == before


def test_a_save_loads_by_its_path_from_anywhere(saves: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "kept" / "rats.toml"
    elsewhere.parent.mkdir()
    shutil.copy(saves / "fight.toml", elsewhere)
    run = tool("get_encounter", "--load", str(elsewhere))
    assert run.exit_code == 0 and result_of(run)["in_combat"] is True
    assert sorted(p.name for p in elsewhere.parent.iterdir()) == ["rats.toml"]


def test_a_save_that_cannot_be_loaded_is_refused_naming_the_file(
    saves: Path, tmp_path: Path
) -> None:
    missing = tool("get_encounter", "--load", "nope", "--saves-dir", str(saves))
    assert missing.exit_code == 2 and str(saves / "nope.toml") in missing.stderr
    deep = tmp_path / ("a-folder-with-a-long-name-" * 6)
    deep.mkdir()
    cut = deep / "cut.toml"
    cut.write_bytes((saves / "fight.toml").read_bytes()[:2000])
    damaged = tool("get_encounter", "--load", str(cut))
    assert damaged.exit_code == 2, damaged.output
    # however long the path, the message keeps it whole on its line, to copy or to grep
    assert any(str(cut) in line for line in damaged.stderr.splitlines())
    assert "Traceback" not in damaged.output


def test_a_saved_game_keeps_its_own_campaign_and_seed(saves: Path) -> None:
    run = tool("get_encounter", "--load", "fight", "--saves-dir", str(saves), "--seed", "3")
    assert run.exit_code == 2 and "a saved game (--load) has its own" in err(run)


def test_a_tool_the_dm_is_not_offered_where_the_game_stands_is_noted(saves: Path) -> None:
    run = tool("talk_to", "npc_id=berta", "--load", "fight", "--saves-dir", str(saves))
    assert "the DM is offered talk_to only in exploration, not in combat" in err(run)


# -- a chosen scene -------------------------------------------------------------------------------
SNEAK = ("attempt_challenge", "challenge_id=sneak_past")


def test_a_challenge_runs_in_its_own_scene() -> None:
    elsewhere = tool(*SNEAK)
    assert elsewhere.exit_code == 1 and "belongs to another scene (warren)" in elsewhere.stdout
    run = tool(*SNEAK, "--scene", "warren", "--seed", "2")
    assert run.exit_code == 0, run.output
    done = result_of(run)
    assert done["challenge"] == "sneak_past" and len(done["rolls"]) == 3
    moved = "set-up: [scene] The party moves from The Crossroads Inn to The Goblin Tunnel"
    assert moved in err(run)
    by_name = tool(*SNEAK, "--scene", "the goblin tunnel", "--seed", "2")
    assert by_name.stdout == run.stdout


def test_entering_a_scene_starts_its_fight_as_in_play() -> None:
    run = tool("get_encounter", "--scene", "cellar")
    assert run.exit_code == 0 and result_of(run)["in_combat"] is True
    assert "set-up: [combat] Red eyes glint between the casks" in err(run)


def test_entering_a_scene_runs_the_triggers_its_flags_allow() -> None:
    hint = "The goblin tracks lead to a hole under the inn's back wall."
    fresh = tool("get_encounter", "--scene", "old_road")
    assert f"set-up: [reveal] {hint}" in err(fresh)
    found = tool("get_encounter", "--scene", "old_road", "--flag", "tam_found=true")
    assert found.exit_code == 0 and hint not in err(found)
    assert "set-up: [flag] tam_found = True" in err(found)


def test_an_unknown_scene_gets_a_did_you_mean_and_the_scenes() -> None:
    run = tool("get_encounter", "--scene", "warrne")
    assert run.exit_code == 2
    said = err(run)
    assert "no scene 'warrne' — did you mean 'warren'?" in said
    assert "inn (The Crossroads Inn)" in said and "chief_hall (Grubnak's Hall)" in said


def test_the_party_cannot_walk_out_of_a_saved_fight(saves: Path) -> None:
    run = tool("get_encounter", "--load", "fight", "--saves-dir", str(saves), "--scene", "inn")
    assert run.exit_code == 2 and "in a fight" in err(run)
    here = tool("get_encounter", "--load", "fight", "--saves-dir", str(saves), "--scene", "cellar")
    assert here.exit_code == 0 and "already in cellar" in err(here)


# -- chosen flags ---------------------------------------------------------------------------------
def test_a_flag_gates_a_challenge_and_an_exit() -> None:
    force = ("attempt_challenge", "challenge_id=force_trapdoor", "character_id=thorin")
    assert tool(*force).exit_code == 0
    moot = tool(*force, "--flag", "trapdoor_open=true")
    assert moot.exit_code == 1 and "is moot" in moot.stdout
    shut = tool("move_scene", "scene_id=cellar", "reason=down")
    assert shut.exit_code == 1 and "The padlock holds the trapdoor shut." in shut.stdout
    down = tool("move_scene", "scene_id=cellar", "reason=down", "--flag", "trapdoor_open=true")
    assert down.exit_code == 0 and result_of(down)["combat"] is True


def test_flag_values_read_as_a_campaigns_do() -> None:
    run = tool(
        "get_encounter",
        "--flag", "a=true", "--flag", "b=12", "--flag", "c=open", "--flag", "d='12'",
    )  # fmt: skip
    assert run.exit_code == 0, run.output
    for shown in ("a = True", "b = 12", "c = 'open'", "d = '12'"):
        assert f"set-up: [flag] {shown}" in err(run)


def test_a_flag_the_campaign_never_uses_is_noted_with_a_guess() -> None:
    run = tool("get_encounter", "--flag", "trapdor_open=true")
    assert run.exit_code == 0
    assert "never uses the flag 'trapdor_open' — did you mean 'trapdoor_open'?" in err(run)


@pytest.mark.parametrize(
    ("flag", "said"),
    [
        ("trapdoor_open", "write KEY=VALUE"),
        ("Trapdoor=true", "lowercase letters"),
        ("=true", "lowercase letters"),
        ("a=", "give a value"),
        ("a=" + "x" * 300, "at most 200 characters"),
        ("a=1\x1b[2J", "one line"),
        ("a=" + "9" * 25, "at most 2^63 - 1"),
    ],
)
def test_a_bad_flag_is_refused_with_how_to_write_it(flag: str, said: str) -> None:
    run = tool("get_encounter", "--flag", flag)
    assert run.exit_code == 2 and said in err(run), run.output


def test_a_flag_given_twice_is_refused() -> None:
    run = tool("get_encounter", "--flag", "a=1", "--flag", "a=2")
    assert run.exit_code == 2 and "--flag a is given twice" in err(run)


# -- arguments ------------------------------------------------------------------------------------
def test_key_value_arguments_are_what_the_json_says() -> None:
    pairs = tool("request_ability_check", "character_id=mira", "skill=stealth", "dc=12",
                 "reason=sneak", "--seed", "5")  # fmt: skip
    as_json = tool(
        "request_ability_check",
        '{"character_id": "mira", "skill": "stealth", "dc": 12, "reason": "sneak"}',
        "--seed",
        "5",
    )
    assert pairs.exit_code == 0 and pairs.stdout == as_json.stdout
    assert result_of(pairs)["dc"] == 12


def test_a_list_field_takes_comma_separated_ids() -> None:
    run = tool("request_group_check", "character_ids=mira,thorin", "skill=stealth", "dc=12",
               "reason=sneak")  # fmt: skip
    assert run.exit_code == 0, run.output
    assert [r["character_id"] for r in result_of(run)["results"]] == ["mira", "thorin"]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["request_ability_check", "mira"], "write key=value (fields of request_ability_check"),
        (["request_ability_check", "charcter_id=mira"], "did you mean 'character_id'?"),
        (["request_ability_check", "dc=1", "dc=2"], "dc is given twice"),
        (["roll_dice", '{"rolls": []}', "x=1"], "not both"),
        (["atack"], "no tool 'atack' — did you mean 'attack'?"),
        ([], "name a tool"),
        (["roll_dice", "--schema", "rolls=[]"], "give it no arguments"),
        (["roll_dice", "--list"], "give it no tool name"),
        (["get_encounter", "--campaign", ""], "no campaign ''"),
    ],
)
def test_bad_arguments_are_refused_with_how_to_write_them(args: list[str], said: str) -> None:
    run = tool(*args)
    assert run.exit_code == 2 and said in err(run), run.output


def test_the_tool_judges_json_as_it_would_a_dms() -> None:
    run = tool("request_ability_check", '{"character_id": "mira", "dc": 99, "reason": "x"}')
    assert run.exit_code == 1 and "invalid arguments for request_ability_check" in run.stdout


# -- what the DM gets -----------------------------------------------------------------------------
def test_list_shows_each_states_tools_as_the_dm_gets_them(saves: Path) -> None:
    run = tool("--list")
    assert run.exit_code == 0
    exploration, combat = run.stdout.split("combat (")
    assert exploration.startswith(
        f"exploration ({len(CAMPAIGN_EXPLORATION_TOOLS.tools)} tools — the game is here now)"
    )
    for name in CAMPAIGN_EXPLORATION_TOOLS.names:
        assert f"\n  {name} " in exploration
    for name in COMBAT_TOOLS.names:
        assert f"\n  {name} " in combat
    assert "  attack                 A weapon attack" in combat
    fight = tool("--list", "--load", "fight", "--saves-dir", str(saves))
    assert f"combat ({len(COMBAT_TOOLS.tools)} tools — the game is here now)" in fight.stdout


def test_schema_is_the_one_the_dm_is_sent() -> None:
    run = tool("request_group_check", "--schema")
    assert run.exit_code == 0
    sent = next(
        s
        for s in CAMPAIGN_EXPLORATION_TOOLS.schemas()
        if s["function"]["name"] == "request_group_check"
    )
    assert json.loads(run.stdout) == sent
    assert "offered in: exploration" in err(run)
    fight_only = tool("end_turn", "--schema")
    assert json.loads(fight_only.stdout)["function"]["name"] == "end_turn"
    assert "offered in: combat" in err(fight_only)

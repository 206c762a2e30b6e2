"""A broken campaign file's problems in an author's words: a misspelt key is one line at
that key with the key it was meant to be (never "Extra inputs are not permitted" and
"Field required" for one slip); an entry of an array of tables is named by its id; a score
that names no dimension says where dimensions are declared."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from app.authoring.validation import campaign_problems
from app.world import knockons
from app.world.campaignfile import CampaignError, load_campaign, parse_campaign
from tests.app.test_campaign_inputs import write
from tests.app.test_validator_warnings import found, tiny


def problems(tmp_path: Path, data: dict[str, object]) -> str:
    with pytest.raises(CampaignError) as caught:
        load_campaign(write(tmp_path / "c", data))
    return str(caught.value)


def brute(
    *, hp: int = 9, speed: int = 30, cr: str = "1", to_hit: int = 4, action_name: str = "Club"
) -> dict[str, object]:
    """A campaign's own monster, with the numbers a test makes wrong."""
    return {
        "name": "Brute", "size": "Medium", "type": "humanoid", "ac": 12, "hp": hp,
        "hit_dice": "2d8", "speed": speed, "passive_perception": 10, "cr": cr,
        "abilities": {"str": 14, "dex": 10, "con": 12, "int": 8, "wis": 10, "cha": 8},
        "actions": [{"id": "club", "name": action_name, "kind": "melee", "to_hit": to_hit,
                     "reach": 5, "damage": "1d6", "damage_type": "bludgeoning"}],
    }  # fmt: skip


def line_of(tmp_path: Path, needle: str) -> int:
    lines = (tmp_path / "c" / "campaign.toml").read_text(encoding="utf-8").splitlines()
    return next(n for n, text in enumerate(lines, 1) if needle in text)


def test_a_misspelt_key_is_one_line_with_the_key_it_was_meant_to_be(tmp_path: Path) -> None:
    data = tiny()
    lock = data["challenges"]["chest_lock"]
    lock["provoked"] = lock.pop("provoked_by")
    said = problems(tmp_path, data)
    line = line_of(tmp_path, "provoked =")
    assert (
        f":{line}:1: challenges.chest_lock.provoked: unknown key 'provoked' — did you mean "
        "'provoked_by'?" in said
    )
    assert "1 problem(s)" in said
    assert "Field required" not in said and "Extra inputs" not in said


def test_a_key_far_from_any_lists_the_keys_the_table_takes(tmp_path: Path) -> None:
    data = tiny()
    data["scenes"]["yard"]["exits"][0]["zzz"] = 1
    said = problems(tmp_path, data)
    assert "unknown key 'zzz' (keys here: to, name, aliases, requires_flag" in said


def test_a_trigger_is_named_by_its_id(tmp_path: Path) -> None:
    data = tiny()
    data["triggers"] = [{"id": "chest_creaks", "when": {"flagg": "chest_open"},
                         "effects": {"text": "It creaks."}}]  # fmt: skip
    said = problems(tmp_path, data)
    assert (
        "triggers[0] (chest_creaks).when.flagg: unknown key 'flagg' — did you mean 'flag'?" in said
    )


def test_a_dimension_nobody_declared_says_where_they_are_declared() -> None:
    data = tiny()
    data["npcs"]["maren"]["start"] = {"awe": 1}
    said = [p for p in found(data) if "'awe'" in p]
    assert (
        said
        and "dimensions are declared in [events] dimensions = [...], now: trust, affection"
        in said[0]
    )


def test_broken_references_are_listed_beside_type_errors(tmp_path: Path) -> None:
    data = tiny()
    data["challenges"]["chest_lock"]["dc"] = "12"
    data["scenes"]["hall"]["exits"][0]["to"] = "yrd"
    lost = {"id": "lost", "when": {"flag": "x"}, "effects": {"move_to": "atic"}}
    data["triggers"] = [{"id": "creak", "when": {"passed": "chest_lock"}, "effects": {}},
                        {"id": "bad", "when": {"flagg": "x"}, "effects": {}}, lost]  # fmt: skip
    said = problems(tmp_path, data)
    assert "challenges.chest_lock.dc: dc is a whole number" in said
    assert "scenes.hall.exits[0].to: no scene 'yrd' — did you mean 'yard'?" in said
    assert "triggers[2] (lost).effects.move_to: no scene 'atic'" in said  # its place in the file
    assert "chest_lock'" not in said.split("dc is a whole number")[1]  # it exists, only broken


def test_a_monster_number_the_game_cannot_play_is_refused_where_it_is(tmp_path: Path) -> None:
    """An attack bonus, speed or hit points past what a fight can carry is an error at the
    key, not a fight that fails every turn (or a balance run that shows a traceback)."""
    data = tiny()
    data["monsters"] = {"brute": brute(hp=99_999_999, speed=10_000, to_hit=10**20)}
    said = problems(tmp_path, data)
    assert "monsters.brute.hp: Input should be less than or equal to 10000" in said
    assert "monsters.brute.speed: Input should be less than or equal to 1000" in said
    assert "monsters.brute.actions[0].to_hit: Input should be less than or equal to 30" in said


def test_a_fight_with_a_monster_whose_own_numbers_are_wrong_is_no_second_problem(
    tmp_path: Path,
) -> None:
    """A campaign's monster with hit points below 1 is one problem at its key: the
    encounter that fields it does not also say there is "no monster 'brute'"."""
    data = tiny()
    data["monsters"] = {"brute": {**brute(hp=-17), "size": "medium"}}
    data["encounters"] = {
        "ambush": {"name": "Ambush", "monsters": [{"monster": "brute", "count": 1}]}
    }
    said = problems(tmp_path, data)
    assert "monsters.brute.hp: Input should be greater than or equal to 1" in said
    assert "no monster 'brute'" not in said


def test_a_party_names_each_character_once_and_levels_go_low_to_high(tmp_path: Path) -> None:
    data = tiny()
    data["campaign"]["party"] = ["mira", "mira"]
    data["campaign"]["levels"] = [5, 1]
    said = problems(tmp_path, data)
    assert "the party names mira more than once" in said
    assert "the lower level comes first" in said


def test_a_long_row_of_scenes_nothing_reaches_is_reported_without_fail(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # cut off from the start, hundreds of scenes in a row: each one reported, grouped
    # under the first while the search can follow the row, and on its own past that
    data = tiny()
    scenes = data["scenes"]
    assert isinstance(scenes, dict)
    for n in range(400):
        scenes[f"s{n}"] = {"name": f"Tunnel {n}", "description": "A tunnel.",
                           "exits": [{"to": f"s{n + 1}", "name": "on"}]}  # fmt: skip
    scenes["s400"] = {"name": "End", "description": "The end of the tunnel."}
    problems = campaign_problems(parse_campaign(data, Path("test.toml")))
    unreached = [p for p in problems if p.kind == "unreachable scene"]
    assert len(unreached) == 401 and sum(p.because is not None for p in unreached) == 400
    monkeypatch.setattr(knockons, "_DEEPEST", 300)  # a row longer than the search goes
    assert sys.getrecursionlimit() < 1500
    problems = campaign_problems(parse_campaign(data, Path("test.toml")))
    unreached = [p for p in problems if p.kind == "unreachable scene"]
    assert len(unreached) == 401 and all(p.because is None for p in unreached)


def test_a_loop_of_challenges_is_no_wall_the_players_words_start_it() -> None:
    """A lock whose needle leads back to the lock: the game lets the players pick it by its
    words (it once never tried it, silently); nothing to warn of."""
    from app.world.campaignfile import parse_campaign
    from app.world.chains import follow_ups

    data = tiny()
    challenges = data["challenges"]
    assert isinstance(challenges, dict)
    challenges["chest_lock"]["failure"] = {"text": "The pick slips.", "next": "needle"}
    challenges["needle"] = {"name": "dodge the needle", "scene": "hall", "kind": "save",
                            "provoked_by": ["needle"],
                            "ability": "dex", "dc": 11, "success": {"text": "Missed."},
                            "failure": {"text": "Ouch."}}  # fmt: skip
    assert follow_ups(parse_campaign(data, Path("test.toml"))) == {"needle"}
    challenges["needle"]["failure"] = {"text": "Ouch.", "next": "chest_lock"}
    assert follow_ups(parse_campaign(data, Path("test.toml"))) == set()  # both by words
    assert not any("never attempted" in p for p in found(data))


def test_what_play_cannot_roll_or_read_is_refused_when_the_campaign_loads(
    tmp_path: Path,
) -> None:
    """Every value a fresh fuzzer found that validated and then failed every turn (a game
    that could not go on) is an error at its key: an amount no tool can roll, a blank name,
    a monster action's name too long for the log, a language that is no code (it named a
    file to read), a challenge rating of 1/0."""
    data = tiny()
    data["triggers"] = [{"id": "burn", "when": {"in_scene": "hall"},
                         "effects": {"damage": {"amount": "100d100", "type": "fire"},
                                     "heal": "0"}}]  # fmt: skip
    data["items"] = {"draught": {"name": "draught", "heals": "-5"}}
    data["npcs"]["maren"]["name"] = "  "
    data["characters"][0]["inventory"] = ["rope", ""]
    data["campaign"]["language"] = "../../elsewhere/x"
    data["monsters"] = {"brute": brute(cr="1/0", action_name="C" * 301)}
    said = problems(tmp_path, data)
    assert "effects.damage.amount: Value error, '100d100' rolls too many dice" in said
    assert "effects.heal: Value error, '0' never comes to more than 0" in said
    assert "items.draught.heals: Value error, '-5'" in said
    assert "npcs.maren.name: is blank — write the name players will read" in said
    assert "inventory" not in said  # a blank entry is nothing carried: dropped, not refused
    assert "campaign.language: is no language code" in said
    assert "monsters.brute.cr: Value error, challenge rating must be 0-30, not 1/0" in said
    assert "monsters.brute.actions[0].name: String should have at most 80 characters" in said

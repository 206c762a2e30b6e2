"""A broken campaign file's problems in an author's words: a misspelt key is one line at
that key with the key it was meant to be (never "Extra inputs are not permitted" and
"Field required" for one slip); an entry of an array of tables is named by its id; a score
that names no dimension says where dimensions are declared."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.world.campaignfile import CampaignError, load_campaign
from tests.app.test_campaign_inputs import write
from tests.app.test_validator_warnings import found, tiny


def problems(tmp_path: Path, data: dict[str, object]) -> str:
    with pytest.raises(CampaignError) as caught:
        load_campaign(write(tmp_path / "c", data))
    return str(caught.value)


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

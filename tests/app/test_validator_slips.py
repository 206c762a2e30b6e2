"""The slips a new author makes, each caught with the place to mend it: values of the wrong
type (never quietly converted), ids used twice, misspelt ids with a did-you-mean, and a
condition that can never hold named by the part that cannot."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from app.cli.main import app
from app.world.campaignfile import CampaignError, load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.schemafile import SCHEMA_FILE, generate, render
from app.world.tomlplaces import dotted, locate, parse_path
from tests.app.test_campaign_inputs import shipped, write

SHIPPED = CAMPAIGNS_DIR / "crossroads" / "campaign.toml"


def line_of(folder: Path, needle: str) -> int:
    lines = (folder / "campaign.toml").read_text(encoding="utf-8").splitlines()
    return next(n for n, text in enumerate(lines, 1) if needle in text)


@pytest.mark.parametrize(
    ("key", "value", "said"),
    [
        ("dc", "12", 'dc is a whole number, not the string "12" — write dc = 12'),
        ("retry", "yes", 'retry is true or false, not the string "yes" — write retry = true'),
        ("name", 7, 'name is a string, not a whole number 7 — write name = "7"'),
    ],
)
def test_a_value_of_the_wrong_type_is_refused_not_converted(
    tmp_path: Path, key: str, value: object, said: str
) -> None:
    data = shipped()
    data["challenges"]["trapdoor_lock"][key] = value
    folder = write(tmp_path / "c", data)
    with pytest.raises(CampaignError) as caught:
        load_campaign(folder)
    message = str(caught.value)
    assert said in message
    line = line_of(folder, f"{key} = ")  # tomli_w writes the challenge's keys in order
    assert re.search(rf"campaign\.toml:\d+:1: challenges\.trapdoor_lock\.{key}: ", message)
    assert line > 0


def test_a_count_written_as_a_decimal_is_refused(tmp_path: Path) -> None:
    data = shipped()
    data["encounters"]["cellar_rats"]["monsters"][0]["count"] = 2.0
    with pytest.raises(CampaignError, match=r"monsters\[0\]\.count: count is a whole number"):
        load_campaign(write(tmp_path / "c", data))


@pytest.mark.parametrize("table", ["endings", "triggers"])
def test_an_id_used_twice_is_an_error_at_the_second(tmp_path: Path, table: str) -> None:
    data = shipped()
    data[table].append(dict(data[table][0]))
    result = CliRunner().invoke(app, ["validate", str(write(tmp_path / "c", data))])
    assert result.exit_code == 3, result.output
    last = len(data[table]) - 1
    assert f"error: duplicate: {table}[{last}].id: id {data[table][0]['id']!r} is used twice" in (
        result.stdout
    )


def test_a_misspelt_scene_gets_a_did_you_mean_at_its_line(tmp_path: Path) -> None:
    data = shipped()
    data["scenes"]["inn"]["exits"][0]["to"] = "celar"
    folder = write(tmp_path / "c", data)
    result = CliRunner().invoke(app, ["validate", str(folder)])
    assert result.exit_code == 3
    first = result.stdout.splitlines()[0]
    assert first.endswith(
        "error: dangling reference: scenes.inn.exits[0].to: no scene 'celar' — "
        "did you mean 'cellar'?"
    ), first
    line = int(first.split(":")[1])
    assert 'to = "celar"' in (folder / "campaign.toml").read_text().splitlines()[line - 1]


def test_an_unreachable_ending_names_what_can_never_hold(tmp_path: Path) -> None:
    data = shipped()
    data["endings"][1]["when"]["all"].append({"flag": "moon_is_blue"})
    result = CliRunner().invoke(app, ["validate", str(write(tmp_path / "c", data))])
    assert result.exit_code == 0  # a warning: the game still runs
    assert "needs flag 'moon_is_blue', which nothing reachable sets" in result.stdout
    strict = CliRunner().invoke(app, ["validate", "--strict", str(tmp_path / "c")])
    assert strict.exit_code == 3


def test_validate_speaks_json_for_editors(tmp_path: Path) -> None:
    data = shipped()
    data["scenes"]["inn"]["npcs"] = ["bertha"]
    result = CliRunner().invoke(
        app, ["validate", "--format", "json", str(write(tmp_path / "c", data))]
    )
    assert result.exit_code == 3
    found = json.loads(result.stdout)
    error = next(p for p in found if p["severity"] == "error")
    assert error["path"] == "scenes.inn.npcs" and error["line"] > 0
    assert "did you mean 'berta'?" in error["message"]


def test_the_shipped_schema_is_the_models_schema() -> None:
    assert SCHEMA_FILE.read_text(encoding="utf-8") == render(generate()), (
        "the campaign models changed: run `dungeon schema --output app/world/campaign.schema.json`"
    )


def test_every_key_of_the_shipped_campaign_has_a_place() -> None:
    text = SHIPPED.read_text(encoding="utf-8")
    places = locate(text)
    lines = text.splitlines()

    def walk(value: Any, path: tuple[str | int, ...]) -> None:
        if isinstance(value, dict):
            for key, child in value.items():
                here = (*path, key)
                assert here in places.found, here
                line, _ = places.found[here]
                assert str(key) in lines[line - 1], (here, lines[line - 1])
                walk(child, here)
        elif isinstance(value, list):
            for n, child in enumerate(value):
                walk(child, (*path, n))

    walk(tomllib.loads(text), ())


KEY = st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True)
SCALAR = st.one_of(st.integers(-99, 99), st.booleans(), st.text(max_size=12))
TABLE = st.recursive(
    st.dictionaries(KEY, SCALAR, max_size=4),
    lambda inner: st.dictionaries(
        KEY, st.one_of(SCALAR, inner, st.lists(inner, min_size=1, max_size=3)), max_size=4
    ),
    max_leaves=20,
)


@given(TABLE)
def test_the_locator_finds_every_key_tomli_w_writes(data: dict[str, Any]) -> None:
    text = tomli_w.dumps(data, multiline_strings=True)
    places = locate(text)
    lines = text.split("\n")  # TOML's lines: not str.splitlines, which also breaks at \x85

    def walk(value: Any, path: tuple[str | int, ...]) -> None:
        if isinstance(value, dict):
            for key, child in value.items():
                here = (*path, key)
                spot = places.place(here)
                assert spot is not None and key in lines[spot[0] - 1], (here, text)
                walk(child, here)
        elif isinstance(value, list):
            for n, child in enumerate(value):
                walk(child, (*path, n))

    walk(data, ())


def test_paths_read_and_write_in_one_style() -> None:
    path = parse_path("triggers[3] (tam_found).when.all[1]")
    assert path == ("triggers", 3, "when", "all", 1)
    assert dotted(path) == "triggers[3].when.all[1]"


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda d: d["encounters"].update(spare={"name": "S", "monsters": [{"monster": "goblin"}]}),
         "warning: unused: encounters.spare: no scene or effect starts this fight"),
        (lambda d: d["npcs"].update(hermit={"name": "Hermit", "greeting": "Hm."}),
         "warning: unused: npcs.hermit: in no scene's npcs and with no appears"),
        (lambda d: d["items"].update(crown={"name": "crown"}),
         "warning: unused: items.crown: in no scene's items, no character's inventory"),
        (lambda d: d["challenges"]["trapdoor_lock"]["success"]["set_flags"].update(shiny=True),
         "warning: unread flag: challenges.trapdoor_lock.success.set_flags.shiny"),
    ],
)  # fmt: skip
def test_what_nothing_brings_into_play_is_a_warning(tmp_path: Path, change: Any, said: str) -> None:
    data = shipped()
    change(data)
    result = CliRunner().invoke(app, ["validate", str(write(tmp_path / "c", data))])
    assert result.exit_code == 0 and said in result.stdout, result.stdout


@pytest.mark.parametrize("name", ["Mira", "MIRA", "mira"])
def test_two_of_the_party_with_one_name_are_an_error_before_play(tmp_path: Path, name: str) -> None:
    """``play`` tells characters apart by name and refuses such a party: ``validate`` says so
    first, rather than ok."""
    data = shipped()
    thorin = next(c for c in data["characters"] if c["id"] == "thorin")
    thorin["name"] = name
    result = CliRunner().invoke(app, ["validate", str(write(tmp_path / "c", data))])
    assert result.exit_code == 3, result.output
    assert "two characters are called" in " ".join(result.output.split())

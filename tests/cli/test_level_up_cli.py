"""``dungeon character level-up FILE``: a character file taken one level up, or refused
with the reason and the file left as it was."""

from __future__ import annotations

import tomllib
from pathlib import Path

import tomli_w
from typer.testing import CliRunner

from app.cli.main import app
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR

CAMPAIGN = load_campaign(CAMPAIGNS_DIR / "crossroads")


def character_file(folder: Path, cid: str = "aria") -> Path:
    sheet = CAMPAIGN.character(cid)
    path = folder / f"{cid}.toml"
    data = sheet.model_dump(mode="json", by_alias=True, exclude_defaults=True)
    path.write_bytes(tomli_w.dumps(data).encode("utf-8"))
    return path


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["character", "level-up", *args])
    return result.exit_code, result.output


def test_a_wizard_file_takes_level_4_with_an_asi_and_spells(tmp_path: Path) -> None:
    path = character_file(tmp_path)
    code, out = run(str(path), "--asi", "int+2", "--spells", "misty step",
                    "--spells", "shatter,acid_splash", "--seed", "4")  # fmt: skip
    assert code == 0, out
    assert "hit points for level 4: 1d6" in out and "--seed 4 repeats it" in out
    assert "Aria reaches level 4" in out
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data["level"] == 4 and data["abilities"]["int"] == 19 and data["xp"] == 2700
    assert data["hit_dice"]["total"] == 4
    assert {"misty_step", "shatter", "acid_splash"} <= set(data["spells"])
    assert (tmp_path / "aria.toml.1").exists()  # the level-3 sheet is kept
    code, out = run(str(path), "--seed", "4", "--spells", "fireball,haste")
    assert code == 0, out  # level 5: the level-4 sheet is kept, and the level-3 one too
    levels = [tomllib.loads((tmp_path / f"aria.toml.{n}").read_text())["level"] for n in (1, 2)]
    assert levels == [4, 3]
    # the same seed rolls the same hit points
    (tmp_path / "again").mkdir()
    again = character_file(tmp_path / "again")
    code, out = run(str(again), "--asi", "int+2", "--seed", "4")
    assert code == 2 and "name 1 cantrip and 2 spells of level 1 or more too" in out
    assert tomllib.loads(again.read_text(encoding="utf-8"))["level"] == 3  # untouched
    run(str(again), "--asi", "int+2", "--seed", "4", "--spells", "misty step,shatter,acid splash")
    assert tomllib.loads(again.read_text(encoding="utf-8"))["vitals"] == data["vitals"]


def test_a_refused_level_names_the_reason_and_leaves_the_file(tmp_path: Path) -> None:
    path = character_file(tmp_path, "thorin")
    before = path.read_bytes()
    code, out = run(str(path), "--hp", "average")
    assert code == 2 and "Ability Score Improvement" in out
    code, out = run(str(path), "--asi", "str+3")
    assert code == 2 and "write it as str+2" in out
    code, out = run(str(path), "--hp", "max", "--asi", "str+2")
    assert code == 2 and "--hp is roll or average" in out
    code, out = run(str(path), "--asi", "str+2", "--spells", "fire_bolt")
    assert code == 2 and "not on the Fighter spell list" in out
    assert path.read_bytes() == before


def test_a_file_that_is_not_a_character_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.toml"
    path.write_text('name = "Bob"\n', encoding="utf-8")
    code, out = run(str(path))
    assert code == 2 and "id: Field required" in out and "abilities" in out
    code, out = run(str(tmp_path / "missing.toml"))
    assert code == 2 and "no such file" in out


def test_the_average_needs_no_seed_and_a_fighter_gains_its_level_5_features(
    tmp_path: Path,
) -> None:
    path = character_file(tmp_path, "thorin")
    assert run(str(path), "--hp", "average", "--asi", "str+2")[0] == 0
    code, out = run(str(path), "--hp", "average")
    assert code == 0, out
    assert "Thorin reaches level 5" in out and "extra attack" in out
    assert "hit points for level" not in out  # nothing rolled

"""Creation and levelling by the SRD 5.1 from the command line: a fighter may take the
Protection fighting style ("When a creature you can see attacks a target other than you that
is within 5 feet of you, you can use your reaction to impose disadvantage on the attack
roll"), and a hill dwarf's Dwarven Toughness ("your hit point maximum increases by 1, and it
increases by 1 every time you gain a level") holds on a level taken."""

from __future__ import annotations

import tomllib
from pathlib import Path

from app.world.characters import read_character
from tests.cli.test_character_cli import run as run_character
from tests.cli.test_level_up_cli import character_file
from tests.cli.test_level_up_cli import run as level_up

TANK = [
    "character", "new", "--name", "Brann", "--species", "human", "--class", "fighter",
    "--background", "acolyte", "--scores", "standard",
    "--assign", "str=15,dex=13,con=14,int=8,wis=12,cha=10",
    "--skills", "athletics,perception", "--choose", "fighting_style=protection", "--yes",
]  # fmt: skip


def test_a_fighter_made_with_the_protection_style_keeps_it(tmp_path: Path) -> None:
    code, out = run_character(TANK, tmp_path)
    assert code == 0, out
    sheet = read_character(tmp_path / "brann.toml")
    assert sheet.choices["fighting_style"] == "protection" and sheet.has("fighting_style")


def test_a_hill_dwarf_gains_one_more_hit_point_on_a_level(tmp_path: Path) -> None:
    path = character_file(tmp_path, "thorin")  # a hill dwarf fighter 3, CON 15
    code, out = level_up(str(path), "--asi", "str+2", "--seed", "4")
    assert code == 0, out
    rolled = int(out.split("hit points for level 4: 1d10 (", 1)[1].split(")", 1)[0])
    after = tomllib.loads(path.read_text(encoding="utf-8"))["vitals"]["max_hp"]
    assert after == 31 + rolled + 2 + 1  # the die, CON +2, Dwarven Toughness +1

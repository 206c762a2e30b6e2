"""``dungeon character new/list/show`` and playing a campaign with your own characters."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from app.cli.main import app
from app.saves import load_named
from app.world.characters import CharacterFileError, read_character
from app.world.folders import CAMPAIGNS_DIR

ENV = {"DUNGEON_DM_API_KEY": None, "DUNGEON_DM_BASE_URL": None, "OPENAI_API_KEY": None}
KARA = [
    "character", "new", "--name", "Kara Vell", "--species", "half-elf", "--class", "rogue",
    "--background", "acolyte", "--scores", "standard",
    "--assign", "str=8,dex=15,con=14,int=12,wis=10,cha=13", "--increase", "dex,con",
    "--skills", "stealth,perception,acrobatics,deception,athletics,arcana",
    "--expertise", "stealth,perception", "--yes",
]  # fmt: skip


def run(args: list[str], folder: Path, stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(app, [*args, "--characters-dir", str(folder)], input=stdin, env=ENV)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def test_new_character_is_saved_listed_and_shown(tmp_path: Path) -> None:
    code, out = run(KARA, tmp_path)
    assert code == 0, out
    assert "AC 14 (Leather)" in out and "Stealth +7 (expertise)" in out
    sheet = read_character(tmp_path / "kara-vell.toml")
    assert sheet.name == "Kara Vell" and sheet.character_class == "Rogue"
    assert 'class = "Rogue"' in (tmp_path / "kara-vell.toml").read_text(encoding="utf-8")
    code, out = run(["character", "list"], tmp_path)
    assert code == 0 and "Kara Vell — level 1 Half-elf Rogue" in out
    code, out = run(["character", "show", "kara vell"], tmp_path)
    assert code == 0 and "HP 10/10" in out
    code, out = run(KARA, tmp_path)  # the same name again
    assert code == 2 and "already kept there" in out


def test_rolled_scores_print_every_die_and_repeat_with_the_seed(tmp_path: Path) -> None:
    args = ["character", "new", "--name", "Zed", "--species", "tiefling", "--class", "fighter",
            "--background", "dockhand", "--scores", "roll", "--seed", "4"]  # fmt: skip
    code, out = run(args, tmp_path)
    assert code == 2 and out.count("rolled 4d6kh3 (") == 6 and "--assign" in out
    totals = [
        int(line.rsplit("= ", 1)[1]) for line in out.splitlines() if line.startswith("rolled")
    ]
    assign = ",".join(
        f"{a}={v}" for a, v in zip(("str", "dex", "con", "int", "wis", "cha"), totals, strict=True)
    )
    code, out = run([*args, "--assign", assign, "--skills", "acrobatics,insight",
                     "--choose", "fighting_style=archery", "--yes"], tmp_path)  # fmt: skip
    assert code == 0, out
    code, out = run([*args, "--assign", "str=15,dex=14,con=13,int=12,wis=10,cha=8"], tmp_path)
    assert code == 2 and "your rolls" in out


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--species", "orcling"], "no species called 'orcling'"),
        (["--scores", "dice"], "--scores is standard, pointbuy or roll"),
        (["--assign", "str=18,dex=14,con=13,int=12,wis=10,cha=8"], "standard array"),
        (["--skills", "stealth"], "choose 6 skills"),
        (["--name", "\x1b[2J"], "printable"),
        (["--pack", "3"], "equipment packs 1 to 2"),
    ],
)
def test_bad_choices_are_one_line_and_exit_2(
    tmp_path: Path, extra: list[str], message: str
) -> None:
    code, out = run([*KARA, *extra], tmp_path)
    assert code == 2 and message in out and "Traceback" not in out
    assert not list(tmp_path.glob("*.toml"))


def test_piped_without_yes_asks_for_it(tmp_path: Path) -> None:
    code, out = run([a for a in KARA if a != "--yes"], tmp_path)
    assert code == 2 and "--yes" in out and not list(tmp_path.glob("*.toml"))


def test_a_broken_character_file_names_the_file_and_key(tmp_path: Path) -> None:
    run(KARA, tmp_path)
    path = tmp_path / "kara-vell.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("level = 1", "level = 99"), "utf-8")
    with pytest.raises(
        CharacterFileError, match=r"kara-vell.toml: level: .*less than or equal to 20"
    ):
        read_character(path)
    code, out = run(["character", "show", "kara-vell"], tmp_path)
    assert code == 2 and "kara-vell.toml: level" in out
    code, out = run(["character", "list"], tmp_path)
    assert code == 0 and "cannot be read" in out


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (("exhaustion = 0", "exhaustion = 6"), r"exhaustion: 6 while alive"),
        (("death_failures = 0", "death_failures = 3"), r"vitals.death_failures: is 3 while"),
    ],
)
def test_a_character_no_rule_leaves_one_in_is_refused(
    tmp_path: Path, change: tuple[str, str], why: str
) -> None:
    """Played, such a character made saves no game could load again (every backup too)."""
    run(KARA, tmp_path)
    path = tmp_path / "kara-vell.toml"
    text = path.read_text(encoding="utf-8")
    assert change[0] in text  # (the saved file writes every field)
    path.write_text(text.replace(change[0], change[1], 1), "utf-8")
    with pytest.raises(CharacterFileError, match=rf"kara-vell.toml: {why}"):
        read_character(path)


def test_a_level_one_character_is_refused_by_a_level_three_campaign(tmp_path: Path) -> None:
    run(KARA, tmp_path)
    code, out = run(
        ["play", "--ui", "console", "--character", "mira=Kara Vell"], tmp_path, "/quit\n"
    )
    assert code == 2 and "level it up first" in " ".join(out.split())


def low_campaign(tmp_path: Path) -> Path:
    """The shipped campaign, opened to level-1 characters."""
    home = tmp_path / "low"
    shutil.copytree(CAMPAIGNS_DIR / "crossroads", home)
    toml = home / "campaign.toml"
    toml.write_text(toml.read_text("utf-8").replace("levels = [3, 3]", "levels = [1, 3]"), "utf-8")
    return home


def test_own_character_plays_saves_and_loads_in_a_pregens_place(tmp_path: Path) -> None:
    """A created character takes Mira's place, acts by its first name, and the game saves
    and loads (the save check does not compare it with Mira's sheet)."""
    run(KARA, tmp_path)
    saves = tmp_path / "saves"
    args = ["play", "--ui", "console", "--campaign", str(low_campaign(tmp_path)),
            "--character", "mira=kara-vell", "--seed", "3", "--saves-dir", str(saves)]  # fmt: skip
    code, out = run(args, tmp_path, "Kara: I look around\n/quit\n")
    assert code == 0, out
    assert "not in the party" not in out
    loaded = load_named("crossroads", saves).state
    assert loaded.party["mira"].name == "Kara Vell" and loaded.own_characters == ["mira"]
    code, out = run(["play", "--ui", "console", "--load", "crossroads", "--saves-dir", str(saves)],
                    tmp_path, "/quit\n")  # fmt: skip
    assert code == 0, out


def test_party_option_fills_pregen_places_in_order_and_refuses_too_many(tmp_path: Path) -> None:
    run(KARA, tmp_path)
    home = str(low_campaign(tmp_path))
    base = ["play", "--ui", "console", "--campaign", home, "--saves-dir", str(tmp_path / "s")]
    code, out = run([*base, "--party", "kara-vell,kara-vell"], tmp_path, "/quit\n")
    assert code == 2 and "given twice" in out
    code, out = run([*base, "--party", "nobody"], tmp_path, "/quit\n")
    assert code == 2 and "no character 'nobody'" in out
    code, out = run([*base, "--character", "zed=kara-vell"], tmp_path, "/quit\n")
    assert code == 2 and "not a character of" in out
    code, out = run([*base, "--party", "kara-vell"], tmp_path, "/quit\n")
    assert code == 0, out
    assert load_named("crossroads", tmp_path / "s").state.party["mira"].name == "Kara Vell"


def test_on_a_terminal_every_choice_is_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no flags on a terminal, the command asks each question in turn, shows the
    sheet and asks before saving."""
    monkeypatch.setattr("app.cli.common.interactive", lambda: True)
    answers = [
        "Oda Fenn", "dwarf", "cleric", "herbalist", "pointbuy",
        "str=14,dex=8,con=15,int=8,wis=15,cha=10", "history,insight",
        "guidance,sacred_flame,spare_the_dying", "bless,cure_wounds,healing_word",
        "bless,cure_wounds,healing_word,bane", "1", "y",
    ]  # fmt: skip
    code, out = run(["character", "new"], tmp_path, "\n".join(answers) + "\n")
    assert code == 0, out
    assert "point buy: 27 of 27 points spent" in out
    assert "choose 4 level-1 spells" in out  # three were too few: asked again
    assert "Save Oda Fenn to" in out and "Saved Oda Fenn" in out
    sheet = read_character(tmp_path / "oda-fenn.toml")
    # hill dwarf: CON 17 (+3), one more hit point a level; a cleric's d8
    assert sheet.vitals.max_hp == 8 + 3 + 1
    assert sheet.armor == "scale_mail" and sheet.shield and sheet.armor_class == 14 - 1 + 2  # DEX 8
    assert sheet.spells == [
        "guidance", "sacred_flame", "spare_the_dying", "bless", "cure_wounds", "healing_word",
        "bane",
    ]  # fmt: skip


def test_a_bad_expertise_answer_is_asked_again_not_the_whole_character_lost(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("app.cli.common.interactive", lambda: True)
    flags = [a for a in KARA if a != "--yes"]
    at = flags.index("--expertise")
    del flags[at : at + 2]  # asked on the terminal instead
    answers = ["stealth and thieves tools", "stealth,history", "stealth,perception", "1", "y"]
    code, out = run(flags, tmp_path, "\n".join(answers) + "\n")
    assert code == 0, out
    assert "unknown skill 'stealth and thieves tools'" in out
    assert "not one of your skills: history" in out
    assert read_character(tmp_path / "kara-vell.toml").skills["perception"] == "expertise"


def test_a_new_bard_knows_two_cantrips(tmp_path: Path) -> None:
    """SRD (Bard table): a level-1 bard knows 2 cantrips; creation offers and takes two."""
    args = ["character", "new", "--name", "Lute", "--species", "human", "--class", "bard",
            "--background", "acolyte", "--scores", "standard",
            "--assign", "str=8,dex=14,con=13,int=10,wis=12,cha=15",
            "--skills", "performance,persuasion,deception",
            "--cantrips", "vicious mockery,mage hand",
            "--spells", "cure wounds,healing word,sleep,bane", "--yes"]  # fmt: skip
    code, out = run(args, tmp_path)
    assert code == 0, out
    sheet = read_character(tmp_path / "lute.toml")
    assert {"vicious_mockery", "mage_hand"} <= set(sheet.spells)


def test_an_own_character_named_as_another_of_the_party_is_refused() -> None:
    """A character called Mira in Thorin's place would make a party of two Miras, one of
    whom nobody could name: refused, said why."""
    from app.world.campaignfile import load_campaign
    from app.world.characters import CharacterFileError, cast_party

    campaign = load_campaign(CAMPAIGNS_DIR / "crossroads")
    twin = campaign.character("mira").model_copy(update={"id": "mira-two", "name": "mira"})
    with pytest.raises(CharacterFileError, match="two characters would be called Mira"):
        cast_party(campaign, {"thorin": twin})
    other = twin.model_copy(update={"name": "Kara"})
    assert cast_party(campaign, {"thorin": other})["thorin"].name == "Kara"


def test_a_name_with_no_letters_of_its_own_says_which_file_name_stands_for_it(
    tmp_path: Path,
) -> None:
    at = KARA.index("Kara Vell")
    assert run([*KARA[:at], "🙂", *KARA[at + 1 :]], tmp_path)[0] == 0
    code, out = run([*KARA[:at], "[/]", *KARA[at + 1 :]], tmp_path)
    said = " ".join(out.split())
    assert code == 2 and "stands for '[/]', which has no letters or digits" in said
    assert run(KARA, tmp_path)[0] == 0
    code, out = run(KARA, tmp_path)
    assert code == 2 and "a character named kara-vell is already kept there" in out

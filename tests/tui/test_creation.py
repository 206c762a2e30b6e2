"""The character wizard as a player meets it: reached from the title screen, every step
by keyboard, mistakes shown where they are made, the rolls in the dice log, Escape always
backing out, and the saved file the same character the command line would make."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input, RichLog, Select, SelectionList, Static

from app.dm.config import DMConfig
from app.saves.characters import write_character
from app.tui import make_app
from app.tui.app import DungeonApp
from app.tui.driving import until
from app.tui.screens.creation import CreationScreen
from app.tui.screens.newgame import NewGameScreen
from app.tui.screens.play import PlayScreen
from app.tui.screens.title import TitleScreen
from app.world.characters import read_character
from app.world.folders import CAMPAIGNS_DIR
from rules.abilities import Ability
from rules.creation import Choices, build_character
from rules.skills import Skill


def wizard_app(tmp_path: Path) -> DungeonApp:
    return make_app(
        saves=tmp_path / "saves", characters=tmp_path / "chars", still=True, dm=DMConfig()
    )


async def open_wizard(pilot: Pilot[None]) -> CreationScreen:
    await pilot.press("r")
    await until(pilot, lambda: isinstance(pilot.app.screen, CreationScreen))
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, CreationScreen)
    screen.rng = random.Random(7)  # the seeded dice of a repeatable test
    return screen


async def pick(pilot: Pilot[None], downs: int) -> None:
    await pilot.press(*(["down"] * downs), "enter")
    await pilot.pause()


async def mark(pilot: Pilot[None], screen: CreationScreen, values: list[str]) -> None:
    """Mark options of the step's selection list by keyboard, then go on."""
    chosen = screen.query_one("#cc-multi", SelectionList)
    options = [chosen.get_option_at_index(i).value for i in range(chosen.option_count)]
    chosen.deselect_all()
    chosen.highlighted = 0
    at = 0
    for value in sorted(values, key=options.index):
        await pilot.press(*(["down"] * (options.index(value) - at)), "space")
        at = options.index(value)
    await pilot.press("ctrl+n")
    await pilot.pause()


def error(screen: CreationScreen) -> str:
    return str(screen.query_one("#cc-error", Static).render())


async def test_a_rogue_made_by_keyboard_is_saved_and_reads_back(tmp_path: Path) -> None:
    app = wizard_app(tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await open_wizard(pilot)
        await pilot.press("enter")  # no name yet
        await pilot.pause()
        assert screen.step == "name" and "printable" in error(screen)
        await pilot.press(*"Wren", "enter")
        await pilot.pause()
        await pick(pilot, 2)  # species: halfling
        await pick(pilot, 8)  # class: rogue
        await pick(pilot, 5)  # background: lamplighter (stealth, perception)
        await pick(pilot, 2)  # scores: rolled
        assert screen.step == "scores" and len(screen.rolled) == 6
        log = screen.query_one("#cc-dice", RichLog)
        assert sum("4d6kh3" in str(line.text) for line in log.lines) == 6
        await pilot.press("ctrl+n")  # the rolls, highest first, as offered
        await pilot.pause()
        assert screen.step == "skills"
        offered = screen.query_one("#cc-multi", SelectionList)
        assert "stealth" not in [  # already the background's: not offered again
            offered.get_option_at_index(i).value for i in range(offered.option_count)
        ]
        await mark(pilot, screen, ["acrobatics"])
        assert "choose 4 skills" in error(screen)
        await mark(pilot, screen, ["acrobatics", "deception", "insight", "sleight_of_hand"])
        assert screen.step == "expertise", error(screen)
        await mark(pilot, screen, ["stealth", "sleight_of_hand"])
        assert screen.step == "pack"
        await pick(pilot, 1)  # shortsword and shortbow
        assert screen.step == "review"
        sheet_text = str(screen.query_one("#cc-sheet", Static).render())
        assert "Wren — level 1 Halfling (lightfoot) Rogue" in sheet_text
        await pilot.press("escape")  # back a step and forward again loses nothing
        await pilot.pause()
        assert screen.step == "pack"
        await pick(pilot, 0)
        await pilot.press("enter")  # Save
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
    sheet = read_character(tmp_path / "chars" / "wren.toml")
    assert sheet.character_class == "Rogue" and sheet.skills[Skill.STEALTH] == "expertise"
    bonus = {Ability.DEX: 2, Ability.CHA: 1}  # a lightfoot halfling's
    base = [sheet.abilities.score(a) - bonus.get(a, 0) for a in Ability]
    assert sorted(base) == sorted(screen.rolled)
    assert sheet.weapons[0] == "shortsword"


async def test_a_wizard_chooses_spells_and_point_buy_is_checked(tmp_path: Path) -> None:
    app = wizard_app(tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await open_wizard(pilot)
        await pilot.press(*"Ysolde", "enter")
        await pilot.pause()
        await pick(pilot, 5)  # gnome
        await pick(pilot, 11)  # wizard
        await pick(pilot, 3)  # archivist
        await pick(pilot, 1)  # point buy
        assert screen.query_one("#cc-score-str", Input).value == "15"  # a start within 27
        for ability, score in zip(("str", "dex", "con", "int", "wis", "cha"),
                                  (8, 14, 13, 15, 12, 15), strict=True):  # fmt: skip
            screen.query_one(f"#cc-score-{ability}", Input).value = str(score)
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert "cost 34 points" in error(screen)
        screen.query_one("#cc-score-cha", Input).value = "8"
        await pilot.press("ctrl+n")
        await pilot.pause()
        await mark(pilot, screen, ["arcana", "insight"])
        await pilot.press("enter")  # pack 1 (Next alone takes no entry the player did not pick)
        await pilot.pause()
        assert screen.step == "spells"
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert "choose 3 cantrips" in error(screen)
        cantrips = screen.query_one("#cc-cantrips", SelectionList)
        for value in ("fire_bolt", "ray_of_frost", "acid_splash"):
            cantrips.select(value)
        spells = screen.query_one("#cc-spells", SelectionList)
        for value in ("magic_missile", "shield"):  # INT 15 + 2 = 17: +3, four prepared
            spells.select(value)
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert "choose 4 level-1 spells" in error(screen)
        spells.select("sleep")
        spells.select("burning_hands")
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert screen.step == "review"
        assert "slots: 2 of level 1" in str(screen.query_one("#cc-sheet", Static).render())


async def test_escape_backs_out_of_every_step_to_the_title(tmp_path: Path) -> None:
    app = wizard_app(tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await open_wizard(pilot)
        await pilot.press(*"Ash", "enter")
        await pilot.pause()
        await pick(pilot, 0)
        await pick(pilot, 0)
        assert screen.step == "background"
        for _ in range(3):
            await pilot.press("escape")
            await pilot.pause()
        assert screen.step == "name"
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
    assert not (tmp_path / "chars").exists()


def kept_character(folder: Path) -> Path:
    sheet = build_character(
        Choices(
            name="Kara Vell",
            species="human",
            character_class="fighter",
            background="dockhand",
            scores={"str": 15, "dex": 14, "con": 13, "int": 12, "wis": 10, "cha": 8},
            skills=["acrobatics", "insight"],
            options={"fighting_style": "defense"},
        )
    )
    return write_character(sheet, folder)


def campaigns_for_level(tmp_path: Path, levels: str) -> Path:
    folder = tmp_path / "campaigns"
    shutil.copytree(CAMPAIGNS_DIR / "crossroads", folder / "crossroads")
    toml = folder / "crossroads" / "campaign.toml"
    toml.write_text(toml.read_text("utf-8").replace("levels = [3, 3]", levels), "utf-8")
    return folder


def app_with_kara(tmp_path: Path, levels: str) -> DungeonApp:
    kept_character(tmp_path / "chars")
    return make_app(
        saves=tmp_path / "saves", characters=tmp_path / "chars", still=True, dm=DMConfig(),
        campaigns=campaigns_for_level(tmp_path, levels),
    )  # fmt: skip


async def test_new_game_puts_your_own_character_in_a_pregens_place(tmp_path: Path) -> None:
    app = app_with_kara(tmp_path, "levels = [1, 3]")
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: bool(app.screen.query("#own-aria")))
        await pilot.pause()
        select = app.screen.query_one("#own-mira", Select)
        select.value = str(tmp_path / "chars" / "kara-vell.toml")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))
        state = app.play_screen().session.state
        assert state.party["mira"].name == "Kara Vell" and state.own_characters == ["mira"]
        assert state.party["thorin"].name == "Thorin"  # the other pregens stay


async def test_new_game_refuses_a_character_below_the_campaigns_level(tmp_path: Path) -> None:
    app = app_with_kara(tmp_path, "levels = [3, 3]")
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: bool(app.screen.query("#own-aria")))
        await pilot.pause()
        screen = app.screen
        screen.query_one("#own-aria", Select).value = str(tmp_path / "chars" / "kara-vell.toml")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert "level it up first" in str(screen.query_one("#ng-error", Static).render())

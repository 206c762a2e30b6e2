"""Pilot tests: the full-screen game never loses a game on the way out. Ctrl+Q, the title
screen and the end of the story save first; when that fails the player is told why and
chooses: save elsewhere, leave without saving, or keep playing. A new game never takes
the name of a save it did not write; a damaged save in its way is set aside, kept."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest
from textual.widgets import Input, Static

from app.dm.config import DMConfig
from app.saves import load_game, save_game
from app.session import keeping
from app.session.session import GameSession
from app.tui import make_app
from app.tui.driving import say, shown, until
from app.tui.screens.leaving import EndingScreen, SaveElsewhereScreen, SaveFailedScreen
from app.tui.screens.newgame import NewGameScreen
from app.tui.screens.play import PlayScreen
from app.tui.screens.title import TitleScreen
from app.tui.showcase import crossroads


def game(saves: Path, session: GameSession | None = None):  # type: ignore[no-untyped-def]
    return make_app(saves=saves, session=session, save_as="table", still=True, dm=DMConfig())


def text(app, selector: str) -> str:  # type: ignore[no-untyped-def]
    return " ".join(str(app.screen.query_one(selector, Static).render()).split())


def notes(app) -> str:  # type: ignore[no-untyped-def]
    return "\n".join(n.message for n in app._notifications)


def blocked(tmp_path: Path) -> Path:
    """A saves folder that cannot be created: its parent is a file."""
    parent = tmp_path / "a-file"
    parent.write_text("")
    return parent / "saves"


async def test_ctrl_q_with_an_unwritable_folder_saves_elsewhere(tmp_path: Path) -> None:
    app = game(blocked(tmp_path), crossroads())
    async with app.run_test(size=(100, 30)) as pilot:
        await say(pilot, "Mira: I look around")
        await pilot.press("ctrl+q")
        await shown(pilot, SaveFailedScreen)
        assert "Could not save the game in" in text(app, "#failed-text")
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, SaveElsewhereScreen))
        where = app.screen.query_one("#elsewhere-where", Input)
        data = tmp_path / "data-home" / "dungeon-terminal" / "saves"  # XDG_DATA_HOME
        assert where.value == str(data)  # the suggestion: the platform's data folder
        where.value = str(tmp_path / "a-file" / "nope")  # a place that fails too
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SaveElsewhereScreen) and app.is_running
        assert "Could not save the game in" in text(app, "#elsewhere-error")
        where.value = str(tmp_path / "usb")
        await pilot.press("enter")
        await until(pilot, lambda: not app.is_running)
    assert load_game(tmp_path / "usb" / "table.toml").turn == 1
    # once the full screen is gone, the terminal says where the game went and how to go on
    assert app.farewell.startswith(f"Saved to {tmp_path / 'usb' / 'table.toml'}.")
    assert f"--saves-dir {tmp_path / 'usb'} --load table" in app.farewell


async def test_leaving_without_saving_is_said_in_the_terminal(tmp_path: Path) -> None:
    app = game(blocked(tmp_path), crossroads())
    async with app.run_test(size=(100, 30)) as pilot:
        await say(pilot, "Mira: I look around")
        await pilot.press("ctrl+q")
        await shown(pilot, SaveFailedScreen)
        await pilot.press("l")
        await until(pilot, lambda: not app.is_running)
    assert app.farewell == "The game was left without saving."


async def test_ctrl_q_on_a_full_disk_says_so_and_keep_playing_keeps_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(*args: object, **kwargs: object) -> Path:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(keeping, "save_game", full)
    app = game(tmp_path / "saves", crossroads())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        await shown(pilot, SaveFailedScreen)
        assert "(no space left on device)" in text(app, "#failed-text")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))
        await say(pilot, "Mira: I look around")  # still playing
        assert app.play_screen().session.state.turn == 1  # type: ignore[union-attr]
        await pilot.press("ctrl+q")
        await shown(pilot, SaveFailedScreen)
        await pilot.press("l")  # the player's own choice: leave without it
        await until(pilot, lambda: not app.is_running)


async def test_the_end_then_the_title_asks_when_the_game_cannot_be_saved(tmp_path: Path) -> None:
    session = crossroads()
    session.state.ending = "defeat"
    app = game(blocked(tmp_path), session)
    async with app.run_test(size=(100, 30)) as pilot:
        await shown(pilot, EndingScreen)
        await pilot.press("t")
        await shown(pilot, SaveFailedScreen)
        assert "Leave without saving (l)" in str(app.screen.query_one("#lose").label)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))
        await pilot.press("ctrl+q")
        await shown(pilot, SaveFailedScreen)
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, SaveElsewhereScreen))
        app.screen.query_one("#elsewhere-where", Input).value = str(tmp_path / "kept")
        await pilot.press("enter")
        await until(pilot, lambda: not app.is_running)
    assert load_game(tmp_path / "kept" / "table.toml").ending == "defeat"


async def test_opening_another_game_first_keeps_the_one_being_played(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    save_game(crossroads().state, "other", saves)
    app = game(blocked(tmp_path), crossroads())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        play = app.play_screen()
        app.launch.saves = saves
        app.resume(load_game("other", saves), "other")
        await shown(pilot, SaveFailedScreen)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))
        assert app.play_screen() is play  # still the game being played


async def test_a_new_game_offers_a_fresh_name_and_refuses_one_in_use(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    save_game(crossroads().state, "crossroads", saves)
    earlier = (saves / "crossroads.toml").read_bytes()
    app = game(saves)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        name = app.screen.query_one("#ng-save", Input)
        assert name.value == "crossroads-2"
        name.value = "crossroads"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert "a save named crossroads exists: load it to continue" in text(app, "#ng-error")
        name.value = "../x"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "bad save name" in text(app, "#ng-error")
        name.value = ""  # blank: a fresh name of its own
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))
        assert app.play_screen().save_as == "crossroads-2"  # type: ignore[union-attr]
        await say(pilot, "Mira: I look around")
    assert (saves / "crossroads.toml").read_bytes() == earlier
    assert load_game("crossroads-2", saves).turn == 1


async def test_a_damaged_save_under_the_new_games_name_is_set_aside(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    damaged = b"schema_version = 1\n[[["
    (saves / "friday.toml").write_bytes(damaged)
    app = game(saves)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        app.screen.query_one("#ng-save", Input).value = "friday"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))
        aside = [p for p in saves.iterdir() if ".damaged-" in p.name]
        assert len(aside) == 1 and aside[0].read_bytes() == damaged
        assert f"It is kept as {aside[0].name}" in notes(app)
    assert load_game("friday", saves).turn == 0


async def test_a_game_loaded_from_a_backup_leaves_the_damaged_save_whole(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    session = crossroads()
    save_game(session.state, "mine", saves)
    session.state.flags["lantern_lit"] = True  # an identical save would not rotate
    save_game(session.state, "mine", saves)  # mine.toml.1 is a good backup
    damaged = b"schema_version = 1\n[[["
    (saves / "mine.toml").write_bytes(damaged)
    app = game(saves)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("b")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))
        for line in (
            "Mira: I look around",
            "Thorin: I stoke the fire",
            "Aria: I read",
            "Mira: I wait",
        ):
            await say(pilot, line)
    # four turns later the damaged save is as it was, and the game went on under a new name
    assert (saves / "mine.toml").read_bytes() == damaged
    assert load_game("mine-restored", saves).turn == 4

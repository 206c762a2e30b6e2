"""Every screen at 80×24 and at 120×36: it opens, and nothing on it runs past the right
edge of the terminal (a clipped word is a word a player cannot read)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Footer

from app.dm.config import DMConfig
from app.session.setup import session_for
from app.tui import make_app
from app.tui.driving import settle, until
from app.tui.screens.creation import CreationScreen
from app.tui.screens.info import HelpScreen
from app.tui.screens.journal import JournalScreen
from app.tui.screens.load import LoadScreen
from app.tui.screens.modals import PromptInspector
from app.tui.screens.newgame import NewGameScreen
from app.tui.screens.settings import SettingsScreen
from app.tui.screens.sheet import SheetScreen
from app.tui.screens.story import StoryScreen
from app.tui.screens.title import TitleScreen
from app.tui.screens.turnlog import TurnLogScreen
from app.tui.showcase import in_the_cellar

SIZES = [(80, 24), (120, 36)]


def overflow(screen: Screen[object], width: int) -> list[str]:
    """The widgets shown past the right edge. The footer's key hints are left out: they
    scroll sideways by design, and help (F1) and the palette list every key."""
    return [
        f"{w!r} ends at column {w.region.right}"
        for w in screen.query("*")
        if w.display
        and w.region.width
        and w.region.right > width
        and not any(isinstance(a, Footer) for a in w.ancestors)
    ]


async def opened(pilot: Pilot[None], key: str, kind: type[Screen[object]], width: int) -> None:
    await pilot.press(key)
    await until(pilot, lambda: isinstance(pilot.app.screen, kind))
    await pilot.pause()
    assert overflow(pilot.app.screen, width) == []
    await pilot.press("escape")
    await until(pilot, lambda: not isinstance(pilot.app.screen, kind))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_title_and_its_screens_fit(tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(saves=tmp_path / "saves", characters=tmp_path / "chars", still=True,
                   dm=DMConfig())  # fmt: skip
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        assert overflow(app.screen, size[0]) == []
        for key, kind in (("n", NewGameScreen), ("l", LoadScreen), ("s", SettingsScreen),
                          ("f1", HelpScreen), ("r", CreationScreen)):  # fmt: skip
            await opened(pilot, key, kind, size[0])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_game_and_its_screens_fit(tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(saves=tmp_path / "saves", session=session_for(in_the_cellar()),
                   save_as=None, still=True, dm=DMConfig())  # fmt: skip
    async with app.run_test(size=size) as pilot:
        await settle(pilot, react=False)
        assert overflow(app.screen, size[0]) == []
        for key, kind in (("f4", SheetScreen), ("f5", JournalScreen), ("f6", StoryScreen),
                          ("f3", TurnLogScreen), ("f2", PromptInspector)):  # fmt: skip
            await opened(pilot, key, kind, size[0])


async def test_the_list_of_saves_survives_a_terminal_squeezed_to_nothing(tmp_path: Path) -> None:
    from app.saves import save_game

    saves = tmp_path / "saves"
    save_game(in_the_cellar(), "cellar", saves)
    app = make_app(saves=saves, characters=tmp_path / "chars", still=True, dm=DMConfig())
    async with app.run_test(size=(120, 36)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LoadScreen))
        for size in ((30, 4), (10, 3), (1, 1), (120, 36)):  # (a list cut to width 0 crashed)
            await pilot.resize_terminal(*size)
            await pilot.pause()
        assert isinstance(app.screen, LoadScreen)


async def test_a_palette_closed_twice_closes_only_itself(tmp_path: Path) -> None:
    from app.tui.screens.play import PlayScreen

    app = make_app(saves=tmp_path / "saves", session=session_for(in_the_cellar()),
                   save_as=None, still=True, dm=DMConfig())  # fmt: skip
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, react=False)
        await pilot.press("ctrl+p")
        await until(pilot, lambda: app.screen.id == "--command-palette")
        palette = app.screen
        palette.dismiss()
        await pilot.pause()
        palette.dismiss()  # a second Enter reaching it once it has gone: no other screen goes
        await pilot.pause()
        assert isinstance(app.screen, PlayScreen)


async def test_a_character_is_made_and_the_palette_paged_in_a_tiny_terminal(
    tmp_path: Path,
) -> None:
    """A list squeezed to no width (character creation at 50 columns) and a palette paged in
    a terminal five rows high both crashed the game."""
    from app.tui.screens.creation import CreationScreen

    app = make_app(saves=tmp_path / "saves", characters=tmp_path / "chars", still=True,
                   dm=DMConfig())  # fmt: skip
    async with app.run_test(size=(50, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, CreationScreen))
        for key in ("B", "o", "b", "enter"):
            await pilot.press(key)
        await pilot.pause()
        await pilot.resize_terminal(30, 24)
        await pilot.pause()
        assert isinstance(app.screen, CreationScreen)
    app = make_app(saves=tmp_path / "saves", characters=tmp_path / "chars", still=True,
                   dm=DMConfig())  # fmt: skip
    async with app.run_test(size=(80, 5)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.press("ctrl+p")
        await until(pilot, lambda: app.screen.id == "--command-palette")
        await pilot.press("pageup", "pagedown")
        await pilot.pause()
        assert app.screen.id == "--command-palette"

"""The title screen is drawn before the game is loaded; what it needs from the saves (the
newest one to continue, the temp files of a game killed mid-save cleared away) comes in
the background right after, and the rest of the game loads behind it."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from app.saves import save_game
from app.tui import make_app, warmup
from app.tui.driving import until
from app.tui.screens.title import TitleScreen
from app.tui.showcase import crossroads
from tests.app.test_save_files import dead_pid


async def test_the_title_finds_the_newest_save_and_clears_orphans(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    save_game(crossroads().state, "friday", saves)
    orphan = saves / f".friday.toml.{dead_pid()}.tmp"
    orphan.write_text("half a save")
    app = make_app(saves=saves, still=True)
    async with app.run_test(size=(80, 24)) as pilot:
        title = app.screen
        assert isinstance(title, TitleScreen)
        await until(pilot, lambda: title.looked)
        assert title.latest == "friday" and not orphan.exists()
        # naming the save does not claim it: another window may still go on with it
        assert not (saves / ".friday.toml.lock").exists()
        menu = title.query_one("#title-menu")
        option = menu.get_option("continue")  # type: ignore[attr-defined]
        assert "Continue  (friday)" in str(option.prompt) and not option.disabled
        await pilot.press("c")  # the game loaded behind the title: Continue resumes it
        await pilot.pause()
        assert app.play_screen() is not None
        assert (saves / ".friday.toml.lock").exists()  # playing it does


async def test_with_no_saves_continue_says_so(tmp_path: Path) -> None:
    app = make_app(saves=tmp_path / "saves", still=True)
    async with app.run_test(size=(80, 24)) as pilot:
        title = app.screen
        assert isinstance(title, TitleScreen)
        await until(pilot, lambda: title.looked)
        option = title.query_one("#title-menu").get_option("continue")  # type: ignore[attr-defined]
        assert "no saves yet" in str(option.prompt) and option.disabled


WARMING = """
import asyncio, json, sys
from pathlib import Path
from app.tui import make_app, warmup

async def main():
    app = make_app(saves=Path(sys.argv[1]), still=True)
    async with app.run_test(size=(80, 24)) as pilot:
        drawn = sorted(sys.modules)  # the title is up
        while not app.screen.looked:
            await pilot.pause(0.01)
        warmup.ready()
        print(json.dumps([drawn, sorted(sys.modules)]))

asyncio.run(main())
"""


def test_the_game_loads_behind_the_drawn_title(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-c", WARMING, str(tmp_path / "saves")],
        capture_output=True, text=True, check=True, timeout=120,
    ).stdout  # fmt: skip
    drawn, later = json.loads(out.splitlines()[-1])
    assert "app.tui.screens.play" not in drawn and "app.session.session" not in drawn
    assert set(warmup.MODULES) <= set(later)


async def test_quitting_at_once_leaves_cleanly(tmp_path: Path) -> None:
    app = make_app(saves=tmp_path / "saves", still=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")  # before the saves have been looked at
        await pilot.pause()
    assert app.return_code == 0 and app.farewell == ""


async def test_the_title_says_when_the_game_has_loaded_behind_it(tmp_path: Path) -> None:
    loaded: list[str] = []
    app = make_app(saves=tmp_path / "saves", still=True, loaded=lambda: loaded.append("now"))
    async with app.run_test(size=(80, 24)) as pilot:
        title = app.screen
        assert isinstance(title, TitleScreen)
        await until(pilot, lambda: title.looked)
        warmup.ready()
        assert loaded == ["now"]


def test_the_warm_up_says_it_is_done_even_when_it_failed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(threading, "excepthook", lambda args: None)  # the failure's report

    def broken() -> None:
        raise OSError("the saves folder went away")

    done: list[str] = []
    warmup.start(broken, lambda: done.append("done")).join(timeout=60)
    assert done == ["done"]


def test_the_game_waits_for_the_loading_before_it_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    # the process must never end under an import running in another thread; the loading
    # stops before its next module, so quitting at once waits for one import, not all
    gate = threading.Event()
    imported: list[str] = []
    monkeypatch.setattr(warmup.importlib, "import_module", imported.append)
    thread = warmup.start(lambda: gate.wait(timeout=30))
    assert thread.is_alive()
    threading.Timer(0.05, gate.set).start()
    warmup.finish()
    assert not thread.is_alive() and imported == []
    warmup.start().join(timeout=30)  # a later loading is not stopped
    assert imported == list(warmup.MODULES)

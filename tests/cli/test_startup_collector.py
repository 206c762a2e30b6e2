"""``dungeon play`` starts without Python's garbage collector and collects again once the
game has loaded: behind the title screen in the full screen, before the first line in the
line game. No other command touches it."""

from __future__ import annotations

import gc
import importlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from app.cli import startup

entry = importlib.import_module("app.cli.main")  # the module (``app.cli.main`` is also a function)


@pytest.fixture(autouse=True)
def collector() -> Iterator[None]:
    """Whatever a test does, the collector runs afterwards, with nothing left frozen."""
    yield
    startup.resume()
    gc.enable()
    gc.unfreeze()


def test_a_pause_ends_in_a_freeze() -> None:
    startup.pause()
    assert not gc.isenabled()
    startup.resume()
    assert gc.isenabled() and gc.get_freeze_count() > 1000  # start-up's objects
    gc.unfreeze()
    startup.resume()  # once only
    assert gc.get_freeze_count() == 0


def test_collection_turned_off_by_someone_else_stays_off() -> None:
    gc.disable()
    startup.pause()
    startup.resume()
    assert not gc.isenabled() and gc.get_freeze_count() == 0


def test_only_dungeon_play_starts_without_collecting(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []
    monkeypatch.setattr(entry, "for_args", lambda args: lambda: seen.append(gc.isenabled()))
    for argv in (["dungeon"], ["dungeon", "play", "--ui", "tui"], ["dungeon", "roll", "d20"]):
        monkeypatch.setattr(entry.sys, "argv", argv)
        entry.main()
        assert gc.isenabled()  # whatever the command did, it collects once it is done
    assert seen == [False, False, True]


def test_the_line_game_collects_before_its_first_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from app.console.game import ConsoleGame

    seen: list[bool] = []

    async def run(self: ConsoleGame) -> None:
        seen.append(gc.isenabled())

    monkeypatch.setattr(ConsoleGame, "run", run)
    startup.pause()
    args = ["play", "--seed", "1", "--saves-dir", str(tmp_path)]
    CliRunner().invoke(entry.app, args, input="/quit\n")
    assert seen == [True]

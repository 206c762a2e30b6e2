"""A terminal closed under the game (its window killed) leaves no one to play: the game
quits rather than run on unseen; while the terminal is there, it plays on."""

from __future__ import annotations

from pathlib import Path

import pytest

import app.tui.app as tui_app
from app.tui import make_app


async def test_the_game_quits_when_its_terminal_is_gone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(saves=tmp_path / "saves", still=True)
    async with app.run_test(size=(120, 36)) as pilot:
        monkeypatch.setattr(tui_app, "_terminal_fd", lambda: 1)
        monkeypatch.setattr(tui_app.os, "get_terminal_size", lambda fd: (120, 36))
        app._terminal_check()
        await pilot.pause()
        assert app.is_running  # a terminal there: nothing happens
        monkeypatch.setattr(tui_app, "_terminal_fd", lambda: None)
        app._terminal_check()
        await pilot.pause()
    assert app.return_code == 0  # it quit, as on ctrl+q

"""A terminal closed under the game (its window killed) leaves no one to play: the game
quits rather than run on unseen; while the terminal is there, it plays on. Asked to stop
(SIGTERM), it leaves as on ctrl+q, giving the terminal back."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.tui import make_app, terminal


async def test_the_game_quits_when_its_terminal_is_gone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(saves=tmp_path / "saves", still=True)
    async with app.run_test(size=(120, 36)) as pilot:
        monkeypatch.setattr(terminal, "terminal_fd", lambda: 1)
        monkeypatch.setattr(terminal.os, "get_terminal_size", lambda fd: (120, 36))
        app._terminal_check()
        await pilot.pause()
        assert app.is_running  # a terminal there: nothing happens
        monkeypatch.setattr(terminal, "terminal_fd", lambda: None)
        app._terminal_check()
        await pilot.pause()
    assert app.return_code == 0  # it quit, as on ctrl+q


async def test_sigterm_leaves_the_game_as_ctrl_q_does(tmp_path: Path) -> None:
    import asyncio
    import os
    import signal

    from app.session.setup import start_session
    from tests.app.saved_games import crossroads

    told: list[str] = []
    undo = terminal.on_terminate(lambda: told.append("asked to stop"))
    try:
        assert signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL  # (else: no kill)
        os.kill(os.getpid(), signal.SIGTERM)
        for _ in range(50):
            if told:
                break
            await asyncio.sleep(0.02)
    finally:
        undo()
    assert told == ["asked to stop"]
    app = make_app(saves=tmp_path / "saves", session=start_session(crossroads(), 1), still=True)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        app._terminated()
        await pilot.pause()
    assert app.return_code == 0 and "dungeon play" in app.farewell

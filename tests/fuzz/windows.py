"""A game window in a process of its own, for fuzzing two games on one save.

:func:`window` runs in a child process (forked by ``multiprocessing``'s fork server, which
loads the game once) and plays the saves of one folder as the test tells it over a pipe:
``open NAME`` (as ``--load NAME`` does: the save is claimed), ``turn LINE`` (played and
saved), ``close`` (saved and let go, as ``/quit`` does) and ``die LINE STEP`` (the line is
played and the process kills itself with SIGKILL at that step of saving, or just after).
The test process itself plays through the same :class:`Window`.
"""

from __future__ import annotations

import asyncio
import io
import os
import signal
import traceback
from multiprocessing.connection import Connection
from pathlib import Path

from rich.console import Console

from app.console.game import ConsoleGame
from app.saves import SaveError, disk, resume_named
from app.session.setup import resume_session


def _no_line(prompt: str) -> str:
    raise EOFError


def actions(game: ConsoleGame) -> list[str]:
    """Every action of the game's story, in order."""
    return [a for record in game.session.state.history for a in record.actions]


class Window:
    """One window's game (none until a save is opened)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.game: ConsoleGame | None = None

    def open(self, name: str) -> list[str]:
        """Resume ``name`` as ``--load`` does (``SaveError`` when it cannot be)."""
        picked = resume_named(name, self.folder)
        session = resume_session(picked.state, None, save=picked.path)
        out = Console(file=io.StringIO(), width=100)
        self.game = ConsoleGame(session, out, _no_line, save_as=name, saves=self.folder,
                                loaded_from=picked.path, interactive=False)  # fmt: skip
        return actions(self.game)

    def turn(self, line: str) -> tuple[list[str], str]:
        """Play ``line``; the story after it and why it is not saved (empty: saved)."""
        assert self.game is not None
        asyncio.run(self.game.handle(line))
        return actions(self.game), self.game.unsaved

    def close(self) -> None:
        """Leave the game as ``/quit`` does: saved, and the save let go of."""
        assert self.game is not None
        try:
            asyncio.run(self.game.keep_before_leaving())
        finally:
            self.game.keeper.close()
            self.game = None


def _die_at(step: int) -> disk.FaultHook:
    seen = [0]

    def hook(kind: str, path: Path, data: bytes) -> None:
        seen[0] += 1
        if seen[0] == step:
            os.kill(os.getpid(), signal.SIGKILL)

    return hook


def window(conn: Connection, folder: str) -> None:
    """The child process: answer each request with ``("ok", …)``, ``("refused", message)``
    or ``("traceback", text)``."""
    here = Window(Path(folder))
    while True:
        try:
            op, *args = conn.recv()
        except EOFError:
            return
        try:
            if op == "open":
                conn.send(("ok", here.open(args[0])))
            elif op == "turn":
                conn.send(("ok", *here.turn(args[0])))
            elif op == "close":
                here.close()
                conn.send(("ok",))
            elif op == "die":
                disk.set_fault_hook(_die_at(args[1]))
                here.turn(args[0])
                os.kill(os.getpid(), signal.SIGKILL)
        except SaveError as error:
            conn.send(("refused", str(error)))
        except Exception:
            conn.send(("traceback", traceback.format_exc()))

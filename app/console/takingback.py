"""``/undo``, ``/redo`` and ``/rewind [N]`` at the console.

In a game of several players the table is told who asked, and every other player at the
table is asked by name in turn (``Ben, do you agree? [y/N]``); anything but yes (or the
end of input) declines, and the table is told who did. Once done, the console prints what
was taken back and the game's status, and saves the game as it now is (not as a new
turn's checkpoint), so quitting now resumes it there.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Protocol

from rich.console import Console

from app.display.screentext import plain
from app.display.tablelog import TableLog
from app.session import takingback
from app.session.rewinding import Rewound
from app.session.session import GameSession


class ConsoleGame(Protocol):
    """What taking a turn back needs of the line game (:class:`app.console.game.ConsoleGame`):
    its session, where it prints and reads, its table log, its status and its save."""

    session: GameSession
    console: Console
    table_log: TableLog

    @property
    def read(self) -> Callable[[str], str]:
        """Reads a line the player types, after a prompt."""

    def status_lines(self) -> list[str]: ...

    async def autosave(self, checkpoint: bool | None = None) -> bool: ...


YES = frozenset({"y", "yes"})


async def agreed(game: ConsoleGame, name: str) -> bool:
    """Ask one player; anything but yes is no."""
    game.console.print(plain(f"{name}, do you agree? [y/N]", style="bold yellow"))
    try:
        answer = await asyncio.to_thread(game.read, "> ")
    except (EOFError, KeyboardInterrupt):
        return False
    return answer.strip().lower() in YES


async def take_back(game: ConsoleGame, word: str, rest: str) -> None:
    """Check the request, ask the others at the table, do it, and show the game now."""
    session = game.session
    req = takingback.request(session, word, rest)
    if isinstance(req, Rewound):
        game.console.print(plain(req.text, style="yellow"))
        return
    asking = takingback.asker(session)
    names = takingback.confirmers(session, asking)
    if names:
        game.console.print(plain(takingback.wish(session, asking, req), style="bold yellow"))
    for name in names:
        if not await agreed(game, name):
            game.console.print(plain(takingback.declined([name], req), style="yellow"))
            return
    # The game as it stands is kept as its turn's checkpoint first (a /roll, a player
    # stepped away since the turn): a /redo brings it back as it was left.
    await game.autosave()
    done = takingback.carry_out(session, req)
    if not done.ok:
        game.console.print(plain(done.text, style="yellow"))
        return
    game.table_log = TableLog(session.state)
    game.console.print(plain(done.text, style="bold"))
    for line in game.status_lines():
        game.console.print(plain(line))
    await game.autosave(checkpoint=False)

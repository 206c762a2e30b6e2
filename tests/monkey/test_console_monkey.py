"""The monkey test, console side: thousands of random lines through the console game —
solo and hotseat, at the inn and in the cellar fight — with no crash, and a game that is
never stuck after any line."""

from __future__ import annotations

import asyncio
import io
import os
from collections.abc import Callable
from pathlib import Path

from rich.console import Console

from app.console.game import ConsoleGame
from app.session.session import GameSession
from tests.monkey.checks import CRASH_SIGNS, stuck, tables
from tests.monkey.lines import monkey_lines

LINES = int(os.environ.get("DUNGEON_MONKEY_LINES", "1200"))
"""Lines through the console in the default run (1,200 keep the suite fast; set the
variable to 10000 for the long run)."""


def feeder(session: GameSession, lines: list[str], problems: list[str]) -> Callable[[str], str]:
    """The console's reader: checks the game before handing over each next line."""
    feed = iter(enumerate(lines))
    last = ""

    def read(prompt: str) -> str:
        nonlocal last
        why = stuck(session)
        if why:
            problems.append(f"after {last!r}: {why}")
        if "Nobody can act" in prompt:
            problems.append(f"after {last!r}: the prompt says {prompt!r}")
        try:
            _, last = next(feed)
        except StopIteration:
            raise EOFError from None
        return last

    return read


def test_random_lines_by_the_thousand_never_crash_or_lock_the_console_game(tmp_path: Path) -> None:
    games = tables(seed=5)
    share = LINES // len(games)
    lines = monkey_lines(5, share * len(games), leave_out=("/quit", "/exit", "/q"))
    problems: list[str] = []
    turns = 0
    endings = 0
    fights = 0
    for n, (name, session) in enumerate(games):
        out = io.StringIO()
        chunk = lines[n * share : (n + 1) * share]
        game = ConsoleGame(
            session,
            Console(file=out, width=120, force_terminal=True),  # a real terminal's output
            feeder(session, chunk, problems),
            save_as="monkey" if n == 0 else None,  # one game autosaves: saves cost fsyncs
            saves=tmp_path,
            interactive=False,
        )
        asyncio.run(game.run())
        text = out.getvalue()
        for sign in CRASH_SIGNS:
            if sign in text:
                at = text.index(sign)
                problems.append(f"{name}: {text[max(0, at - 300) : at + 300]!r}")
        for escape in ("\x1b]0;pwned", "\x1b[2J", "\x07", "\x1b[?1049h"):
            if escape in text:
                problems.append(f"{name}: {escape!r} was echoed to the terminal")
        turns += session.state.turn
        endings += bool(session.state.ending)
        fights += bool(session.state.encounter or session.state.defeated)
    assert problems == [], "\n".join(problems[:20])
    assert turns > LINES // 10, f"only {turns} turns were played: the story did not move"
    assert fights >= 2
    print(f"console monkey: {len(lines)} lines, {turns} turns, {endings} endings")

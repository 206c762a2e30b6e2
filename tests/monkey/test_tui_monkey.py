"""The monkey test, full-screen side: random lines typed and pasted into the play screen's
input — solo and hotseat, at the inn and in the cellar fight — with no crash, the DM never
left running, and never "Nobody can act right now"."""

from __future__ import annotations

import os
import random
import string
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from app.session.session import GameSession
from app.tui import make_app
from app.tui.app import DungeonApp
from app.tui.driving import play_screen, until
from app.tui.screens.leaving import EndingScreen
from app.tui.screens.modals import HandoffScreen, _Guarded
from app.tui.screens.play import PlayScreen
from app.tui.screens.reaction_dialog import ReactionScreen
from tests.monkey.checks import CRASH_SIGNS, stuck, tables
from tests.monkey.lines import monkey_lines

LINES = int(os.environ.get("DUNGEON_MONKEY_TUI_LINES", "24"))
"""Lines through the full screen in the default run. Each costs a DM turn and repaints,
so the default run keeps the suite fast; set the variable to 2000 for the long run."""

KEYS = ["ctrl+t", "ctrl+t", "ctrl+n", "ctrl+r", "ctrl+l", "f2", "pageup", "pagedown", "f4", "f5"]
"""Keys pressed between lines: ending the turn anywhere, switching the actor, retrying,
the log, the prompt inspector, scrolling, the character sheets and the journal."""

TYPEABLE = set(string.ascii_letters + string.digits + " :.,?!'")


async def back_to_play(pilot: Pilot[None], rng: random.Random) -> None:
    """Answer whatever the line opened: a reaction (yes or no), a hand-off, the ending
    (stay), help or the prompt inspector (close) — until the play screen is on top again
    and the DM is done."""
    app = pilot.app
    assert isinstance(app, DungeonApp)
    screen = play_screen(app)
    for _ in range(200):
        await until(pilot, lambda: not screen.thinking or not isinstance(app.screen, PlayScreen))
        top = app.screen
        if isinstance(top, PlayScreen) and not screen.thinking:
            return
        if isinstance(top, (ReactionScreen, HandoffScreen, EndingScreen)):
            await until(pilot, top.settled)
        if isinstance(top, ReactionScreen):
            await pilot.press(rng.choice("yn"), "enter")
        elif isinstance(top, HandoffScreen):
            await pilot.press("enter")
        elif not isinstance(top, PlayScreen):
            await pilot.press("escape")
        await pilot.pause()
    raise AssertionError(f"the game never came back to the table ({app.screen})")


async def play_lines(
    name: str, session: GameSession, lines: list[str], saves: Path, rng: random.Random
) -> list[str]:
    problems: list[str] = []
    app = make_app(saves=saves, session=session, save_as=name.replace(" ", "-")[:20], still=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await back_to_play(pilot, rng)
        screen = play_screen(app)
        entry = screen.query_one("#command", Input)
        for line in lines:
            said = repr(line[:80])
            if rng.random() < 0.2:
                key = rng.choice(KEYS)
                await pilot.press(key)
                await back_to_play(pilot, rng)
                said = f"{key}, then {said}"
            entry.value = ""
            if len(line) < 30 and set(line) <= TYPEABLE and rng.random() < 0.3:
                await pilot.press(*line)  # typed key by key
            else:
                entry.value = line  # pasted
            await pilot.press("enter")
            await back_to_play(pilot, rng)
            why = stuck(session)
            if why:
                problems.append(f"{name}, after {said}: {why}")
            if entry.placeholder == "Nobody can act right now":
                problems.append(f"{name}, after {said}: nobody can act")
            if not app.is_running or app._exception is not None:
                problems.append(f"{name}, after {said}: the app stopped ({app._exception})")
                break
            if problems:
                break
        notes = [n.message for n in app._notifications]
        problems += [f"{name}: {n}" for n in notes if any(s in n for s in CRASH_SIGNS)]
    return problems


async def test_random_lines_never_crash_or_lock_the_full_screen_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Dialogs ignore keys for a moment so a typing player cannot answer them by accident;
    # the monkey answers them on purpose, so it need not wait.
    monkeypatch.setattr(_Guarded, "GUARD_SECONDS", 0.0)
    games = [tables(seed=9)[n] for n in (1, 2)]  # solo in the rat fight, hotseat at the inn
    share = max(1, LINES // len(games))
    lines = monkey_lines(9, share * len(games), leave_out=("/quit", "/exit", "/q", "/load"))
    rng = random.Random(9)
    problems: list[str] = []
    turns = 0
    for n, (name, session) in enumerate(games):
        problems += await play_lines(
            name, session, lines[n * share : (n + 1) * share], tmp_path, rng
        )
        turns += session.state.turn
    assert problems == [], "\n".join(problems[:20])
    assert turns > len(lines) // 10, f"only {turns} turns were played: the story did not move"

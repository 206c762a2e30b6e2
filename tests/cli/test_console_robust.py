"""The console game holds up: over-long and poisoned lines, hotseat defaults and joins,
reactions decided for a piped game, an unwritable saves folder, the end of the story, and
a bug in a command — each gets a clear line and the game goes on."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from app.cli.main import app
from app.console.game import ConsoleGame
from app.session import storyview
from app.session.session import GameSession
from app.tui.showcase import TRIO, crossroads, rat_fight


def reader(lines: list[str]) -> Callable[[str], str]:
    feed = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return read


def run_game(
    session: GameSession,
    lines: list[str],
    *,
    saves: Path,
    interactive: bool = False,
    width: int = 200,
) -> tuple[ConsoleGame, str]:
    """A console game saving as ``game`` in ``saves``, fed ``lines``: the game and all it
    printed."""
    out = io.StringIO()
    game = ConsoleGame(
        session,
        Console(file=out, width=width, force_terminal=False),
        reader(lines),
        save_as="game",
        saves=saves,
        interactive=interactive,
    )
    asyncio.run(game.run())
    return game, out.getvalue()


def play(session: GameSession, lines: list[str], *, saves: Path, interactive: bool = False) -> str:
    return run_game(session, lines, saves=saves, interactive=interactive)[1]


def test_an_over_long_line_is_refused_with_the_limit_and_play_goes_on(tmp_path: Path) -> None:
    lines = "Mira: " + "a" * 5000 + "\nMira: I look around\n/quit\n"
    result = CliRunner().invoke(
        app, ["play", "--seed", "2", "--saves-dir", str(tmp_path)], input=lines
    )
    out = " ".join(result.stdout.split())
    assert result.exit_code == 0, out
    assert "That line is 5,006 characters; the limit is 2,000." in out
    assert "Nothing was sent." in out
    assert "(5,006 characters)" in out  # the echo is cut short, not 5,000 characters long
    assert "Turn 1" not in out and "Traceback" not in out
    assert (tmp_path / "crossroads.toml").exists()  # a new game saves under its campaign


def test_escape_sequences_are_never_echoed(tmp_path: Path) -> None:
    lines = (
        "/join \x1b]0;pwned\x07Cy\x1b[2J aria\nMira: I look \x1b[31maround\x07\n/status\n/quit\n"
    )
    result = CliRunner().invoke(
        app,
        ["play", "--seed", "2", "--saves-dir", str(tmp_path), "--player", "Ana=mira",
         "--player", "Ben=thorin,aria"],
        input=lines,
    )  # fmt: skip
    assert result.exit_code == 0
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout
    assert "pwned" not in result.stdout
    assert "Cy joins and now plays Aria (was Ben's)." in result.stdout


def test_a_bare_line_acts_for_the_character_of_the_player_whose_turn_it_is(
    tmp_path: Path,
) -> None:
    session = crossroads(3, {"Ana": ["mira"], "Ben": ["thorin"]})
    out = play(session, ["Mira: I look around", "I stoke the fire", "/story"], saves=tmp_path)
    assert "Thorin: I stoke the fire" in out
    assert "Mira: I stoke the fire" not in out


def test_thorin_is_bens_says_whose_turn_it_is(tmp_path: Path) -> None:
    session = crossroads(3, {"Ana": ["mira"], "Ben": ["thorin", "aria"]})
    out = play(session, ["Thorin: I stoke the fire"], saves=tmp_path)
    assert "Thorin is Ben's — it is your turn, Ana" in out


def test_a_piped_game_reports_the_reaction_the_engine_takes(tmp_path: Path) -> None:
    session = rat_fight(TRIO)
    out = play(session, ["/status"], saves=tmp_path)
    assert "Cy (Aria): " in out and "Shield" in out
    assert "— yes (decided for you: it helps)" in out


def test_an_unwritable_saves_folder_is_reported_and_quitting_asks(tmp_path: Path) -> None:
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("")
    saves = blocked / "saves"  # cannot be created: its parent is a file
    elsewhere = tmp_path / "elsewhere"
    lines = ["/quit", "back", "/status", "/quit", str(elsewhere)]
    out = play(crossroads(3), lines, saves=saves, interactive=True)
    assert out.count("--saves-dir to pick a folder") == 1  # said once, at the start
    assert out.count("The game is not saved.") == 2  # at each /quit
    assert out.count("Your move") == 1  # "back": /status ran between the two /quit
    assert f"Saved the game to {elsewhere / 'game.toml'}." in out
    assert (elsewhere / "game.toml").exists() and "errno" not in out.lower()


def test_after_the_end_the_console_says_so_and_offers_the_story(tmp_path: Path) -> None:
    session = crossroads(3)
    session.state.ending = "defeat"
    out = play(session, ["Mira: I get up", "/story"], saves=tmp_path)
    assert out.count("The end — Defeat. The story is over.") == 2
    assert "/story reviews it, /status shows the party, /undo takes the last turn back, " in out
    assert "Nothing has happened yet." in out


def test_a_bug_in_a_command_is_reported_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(session: GameSession, rest: str = "") -> str:
        raise ZeroDivisionError("oops")

    monkeypatch.setattr(storyview, "story_text", broken)
    out = play(crossroads(3), ["/story", "/status"], saves=tmp_path)
    assert "Something went wrong (ZeroDivisionError: oops); the game goes on." in out
    assert "Your move" in out

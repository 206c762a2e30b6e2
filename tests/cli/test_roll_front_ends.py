"""Every front end that rolls takes the formulas that used to crash it — a chain of 500
operators, nesting past the limit, control characters, undecodable bytes, foreign digits —
and answers with the roll or a clear error, then keeps going: ``dungeon roll`` (and
``--stats``), the ``dungeon dice`` tray, and ``/roll`` in the console game."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from app.cli.main import app
from app.console.game import ConsoleGame
from app.console.tray import DiceTray
from app.tui.showcase import crossroads

LONG_SUM = "+".join(["1"] * 499)
HOSTILE = [
    LONG_SUM,
    "+".join(["1d20"] * 199),
    "(" * 60 + "1" + ")" * 60,
    "-" * 80 + "1",
    "1d20 \x1b[2Jgone",
    "1d20 \udcff",
    "１d２０",
    "1d20\x00",
    "1d1e1",
    "1d6/0",
    "1d6 [fire",
    "[bold]x[/bold]",
]

runner = CliRunner()


def no_traceback(result: object) -> str:
    exception = getattr(result, "exception", None)
    assert exception is None or isinstance(exception, SystemExit), exception
    output = getattr(result, "stdout", "") + getattr(result, "stderr", "")
    assert "Traceback" not in output
    return output


@pytest.mark.parametrize("formula", HOSTILE, ids=range(len(HOSTILE)))
def test_dungeon_roll_answers_or_refuses(formula: str) -> None:
    result = runner.invoke(app, ["roll", "--seed", "3", "--", formula])
    output = no_traceback(result)
    assert result.exit_code in (0, 2)
    if result.exit_code:
        assert "error:" in result.stderr and "\x1b[2J" not in output
    stats = runner.invoke(app, ["roll", "--stats", "--dc", "10", "--", formula])
    no_traceback(stats)
    assert stats.exit_code == result.exit_code or "division" in formula


def test_the_long_sum_rolls_with_its_odds() -> None:
    result = runner.invoke(app, ["roll", LONG_SUM, "--seed", "1"])
    assert result.exit_code == 0 and result.stdout.rstrip().endswith("= 499")
    stats = runner.invoke(app, ["roll", LONG_SUM, "--stats", "--dc", "500"])
    assert stats.exit_code == 0 and "499" in stats.stdout and "0.00%" in stats.stdout
    assert max(len(line) for line in stats.stdout.splitlines()) <= 80  # the title is cut


def test_the_tray_answers_every_line_and_keeps_rolling() -> None:
    tray = DiceTray(5, styled=False)
    for formula in HOSTILE:
        for line in (formula, f"stats {formula}", f"adv {formula}", f"{formula} vs 10"):
            shown = tray.handle(line)
            assert shown is not None and shown
    assert tray.handle("2d6") is not None and tray.history[-1].startswith("2d6 (")
    piped = "\n".join([*HOSTILE, "4d6kh3", "quit"]) + "\n"
    result = runner.invoke(
        app, ["dice", "--seed", "2"], input=piped.encode("utf-8", "surrogateescape")
    )
    output = no_traceback(result)
    assert result.exit_code == 0 and "4d6kh3 (" in output and "Farewell" in output


def test_slash_roll_in_the_console_game_reports_and_the_game_goes_on(tmp_path: Path) -> None:
    session = crossroads()
    out = io.StringIO()
    lines = iter([*(f"/roll {f}" for f in HOSTILE), "/roll 2d6", "/quit"])

    def read(prompt: str) -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    game = ConsoleGame(
        session,
        Console(file=out, width=200, force_terminal=False),
        read,
        save_as="fuzz",
        saves=tmp_path,
    )
    asyncio.run(game.run())
    text = out.getvalue()
    assert "Traceback" not in text and "\x1b[2J" not in text
    # (the console takes control characters out of every line before it reaches a command)
    assert "2d6 (" in text and "nested too deeply" in text and "not a digit" in text
    assert (tmp_path / "fuzz.toml").exists()  # the game ended by /quit, saved
    rolled = [c.text for c in session.state.changes if c.kind == "roll"]
    assert any("= 499" in text for text in rolled) and any("2d6" in text for text in rolled)


def test_a_formula_starting_with_a_minus_goes_after_the_double_dash() -> None:
    refused = runner.invoke(app, ["roll", "-1d4+2"])
    assert refused.exit_code == 2 and "No such option" in refused.stderr
    assert "dungeon roll -- -1d4+2" in runner.invoke(app, ["roll", "--help"]).stdout
    result = runner.invoke(app, ["roll", "--seed", "1", "--", "-1d4+2"])
    assert result.exit_code == 0 and result.stdout.startswith("-1d4 (")


def test_estimated_odds_never_pass_the_totals_they_saw_off_as_the_bounds() -> None:
    estimated = CliRunner().invoke(app, ["roll", "1000d6", "--stats"])
    assert estimated.exit_code == 0 and "estimated from" in estimated.stdout
    assert "lowest rolled" in estimated.stdout and "minimum" not in estimated.stdout
    exact = CliRunner().invoke(app, ["roll", "3d6", "--stats"])
    assert "minimum" in exact.stdout and "3" in exact.stdout and "lowest" not in exact.stdout

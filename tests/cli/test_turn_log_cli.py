"""``dungeon saves show NAME --turns``: the turn log of a saved hotseat game, in words —
and a console game's ``/turns``, ``/away`` and ``/back`` as a table plays them."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from app.cli.main import app

SEATS = ["--player", "Ana=mira", "--player", "Ben=thorin", "--player", "Cy=aria"]


def play(tmp_path: Path, lines: str) -> str:
    args = ["play", "--ui", "console", "--seed", "3", "--saves-dir", str(tmp_path), *SEATS]
    result = CliRunner().invoke(app, args, input=lines)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.output


def test_saves_show_turns_prints_the_log_in_words(tmp_path: Path) -> None:
    play(tmp_path, "Mira: I look around\n/away Cy\n/pass\n/quit\n")
    plain = CliRunner().invoke(app, ["saves", "show", "crossroads", "--saves-dir", str(tmp_path)])
    assert plain.exit_code == 0 and "what happened" not in plain.output  # only on request
    shown = CliRunner().invoke(
        app, ["saves", "show", "crossroads", "--saves-dir", str(tmp_path), "--turns"]
    )
    assert shown.exit_code == 0, shown.output
    rows = [line.split() for line in shown.output.splitlines()]
    heading = next(i for i, r in enumerate(rows) if r[:2] == ["turn", "at"])
    log = [(r[0], r[2], " ".join(r[3:-2]), r[-1]) for r in rows[heading + 1 :] if r]
    assert log == [
        ("0", "Ana", "acted", "Ben"),
        ("0", "Cy", "stepped away", "Ben"),
        ("0", "Ben", "passed", "—"),
        ("1", "Ana", "new round", "Ana"),
    ]


def test_saves_show_turns_of_an_unknown_save_is_a_clear_error(tmp_path: Path) -> None:
    shown = CliRunner().invoke(
        app, ["saves", "show", "nothing", "--saves-dir", str(tmp_path), "--turns"]
    )
    assert shown.exit_code != 0 and "Traceback" not in shown.output


def test_the_console_table_steps_away_comes_back_and_reads_the_log(tmp_path: Path) -> None:
    out = play(
        tmp_path,
        "/away Zed\n/away\n/status\n/back\nBen: I follow\n/turns\n/quit\n",
    )
    assert "no player called 'Zed' — the players: Ana, Ben, Cy" in out
    assert "Ana steps away — their turns are skipped until /back Ana." in out
    assert "Waiting for Ben   Ana away · Ben ▶ · Cy …" in out  # /status: everyone's state
    assert "Ana is back at the table." in out
    assert "stepped away" in out and "came back" in out  # /turns

"""The console's ``/sheet [NAME]`` and ``/journal``: the same facts as the full-screen
game, as text; an unknown name is a clear answer, never a traceback; a mistyped command is
told the one it most likely meant."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from app.cli.main import app


def play(tmp_path: Path, lines: str, *extra: str) -> str:
    args = ["play", "--ui", "console", "--seed", "3", "--saves-dir", str(tmp_path), *extra]
    result = CliRunner().invoke(app, args, input=lines)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.output


def test_sheet_prints_the_character_named_or_the_one_played_last(tmp_path: Path) -> None:
    out = play(tmp_path, "/sheet tho\nAria: I look around\n/sheet\n/sheet Zed\n/help\n/quit\n")
    thorin = out.index("Thorin — level 3 Dwarf Fighter")
    assert "Second Wind" in out[thorin:] and "Athletics" in out[thorin:]
    aria = out.index("Aria — level 3 Elf Wizard")  # /sheet alone: the one who acted last
    assert aria > thorin and "Level 1 slots" in out[aria:]
    assert "Nobody in the party is called 'Zed'. The party: Mira, Thorin, Aria." in out
    assert "/sheet [NAME]" in out and "/journal" in out  # in the help


def test_journal_lists_goals_gear_facts_people_and_places(tmp_path: Path) -> None:
    out = play(tmp_path, "Mira: examine the trapdoor\n/journal\n/quit\n")
    journal = out[out.index("Journal — The Cellar Under the Crossroads") :]
    assert "missing potboy" in journal
    assert "Mira: Leather, Shortsword" in journal
    assert "• Something has been clawing at the trapdoor from underneath." in journal
    assert "Berta (friendly) — met at The Crossroads Inn" in journal
    assert "Tam" not in journal.split("Places visited:")[0].split("People met:")[1]


def test_help_answers_to_h_and_a_question_mark_as_the_guide_says(tmp_path: Path) -> None:
    out = play(tmp_path, "/h\n/?\n/quit\n")
    assert out.count("/sheet [NAME]") == 2 and "Unknown command" not in out


def test_a_mistyped_command_is_told_the_one_meant_and_retry_says_when_nothing_waits(
    tmp_path: Path,
) -> None:
    out = play(tmp_path, "/hlep\n/leveup\n/xyzzy\n/retry\n/quit\n")
    assert "Unknown command /hlep. Did you mean /help?" in out
    assert "Unknown command /leveup. Did you mean /levelup?" in out
    assert "Unknown command /xyzzy. Type /help." in out
    assert "There is no turn waiting to run." in out


def test_console_on_its_own_opens_the_line_game(tmp_path: Path) -> None:
    args = ["play", "--console", "--seed", "3", "--saves-dir", str(tmp_path)]
    result = CliRunner().invoke(app, args, input="/quit\n")
    assert result.exit_code == 0, result.output
    assert "Type /help for commands." in result.output and "--continue" not in result.output

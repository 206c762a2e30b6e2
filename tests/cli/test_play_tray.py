"""The dice tray behind ``dungeon play``: the object, and the command end to end."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from app.cli.main import app
from app.console.tray import DiceTray


def shown(tray: DiceTray, line: str) -> str:
    out = tray.handle(line)
    assert out is not None
    console = Console(width=100, record=True, file=io.StringIO(), color_system=None)
    for renderable in out:
        console.print(renderable)
    return console.export_text()


def test_rolls_are_seeded_and_logged() -> None:
    a, b = DiceTray(7, styled=False), DiceTray(7, styled=False)
    assert shown(a, "4d6kh3") == shown(b, "4d6kh3")
    assert shown(a, "1d20+4 vs 12") == shown(b, "1d20+4 vs 12")
    assert len(a.history) == 2 and "vs DC 12" in a.history[1]
    assert "1." in shown(a, "history")


def test_advantage_and_dc() -> None:
    tray = DiceTray(1, styled=False)
    text = shown(tray, "adv 1d20+2 vs 10")
    assert text.startswith("2d20kh1 (") and "vs DC 10:" in text
    assert shown(tray, "dis 1d20").startswith("2d20kl1 (")


def test_stats_and_lookups() -> None:
    tray = DiceTray(1)
    assert "25/108" in shown(tray, "stats 4d6kh3 vs 15")
    goblin = shown(tray, "monster goblin")
    assert "Goblin" in goblin and "AC 15" in goblin and "Scimitar" in goblin
    assert "8d6 fire" in shown(tray, "spell Fireball")
    assert "1d8 slashing" in shown(tray, "weapon long sword")
    assert "AC 18" in shown(tray, "armor plate")
    assert "Prone" in shown(tray, "condition prone")
    assert "Troll (CR 5)" in shown(tray, "monsters")


def test_bad_input_gets_a_clear_message() -> None:
    tray = DiceTray(1)
    assert "did you mean goblin" in shown(tray, "monster goblim")
    assert "Unknown command 'bogus'" in shown(tray, "bogus")
    assert "^" in shown(tray, "1d20+")
    assert "whole number" in shown(tray, "1d20 vs hard")
    assert "no condition" in shown(tray, "condition sleepy")
    assert "Which monster" in shown(tray, "monster")
    assert "seed needs" in shown(tray, "seed x")
    assert tray.history == []


def test_seed_restarts_the_dice_and_quit_ends() -> None:
    tray = DiceTray(1, styled=False)
    first = shown(tray, "3d6")
    shown(tray, "seed 1")
    assert shown(tray, "3d6") == first
    assert tray.handle("quit") is None
    assert "dice formula" in shown(tray, "help")


def test_dice_command_reads_lines_until_quit() -> None:
    result = CliRunner().invoke(app, ["dice", "--seed", "5"], input="1d20+1\nspell shield\nquit\n")
    assert result.exit_code == 0
    assert "dice tray" in result.stdout
    assert "> 1d20+1" in result.stdout and "1d20 (" in result.stdout
    assert "Shield" in result.stdout and "Farewell" in result.stdout


def test_dice_and_play_survive_end_of_input() -> None:
    result = CliRunner().invoke(app, ["dice", "--seed", "5"], input="2d6\n")
    assert result.exit_code == 0 and "Farewell" in result.stdout
    result = CliRunner().invoke(app, ["play", "--seed", "5"], input="Mira: look around\n")
    assert result.exit_code == 0 and "Farewell" in result.stdout


def test_module_entry_point_runs_the_same_program() -> None:
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-m", "app", "roll", "1d20+5", "--seed", "9"],
        capture_output=True, text=True, cwd=root, check=True,
    ).stdout  # fmt: skip
    expected = CliRunner().invoke(app, ["roll", "1d20+5", "--seed", "9"]).stdout
    assert out == expected

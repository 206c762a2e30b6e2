"""``dungeon simulate`` reports the built-in Defeat ending, and a DM reply that breaks a
parser is an error in the transcript, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from app.cli.main import app


def run(tmp_path: Path, replies: str, script: str) -> tuple[int, str]:
    dm = tmp_path / "dm.toml"
    dm.write_text(replies, encoding="utf-8")
    lines = tmp_path / "s.txt"
    lines.write_text(script, encoding="utf-8")
    result = CliRunner().invoke(
        app, ["simulate", "crossroads", "--script", str(lines), "--brain", "scripted",
              "--brain-file", str(dm), "--until-end"],
    )  # fmt: skip
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.stdout


def test_a_fallen_party_is_reported_as_the_defeat_ending(tmp_path: Path) -> None:
    calls = "".join(
        f'[[reply.tool_calls]]\nname = "damage"\narguments = {{ target_id = "{cid}", '
        f'amount = "60", damage_type = "fire", reason = "the inn burns" }}\n'
        for cid in ("mira", "thorin", "aria")
    )
    replies = f'[[reply]]\ntext = ""\n{calls}[[reply]]\ntext = "Smoke fills the room."\n'
    code, out = run(tmp_path, replies, "Mira: I knock over the lamp\n")
    assert code == 0, out
    assert "ending: Defeat" in out


def test_a_thousand_open_brackets_are_an_error_not_a_crash(tmp_path: Path) -> None:
    arguments = json.dumps("[" * 1000)
    replies = (
        f'[[reply]]\ntext = ""\n[[reply.tool_calls]]\nname = "roll_dice"\n'
        f"arguments = {arguments}\n"
        '[[reply]]\ntext = "The dice roll away."\n'
    )
    code, out = run(tmp_path, replies, "Mira: I roll the dice\n")
    assert code == 1  # no ending reached (and maybe a failed turn), said with an exit code
    assert "Traceback" not in out
    assert "== summary ==" in out

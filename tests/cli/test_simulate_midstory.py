"""``dungeon simulate --scene ID --flag KEY=VALUE`` starts a script mid-story, as ``dungeon
tool`` does: the flags are set, the party walks in, the triggers run, then the script."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from app.cli.main import app


def simulate(tmp_path: Path, script: str, *options: str) -> tuple[int, str, str]:
    lines = tmp_path / "s.txt"
    lines.write_text(script, encoding="utf-8")
    result = CliRunner().invoke(app, ["simulate", "drowned_bell", "--script", str(lines), *options])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.stdout, result.stderr


def test_a_script_starts_in_the_scene_with_the_flags_given(tmp_path: Path) -> None:
    script = "expect scene lighthouse\nexpect flag lamp_lit\nIone: look at the lamp\n"
    code, out, _ = simulate(tmp_path, script, "--scene", "lighthouse", "--flag", "lamp_lit=true")
    assert code == 0, out
    assert out.startswith("set-up: [flag] lamp_lit = True\nset-up: [scene]")
    assert "✓ expect scene lighthouse" in out and "beam sweeps the sandbar" in out


def test_a_misspelt_scene_or_a_bad_flag_is_bad_input(tmp_path: Path) -> None:
    code, _, err = simulate(tmp_path, "Ione: look\n", "--scene", "lighthuse")
    assert code == 2 and "did you mean 'lighthouse'?" in err
    code, _, err = simulate(tmp_path, "Ione: look\n", "--flag", "lamp_lit")
    assert code == 2 and "write KEY=VALUE" in err

"""``dungeon roll`` through Typer's CliRunner."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from app.cli.main import app

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_roll_prints_the_breakdown() -> None:
    code, out, _ = run("roll", "4d6kh3", "--seed", "1")
    assert code == 0
    assert re.fullmatch(r"4d6kh3 \((~~\d~~|\d)(, (~~\d~~|\d)){3}\) = \d+\n", out)
    assert out.count("~~") == 2


def test_same_seed_same_output() -> None:
    assert run("roll", "8d6+1d20", "--seed", "42") == run("roll", "8d6+1d20", "--seed", "42")


def test_no_seed_prints_the_seed_used_so_the_roll_can_be_replayed() -> None:
    code, out, _ = run("roll", "1d20+3")
    assert code == 0
    seed = re.search(r"seed (\d+)", out)
    assert seed is not None
    replay = run("roll", "1d20+3", "--seed", seed.group(1))[1]
    assert out.splitlines()[0] == replay.splitlines()[0]


def test_stats_for_4d6kh3() -> None:
    code, out, _ = run("roll", "4d6kh3", "--stats", "--dc", "15")
    assert code == 0
    assert re.search(r"minimum\s+3", out)
    assert re.search(r"maximum\s+18", out)
    assert re.search(r"mean\s+12\.245", out)
    assert "23.15% (25/108)" in out


def test_stats_with_advantage() -> None:
    code, out, _ = run("roll", "1d20+5", "--stats", "--adv", "--dc", "15")
    assert code == 0
    assert "79.75% (319/400)" in out


def test_dc_verdict_and_advantage() -> None:
    code, out, _ = run("roll", "1d20+5", "--seed", "3", "--adv", "--dc", "15")
    assert code == 0
    assert out.startswith("2d20kh1 (")
    assert "vs DC 15: " in out


def test_times() -> None:
    code, out, _ = run("roll", "1d6", "--seed", "3", "-n", "3")
    assert code == 0 and len(out.splitlines()) == 3


def test_bad_formula_shows_a_caret_and_exits_2() -> None:
    code, out, err = run("roll", "2d6kh", "--seed", "1")
    assert code == 2
    assert out == ""
    assert "2d6kh\n     ^" in err
    assert "error: expected a number for keep" in err


def test_bad_formula_with_stats_exits_2() -> None:
    code, _, err = run("roll", "1d0", "--stats")
    assert code == 2 and "at least one side" in err


def test_adv_and_dis_together_is_an_error() -> None:
    code, _, err = run("roll", "1d20", "--adv", "--dis")
    assert code == 2 and "not both" in err


def test_advantage_without_a_d20_is_an_error() -> None:
    code, _, err = run("roll", "2d6", "--adv", "--seed", "1")
    assert code == 2 and "needs a single d20" in err


def test_credits_carry_the_srd_attribution() -> None:
    code, out, _ = run("credits")
    assert code == 0
    assert "System Reference Document 5.1" in " ".join(out.split())
    assert "Creative Commons Attribution 4.0" in " ".join(out.split())


def test_version() -> None:
    code, out, _ = run("--version")
    assert code == 0 and out.startswith("dungeon-terminal ")

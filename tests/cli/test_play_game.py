"""``dungeon play`` with an AI DM: the console game over a real local OpenAI-style server,
and the DM settings from flags, environment and config file."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from app.cli.main import app
from app.dm.config import ConfigError, load_dm_config
from tests.app.fake_openai import FakeOpenAI, Reply, Status

LOCK = json.dumps({"character_id": "mira", "skill": "sleight_of_hand", "dc": 13, "reason": "lock"})


def test_play_with_a_dm_runs_turns_and_commands() -> None:
    script = [
        Reply(text="Mira crouches by the trapdoor.", tool_calls=[("request_ability_check", LOCK)]),
        Reply(text="The lock gives with a soft click."),
    ]
    lines = "Mira: I pick the lock on the trapdoor\n/status\n/prompt\n/roll 2d6\n/quit\n"
    with FakeOpenAI(script) as server:
        result = CliRunner().invoke(
            app,
            ["play", "--seed", "4", "--base-url", server.base_url, "--model", "fake"],
            input=lines,
        )
    out = result.stdout
    assert result.exit_code == 0, out
    assert "The Crossroads Inn" in out and "Rain drums on the shutters" in out
    assert "Mira crouches by the trapdoor." in out and "soft click" in out
    # the check stood for the authored lock: the engine ran that challenge
    assert "Mira · pick the trapdoor padlock" in out and "1d20 (" in out and "vs DC 13" in out
    # seed 4: the pick slips, and the engine rolls the needle the author chained to it
    assert "Mira · dodge the poison needle" in out
    assert re.search(r"Mira: \d+/21 HP", out)  # /status
    assert "── system ──" in out and "never invent a roll" in out.lower()  # /prompt
    assert "2d6 (" in out  # /roll
    assert server.requests[0]["model"] == "fake"


def _after_a_failed_turn(lines: str) -> tuple[str, int]:
    """The console's output for these lines typed after "Thorin: I stoke the fire" failed
    (the DM down for three tries, then back), and how many requests the DM was sent."""
    down = Status(500, "down", {"retry-after-ms": "5"})
    script = [down, down, down, Reply(text="Back again: the fire roars.")]
    with FakeOpenAI(script) as server:
        result = CliRunner().invoke(
            app,
            ["play", "--seed", "1", "--base-url", server.base_url],
            input=f"Thorin: I stoke the fire\n{lines}",
        )
        asked = len(server.requests)
    assert result.exit_code == 0, result.stdout
    return result.stdout, asked


def test_play_reports_a_dm_failure_and_retries() -> None:
    out, _ = _after_a_failed_turn("/retry\n/quit\n")
    assert "HTTP 500" in out and "/retry" in out
    assert "the fire roars" in out


def test_a_command_after_a_failed_turn_does_not_call_the_dm_again() -> None:
    """Only /retry (or a new line) runs a failed turn again: /status and /roll while the
    DM is down answer at once, without a request each (and a wait of up to a minute)."""
    out, asked = _after_a_failed_turn("/status\n/roll 1d4\n/retry\n/quit\n")
    assert asked == 4  # the failed turn's three tries, then the one /retry
    assert out.index("1d4 (") < out.index("the fire roars")  # told after the /retry


def test_play_without_a_dm_uses_the_offline_referee() -> None:
    lines = "Mira: look around\nMira: ask Berta about the reward\n/roll 1d20\n/quit\n"
    result = CliRunner().invoke(app, ["play", "--seed", "1"], input=lines)
    out = result.stdout
    assert result.exit_code == 0, out
    assert "DM: the offline referee" in out
    assert "The Cellar Under the Crossroads" in out and "talk to Berta" in out
    assert "Twenty gold and free board" in out and "1d20 (" in out


def test_settings_flags_over_environment_over_file(tmp_path: Path) -> None:
    file = tmp_path / "config.toml"
    file.write_text('[dm]\nmodel = "from-file"\nbase_url = "http://file/v1"\ntimeout = 12\n')
    env = {"DUNGEON_DM_MODEL": "from-env"}
    config = load_dm_config(env=env, path=file)
    assert (config.model, config.base_url, config.timeout) == ("from-env", "http://file/v1", 12)
    assert load_dm_config(model="from-flag", env=env, path=file).model == "from-flag"
    keyed = load_dm_config(env={"OPENAI_API_KEY": "sk-secret"}, path=tmp_path / "none.toml")
    assert (
        keyed.configured and "sk-secret" not in repr(keyed) and "sk-secret" not in keyed.describe()
    )
    assert not load_dm_config(env={}, path=tmp_path / "none.toml").configured


def test_broken_config_file_is_a_clear_error(tmp_path: Path) -> None:
    file = tmp_path / "config.toml"
    file.write_text("[dm\nmodel = ")
    with pytest.raises(ConfigError, match=str(file)):
        load_dm_config(env={}, path=file)
    file.write_text("[dm]\ntimeout = -3\n")
    with pytest.raises(ConfigError, match="timeout"):
        load_dm_config(env={}, path=file)


def test_dice_command_opens_the_tray() -> None:
    result = CliRunner().invoke(app, ["dice", "--seed", "2"], input="4d6kh3\nquit\n")
    assert result.exit_code == 0 and "4d6kh3 (" in result.stdout


def test_balance_reports_odds_and_is_seeded() -> None:
    runner = CliRunner()
    args = [
        "balance",
        "crossroads",
        "--encounter",
        "grubnak_band",
        "--fights",
        "300",
        "--seed",
        "2",
    ]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.stdout
    assert "Mira, Thorin, Aria vs Grubnak, 2 Goblins: 300 fights, seed 2" in first.stdout
    assert "party wins:" in first.stdout and first.stdout == runner.invoke(app, args).stdout
    lone = runner.invoke(app, ["balance", "crossroads", "--monster", "owlbear", "--party", "mira"])
    assert "party wins: 0.0%" in lone.stdout  # a lone rogue does not beat an owlbear
    bad = runner.invoke(app, ["balance", "crossroads", "--monster", "dragon"])
    assert bad.exit_code == 2 and "bad --monster" in bad.stderr
    none = runner.invoke(app, ["balance", "crossroads"])
    assert none.exit_code == 2 and "--encounter" in none.stderr


def test_hotseat_seats_pass_and_timer_flags(tmp_path: Path) -> None:
    lines = "Ana: look around\n/pass\n/quit\n"
    result = CliRunner().invoke(
        app,
        [
            "play",
            "--seed",
            "2",
            "--saves-dir",
            str(tmp_path),
            "--player",
            "Ana=mira",
            "--player",
            "Ben=thorin,aria",
            "--timer",
            "120",
        ],
        input=lines,
    )
    assert result.exit_code == 0, result.stdout
    out = " ".join(result.stdout.split())  # the console wraps long lines
    assert "Ben passes" in out and "You could look at the trapdoor" in out
    bad = CliRunner().invoke(app, ["play", "--player", "Ana=gandalf"])
    assert bad.exit_code == 2 and "bad --player" in bad.stderr


def test_status_says_who_is_dead(tmp_path: Path) -> None:
    """``/status`` once showed a dead character as merely prone: the life state is said."""
    from app.saves import load_game, save_game
    from rules.damage import LifeState

    made = CliRunner().invoke(
        app, ["play", "--ui", "console", "--seed", "3", "--saves-dir", str(tmp_path),
              "--save-as", "fallen"], input="/quit\n",
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    state = load_game("fallen", tmp_path)
    aria = state.party["aria"]
    aria.vitals = aria.vitals.model_copy(update={"hp": 0, "state": LifeState.DEAD})
    save_game(state, "fallen", tmp_path)
    shown = CliRunner().invoke(
        app, ["play", "--ui", "console", "--saves-dir", str(tmp_path), "--load", "fallen"],
        input="/status\n/quit\n",
    )  # fmt: skip
    assert shown.exit_code == 0, shown.output
    assert re.search(r"Aria: 0/17 HP, AC 12 \(dead", shown.output), shown.output

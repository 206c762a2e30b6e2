"""``dungeon play`` with prices and alerts on the command line: ``/usage`` in the console,
the alert line, and a cost alert without prices refused before the game starts."""

from __future__ import annotations

from typer.testing import CliRunner

from app.cli.main import app
from tests.app.fake_openai import FakeOpenAI, Reply


def test_console_usage_and_a_token_alert() -> None:
    script = [Reply(text="The fire roars.", prompt_tokens=900, completion_tokens=100)]
    options = ["--price-input", "1", "--price-output", "4", "--alert-tokens", "500"]
    with FakeOpenAI(script) as server:
        result = CliRunner().invoke(
            app,
            ["play", "--seed", "1", "--base-url", server.base_url, *options],
            input="Thorin: I stoke the fire\n/usage\n/quit\n",
        )
    out = result.stdout
    assert result.exit_code == 0, out
    assert out.count("⚠ Token alert: the DM averages 1,000 tokens a turn, past your alert") == 1
    assert "Last turn: 1,000 tokens (900 prompt + 100 completion, 1 call)" in out
    assert "Average: 1,000 tokens a turn (over 1 turn)" in out
    assert "Estimated cost: $0.0013 (at $1.00 in, $4.00 out per million tokens)" in out


def test_console_usage_with_the_offline_referee() -> None:
    result = CliRunner().invoke(app, ["play", "--seed", "1"], input="/usage\n/quit\n")
    assert result.exit_code == 0, result.stdout
    assert "The offline referee runs on this machine and spends no tokens." in result.stdout


def test_a_cost_alert_without_prices_is_refused() -> None:
    result = CliRunner().invoke(app, ["play", "--seed", "1", "--alert-cost", "2"], input="")
    assert result.exit_code == 2
    assert "option --alert-cost: alert_cost: a cost alert needs the prices" in " ".join(
        result.stderr.split()
    )

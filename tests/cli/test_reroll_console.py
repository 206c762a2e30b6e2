"""``/reroll`` at the console: the offline referee's other words, and a model asked again over
a real local OpenAI-style server (no tools offered, the turn's results in the request)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from app.cli.main import app
from tests.app.fake_openai import FakeOpenAI, Reply, Status

LOCK = json.dumps({"character_id": "mira", "skill": "sleight_of_hand", "dc": 13, "reason": "lock"})


def test_the_referee_retells_the_last_turn_again_and_again() -> None:
    lines = "/reroll\nMira: look around\n/reroll\n/reroll\n/story\n/quit\n"
    result = CliRunner().invoke(app, ["play", "--seed", "1"], input=lines)
    out = result.stdout
    assert result.exit_code == 0, out
    assert "There is no turn to tell again yet" in out
    assert "Telling turn 1 again" in out
    assert "Turn 1 retold (once)" in out and "Turn 1 retold (twice)" in out
    story = out[out.rindex("Turn 1\n") :]
    assert "Ways on:" not in story  # the story holds the newest telling
    assert "The Inn Cellar" in story and "Turn 1 retold" not in story


def test_a_model_is_asked_again_without_tools() -> None:
    script = [
        Reply(text="Mira crouches by the trapdoor.", tool_calls=[("request_ability_check", LOCK)]),
        Reply(text="The lock gives with a soft click."),
        Reply(text="Steel whispers in the keyhole; the lock yields.", tool_calls=[("roll", "{}")]),
        Status(400, "bad request"),
    ]
    lines = "Mira: I pick the lock on the trapdoor\n/reroll\n/reroll\n/story\n/quit\n"
    with FakeOpenAI(script) as server:
        result = CliRunner().invoke(
            app,
            ["play", "--seed", "4", "--base-url", server.base_url, "--model", "fake"],
            input=lines,
        )
        requests = list(server.requests)
        refused = list(server.rejections)
    out = result.stdout
    assert result.exit_code == 0, out
    assert refused == []
    assert "the lock yields" in out and "Turn 1 retold (once)" in out
    assert "keeps the telling it had" in out  # the second asking failed
    assert "the lock yields" in out[out.rindex("Turn 1\n") :]
    asked = requests[2]
    assert "tools" not in asked  # no tools offered, not even an empty list
    last = asked["messages"][-1]["content"]
    assert "Tell the outcome of this turn again" in last
    assert "request_ability_check" in last and "it returned:" in last and "DC" in last.upper()
    assert "The lock gives with a soft click." in last

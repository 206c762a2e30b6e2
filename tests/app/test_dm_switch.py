"""``/dm``: switching the DM inside a running game — to the offline referee when the AI DM
fails, the failed turn kept and played by the referee, and back to the AI DM."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from app.cli.main import app as cli
from app.dm.config import DMConfig
from app.dm.openai_brain import OpenAIBrain
from app.referee.referee import OfflineReferee
from app.session import commands, dmswitch
from app.session.dmnames import dm_label
from app.session.setup import start_session
from app.world.actions import PlayerAction
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from tests.app.fake_openai import FakeOpenAI, Reply, Status


def endpoint(server: FakeOpenAI) -> DMConfig:
    return DMConfig(model="fake-model", base_url=server.base_url, max_retries=0)


async def test_the_ai_failing_says_dm_offline_and_the_referee_plays_the_turn() -> None:
    with FakeOpenAI([Status(400, "bad request")]) as server:
        ai = OpenAIBrain(endpoint(server))
        session = start_session(load_campaign(CAMPAIGNS_DIR / "crossroads"), 3, ai)
        session.dm_endpoint = ai.config
        session.submit(PlayerAction(character_id="mira", text="I look around"))
        failed = [e async for e in session.run_until_players()]
    assert failed[-1].type == "error"
    assert "still queued" in failed[-1].message and "/dm offline" in failed[-1].message
    which = dmswitch.dm_command(session, "")
    assert which.ok and "The DM is the AI DM (fake-model at http://127.0.0.1" in which.text
    assert "/dm offline" in which.text
    switched = dmswitch.dm_command(session, "offline")
    assert switched.ok and switched.text.startswith("The offline referee takes over as DM.")
    assert "takes the turn waiting" in switched.text
    assert (
        isinstance(session.brain, OfflineReferee) and dm_label(session.brain) == "offline referee"
    )
    played = [e async for e in session.run_until_players()]  # the turn is not lost
    assert played[-1].type == "turn_end" and not session.pending
    assert session.state.history[-1].actions == ["Mira: I look around"]
    assert not dmswitch.dm_command(session, "offline").ok  # already
    which = dmswitch.dm_command(session, "")
    assert "The DM is the offline referee. /dm ai hands the game to the AI DM" in which.text
    back = dmswitch.dm_command(session, "ai")
    assert back.ok and session.brain is ai and not session.briefed  # briefed afresh


def test_switching_to_an_ai_that_is_not_set_up_says_how() -> None:
    session = start_session(load_campaign(CAMPAIGNS_DIR / "crossroads"), 3)  # the offline referee
    refused = dmswitch.dm_command(session, "ai")
    assert not refused.ok and "no AI DM is set up" in refused.text and "Settings" in refused.text
    assert isinstance(session.brain, OfflineReferee)
    assert "DUNGEON_DM_BASE_URL" in dmswitch.dm_command(session, "").text
    odd = dmswitch.dm_command(session, "gpt")
    assert not odd.ok and "/dm offline or /dm ai" in odd.text
    # settings that name an endpoint now: /dm ai takes it
    session.dm_endpoint = DMConfig(model="llama3.1", base_url="http://localhost:11434/v1")
    assert dmswitch.dm_command(session, "ai").ok and isinstance(session.brain, OpenAIBrain)
    assert dm_label(session.brain) == "llama3.1 at http://localhost:11434/v1"


def test_the_console_game_switches_and_keeps_the_turn(tmp_path: Path) -> None:
    script = [Status(400, "bad request"), Reply(text="never asked")]
    with FakeOpenAI(script) as server:
        lines = "Mira: I look around\n/dm offline\n/dm\n/quit\n"
        result = CliRunner().invoke(
            cli,
            ["play", "--seed", "2", "--saves-dir", str(tmp_path), "--base-url", server.base_url,
             "--model", "fake-model"],
            input=lines,
        )  # fmt: skip
        asked = len(server.requests)
    out = " ".join(result.stdout.split())
    assert result.exit_code == 0, out
    assert "/dm offline lets the offline referee play on" in out
    assert "The offline referee takes over as DM. It takes the turn waiting to be played." in out
    played = out.split("It takes the turn waiting to be played.", 1)[1]
    assert "Berta" in played.split("The DM is the offline referee")[0]  # played, as promised
    assert "The DM is the offline referee. /dm ai hands the game to the AI DM (fake-model" in out
    assert asked == 1  # the turn went to the referee, not back to the failing server
    assert "/dm [offline|ai]" in commands.help_text()

"""A scripted AI DM over real HTTP refines a provisional judgment the next turn: its
refinement contradicts what the keywords heard, so the score change is reversed and the
trigger that fired on it is marked revised."""

from __future__ import annotations

import json

from pydantic import SecretStr

from app.dm.config import DMConfig
from app.dm.openai_brain import OpenAIBrain
from app.session.session import GameSession
from app.session.setup import start_session
from app.world.actions import PlayerAction
from app.world.scores import score
from tests.app.event_world import quiet
from tests.app.fake_openai import FakeOpenAI, Reply
from tests.app.saved_games import crossroads


def session_for(server: FakeOpenAI) -> GameSession:
    config = DMConfig(
        model="fake-model", base_url=server.base_url, api_key=SecretStr("k"),
        timeout=5, max_retries=1,
    )  # fmt: skip
    return start_session(quiet(crossroads().model_copy(deep=True)), 3, OpenAIBrain(config))


async def _turn(session: GameSession, text: str) -> list[object]:
    session.submit(PlayerAction(character_id="mira", text=text))
    return [e async for e in session.run_until_players()]


async def test_a_refinement_next_turn_contradicts_the_provisional_judgment() -> None:
    refine = json.dumps({"refines": "j1", "confidence": 0.2, "character_id": "mira",
                         "description": "a sneer: she does not mean it"})  # fmt: skip
    script = [
        Reply(text="Berta wipes her eyes. 'Bless you.'"),
        Reply(tool_calls=[("record_judgment", refine)]),
        Reply(text="Berta's smile fades as she hears the sneer in it."),
    ]
    with FakeOpenAI(script) as server:
        session = session_for(server)
        state = session.state
        await _turn(session, "I promise we'll bring Tam back.")
        [judgment] = state.truth.judgments
        assert judgment.status == "provisional" and score(state, "trust.berta") == 1
        judgment.fired.append("berta_hopes")  # the trigger engine notes what it fired on it
        assert "record_judgment" in {t["function"]["name"] for t in server.requests[0]["tools"]}
        events = await _turn(session, "Now, about that reward.")
    assert judgment.status == "contradicted" and judgment.source == "dm"
    assert score(state, "trust.berta") == 0 and score(state, "trust.berta.mira") == 0
    assert state.truth.revised == ["berta_hopes"]
    result = json.loads(server.requests[2]["messages"][-1]["content"])
    assert result["status"] == "contradicted" and result["changes"] == ["Berta: trust 1 -> 0"]
    shown = [e for e in events if getattr(e, "kind", None) == "judgment"]
    assert shown and "differently" in shown[0].description  # type: ignore[attr-defined]

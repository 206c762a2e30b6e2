"""The DM's tokens per turn and per game, the ``/usage`` report and the cost alerts — and,
through the real OpenAI client and a local server, a trigger's change reaching the next
call's context while the usage adds up."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import SecretStr, ValidationError

from app.dm.config import DMConfig
from app.dm.costs import Budget
from app.dm.openai_brain import OpenAIBrain
from app.referee.referee import OfflineReferee
from app.saves import load_save, save_game
from app.session.session import GameSession
from app.session.setup import start_session
from app.session.spending import new_alerts, usage_lines
from app.world.actions import PlayerAction
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.newgame import new_game
from app.world.sandbox import sandbox_state
from app.world.usage import Usage
from tests.app.conftest import make_session, narration, turn
from tests.app.fake_openai import FakeOpenAI, Reply

MOVE = json.dumps({"scene_id": "old_road", "reason": "the players go out"})


async def test_a_triggers_change_reaches_the_dm_before_it_narrates_and_usage_adds_up() -> None:
    script = [
        Reply(tool_calls=[("move_scene", MOVE)], prompt_tokens=900, completion_tokens=30),
        Reply(text="Mud and rain.", prompt_tokens=950, completion_tokens=40),
        Reply(text="The tracks lead back.", prompt_tokens=1000, completion_tokens=50),
    ]
    campaign = load_campaign(CAMPAIGNS_DIR / "crossroads")
    with FakeOpenAI(script) as server:
        config = DMConfig(model="fake-model", base_url=server.base_url, api_key=SecretStr("k"),
                          timeout=5, max_retries=0)  # fmt: skip
        session = GameSession(new_game(campaign, seed=3), OpenAIBrain(config))
        session.submit(PlayerAction(character_id="mira", text="I step outside"))
        first = [e async for e in session.process()]
        session.submit(PlayerAction(character_id="mira", text="I study the tracks"))
        second = [e async for e in session.process()]
    assert first[-1].type == "turn_end" and second[-1].type == "turn_end"
    # The trigger fired on the DM's move: it read it with the move's result, before narrating.
    result = json.loads(server.requests[1]["messages"][-1]["content"])
    assert any("road_hint" in line for line in result["world"])
    assert "road_hint" not in server.requests[2]["messages"][-1]["content"]  # not told twice
    state = session.state
    assert state.history[0].usage == Usage(prompt_tokens=1850, completion_tokens=70, calls=2)
    assert state.history[1].usage == Usage(prompt_tokens=1000, completion_tokens=50, calls=1)
    assert state.usage == Usage(prompt_tokens=2850, completion_tokens=120, calls=3)
    assert state.usage_turns == 2
    assert second[-1].usage.prompt_tokens == 1000


async def test_usage_survives_a_save_and_counts_on_across_sittings(tmp_path: Path) -> None:
    session = make_session([{"text": "One."}, {"text": "Two."}])
    await turn(session, ("mira", "I wait"))
    session.state.usage_alerts = ["tokens"]
    session.state.record("hp", "Thorin drinks", who="thorin", before="20/28", after="27/28")
    path = save_game(session.state, "spent", tmp_path)
    loaded = load_save(path).state
    assert loaded.changes == session.state.changes  # the untold change, details and all
    assert loaded.usage == session.state.usage and loaded.usage.tokens > 0
    assert loaded.usage_turns == 1 and loaded.usage_alerts == ["tokens"]
    assert loaded.history[-1].usage == session.state.history[-1].usage
    later = GameSession(loaded, session.brain)  # a new sitting
    later.submit(PlayerAction(character_id="mira", text="I wait more"))
    [e async for e in later.process()]
    assert later.state.usage_turns == 2
    assert later.state.usage.calls == 2


def test_an_alert_shows_once_per_crossing() -> None:
    state = sandbox_state()
    budget = Budget(price_input=1.0, price_output=4.0, alert_cost=0.01, alert_tokens=2000)
    state.usage, state.usage_turns = Usage(prompt_tokens=3000, completion_tokens=100), 2
    assert new_alerts(state, budget) == []  # $0.0034 spent, 1,550 a turn: below both
    state.usage, state.usage_turns = Usage(prompt_tokens=9000, completion_tokens=500), 6
    (cost,) = new_alerts(state, budget)  # $0.011, 1,583 a turn
    assert cost.startswith("Cost alert: this game's DM has cost about $0.0110, past your alert")
    assert new_alerts(state, budget) == []  # still past it: not again
    state.usage_turns = 4  # 2,375 a turn
    (tokens,) = new_alerts(state, budget)
    assert tokens.startswith("Token alert: the DM averages 2,375 tokens a turn")
    assert state.usage_alerts == ["cost", "tokens"]
    state.usage_turns = 10  # back below: the next crossing is told again
    assert new_alerts(state, budget) == [] and state.usage_alerts == ["cost"]
    state.usage_turns = 4
    assert [a[:11] for a in new_alerts(state, budget)] == ["Token alert"]


def test_alerts_are_off_by_default_and_a_cost_alert_needs_prices() -> None:
    state = sandbox_state()
    state.usage, state.usage_turns = Usage(prompt_tokens=10**9), 1
    assert new_alerts(state, Budget()) == [] and state.usage_alerts == []
    with pytest.raises(ValidationError, match="needs the prices"):
        DMConfig(alert_cost=2.0)
    assert DMConfig(price_input=0, price_output=0, alert_cost=1).budget.cost(state.usage) == 0


def test_the_usage_report_says_the_referee_spends_nothing() -> None:
    state = sandbox_state()
    referee = OfflineReferee(None)
    lines = usage_lines(state, referee, Budget())
    assert lines == ["The offline referee runs on this machine and spends no tokens."]
    state.usage, state.usage_turns = Usage(prompt_tokens=4000, completion_tokens=200, calls=3), 2
    lines = usage_lines(state, referee, Budget(price_input=0.5, price_output=2))
    assert lines[1] == "Earlier sittings with an AI DM spent:"
    assert "Average: 2,100 tokens a turn (over 2 turns)" in lines
    assert "Estimated cost: $0.0024 (at $0.50 in, $2.00 out per million tokens)" in lines


async def test_the_usage_report_of_an_ai_dm_game() -> None:
    session = make_session([{"text": "One."}, {"text": "Two."}])
    await turn(session, ("mira", "I wait"))
    await turn(session, ("mira", "I wait more"))
    last = session.state.history[-1].usage
    lines = usage_lines(session.state, session.brain, Budget(alert_tokens=5000))
    assert lines[0] == (
        f"Last turn: {last.tokens:,} tokens ({last.prompt_tokens:,} prompt + "
        f"{last.completion_tokens:,} completion, 1 call)"
    )
    assert lines[1].endswith("tokens a turn (over 2 turns)")
    assert lines[2].startswith("This game: ") and "2 calls" in lines[2]
    assert lines[3] == "Set price_input and price_output in the DM settings to see a cost."
    assert lines[4] == "Alerts: average past 5,000 tokens a turn"


async def test_the_turn_that_crosses_an_alert_carries_it_once() -> None:
    session = make_session([{"text": "One."}, {"text": "Two."}])
    session.budget = Budget(alert_tokens=10)
    first = await turn(session, ("mira", "I wait"))
    second = await turn(session, ("mira", "I wait more"))
    assert first[-1].type == "turn_end" and len(first[-1].alerts) == 1
    assert "Token alert" in first[-1].alerts[0] and "Play goes on" in first[-1].alerts[0]
    assert second[-1].type == "turn_end" and second[-1].alerts == []


async def test_the_referee_answers_what_it_costs() -> None:
    session = start_session(load_campaign(CAMPAIGNS_DIR / "crossroads"), 3)  # the referee
    events = await turn(session, ("mira", "ooc how many tokens have we used so far?"))
    said = narration(events)
    assert "spend no tokens" in said and "/usage" in said
    assert session.state.usage == Usage(calls=1) and session.state.usage_turns == 0

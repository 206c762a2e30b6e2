"""No turn can crash or lock the game: anything raised inside a turn rolls it back and is
reported; a turn stopped half-way is undone; the session is never left busy; after an
ending nothing is taken as play."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from app.actions.endings import ending_title
from app.actions.events import ErrorEvent
from app.dm.brain import BrainReply, Message, TextDelta
from app.dm.scripted import ScriptedBrain
from app.session.session import GameSession
from app.session.setup import start_session
from app.world.actions import PlayerAction
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.sandbox import sandbox_state
from tests.app.conftest import call, of_type

CAMPAIGN = load_campaign(CAMPAIGNS_DIR / "crossroads")


class ExplodingBrain:
    """A DM whose call fails with something no brain is supposed to raise."""

    name = "exploding"

    def __init__(self, error: BaseException) -> None:
        self.error = error
        self.calls = 0

    async def stream(
        self, messages: list[Message], tools: list[dict[str, Any]] | None
    ) -> AsyncIterator[TextDelta | BrainReply]:
        self.calls += 1
        yield TextDelta("The floor")
        raise self.error


def queue_both(session: GameSession) -> None:
    for cid in session.state.party:
        assert session.submit(PlayerAction(character_id=cid, text="I look around"))


async def test_an_unexpected_exception_rolls_the_turn_back_and_is_reported() -> None:
    session = GameSession(sandbox_state(seed=3), ExplodingBrain(RecursionError("too deep")))
    queue_both(session)
    before = session.state.model_dump()
    rng = session.state.rng.getstate()
    events = [e async for e in session.process()]
    errors = of_type(events, "error")
    assert errors and errors[-1].recoverable
    assert "RecursionError: too deep" in errors[-1].message
    assert "nothing changed" in errors[-1].message
    assert session.busy is False
    assert session.state.model_dump() == before and session.state.rng.getstate() == rng
    assert len(session.pending) == 2 and session.can_advance()  # /retry runs it again


async def test_a_tool_call_with_a_thousand_open_brackets_never_escapes_the_turn() -> None:
    brain = ScriptedBrain(
        [
            {"text": "", "tool_calls": [{"name": "roll_dice", "arguments": "[" * 1000}]},
            {"text": "The dice clatter."},
        ]
    )
    session = GameSession(sandbox_state(seed=3), brain)
    queue_both(session)
    events = [e async for e in session.run_until_players()]
    assert events[-1].type in ("turn_end", "error")
    assert session.busy is False
    assert session.can_advance() or session.pending == []


async def test_a_turn_stopped_half_way_is_undone_and_never_leaves_the_game_busy() -> None:
    brain = ScriptedBrain(
        [
            {"text": "", "tool_calls": [call("roll_dice", rolls=[{"formula": "1d20"}])]},
            {"text": "Nothing happens."},
        ]
    )
    session = GameSession(sandbox_state(seed=3), brain)
    queue_both(session)
    turn = session.state.turn
    events = session.process()
    first = await events.__anext__()  # the roll arrives, then the player quits
    assert first.type == "dice_roll" and session.busy
    await events.aclose()
    assert session.busy is False and session.state.turn == turn
    assert len(session.pending) == 2


async def test_run_until_players_reports_a_crash_and_stops() -> None:
    session = GameSession(sandbox_state(seed=3), ExplodingBrain(KeyError("x")))
    queue_both(session)
    events = [e async for e in session.run_until_players()]
    assert [type(e) for e in events if isinstance(e, ErrorEvent)] == [ErrorEvent]
    assert session.status().kind != "paused"


def test_after_the_end_nothing_is_taken_as_play() -> None:
    session = start_session(CAMPAIGN, 1)
    session.state.ending = CAMPAIGN.endings[0].id
    title = CAMPAIGN.endings[0].title
    refused = session.submit(PlayerAction(character_id="mira", text="I look around"))
    assert not refused and refused.reason == f"The end — {title}. The story is over."
    assert not session.pass_turn("Player")
    assert not session.can_advance()
    assert session.status().banner == f"The end — {title}"


async def test_a_party_that_falls_outside_a_fight_reaches_the_defeat_ending() -> None:
    brain = ScriptedBrain(
        [
            {
                "text": "",
                "tool_calls": [
                    call(
                        "damage", target_id=cid, amount="50", damage_type="fire", reason="collapse"
                    )
                    for cid in ("mira", "thorin", "aria")
                ],
            },
            {"text": "The ceiling comes down."},
        ]
    )
    session = start_session(CAMPAIGN, 1, brain)
    assert session.submit(PlayerAction(character_id="mira", text="I pull the lever"))
    events = [e async for e in session.run_until_players()]
    assert events[-1].type == "turn_end", [e for e in events if e.type == "error"]
    assert session.state.ending == "defeat" and ending_title(session.state) == "Defeat"
    assert session.status().banner == "The end — Defeat"

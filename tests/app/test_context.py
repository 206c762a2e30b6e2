"""What the DM is told: full overview first, deltas after, bounded however long the game."""

from __future__ import annotations

from app.dm.context import NARRATIVE_CAP, START, SUMMARY_CAP, WINDOW_TURNS, ContextBuilder
from app.world.actions import PlayerAction
from app.world.sandbox import sandbox_state
from app.world.state import TurnRecord
from tests.app.conftest import make_session, turn


def test_first_turn_gets_the_overview_and_the_roster_with_ids() -> None:
    state = sandbox_state()
    messages = ContextBuilder().build(
        state,
        [PlayerAction(character_id="mira", text="I look around")],
        briefed=False,
        mode="exploration",
    )
    system = messages[0]["content"]
    assert "the rules engine owns every number" in system.lower()
    assert "- mira: Mira (Halfling Rogue 3), HP 21/21, AC 14" in system
    assert "DM-only notes (secret) for The Crossroads Inn" in system
    assert "language the players write in" in system
    assert "Current scene: The Crossroads Inn (inn)" in system
    assert "carries: thieves' tools" in system
    user = messages[-1]["content"]
    assert user.startswith(START)
    assert "[Mira (mira)] I look around" in user


async def test_later_turns_get_deltas_or_no_changes() -> None:
    session = make_session(
        [{"text": "The fire crackles."}, {"text": "Still quiet."}, {"text": "Hm."}]
    )
    await turn(session, ("thorin", "I listen"))
    await turn(session, ("thorin", "I listen again"))
    assert "No changes to game state since your last turn." in session.last_messages[-1]["content"]
    assert START not in session.last_messages[-1]["content"]
    session.state.record("hp", "Thorin drinks a potion between turns")
    await turn(session, ("thorin", "I stretch"))
    assert (
        "Changes since your last turn:\n- HP: Thorin drinks a potion"
        in session.brain.requests[-1][0][-1]["content"]
    )


async def test_a_loaded_game_briefs_the_dm_again() -> None:
    session = make_session([{"text": "A."}, {"text": "B."}])
    await turn(session, ("mira", "one"))
    session.briefed = False  # what a freshly loaded sitting starts with
    await turn(session, ("mira", "two"))
    assert session.last_messages[-1]["content"].startswith(START)


async def test_changes_made_during_a_turn_are_not_repeated_next_turn() -> None:
    flag = {"name": "set_flag", "arguments": {"name": "met_berta", "value": True}}
    session = make_session([{"tool_calls": [flag]}, {"text": "Berta nods."}, {"text": "Ok."}])
    await turn(session, ("mira", "I greet Berta"))
    assert session.state.flags == {"met_berta": True}
    await turn(session, ("mira", "I wave"))
    assert "No changes to game state since your last turn." in session.last_messages[-1]["content"]


def test_window_and_summary_keep_the_prompt_bounded() -> None:
    state = sandbox_state()
    builder = ContextBuilder()
    from app.dm.context import fold_summary

    sizes = []
    for n in range(1, 400):
        state.history.append(
            TurnRecord(
                number=n, actions=[f"Mira: action {n} " + "x" * 80], narrative="Word. " * 400
            )
        )
        fold_summary(state)
        messages = builder.build(state, [], briefed=True, mode="exploration")
        sizes.append(sum(len(str(m["content"])) for m in messages))
    assert len(state.summary) <= SUMMARY_CAP
    assert max(sizes[50:]) <= min(sizes[50:]) * 1.2
    window = [m for m in messages if m["role"] == "assistant"]
    assert len(window) == WINDOW_TURNS
    assert all(len(m["content"]) <= NARRATIVE_CAP for m in window)
    assert "Turn 393:" in state.summary and "Turn 1:" not in state.summary


async def test_the_prompt_inspector_holds_the_exact_last_call() -> None:
    session = make_session([{"text": "Hello."}])
    await turn(session, ("mira", "hi"))
    assert session.last_messages == session.brain.requests[-1][0]

"""What the DM is told: full overview first, deltas after, bounded however long the game."""

from __future__ import annotations

from app.dm.context import (
    CALL_BUDGET,
    NARRATIVE_CAP,
    START,
    SUMMARY_CAP,
    WINDOW_TURNS,
    ContextBuilder,
    fold_summary,
)
from app.dm.prompts import SYSTEM
from app.world.actions import PlayerAction
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.newgame import new_game
from app.world.sandbox import sandbox_state
from app.world.state import GameState
from app.world.turnrecord import TurnRecord
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
    assert "language the players write in" in " ".join(system.split())
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


# -- the campaign in every call ---------------------------------------------------------------

CROSSROADS = load_campaign(CAMPAIGNS_DIR / "crossroads")


def _game(scene: str = "inn") -> GameState:
    state = new_game(CROSSROADS, seed=1)
    state.scene = state.scenes[scene]
    return state


def _call(state: GameState, line: str = "", *, briefed: bool = True) -> tuple[str, str]:
    actions = [PlayerAction(character_id="mira", text=line)] if line else []
    messages = ContextBuilder().build(state, actions, briefed=briefed, mode="exploration")
    return str(messages[0]["content"]), str(messages[-1]["content"])


def test_every_call_carries_the_quest_reward_tone_packs_scene_and_secrets() -> None:
    state = _game()
    state.flags["met_berta"] = True
    state.facts.append("Berta's potboy Tam is missing.")
    system, user = _call(state)  # a later call: only "no changes" news
    assert "No changes to game state" in user
    meta = CROSSROADS.campaign
    for text in (meta.summary, meta.reward, meta.tone):
        assert text in system
    assert "carries: healing potion, torch" in system  # Thorin's pack
    assert "The players see: Rain drums on the shutters" in system
    assert "To examine: trapdoor, hearth" in system
    assert "DM-only notes (secret)" in system and "Challenge trapdoor_lock" in system
    assert "DM-only, examining can reveal" in system
    assert "Something has been clawing at the trapdoor from underneath." in system
    assert "DM-only story flags: met_berta=true" in system
    assert "The players know: Berta's potboy Tam is missing." in system
    # a reveal the players have earned is theirs now, not a secret to keep
    state.facts.append("Something has been clawing at the trapdoor from underneath.")
    assert "DM-only, examining can reveal" not in _call(state)[0]


def test_what_the_players_look_at_comes_in_the_campaigns_own_words() -> None:
    state = _game("cellar")
    state.defeated.append("cellar_rats")
    user = _call(state, "I look at the casks")[1]
    assert "Understood: Mira — examine casks" in user
    assert "small muddy footprints lead to the tunnel" in user.split("Players' actions")[1]
    assert "Good ale, most of it." in user
    # nothing looked at: nothing quoted
    assert "campaign's own words" not in _call(state, "I wait")[1]


def test_the_journal_keeps_the_quest_through_a_long_fight() -> None:
    state = _game()
    state.challenges["trapdoor_lock"] = "passed"
    for n in range(1, 301):  # a long fight floods any summary of recent turns
        record = TurnRecord(number=n, actions=["Thorin: I attack the goblin"],
                            narrative="Steel rings on steel. The goblin snarls.")  # fmt: skip
        state.history.append(record)
    state.turn = 300
    fold_summary(state)
    system = _call(state)[0]
    story = system.split("Story so far (the party's journal):")[1]
    assert f"Quest: {CROSSROADS.campaign.summary}" in story
    assert "Done: Pick the trapdoor padlock" in story
    assert "People met: Berta (friendly, met at The Crossroads Inn)" in story
    assert story.count("Turn ") == 1  # one line of the rolling summary at most


def test_the_instructions_cover_perspective_secrecy_tools_prose_and_an_example() -> None:
    text = " ".join(SYSTEM.split())
    assert "never decide what a player character does, says, thinks or feels" in text
    assert "Text marked DM-only is secret" in text
    assert "Tools first, then narrate." in text
    assert "no headings, lists or bold" in text and "under 120 words" in text
    assert "Example." in text and "attempt_challenge" in text


def test_every_call_fits_the_token_budget_plain_and_strict() -> None:
    """The turn benchmark's long game, at turn 120, exploring and in a fight: the largest
    call of a turn (messages and tool schemas, counted as the benchmark counts them) stays
    within the budget, with plain and with strict schemas."""
    import asyncio

    from tests.benchmarks import bench_turn

    count = bench_turn.count_tokens()
    for fight in (False, True):
        for strict in (False, True):
            sent = asyncio.run(bench_turn.largest_call(120, fight, strict, played=1))
            assert count(sent) <= CALL_BUDGET, (fight, strict, count(sent))

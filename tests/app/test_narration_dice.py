"""Narration cannot outrun the dice: words sent with tool calls wait for their results, an
outcome the results contradict is not shown (the DM narrates again, then the game says it
plainly), a creature's fate told against the state is held back once, and a claimed roll
needs a roll — with a scripted careless model and over HTTP through the real client."""

from __future__ import annotations

import json
from typing import Any

from pydantic import SecretStr

from app.actions.events import SessionEvent
from app.dm.config import DMConfig
from app.dm.openai_brain import OpenAIBrain
from app.dm.prompts import UNROLLED_LEFT_OUT
from app.dm.scripted import ScriptedBrain
from app.session.session import GameSession
from app.world.actions import PlayerAction
from app.world.sandbox import sandbox_state
from app.world.state import Creature, GameState
from rules.damage import Vitals
from tests.app.conftest import call, narration, of_type, turn
from tests.app.fake_openai import FakeOpenAI, Reply
from tests.app.spell_party import fight


class CarelessBrain(ScriptedBrain):
    """A recorded language model: its narration is watched as a real model's is."""

    may_invent_rolls = True


LOCK = call(
    "request_ability_check", character_id="mira", skill="sleight_of_hand", dc=30,
    reason="pick the lock",
)  # fmt: skip
"""A check Mira cannot pass (1d20 + 7 against DC 30)."""
SWING = call("attack", attacker_id="thorin", target_id="giant-rat-1", weapon="longsword")


def rat_fight(*, ac: int, hp: int) -> GameState:
    """Thorin's turn in a fight with one giant rat, within reach."""
    state = sandbox_state(seed=7)
    fight(state, "giant_rat", 1, turn="thorin")
    rat = state.creatures["giant-rat-1"]
    rat.ac, rat.vitals = ac, Vitals.full(hp)
    return state


def with_rat(state: GameState, *, ac: int = 12, hp: int = 7) -> GameState:
    state.creatures["giant-rat-1"] = Creature(
        id="giant-rat-1", name="Giant Rat", monster="giant_rat", ac=ac, vitals=Vitals.full(hp),
        scene=state.scene.id,
    )  # fmt: skip
    return state


def careless(replies: list[dict[str, Any]], state: GameState | None = None) -> GameSession:
    return GameSession(state or sandbox_state(seed=7), CarelessBrain(replies))


def requests(session: GameSession) -> list[list[dict[str, Any]]]:
    """The messages of each request the scripted model was sent."""
    assert isinstance(session.brain, ScriptedBrain)
    return [messages for messages, _ in session.brain.requests]


def results_told(session: GameSession, request: int) -> list[dict[str, Any]]:
    messages = requests(session)[request]
    return [json.loads(m["content"]) for m in messages if m["role"] == "tool"]


async def test_an_opening_told_before_a_failed_check_is_not_shown_and_told_again() -> None:
    session = careless([
        {"text": "Mira slides her picks into the lock. The lock springs open with a click!",
         "tool_calls": [LOCK]},
        {"text": "The pins refuse to set; the lock holds fast."},
    ])  # fmt: skip
    events = await turn(session, ("mira", "I pick the lock"))
    assert of_type(events, "dice_roll")[0].success is False
    text = narration(events)
    assert "Mira slides her picks into the lock." in text  # told nothing: shown at once
    assert "springs open" not in text and "the lock holds fast" in text
    assert "springs open" not in session.state.history[-1].narrative
    told = results_told(session, 1)[-1]["narration"]
    assert "“The lock springs open with a click!”" in told and "check (pick the lock) fails" in told
    assert events[-1].type == "turn_end"


async def test_told_again_the_game_says_the_result_plainly() -> None:
    session = careless([
        {"text": "The lock springs open!", "tool_calls": [LOCK]},
        {"text": "With a snap, the lock springs open and the trapdoor lifts."},
    ])  # fmt: skip
    events = await turn(session, ("mira", "I pick the lock"))
    roll = of_type(events, "dice_roll")[0]
    text = narration(events)
    assert "springs open" not in text and "trapdoor lifts" not in text
    plain = f"Mira's sleight of hand check (pick the lock) fails: {roll.total} against DC 30."
    assert text.strip() == plain and session.state.history[-1].narrative == plain
    assert len(requests(session)) == 2


async def test_words_the_dice_bear_out_are_shown_after_them() -> None:
    session = careless([
        {"text": "Mira kneels. The lock holds fast, its pins rusted solid.", "tool_calls": [LOCK]},
        {"text": "She sits back on her heels."},
    ])  # fmt: skip
    events = await turn(session, ("mira", "I pick the lock"))
    kinds = [(e.type, getattr(e, "text", "")) for e in events]
    roll_at = next(i for i, (kind, _) in enumerate(kinds) if kind == "dice_roll")
    held_at = next(i for i, (_, text) in enumerate(kinds) if "holds fast" in text)
    assert held_at > roll_at  # held until the result was in, then shown as written
    assert "Mira kneels. The lock holds fast, its pins rusted solid." in narration(events)
    assert "narration" not in results_told(session, 1)[-1]


async def test_a_hit_told_before_a_missed_attack_is_not_shown() -> None:
    session = careless([
        {"text": "Thorin's longsword bites deep into the giant rat.", "tool_calls": [SWING]},
        {"text": "The rat skitters aside and Thorin's blade cuts only air."},
    ], rat_fight(ac=30, hp=7))  # fmt: skip
    events = await turn(session, ("thorin", "I attack the rat"))
    assert of_type(events, "dice_roll")[0].success is False
    text = narration(events)
    assert "bites deep" not in text and "cuts only air" in text
    told = results_told(session, 1)[-1]["narration"]
    assert "attack (Longsword vs Giant Rat) misses" in told


async def test_a_kill_told_with_the_blow_that_made_it_is_shown() -> None:
    session = careless([
        {"text": "Thorin's blade connects and the giant rat falls dead.", "tool_calls": [SWING]},
        {"text": "Silence returns to the inn."},
    ], rat_fight(ac=1, hp=1))  # fmt: skip
    events = await turn(session, ("thorin", "I attack the rat"))
    assert of_type(events, "dice_roll")[0].success is True
    assert session.state.creatures["giant-rat-1"].vitals.hp == 0
    assert "the giant rat falls dead." in narration(events)
    assert len(requests(session)) == 2


async def test_a_death_told_with_no_blow_is_held_back_once() -> None:
    session = careless([
        {"text": "Thorin glares. The giant rat falls dead at his feet."},
        {"text": "The giant rat squeals and backs into the shadows."},
    ], with_rat(sandbox_state(seed=7)))  # fmt: skip
    events = await turn(session, ("thorin", "I glare at the rat"))
    text = narration(events)
    assert "Thorin glares." in text and "falls dead" not in text and "squeals" in text
    asked = requests(session)[1][-1]
    assert asked["role"] == "user" and "Giant Rat is alive (7/7 HP)" in asked["content"]
    assert "falls dead" not in session.state.history[-1].narrative


async def test_a_death_told_again_loses_that_sentence_only() -> None:
    session = careless([
        {"text": "The giant rat falls dead."},
        {"text": "The giant rat falls dead. The inn is quiet again."},
    ], with_rat(sandbox_state(seed=7)))  # fmt: skip
    events = await turn(session, ("thorin", "I glare at the rat"))
    text = narration(events)
    assert "falls dead" not in text and "The inn is quiet again." in text
    assert len(requests(session)) == 2


async def test_a_flight_from_a_fight_the_creature_is_still_in_is_held_back() -> None:
    start = call("start_combat", reason="rat", monsters=[{"monster": "giant_rat", "count": 1}])
    session = careless([
        {"tool_calls": [start]},
        {"text": "The giant rat turns tail and flees into the dark."},
        {"text": "The giant rat hisses, cornered."},
    ])  # fmt: skip
    events = await turn(session, ("thorin", "I draw my sword"))
    text = narration(events)
    assert "flees" not in text and "hisses, cornered" in text
    asked = requests(session)[2][-1]
    assert "still in the fight" in asked["content"]


async def test_a_reply_without_calls_is_shown_as_written() -> None:
    words = "Berta nods toward the back. The door swings open and warm light spills out."
    session = careless([{"text": words}])
    events = await turn(session, ("mira", "I ask Berta about the back room"))
    chunks = of_type(events, "narrative_chunk")
    assert narration(events) == words and len(chunks) >= 2  # the first sentence streamed
    assert chunks[0].text.startswith("Berta")


# -- over HTTP, through the real client and the strict test server ------------------------


def openai_session(server: FakeOpenAI, state: GameState | None = None) -> GameSession:
    config = DMConfig(model="fake-model", base_url=server.base_url, api_key=SecretStr("k"))
    return GameSession(state or sandbox_state(seed=4), OpenAIBrain(config))


async def play_http(
    script: list[Reply], who: str, line: str, state: GameState | None = None
) -> tuple[GameSession, list[SessionEvent], FakeOpenAI]:
    with FakeOpenAI(script) as server:
        session = openai_session(server, state)
        session.submit(PlayerAction(character_id=who, text=line))
        events = [e async for e in session.process()]
    assert server.rejections == [], server.rejections
    return session, events, server


HTTP_LOCK = json.dumps(LOCK["arguments"])


async def test_over_http_an_opening_the_dice_refused_is_told_from_the_results() -> None:
    script = [
        Reply(text="You work the picks. The lock springs open!", piece=5,
              tool_calls=[("request_ability_check", HTTP_LOCK)]),
        Reply(text="The tumblers will not turn; the lock holds fast."),
    ]  # fmt: skip
    _, events, server = await play_http(script, "mira", "I pick the lock")
    text = narration(events)
    assert "You work the picks." in text and "springs open" not in text
    assert "holds fast" in text and events[-1].type == "turn_end"
    result = json.loads(server.requests[1]["messages"][-1]["content"])
    assert "“The lock springs open!”" in result["narration"]


async def test_over_http_a_death_told_against_the_state_is_held_back() -> None:
    script = [Reply(text="The giant rat falls dead.", piece=4),
              Reply(text="The giant rat bares its teeth.")]  # fmt: skip
    _, events, server = await play_http(
        script, "thorin", "I stare at the rat", with_rat(sandbox_state(seed=4))
    )
    text = narration(events)
    assert "falls dead" not in text and "bares its teeth" in text
    assert "Giant Rat is alive" in server.requests[1]["messages"][-1]["content"]


async def test_over_http_a_roll_is_not_backed_by_hit_points() -> None:
    # Mira has 21 hit points: no roll of 21 was made this turn.
    script = [Reply(text="Mira rolls a 21 and slips past the guard."),
              Reply(text="Mira waits for her moment.")]  # fmt: skip
    _, events, server = await play_http(script, "mira", "I sneak past")
    assert "rolls a 21" not in narration(events) and len(server.requests) == 2
    assert "“rolls a 21”" in server.requests[1]["messages"][-1]["content"]


async def test_a_roll_claimed_again_after_the_ask_is_left_out_and_said_so() -> None:
    """Asked once to roll what it narrated, a careless model claims the roll again: the
    players never read it — only the game's word that it was left out."""
    session = careless([{"text": "You roll a 17 and spot a glint under the bar."}] * 2)
    events = await turn(session, ("mira", "I search behind the bar"))
    text = narration(events)
    assert "roll a 17" not in text and "glint" not in text
    assert text.strip() == UNROLLED_LEFT_OUT and events[-1].type == "turn_end"
    assert "roll a 17" not in session.state.history[-1].narrative


async def test_honest_words_beside_a_claim_made_again_are_still_shown() -> None:
    session = careless([{"text": "You roll a 17."}, {"text": "Dust hangs. You roll a 17."}])
    events = await turn(session, ("mira", "I search behind the bar"))
    text = narration(events)
    assert "Dust hangs." in text and "roll a 17" not in text
    assert UNROLLED_LEFT_OUT not in text


async def test_an_opened_padlock_told_before_the_authored_pick_fails_is_not_shown() -> None:
    """The DM's generic check runs the authored lock (its padlock, DC 13): "the lock springs
    open" names it, and is not shown when the pick fails."""
    from app.session.setup import start_session
    from tests.app.saved_games import crossroads

    check = call("request_ability_check", character_id="mira", skill="sleight_of_hand",
                 dc=15, reason="pick the padlock")  # fmt: skip
    for seed in range(40):
        session = start_session(crossroads(), seed)
        replies = [
            {"text": "The lock springs open with a click!", "tool_calls": [check]},
            {"text": "The padlock will not give."},
            {"text": "It holds."},
        ]
        session.brain = CarelessBrain(replies)
        events = await turn(session, ("mira", "I pick the lock on the trapdoor"))
        if session.state.challenges.get("trapdoor_lock") == "failed":
            break
    else:
        raise AssertionError("the pick never failed")
    assert "springs open" not in narration(events)


async def test_asked_about_a_claim_the_dm_is_told_what_the_players_have_read() -> None:
    """The clean sentences before a claimed roll are shown at once: the DM is told so, and
    told to go on from there (told "nothing is shown yet", a model started over, and the
    players read the opening twice)."""
    script = [Reply(text="Thorin studies the trapdoor. You roll a 17 and notice scratches."),
              Reply(text="Fresh scratches mark its boards.")]  # fmt: skip
    _, events, server = await play_http(script, "thorin", "I look at the trapdoor")
    asked = server.requests[1]["messages"][-1]["content"]
    assert "have read it up to “Thorin studies the trapdoor.”" in asked
    assert "Nothing of it is shown" not in asked
    assert narration(events).count("Thorin studies the trapdoor.") == 1

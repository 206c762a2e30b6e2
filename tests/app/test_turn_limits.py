"""What one turn of the LLM DM may do, through the real client and the strict test server:
a bounded number of tool calls, each check rolled once, no identical damage twice, and no
dice narrated that were never rolled."""

from __future__ import annotations

import json

from pydantic import SecretStr

from app.actions.calls import ToolCall
from app.actions.events import SessionEvent
from app.actions.guard import MAX_CALLS_PER_REPLY, MAX_CALLS_PER_TURN, TurnGuard
from app.actions.registry import ToolOutcome
from app.dm.config import DMConfig
from app.dm.openai_brain import OpenAIBrain
from app.session.session import GameSession
from app.world.actions import PlayerAction
from app.world.sandbox import sandbox_state
from tests.app.fake_openai import FakeOpenAI, Reply


def args(**values: object) -> str:
    return json.dumps(values)


LOCK = args(character_id="mira", skill="sleight_of_hand", dc=15, reason="pick the lock")
HURT = args(target_id="thorin", amount="1d4+2", damage_type="piercing", reason="dart trap")


async def play(script: list[Reply], text: str = "I pick the lock") -> tuple[
    GameSession, list[SessionEvent], FakeOpenAI
]:  # fmt: skip
    with FakeOpenAI(script) as server:
        config = DMConfig(model="fake-model", base_url=server.base_url, api_key=SecretStr("k"))
        session = GameSession(sandbox_state(seed=4), OpenAIBrain(config))
        session.submit(PlayerAction(character_id="mira", text=text))
        events = [e async for e in session.process()]
    assert server.rejections == [], server.rejections
    return session, events, server


def shown(events: list[SessionEvent]) -> str:
    return "".join(e.text for e in events if e.type == "narrative_chunk")


async def test_a_reply_with_seventy_calls_runs_a_few_and_the_dm_is_told() -> None:
    flood = [("request_ability_check", LOCK)] * 50 + [("damage", HURT)] * 20
    session, events, server = await play([Reply(tool_calls=flood), Reply(text="The lock holds.")])
    rolls = [e for e in events if e.type == "dice_roll"]
    assert len(rolls) == 1  # one lock check; its repeats were refused, the darts never ran
    assert session.state.party["thorin"].vitals.hp == session.state.party["thorin"].vitals.max_hp
    sent = server.requests[1]["messages"]
    assert len(sent[-MAX_CALLS_PER_REPLY - 1]["tool_calls"]) == MAX_CALLS_PER_REPLY
    results = [json.loads(m["content"]) for m in sent[-MAX_CALLS_PER_REPLY:]]
    assert all("already rolled this turn: the result stands" in r["error"] for r in results[1:])
    assert "64 more tool calls in your reply were not run" in results[-1]["notice"]
    assert events[-1].type == "turn_end" and "The lock holds." in shown(events)


async def test_the_same_check_next_round_is_refused_and_the_first_result_stands() -> None:
    script = [
        Reply(tool_calls=[("request_ability_check", LOCK)]),
        Reply(tool_calls=[("request_ability_check", LOCK.replace("pick the lock", "again"))]),
        Reply(text="The pins will not give."),
    ]
    _, events, server = await play(script)
    assert sum(e.type == "dice_roll" for e in events) == 1
    refusal = json.loads(server.requests[2]["messages"][-1]["content"])["error"]
    first = json.loads(server.requests[1]["messages"][-1]["content"])
    assert refusal.startswith("already rolled this turn: the result stands")
    assert f'"total": {first["total"]}' in refusal


async def test_identical_damage_is_dealt_once() -> None:
    script = [Reply(tool_calls=[("damage", HURT)] * 3), Reply(text="A dart finds Thorin.")]
    session, events, server = await play(script, "I open the chest")
    thorin = session.state.party["thorin"].vitals
    dealt = [e for e in events if e.type == "dice_roll"]
    assert len(dealt) == 1 and thorin.max_hp - thorin.hp == dealt[0].total
    assert "already ran this turn" in server.requests[1]["messages"][-1]["content"]


async def test_a_turn_stops_calling_tools_at_its_limit() -> None:
    # Each reply asks for six different harmless calls; the turn ends them at its limit.
    def round_of(n: int) -> Reply:
        return Reply(tool_calls=[("roll_dice", args(rolls=[{"formula": f"1d{n * 6 + k + 2}"}]))
                                 for k in range(6)])  # fmt: skip

    script = [round_of(n) for n in range(3)] + [Reply(text="Dice clatter everywhere.")]
    _, events, server = await play(script, "I roll everything")
    assert sum(e.type == "dice_roll" for e in events) == MAX_CALLS_PER_TURN
    last = server.requests[-1]
    assert "tools" not in last and "That is all the tool calls" in last["messages"][-1]["content"]


def test_guard_keys_ignore_case_and_reason() -> None:
    guard = TurnGuard()
    first = ToolCall("a", "request_ability_check", LOCK)
    guard.record(first, ToolOutcome({"total": 12}))
    again = args(character_id="mira", skill="SLEIGHT_OF_HAND", dc=12, reason="other words")
    assert guard.refusal(ToolCall("b", "request_ability_check", again)) is not None
    other = args(character_id="thorin", skill="sleight_of_hand", dc=15, reason="x")
    assert guard.refusal(ToolCall("c", "request_ability_check", other)) is None
    attack = args(attacker_id="thorin", target_id="goblin_1")
    guard.record(ToolCall("d", "attack", attack), ToolOutcome({"hit": True}))
    assert guard.refusal(ToolCall("e", "attack", attack)) is None  # Extra Attack is real


def test_a_turn_ends_once_however_often_the_dm_asks() -> None:
    guard = TurnGuard()
    guard.record(ToolCall("a", "end_turn", "{}"), ToolOutcome({"current": "thorin"}))
    again = guard.refusal(ToolCall("b", "end_turn", "{}"))  # Thorin's players never asked
    assert again is not None and not again.ok


def test_a_refused_check_may_be_tried_again() -> None:
    guard = TurnGuard()
    guard.record(ToolCall("a", "request_ability_check", LOCK), ToolOutcome.refused("no"))
    assert guard.refusal(ToolCall("b", "request_ability_check", LOCK)) is None


async def test_dice_narrated_without_a_tool_are_held_back_and_resolved() -> None:
    script = [
        Reply(text="The goblin snarls. You roll a 20 and hit! It takes 7 damage.", piece=4),
        Reply(tool_calls=[("request_ability_check", LOCK)]),
        Reply(text="Your blade finds the gap in its guard."),
    ]
    _, events, server = await play(script, "I stab the goblin")
    text = shown(events)
    assert "The goblin snarls." in text and "Your blade finds the gap" in text
    assert "roll a 20" not in text and "7 damage" not in text
    nudge = server.requests[1]["messages"][-1]
    assert nudge["role"] == "user" and "“roll a 20”" in nudge["content"]
    assert sum(e.type == "dice_roll" for e in events) == 1


async def test_a_dm_that_insists_changes_nothing_and_its_numbers_are_left_out() -> None:
    claim = "Thorin swings. He rolls a 17 and deals 9 damage to the goblin."
    session, events, server = await play([Reply(text=claim), Reply(text=claim)], "I attack")
    assert len(server.requests) == 2  # asked once, not twice
    assert "rolls a 17" not in shown(events) and "Thorin swings." in shown(events)
    assert not any(e.type in ("dice_roll", "state_change") for e in events)
    assert "9 damage" not in session.state.history[-1].narrative


async def test_numbers_the_engine_produced_may_be_narrated() -> None:
    script = [Reply(tool_calls=[("request_ability_check", LOCK)]), Reply(text="")]
    _, events, server = await play(script)
    total = next(e for e in events if e.type == "dice_roll").total
    script = [Reply(tool_calls=[("request_ability_check", LOCK)]),
              Reply(text=f"Mira rolls a {total}. The lock holds.")]  # fmt: skip
    _, events, server = await play(script)
    assert f"Mira rolls a {total}." in shown(events) and len(server.requests) == 2


async def test_hit_points_as_they_stand_may_be_narrated() -> None:
    text = "Thorin, at 28 hit points, plants his feet."  # the sandbox fighter's hit points
    _, events, server = await play([Reply(text=text)], "I stand guard")
    assert text in shown(events) and len(server.requests) == 1


async def test_a_dm_that_asks_for_tools_past_the_turns_limit_is_said_so() -> None:
    """Told to narrate once the turn's calls are spent, a model that asks for more tools
    gets the turn failed with that reason — not "an empty reply"."""

    def round_of(n: int) -> Reply:
        return Reply(tool_calls=[("roll_dice", args(rolls=[{"formula": f"1d{n * 6 + k + 2}"}]))
                                 for k in range(6)])  # fmt: skip

    script = [round_of(n) for n in range(4)]
    _, events, _ = await play(script, "I roll everything")
    [error] = [e for e in events if e.type == "error"]
    assert "asked for more tools instead" in error.message and "empty" not in error.message

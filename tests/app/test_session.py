"""GameSession with a scripted DM: the tool loop, check chains, gates, and every fault the
DM can throw at us — none of which may crash the session or lose the players' actions."""

from __future__ import annotations

import json

import pytest

from app.actions.calls import ToolCall
from app.actions.sets import EXPLORATION_TOOLS
from app.dm.scripted import ScriptedBrain
from app.session.loop import MAX_TOOL_ROUNDS
from app.session.session import GameSession
from app.world.actions import PlayerAction
from app.world.sandbox import sandbox_state
from tests.app.conftest import call, make_session, narration, of_type, turn

LOCK = call(
    "request_ability_check",
    character_id="mira",
    skill="sleight_of_hand",
    dc=25,
    reason="pick the lock",
)
NEEDLE = call(
    "request_saving_throw", character_id="mira", ability="dex", dc=13, reason="poison needle"
)
PRICK = call("damage", target_id="mira", amount="1d4", damage_type="poison", reason="needle")


def tool_results(session: GameSession) -> list[dict]:
    return [json.loads(m["content"]) for m in session.last_messages if m["role"] == "tool"]


async def test_a_check_chain_lock_then_trap_then_save() -> None:
    session = make_session([
        {"text": "Mira bends over the lock.", "tool_calls": [LOCK]},
        {"tool_calls": [NEEDLE]},
        {"tool_calls": [PRICK]},
        {"text": "The lock holds; a hidden needle pricks your thumb."},
    ])  # fmt: skip
    events = await turn(session, ("mira", "I pick the trapdoor lock"))
    rolls = of_type(events, "dice_roll")
    assert [r.check_type for r in rolls] == ["ability_check", "saving_throw", "amount"]
    assert rolls[0].dc == 25 and rolls[0].success is False
    assert rolls[0].skill == "sleight_of_hand" and rolls[0].character_name == "Mira"
    assert rolls[0].formula == "1d20 + 7" and rolls[0].modifier == 7
    hp = of_type(events, "state_change")[0]
    assert hp.kind == "hp" and hp.target_id == "mira"
    assert session.state.party["mira"].vitals.hp == 21 - rolls[2].total
    assert "hidden needle" in narration(events)
    assert events[-1].type == "turn_end" and events[-1].turn == 1
    assert events[-1].usage.calls == 4
    assert session.pending == []
    results = tool_results(session)
    assert results[0]["success"] is False and results[0]["dc"] == 25
    assert session.state.history[-1].actions == ["Mira: I pick the trapdoor lock"]


async def test_the_dc_is_required_before_the_roll() -> None:
    no_dc = call("request_ability_check", character_id="mira", skill="stealth", reason="sneak")
    session = make_session([{"tool_calls": [no_dc]}, {"text": "You wait."}])
    events = await turn(session, ("mira", "I sneak"))
    assert of_type(events, "dice_roll") == []
    assert "dc: Field required" in tool_results(session)[0]["error"]


async def test_restriction_gates_the_next_turn_and_is_lifted() -> None:
    only_thorin = call(
        "restrict_action", character_ids=["thorin"], reason="Berta only trusts the dwarf"
    )
    lift = call("restrict_action", character_ids=[], reason="Berta relaxes")
    session = make_session([
        {"text": "Berta points at Thorin.", "tool_calls": [only_thorin]},
        {"text": "She leans in."},
        {"text": "Berta smiles at everyone.", "tool_calls": [lift]},
        {"text": "The room relaxes."},
    ])  # fmt: skip
    events = await turn(session, ("mira", "I ask Berta what is wrong"))
    gate = of_type(events, "action_restriction")[0]
    assert gate.allowed_character_ids == ["thorin"]
    assert session.status().banner == "Only Thorin may act — Berta only trusts the dwarf"
    refused = session.submit(PlayerAction(character_id="mira", text="I butt in"))
    assert not refused and "only Thorin may act" in refused.reason
    assert session.pending == []
    await turn(session, ("thorin", "I ask her quietly"))
    assert session.status().kind == "all_players"
    assert session.submit(PlayerAction(character_id="mira", text="Now me"))


BAD_CALLS = [
    ({"name": "request_ability_check", "arguments": '{"character_id": "mira", "dc": '}, [
        "not valid JSON"]),
    (call("teleport", target="moon"), ["unknown tool 'teleport'", "request_ability_check"]),
    (call("request_saving_throw", character_id="gandalf", ability="wis", dc=12, reason="x"), [
        "unknown id 'gandalf'", "mira"]),
    (call("request_saving_throw", character_id="mira", ability="wis", dc="hard", reason="x"), [
        "dc: Input should be a valid integer"]),
    (call("request_saving_throw", character_id="mira", ability="wis", dc=45, reason="x"), [
        "dc: Input should be less than or equal to 30"]),
    (call("roll_dice", rolls=[{"formula": "2d6kh"}]), ["bad formula '2d6kh'"]),
]  # fmt: skip


@pytest.mark.parametrize(("bad", "said"), BAD_CALLS)
async def test_malformed_json_unknown_tool_unknown_id_and_wrong_types_become_tool_errors(
    bad: dict, said: list[str]
) -> None:
    session = make_session([{"tool_calls": [bad]}, {"text": "Nothing happens, for now."}])
    state_before = session.state.model_dump()
    events = await turn(session, ("mira", "I do something odd"))
    [error] = [r["error"] for r in tool_results(session)]
    assert all(part in error for part in said), error
    assert of_type(events, "dice_roll") == [] and events[-1].type == "turn_end"
    after = session.state.model_dump()
    for key in ("party", "creatures", "flags", "scene"):
        assert after[key] == state_before[key]


async def test_the_calls_after_a_refused_one_in_a_reply_are_not_run_and_the_dm_is_told() -> None:
    """A reply's calls are a plan: a check refused for a wrong id must not be followed by
    the rest of the plan (here a second roll) as if it had been made."""
    roll = call("roll_dice", rolls=[{"formula": "1d6", "flavor": "after"}])
    calls = [BAD_CALLS[2][0], roll, roll]
    session = make_session([{"tool_calls": calls}, {"text": "Nothing happens, for now."}])
    events = await turn(session, ("mira", "I do something odd"))
    errors = [r["error"] for r in tool_results(session)]
    assert "unknown id 'gandalf'" in errors[0]
    assert all("not run: the request_saving_throw call before it" in e for e in errors[1:])
    assert len(errors) == 3 and of_type(events, "dice_roll") == []


async def test_the_dm_may_fix_a_refused_call_and_retry() -> None:
    def sneak(who: str) -> dict:
        return call("request_ability_check", character_id=who, skill="stealth", dc=12, reason="x")

    session = make_session(
        [{"tool_calls": [sneak("Mira")]}, {"tool_calls": [sneak("mira")]}, {"text": "You slip."}]
    )
    events = await turn(session, ("mira", "I sneak past"))
    assert len(of_type(events, "dice_roll")) == 1


async def test_round_limit_tells_the_dm_to_narrate_now() -> None:
    roll = call("roll_dice", rolls=[{"formula": "1d6", "flavor": "again"}])
    replies = [{"tool_calls": [roll]} for _ in range(MAX_TOOL_ROUNDS)]
    replies.append({"text": "Enough dice: the storm passes.", "tool_calls": [roll]})
    brain = ScriptedBrain(replies)
    session = GameSession(sandbox_state(seed=3), brain)
    events = await turn(session, ("thorin", "I wait"))
    assert len(of_type(events, "dice_roll")) == MAX_TOOL_ROUNDS
    assert narration(events) == "Enough dice: the storm passes."
    last_messages, last_tools = brain.requests[-1]
    assert last_tools is None
    assert "Do not call any more tools" in last_messages[-1]["content"]
    assert events[-1].type == "turn_end"


async def test_an_empty_reply_gets_one_nudge() -> None:
    brain = ScriptedBrain([{"text": ""}, {"text": "The fire pops."}])
    session = GameSession(sandbox_state(), brain)
    events = await turn(session, ("thorin", "I warm my hands"))
    assert narration(events) == "The fire pops."
    assert "reply was empty" in brain.requests[1][0][-1]["content"]


async def test_two_empty_replies_end_the_turn_recoverably_and_keep_the_actions() -> None:
    session = make_session([{"text": ""}, {"text": "  "}])
    events = await turn(session, ("thorin", "I warm my hands"))
    error = of_type(events, "error")[0]
    assert error.recoverable and "empty reply" in error.message
    assert [a.text for a in session.pending] == ["I warm my hands"]
    assert session.state.turn == 0 and len(session.state.history) == 0


async def test_tool_calls_written_as_text_are_parsed_and_run() -> None:
    as_json = json.dumps(
        {
            "name": "request_ability_check",
            "arguments": {
                "character_id": "thorin",
                "skill": "athletics",
                "dc": 10,
                "reason": "force the door",
            },
        }
    )
    splinters = {"rolls": [{"formula": "1d4", "flavor": "splinters"}]}
    tagged = (
        "The door groans. <tool_call>"
        + json.dumps({"name": "roll_dice", "arguments": splinters})
        + "</tool_call>"
    )
    session = make_session([{"text": as_json}, {"text": tagged}, {"text": "It bursts open."}])
    events = await turn(session, ("thorin", "I shoulder the door"))
    rolls = of_type(events, "dice_roll")
    assert [r.check_type for r in rolls] == ["ability_check", "roll"]
    text = narration(events)
    assert "{" not in text and "<tool_call>" not in text
    assert text.split() == ["The", "door", "groans.", "It", "bursts", "open."]
    assert "\n\n" in text


async def test_brain_failure_rolls_the_turn_back_and_a_retry_replays_it() -> None:
    replies = [
        {"tool_calls": [LOCK]},
        {"error": "connection reset by peer"},
        {"tool_calls": [LOCK]},
        {"text": "Click."},
    ]
    session = make_session(replies)
    rng_before = session.state.rng_state()
    events = await turn(session, ("mira", "I pick the lock"))
    first_roll = of_type(events, "dice_roll")[0]
    error = of_type(events, "error")[0]
    assert (
        error.recoverable
        and "connection reset" in error.message
        and "still queued" in error.message
    )
    assert session.state.rng_state() == rng_before
    assert session.state.turn == 0 and len(session.pending) == 1
    assert session.status().kind == "all_players"  # not stuck paused
    again = [e async for e in session.process()]
    assert of_type(again, "dice_roll")[0].total == first_roll.total  # same dice on the retry
    assert again[-1].type == "turn_end" and session.pending == []


async def test_unrecoverable_error_is_reported_as_such() -> None:
    session = make_session([{"error": "script broken", "recoverable": False}])
    events = await turn(session, ("mira", "hello"))
    assert events[-1].type == "error" and not events[-1].recoverable


async def test_gate_waits_for_every_player_in_hotseat() -> None:
    session = make_session(
        [{"text": "Both of you act."}], players={"Ana": ["mira"], "Ben": ["thorin"]}
    )
    assert session.submit(PlayerAction(character_id="mira", text="I look around", player="Ana"))
    assert not session.can_advance()
    assert session.status().banner == "Waiting for Ben"
    wrong = session.submit(PlayerAction(character_id="thorin", text="hi", player="Ana"))
    assert not wrong and "Ana does not control Thorin" in wrong.reason
    early = [e async for e in session.process()]
    assert early[0].type == "error" and "not ready" in early[0].message
    assert session.submit(
        PlayerAction(character_id="thorin", text="I guard the door", player="Ben")
    )
    assert session.can_advance()
    events = [e async for e in session.process()]
    assert events[-1].type == "turn_end"


async def test_a_second_action_replaces_the_first() -> None:
    session = make_session([])
    session.submit(PlayerAction(character_id="mira", text="I sit"))
    session.submit(PlayerAction(character_id="mira", text="I stand"))
    assert [a.text for a in session.pending] == ["I stand"]
    assert session.withdraw("mira") and session.pending == []


BITE = call("damage", target_id="thorin", amount="1d4+2", damage_type="piercing", reason="bite")


async def test_start_combat_switches_to_initiative_and_combat_tools() -> None:
    start = call("start_combat", reason="rats!", monsters=[{"monster": "giant_rat", "count": 2}])
    brain = ScriptedBrain([
        {"text": "Squeaking fills the dark.", "tool_calls": [start]},
        {"text": "Roll for it!"},
        {"text": "A rat lunges.", "tool_calls": [BITE, call("end_turn")]},
        {"text": "Its teeth scrape your mail."},
    ])  # fmt: skip
    session = GameSession(sandbox_state(seed=11), brain)
    events = await turn(session, ("thorin", "I go down into the cellar"))
    assert of_type(events, "state_transition")[0].to == "combat"
    update = of_type(events, "combat_update")[0]
    assert {c.id for c in update.combatants} == {"mira", "thorin", "giant-rat-1", "giant-rat-2"}
    assert len([r for r in of_type(events, "dice_roll") if r.check_type == "initiative"]) == 3
    assert session.mode == "combat" and session.gate.kind == "initiative"
    current = session.state.encounter.current.id
    names = (
        {t["function"]["name"] for t in brain.requests[-1][1]} if brain.requests[-1][1] else set()
    )
    assert "start_combat" in names
    if current in session.state.party:
        other = "mira" if current == "thorin" else "thorin"
        refused = session.submit(PlayerAction(character_id=other, text="me first"))
        assert not refused and "not your turn" in refused.reason


async def test_get_encounter_out_of_combat() -> None:
    session = make_session([{"tool_calls": [call("get_encounter")]}, {"text": "All quiet."}])
    await turn(session, ("mira", "Any danger?"))
    assert tool_results(session)[0] == {"in_combat": False, "message": "No active encounter"}


async def test_same_seed_same_script_same_events() -> None:
    def replies() -> list[dict]:
        return [{"text": "Go.", "tool_calls": [LOCK, NEEDLE, PRICK]}, {"text": "Done."}]

    a = await turn(make_session(replies(), seed=5), ("mira", "lock"))
    b = await turn(make_session(replies(), seed=5), ("mira", "lock"))
    assert [e.model_dump() for e in a] == [e.model_dump() for e in b]


def test_tool_set_executes_without_a_session() -> None:
    state = sandbox_state(seed=1)
    outcome = EXPLORATION_TOOLS.execute(
        ToolCall(
            "x",
            "roll_dice",
            json.dumps({"rolls": [{"formula": "2d6", "flavor": "a"}, {"formula": "1d20+5"}]}),
        ),
        state,
    )
    assert outcome.ok and len(outcome.result["rolls"]) == 2
    assert [e.type for e in outcome.events] == ["dice_roll", "dice_roll"]


async def test_narration_that_runs_on_is_cut_and_stored_as_shown() -> None:
    """A model dumping megabytes: the players read the first part and a note, the story
    keeps the same, and hidden or reordering characters never reach either."""
    from app.session.loop import CUT_NOTE, MAX_NARRATION

    flood = "The rats scuttle \u202eand scuttle\u202c. " * 1_000
    session = make_session([{"text": flood}])
    events = await turn(session, ("mira", "I listen"))
    shown = narration(events)
    assert len(shown) <= MAX_NARRATION + len(CUT_NOTE) and shown.endswith(CUT_NOTE)
    stored = session.state.history[-1].narrative
    assert "\u202e" not in stored and stored.endswith(CUT_NOTE.strip())
    assert len(stored) <= MAX_NARRATION + len(CUT_NOTE)

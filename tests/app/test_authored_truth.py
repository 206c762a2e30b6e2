"""The campaign is the source of truth, whatever brain plays: a generic check standing for
an authored challenge runs the challenge (its DC, outcome, flags and chain), a flag a
challenge sets is not set by hand while the challenge waits, and a chain is rolled by the
engine in the call that starts it."""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest
from pydantic import SecretStr

from app.actions import challenge_tools
from app.actions.authored import authored_for
from app.actions.calls import ToolCall
from app.actions.sets import CAMPAIGN_EXPLORATION_TOOLS
from app.dm.config import DMConfig
from app.dm.openai_brain import OpenAIBrain
from app.dm.scripted import ScriptedBrain
from app.session.session import GameSession
from app.world.actions import PlayerAction
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.ledger import ActionPerformed
from app.world.newgame import new_game
from app.world.state import GameState
from rules.abilities import Ability
from rules.skills import Skill
from tests.app.conftest import call, of_type, turn
from tests.app.fake_openai import FakeOpenAI, Reply

CAMPAIGN = load_campaign(CAMPAIGNS_DIR / "crossroads")
PICK = call("request_ability_check", character_id="mira", skill="sleight_of_hand", dc=15,
            reason="Mira picks the lock")  # fmt: skip
HAND_SET: dict[str, Any] = {
    "name": "set_flag",
    "arguments": {"name": "trapdoor_open", "value": True},
}


def game(replies: list[dict[str, Any]], seed: int) -> GameSession:
    return GameSession(new_game(CAMPAIGN, seed=seed), ScriptedBrain(replies))


def run(state: GameState, tool: dict[str, Any]) -> dict[str, Any]:
    """Run one call as the session would, and return its result."""
    raw = ToolCall("t", tool["name"], json.dumps(tool["arguments"]))
    return CAMPAIGN_EXPLORATION_TOOLS.execute(raw, state).result


def flag(flag_name: str, value: bool = True) -> dict[str, Any]:
    return {"name": "set_flag", "arguments": {"name": flag_name, "value": value}}


LOCK = call("attempt_challenge", challenge_id="trapdoor_lock", character_id="mira")


def actions(state: GameState) -> list[tuple[str, str | None]]:
    """The ledger's actions of the game so far: (tool, what it was aimed at)."""
    events = [e for record in state.history for e in record.events] + state.truth.fresh
    return [(e.action, e.target) for e in events if isinstance(e, ActionPerformed)]


@functools.cache
def lock_seed(passes: bool) -> int:
    """A seed whose first roll picks the lock (or lets the pick slip)."""
    for seed in range(40):
        result = run(new_game(CAMPAIGN, seed=seed), LOCK)
        if result["success"] is passes:
            return seed
    raise AssertionError("no seed found")


async def test_a_generic_lock_check_runs_the_authored_challenge_and_opens_the_way() -> None:
    down = call("move_scene", scene_id="cellar", reason="down")
    replies = [{"tool_calls": [PICK]}, {"tool_calls": [down]}, {"text": "Down you go."}]
    session = game(replies, lock_seed(passes=True))
    events = await turn(session, ("mira", "I pick the lock"))
    state = session.state
    results = [json.loads(m["content"]) for m in session.last_messages if m["role"] == "tool"]
    ran = results[0]
    assert ran["ran_challenge"] == "trapdoor_lock" and ran["success"] is True
    assert "ran the authored challenge 'pick the trapdoor padlock' (DC 13)" in ran["note"]
    assert of_type(events, "dice_roll")[0].dc == 13  # the author's DC, not the model's 15
    assert state.flags["trapdoor_open"] is True and state.challenges["trapdoor_lock"] == "passed"
    assert state.scene.id == "cellar"  # the next call finds the way open
    assert ("attempt_challenge", "trapdoor_lock") in actions(state)  # as the playtest reads it


@pytest.mark.parametrize(
    ("kind", "skill", "ability", "reason", "scene", "expected"),
    [
        ("check", Skill.SLEIGHT_OF_HAND, None, "pick the lock", "inn", "trapdoor_lock"),
        ("check", None, Ability.DEX, "pick the trapdoor padlock", "inn", "trapdoor_lock"),
        ("check", Skill.ATHLETICS, None, "kick the trapdoor in", "inn", "force_trapdoor"),
        ("check", Skill.SLEIGHT_OF_HAND, None, "palm a coin from the bar", "inn", None),
        ("check", Skill.INVESTIGATION, None, "study the trapdoor padlock", "inn", None),
        ("check", Skill.PERCEPTION, None, "listen at the trapdoor", "inn", None),
        ("check", Skill.SLEIGHT_OF_HAND, None, "Sleight of Hand check", "inn", None),
        ("save", None, Ability.DEX, "dodge the poison needle", "inn", None),  # a follow-up
        ("group", Skill.STEALTH, None, "sneak past the goblins", "warren", "sneak_past"),
        ("check", Skill.STEALTH, None, "sneak past the goblins", "warren", None),
    ],
)
def test_only_a_check_that_plainly_is_the_challenge_runs_it(
    kind: Any, skill: Skill | None, ability: Ability | None, reason: str, scene: str,
    expected: str | None,
) -> None:  # fmt: skip
    state = new_game(CAMPAIGN, seed=1)
    state.scene = state.scenes[scene]
    assert authored_for(state, kind, reason, skill, ability) == expected


def test_a_settled_challenge_or_a_fight_leaves_the_check_as_asked() -> None:
    state = new_game(CAMPAIGN, seed=1)
    state.challenges["trapdoor_lock"] = "passed"
    state.flags["trapdoor_open"] = True
    result = run(state, PICK)
    assert "ran_challenge" not in result and result["dc"] == 15


def test_a_flag_an_open_challenge_sets_is_refused_by_hand() -> None:
    state = new_game(CAMPAIGN, seed=1)
    refused = run(state, HAND_SET)
    assert "'pick the trapdoor padlock' (trapdoor_lock)" in refused["error"]
    assert "'force the trapdoor' (force_trapdoor)" in refused["error"]
    assert "attempt_challenge" in refused["error"] and "trapdoor_open" not in state.flags
    elsewhere = run(state, flag("guards_passed"))
    assert "in warren" in elsewhere["error"]
    assert run(state, flag("berta_angry")) == {"name": "berta_angry", "value": True}  # nobody's


def test_once_its_challenge_is_settled_the_flag_is_the_dms_again() -> None:
    state = new_game(CAMPAIGN, seed=lock_seed(passes=True))
    run(state, LOCK)
    assert run(state, flag("trapdoor_open", False))["value"] is False


async def test_a_slipped_pick_springs_the_needle_in_the_same_call() -> None:
    session = game([{"tool_calls": [PICK]}, {"text": "The pick slips."}], lock_seed(passes=False))
    events = await turn(session, ("mira", "I pick the lock"))
    result = json.loads(next(m for m in session.last_messages if m["role"] == "tool")["content"])
    assert [link["challenge"] for link in result["chain"]] == ["needle_trap"]
    assert "'dodge the poison needle'" in result["chained"] and "next" not in result
    rolls = [(r.reason, r.dc) for r in of_type(events, "dice_roll") if r.check_type != "amount"]
    assert rolls == [("pick the trapdoor padlock", 13), ("dodge the poison needle", 12)]
    tried = [t for action, t in actions(session.state) if action == "attempt_challenge"]
    assert tried == ["trapdoor_lock", "needle_trap"]


def test_a_chain_written_in_a_circle_stops() -> None:
    campaign = CAMPAIGN.model_copy(deep=True)
    needle = campaign.challenges["needle_trap"]
    needle.success.next = needle.failure.next = "trapdoor_lock"
    lock = campaign.challenges["trapdoor_lock"]
    lock.success.next = "needle_trap"  # every way round leads back
    state = new_game(campaign, seed=2)
    result = run(state, LOCK)
    assert len(result["chain"]) == challenge_tools.MAX_CHAIN and result["next"]


async def test_an_llm_over_http_cannot_skip_the_lock_and_its_check_runs_the_challenge() -> None:
    flag = json.dumps(HAND_SET["arguments"])
    check = json.dumps(PICK["arguments"])
    move = json.dumps({"scene_id": "cellar", "reason": "down the trapdoor"})
    script = [
        Reply(tool_calls=[("set_flag", flag)]),
        Reply(tool_calls=[("request_ability_check", check)]),
        Reply(tool_calls=[("move_scene", move)]),
        Reply(text="The padlock clicks; down you go."),
    ]
    with FakeOpenAI(script) as server:
        config = DMConfig(model="fake", base_url=server.base_url, api_key=SecretStr("k"),
                          timeout=5, max_retries=1)  # fmt: skip
        session = GameSession(new_game(CAMPAIGN, seed=lock_seed(passes=True)), OpenAIBrain(config))
        assert session.submit(PlayerAction(character_id="mira", text="I open the trapdoor"))
        events = [e async for e in session.process()]
    assert events[-1].type == "turn_end"
    answers = [m["content"] for m in server.requests[2]["messages"] if m["role"] == "tool"]
    assert "is set by the authored challenge 'pick the trapdoor padlock'" in answers[0]
    assert "ran the authored challenge 'pick the trapdoor padlock' (DC 13)" in answers[1]
    assert session.state.scene.id == "cellar"


@pytest.mark.parametrize("first", ["check", "challenge"])
async def test_a_slipped_pick_is_not_tried_again_in_the_same_turn_either_way(first: str) -> None:
    calls = [PICK, LOCK] if first == "check" else [LOCK, PICK]
    replies = [{"tool_calls": [c]} for c in calls] + [{"text": "It slips."}]
    session = game(replies, lock_seed(passes=False))
    events = await turn(session, ("mira", "I pick the lock"))
    results = [json.loads(m["content"]) for m in session.last_messages if m["role"] == "tool"]
    assert "already rolled this turn" in results[1]["error"]
    locks = [r for r in of_type(events, "dice_roll") if r.reason == "pick the trapdoor padlock"]
    assert len(locks) == 1

"""``dungeon dm-check`` against the local test server playing two models by policy: a good
one (the right tools with the right ids, a fight fought to its end) gets "good to play"; a
careless one (made-up ids, dice narrated without a roll, empty turns, deciding for the
character) gets "not recommended" with the counts that say why. An endpoint that cannot be
reached ends in a clear message, not a traceback."""

from __future__ import annotations

import json
import re
from functools import partial
from typing import Any

from typer.testing import CliRunner

from app.cli.dmcheck_score import Scorecard, card_text
from app.cli.main import app
from tests.app.fake_openai import FakeOpenAI
from tests.app.fake_openai import Reply as _Reply

runner = CliRunner()
Reply = partial(_Reply, piece=4096)
"""Whole replies in one piece each: the battery runs dozens of them."""
NO_CONFIG = {"DUNGEON_CONFIG": "/nonexistent/dungeon.toml"}


def _call(name: str, **args: Any) -> tuple[str, str]:
    return name, json.dumps(args)


def _asked(body: dict[str, Any]) -> str:
    """The players' actions of the turn's prompt (not the game's nudges after it)."""
    users = [m for m in body["messages"] if "Players' actions" in str(m.get("content"))]
    return str(users[-1]["content"]).split("Players' actions", 1)[1] if users else ""


def _last_calls(body: dict[str, Any]) -> list[str]:
    """The names of the calls the latest results answer."""
    for message in reversed(body["messages"]):
        if message["role"] == "assistant":
            return [c["function"]["name"] for c in message.get("tool_calls") or []]
    return []


def _connection_test(body: dict[str, Any]) -> Reply | None:
    """Both models pass the connection test: asked for its one tool, they call it."""
    tools = [t["function"]["name"] for t in body.get("tools") or []]
    if tools != ["roll_dice"]:
        return None
    return Reply(tool_calls=[_call("roll_dice", formula="1d20")])


def good_model(body: dict[str, Any]) -> Reply:
    """A careful DM: every uncertain thing through a tool, with the ids it was given."""
    if (tested := _connection_test(body)) is not None:
        return tested
    last = body["messages"][-1]
    tools = {t["function"]["name"] for t in body.get("tools") or []}
    if last["role"] == "tool":
        if _last_calls(body) == ["get_encounter"]:
            fight = json.loads(last["content"])
            up = next(c for c in fight["order"] if c["id"] == fight["current"])
            foes = [c for c in fight["order"] if c["side"] != up["side"] and c["hp"] > 0]
            if not foes:
                return Reply(tool_calls=[_call("end_combat", reason="the rats are dead")])
            engaged = [c for c in foes if c["name"] in up.get("position", "")]
            hit = _call("attack", attacker_id=up["id"], target_id=(engaged or foes)[0]["id"])
            return Reply(tool_calls=[hit, _call("end_turn")])
        return Reply(text="The world answers as the dice said. What do you do next?")
    if "end_turn" in tools:
        return Reply(tool_calls=[_call("get_encounter")])
    asked = _asked(body)
    if "pick the lock" in asked:
        return Reply(tool_calls=[_call("attempt_challenge", challenge_id="trapdoor_lock",
                                       character_id="mira")])  # fmt: skip
    if "Berta about Tam" in asked:
        return Reply(tool_calls=[_call("talk_to", npc_id="berta", character_id="thorin",
                                       topic="tam")])  # fmt: skip
    if "down the trapdoor" in asked:
        return Reply(tool_calls=[_call("move_scene", scene_id="cellar", reason="down")])
    if "behind the bar" in asked or "climb the wall" in asked:
        check = _call("request_ability_check", character_id="mira", skill="athletics", dc=12,
                      reason="the attempt")  # fmt: skip
        return Reply(tool_calls=[check])
    return Reply(text="That is Thorin's choice to make: what does he do?")


def careless_model(body: dict[str, Any]) -> Reply:
    """A careless DM: ids made up, dice narrated without rolling, turns left empty,
    choices made for the players."""
    if (tested := _connection_test(body)) is not None:
        return tested
    last = body["messages"][-1]
    if last["role"] == "tool":
        return Reply(text="It works out, somehow.")
    asked = _asked(body)
    if "pick the lock" in asked:
        return Reply(tool_calls=[_call("attempt_challenge", challenge_id="padlock",
                                       character_id="mira")])  # fmt: skip
    if "Berta about Tam" in asked:
        return Reply(tool_calls=[_call("talk_to", npc_id="barkeep_tom", topic="tam")])
    if "down the trapdoor" in asked:
        return Reply(tool_calls=[_call("move_scene", scene_id="basement", reason="down")])
    if "behind the bar" in asked:
        return Reply()  # nothing said, nothing done
    if "climb the wall" in asked:
        return Reply(text="You roll a 19 and scramble up to the rafters with ease.")
    return Reply(text="You decide that Thorin punches the wall and storms out.")


def _check(policy: Any, *extra: str) -> Any:
    with FakeOpenAI(policy=policy) as server:
        result = runner.invoke(
            app,
            ["dm-check", "--base-url", server.base_url, "--model", "fake-model", *extra],
            env=NO_CONFIG,
        )
        assert server.rejections == []
    return result


def test_a_good_model_is_good_to_play() -> None:
    result = _check(good_model, "--json")
    assert result.exit_code == 0, result.output
    card = json.loads(result.stdout)
    assert card["verdict"] == "good to play", card
    assert card["valid_calls_pct"] == 100.0 and card["right_ids_pct"] == 100.0
    assert card["turns_lost"] == 0 and card["dice_claimed_without_roll"] == 0
    assert card["fights"] == 1 and card["fights_ended_rightly"] == 1
    assert card["took_over_character"] == 0 and card["advice"] == []
    assert card["tokens_per_turn"] > 0
    assert [s["key"] for s in card["scenes"]] == ["challenge", "talk", "fight", "hotseat", "traps"]


def test_a_careless_model_is_not_recommended() -> None:
    result = _check(careless_model, "--json")
    assert result.exit_code == 0, result.output
    card = json.loads(result.stdout)
    assert card["verdict"] == "not recommended"
    assert card["tool_calls"] == 3 and card["refused"] == 3 and card["wrong_ids"] == 3
    assert card["valid_calls_pct"] == 0.0 and card["right_ids_pct"] == 0.0
    assert card["turns_lost"] == 1  # the hotseat turn: an empty reply twice
    assert card["dice_claimed_without_roll"] == 1
    assert card["took_over_character"] == 1
    assert card["fights"] == 1 and card["fights_ended_rightly"] == 0
    assert any("strict" in line for line in card["advice"])
    assert any("larger" in line for line in card["advice"])
    text = card_text(Scorecard.model_validate(card))  # as printed without --json
    assert "verdict: not recommended" in text
    assert re.search(r"valid tool calls\s+0% \(0 of 3 run\)", text)
    assert "the fight never started" in text
    assert "✘ common mistakes" in text and "dice narrated without a roll" in text


def test_an_unreachable_endpoint_is_a_clear_error() -> None:
    result = runner.invoke(
        app, ["dm-check", "--base-url", "http://127.0.0.1:9/v1", "--json"], env=NO_CONFIG
    )
    assert result.exit_code == 1
    assert "the DM cannot be checked" in result.stderr and "cannot reach" in result.stderr
    assert "Traceback" not in result.output


def test_no_dm_configured_says_how() -> None:
    result = runner.invoke(app, ["dm-check"], env=NO_CONFIG | {"DUNGEON_DM_BASE_URL": ""})
    assert result.exit_code == 2
    assert "--base-url" in result.stderr


def test_a_model_with_a_slip_is_playable_with_care() -> None:
    from app.cli.dmcheck_score import verdict

    card = Scorecard(
        model="m", endpoint="m at here", turns=12, tool_calls=20, refused=1,
        valid_calls_pct=95.0, wrong_ids=0, right_ids_pct=100.0, turns_lost=0,
        dice_claimed_without_roll=1, took_over_character=0, fights=1,
        fights_ended_rightly=1, tokens_per_turn=300.0, seconds_per_turn=2.0, scenes=[],
        verdict="good to play", advice=[],
    )  # fmt: skip
    assert verdict(card) == "playable with care"
    assert verdict(card.model_copy(update={"dice_claimed_without_roll": 0})) == "good to play"
    assert verdict(card.model_copy(update={"turns_lost": 3})) == "not recommended"

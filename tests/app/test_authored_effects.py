"""What authors could not express before: features and topics with effects, topics said
only while a condition holds, and secret exits that are not mentioned until they open —
played through the offline referee as a player reaches them."""

from __future__ import annotations

import asyncio
import copy
import tomllib
from typing import Any

import pytest
from pydantic import ValidationError

from app.actions import args as a
from app.actions.campaign_tools import move_tool
from app.actions.registry import ToolError
from app.session.runner import run_lines
from app.session.setup import start_session
from app.world import view
from app.world.campaign import Campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.newgame import new_game
from app.world.validate import unused_problems, validate_campaign

RAW = tomllib.loads((CAMPAIGNS_DIR / "crossroads" / "campaign.toml").read_text("utf-8"))


def story_with(change: Any) -> Campaign:
    data = copy.deepcopy(RAW)
    change(data)
    return Campaign.model_validate(data)


def play(story: Campaign, *lines: str) -> tuple[Any, list[str]]:
    session = start_session(story, 3)
    result = asyncio.run(run_lines(session, lines))
    assert not result.errors, result.errors
    return session.state, result.transcript


def _hearth_effects(data: dict[str, Any]) -> None:
    data["scenes"]["inn"]["features"]["hearth"]["effects"] = {
        "text": "Behind the poker, wrapped in a rag: a small brass key.",
        "set_flags": {"found_poker_key": True},
    }
    data["triggers"].append({"id": "note_key", "when": {"flag": "found_poker_key"},
                             "effects": {"text": ""}})  # fmt: skip


def test_examining_a_feature_applies_its_effects_once() -> None:
    story = story_with(_hearth_effects)
    state, told = play(story, "Mira: look at the hearth", "Mira: examine the fireplace")
    assert state.flags.get("found_poker_key") is True
    assert sum("small brass key" in line for line in told) == 1, told
    assert "fired.examined.inn.hearth" in state.truth.index
    assert any("found_poker_key" in line for line in told)


def test_a_feature_effect_in_another_scene_is_not_set_off_here() -> None:
    story = story_with(_hearth_effects)
    state, _ = play(story, "Mira: look at the trapdoor")
    assert "found_poker_key" not in state.flags


def _berta_topics(data: dict[str, Any]) -> None:
    topics = data["npcs"]["berta"]["topics"]
    topics["key"] = {
        "text": "'Here — the spare. Bring him back.'",
        "effects": {"give_items": ["silver_key"], "shift": {"trust.berta": 1}},
    }
    topics["secret"] = {"text": "'The flagstone. Don't tell a soul.'",
                        "when": {"flag": "met_tam"}}  # fmt: skip
    data["items"]["silver_key"] = {"name": "silver key", "description": "A spare key."}


def test_a_topic_with_effects_hands_over_an_item_once() -> None:
    story = story_with(_berta_topics)
    state, told = play(story, "Mira: talk to Berta", "Mira: ask Berta about the key",
                       "Mira: ask berta about the key again")  # fmt: skip
    assert state.has_item("silver_key")
    assert state.fired_triggers.get("asked.berta.key") == 1
    assert sum("gets silver key" in line for line in told) == 1, told  # told twice, given once
    assert any("gets silver key (Berta, asked about key)" in line for line in told), told


def test_a_topic_with_a_condition_is_not_told_or_offered_before_it_holds() -> None:
    story = story_with(_berta_topics)
    state = new_game(story, seed=3)
    assert "secret" not in view.npc_view(state, story, "berta").topics
    state.flags["met_tam"] = True
    assert view.npc_view(state, story, "berta").topics["secret"].text.startswith("'The flag")


def test_a_variant_rewords_a_topic_and_keeps_its_effects() -> None:
    def change(data: dict[str, Any]) -> None:
        _berta_topics(data)
        data["npcs"]["berta"]["variants"].insert(
            0, {"when": {"flag": "grumpy"}, "topics": {"key": "'Fine. Take it.'"}}
        )

    story = story_with(change)
    state = new_game(story, seed=3)
    state.flags["grumpy"] = True
    topic = view.npc_view(state, story, "berta").topics["key"]
    assert topic.text == "'Fine. Take it.'" and topic.effects is not None


def test_topic_and_feature_effects_are_checked_like_any_other() -> None:
    def change(data: dict[str, Any]) -> None:
        data["npcs"]["berta"]["topics"]["key"] = {"text": "x", "effects": {"move_to": "attic"}}
        data["scenes"]["inn"]["features"]["hearth"]["effects"] = {"give_items": ["poker"]}

    found = [str(p) for p in validate_campaign(story_with(change))]
    assert any("npcs.berta.topics.key.effects" in p and "attic" in p for p in found), found
    assert any("features.hearth.effects" in p and "poker" in p for p in found), found


def test_a_flag_set_only_by_a_feature_opens_a_way_for_the_validator() -> None:
    def change(data: dict[str, Any]) -> None:
        _hearth_effects(data)
        data["scenes"]["inn"]["exits"][0]["requires_flag"] = "found_poker_key"

    story = story_with(change)
    assert not [p for p in validate_campaign(story) if "unreachable" in str(p)]
    assert not [p for p in unused_problems(story) if "found_poker_key" in str(p)]


def test_asked_names_a_real_topic() -> None:
    def change(data: dict[str, Any]) -> None:
        data["triggers"].append({"id": "asked_it", "when": {"happened": "asked.berta.keyy"},
                                 "effects": {"text": "x"}})  # fmt: skip

    found = [str(p) for p in validate_campaign(story_with(change))]
    assert any("keyy" in p and "did you mean 'key'" in p for p in found), found


def _secret_door(data: dict[str, Any]) -> None:
    data["scenes"]["inn"]["exits"].append(
        {
            "to": "chief_hall",
            "name": "hidden passage",
            "aliases": ["passage"],
            "hidden": True,
            "when": {"flag": "passage_found"},
            "locked_text": "A draught from the wall.",
        }
    )
    data["scenes"]["inn"]["features"]["hearth"]["effects"] = {
        "text": "The back of the hearth swings inward: a passage!",
        "set_flags": {"passage_found": True},
    }


def test_a_hidden_exit_is_not_mentioned_or_usable_until_it_opens() -> None:
    story = story_with(_secret_door)
    state = new_game(story, seed=3)
    assert "hidden passage" not in [w.name for w in view.exits_here(state, story)]
    assert "hidden passage" in [w.name for w in view.exits_here(state, story, secret=True)]
    with pytest.raises(ToolError, match="hidden and shut"):
        move_tool(a.MoveSceneArgs(scene_id="chief_hall", reason="sneak"), state)


def test_a_hidden_exit_found_by_examining_is_taken_by_its_name() -> None:
    story = story_with(_secret_door)
    state, told = play(story, "Mira: go through the hidden passage")
    assert state.scene.id == "inn" and not any("draught" in t.lower() for t in told), told
    state, told = play(story, "Mira: search the hearth", "Mira: go through the hidden passage")
    assert state.scene.id == "chief_hall", told


def test_a_hidden_exit_without_a_lock_is_refused() -> None:
    def change(data: dict[str, Any]) -> None:
        data["scenes"]["inn"]["exits"].append({"to": "old_road", "name": "x", "hidden": True})

    with pytest.raises(ValidationError, match="hidden exit needs requires_flag or when"):
        story_with(change)


def test_an_effect_can_end_the_fight_in_peace_nobody_beaten() -> None:
    """``end_encounter``: the Grey Sister laid to rest by her name mid-fight stands down —
    the fight is over, the way up is open, and she is not counted as beaten. With no fight
    on, the effect does nothing."""
    from app.session.setup import session_for
    from tests.app.referee_lines import play as type_line
    from tests.referee_corpus import Situation, build_situation

    chapel = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "cass",
              "flags": {"knows_truth": True}}  # fmt: skip
    session = session_for(build_situation(Situation.model_validate(chapel)))
    line = "Sister Maelis, rest now. Wendel remembers you, and he is sorry. Your watch is over."
    asyncio.run(type_line(session, "cass", line))
    state = session.state
    assert state.encounter is None and state.flags.get("warden_calmed") is True
    assert "warden" not in state.defeated
    assert "belfry" in {e.to for e in view.exits_here(state, state.campaign)}
    assert "cannot do that" not in state.history[-1].narrative  # (no fight's tools for talk)
    calm = story_with(lambda d: d["challenges"]["trapdoor_lock"]["success"].update(
        end_encounter=True))  # fmt: skip
    quiet, _ = play(calm, "Mira: pick the lock")  # no fight on: nothing to end
    assert quiet.encounter is None

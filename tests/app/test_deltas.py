"""What the DM is told each turn: grouped deltas with empty groups left out, one line when
nothing moved, what triggers did reaching the next context, a fight in full on the first
turn, and the deltas kept for the retry when a turn fails."""

from __future__ import annotations

import json
from typing import Any, get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.actions.args import GetEncounterArgs
from app.actions.encounter_view import encounter_view
from app.actions.turn_tools import get_encounter_tool
from app.dm.context import ContextBuilder
from app.dm.deltas import MOST_SHOWN, NO_CHANGES, build_deltas
from app.dm.scripted import ScriptedBrain
from app.session import seating
from app.session.session import GameSession
from app.world.campaign import TriggerSpec
from app.world.campaignfile import load_campaign
from app.world.challengespec import Effects
from app.world.folders import CAMPAIGNS_DIR
from app.world.newgame import new_game
from app.world.recording import ChangeKind
from app.world.sandbox import sandbox_state
from app.world.when import Fact
from tests.app.conftest import call, make_session, turn
from tests.app.test_positions import cellar, run


def crossroads(replies: list[dict[str, Any]], seed: int = 3) -> GameSession:
    campaign = load_campaign(CAMPAIGNS_DIR / "crossroads")
    return GameSession(new_game(campaign, seed=seed), ScriptedBrain(replies))


def test_nothing_changed_is_one_line_and_has_changes_false() -> None:
    deltas = build_deltas(sandbox_state())
    assert not deltas.has_changes
    assert deltas.render() == NO_CHANGES == "No changes to game state since your last turn."
    assert deltas.as_dict() == {"has_changes": False, "message": NO_CHANGES}


def test_only_groups_with_changes_appear_and_rolls_keep_their_numbers() -> None:
    state = sandbox_state(seed=4)
    run(state, "roll_dice", rolls=[{"formula": "2d6+1", "flavor": "falling rocks"}])
    run(state, "damage", target_id="thorin", amount="5", damage_type="bludgeoning",
        reason="rocks")  # fmt: skip
    found = build_deltas(state).as_dict()
    assert set(found) == {"new_dice_rolls", "hit_points", "has_changes"}
    assert found["has_changes"] is True
    (rolled,) = found["new_dice_rolls"]
    assert rolled["formula"] == "2d6+1" and rolled["why"] == "falling rocks"
    assert 3 <= rolled["result"] <= 13
    (hurt,) = found["hit_points"]
    max_hp = state.party["thorin"].vitals.max_hp
    assert hurt["who"] == "thorin"
    assert hurt["before"].startswith(f"{max_hp}/{max_hp}")
    assert hurt["after"].startswith(f"{max_hp - 5}/{max_hp}")
    text = build_deltas(state).render()
    assert text.startswith("Changes since your last turn:\n- Rolls: falling rocks: ")
    assert "Conditions" not in text and "Items" not in text  # empty groups are left out


async def test_what_a_trigger_did_reaches_the_dm_before_it_narrates() -> None:
    session = crossroads(
        [{"tool_calls": [call("move_scene", scene_id="old_road", reason="out")]},
         {"text": "The road is muddy."}, {"text": "You follow the tracks."}]
    )  # fmt: skip
    await turn(session, ("mira", "I go outside"))
    assert session.state.fired_triggers == {"road_hint": 1}
    # The trigger fired on the DM's move, before it narrated: it read it in the tool result.
    result = json.loads(session.brain.requests[1][0][-1]["content"])  # type: ignore[attr-defined]
    assert result["scene_id"] == "old_road"
    assert any("road_hint" in line for line in result["world"])
    await turn(session, ("mira", "I look at the tracks"))
    told = session.brain.requests[-1][0][-1]["content"]  # type: ignore[attr-defined]
    assert "road_hint" not in told  # it was told already: not again
    assert "move" not in told.split("Players' actions")[0].lower()  # its own move: not again
    assert session.state.changes == []  # told now: not again on the turn after


async def test_a_failed_turn_keeps_the_deltas_for_the_retry() -> None:
    session = make_session(
        [{"text": "Quiet."}, {"error": "connection dropped"}, {"text": "Better."}]
    )
    await turn(session, ("thorin", "I wait"))
    session.state.record("hp", "Thorin drinks a potion between turns", who="thorin")
    failed = await turn(session, ("thorin", "I stretch"))
    assert failed[-1].type == "error"
    assert [c.text for c in session.state.changes] == ["Thorin drinks a potion between turns"]
    retried = [e async for e in session.process()]
    assert retried[-1].type == "turn_end"
    assert "- HP: Thorin drinks a potion" in session.last_messages[-1]["content"]
    assert session.state.changes == []


def test_the_first_turn_shows_a_fight_in_progress_in_full() -> None:
    state = cellar()
    run(state, "set_condition", target_id="giant-rat-1", condition="prone", reason="trip")
    rat = state.creatures["giant-rat-2"]
    rat.left = "fled"
    messages = ContextBuilder().build(state, [], briefed=False, mode="combat")
    overview = messages[-1]["content"]
    fight = encounter_view(state)
    assert fight is not None
    assert fight.render() in overview
    assert "A fight is on" not in overview
    up = state.encounter.current  # type: ignore[union-attr]
    assert f"round 1 — {up.name}'s turn" in overview
    thorin = state.party["thorin"]
    assert (
        f"thorin: Thorin (party), HP {thorin.vitals.hp}/{thorin.vitals.max_hp}; "
        f"AC {thorin.armor_class}; near" in overview
    )
    assert "▶ 15 giant-rat-1: Giant Rat 1 (foes), HP 7/7; AC 12; near; prone" in overview
    assert "giant-rat-2: Giant Rat 2 (foes), HP 7/7; AC 12; FLED\n" in overview
    # the tool says the same, from the same view
    result = get_encounter_tool(GetEncounterArgs(), state).result
    assert result == {"in_combat": True, **fight.model_dump(exclude_defaults=True)}
    rat_row = next(c for c in result["order"] if c["id"] == "giant-rat-1")
    assert rat_row["conditions"] == ["prone"] and rat_row["side"] == "foes"


def test_a_fight_that_started_since_the_dm_spoke_comes_in_full_with_the_deltas() -> None:
    state = cellar()  # the party walked into the cellar and the rats came out
    text = ContextBuilder().build(state, [], briefed=True, mode="combat")[-1]["content"]
    assert text.startswith("Changes since your last turn:")
    assert "- Encounter started: combat starts" in text
    fight = encounter_view(state)
    assert fight is not None and fight.render() in text
    assert "Exits:" not in text and "Carried:" not in text  # deltas only, never the overview
    assert build_deltas(state).as_dict()["encounter"]["round"] == 1


async def test_a_repeatable_trigger_armed_again_and_its_firing_are_told() -> None:
    session = crossroads([{"text": "."}] * 5)
    campaign = session.state.campaign
    assert campaign is not None
    campaign.triggers.append(
        TriggerSpec(id="bell", when=Fact(flag="bell_rung"), once=False,
                    effects=Effects(text="The bell tolls."))
    )  # fmt: skip
    await turn(session, ("mira", "I look for a bell"))
    session.state.flags["bell_rung"] = True
    await turn(session, ("mira", "I ring the bell"))
    session.state.flags["bell_rung"] = False
    await turn(session, ("mira", "I let go of the rope"))
    session.state.flags["bell_rung"] = True
    await turn(session, ("mira", "I ring it again"))
    await turn(session, ("mira", "I listen"))
    told = [request[0][-1]["content"] for request in session.brain.requests]  # type: ignore[attr-defined]
    # Triggers are checked before the DM is called: it is told in the same turn's context.
    assert "- Triggers fired: bell" in told[1] and "The bell tolls." in told[1]
    assert "- Triggers: trigger bell no longer holds and can fire again" in told[2]
    assert "- Triggers fired: bell (time 2)" in told[3]
    assert "bell" not in told[4]


async def test_players_who_join_or_leave_are_told() -> None:
    session = make_session([{"text": "."}, {"text": "."}])
    await turn(session, ("mira", "I wait"))
    assert seating.join(session, "Cy thorin").ok
    deltas = build_deltas(session.state).as_dict()
    assert deltas["players"] == ["Cy joins and now plays Thorin (was Player's)."]
    assert seating.leave(session, "Cy").ok
    assert len(build_deltas(session.state).players) == 2
    await turn(session, ("mira", "I wave"))
    assert "- Players: Cy joins" in session.last_messages[-1]["content"]


KINDS = list(get_args(ChangeKind))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(KINDS), st.text(min_size=1, max_size=20)), max_size=40))
def test_deltas_have_changes_exactly_when_something_was_recorded(
    recorded: list[tuple[str, str]],
) -> None:
    state = sandbox_state()
    for kind, text in recorded:
        state.record(kind, text)
    deltas = build_deltas(state)
    assert deltas.has_changes == bool(recorded)
    found = deltas.as_dict()
    assert all(value not in ([], None, 0, "") for value in found.values() if value is not False)
    shown = deltas.render()
    assert (shown == NO_CHANGES) == (not recorded)
    lines = sum(len(v) if isinstance(v, list) else 1 for k, v in found.items()
                if k not in ("has_changes", "omitted", "encounter", "message"))  # fmt: skip
    assert lines == min(len(recorded), MOST_SHOWN)


async def test_the_deltas_told_are_written_out_only_when_looked_at(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A turn keeps the deltas its DM call was told; they are written out as data only
    when the prompt inspector asks — and say what that call was told, whatever happened
    since."""
    from app.dm.deltas import Deltas

    written: list[int] = []
    as_dict = Deltas.as_dict
    monkeypatch.setattr(Deltas, "as_dict", lambda self: written.append(1) or as_dict(self))
    session = make_session([{"text": "Quiet."}, {"text": "Still quiet."}])
    await turn(session, ("thorin", "I wait"))
    assert session.last_deltas is None and written == []  # the first call had the overview
    session.state.record("hp", "Thorin drinks a potion between turns", who="thorin")
    await turn(session, ("thorin", "I stretch"))
    assert written == []  # nobody looked
    told = session.last_deltas
    assert told is not None and written == [1]
    assert [m["text"] for m in told["hit_points"]] == ["Thorin drinks a potion between turns"]
    session.state.record("hp", "Thorin trips", who="thorin")  # after the call: not in it
    assert session.last_deltas == told
    session.replace_state(session.state)
    assert session.last_deltas is None

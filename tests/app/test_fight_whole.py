"""The engine keeps a fight whole, whatever brain plays the DM: a fight ends once no foe
fights on (the DM told once, the engine ending it after the turn if the DM does not),
``end_combat`` is refused while foes can still fight, an encounter is never spawned twice,
only creatures here can be marked, the roster shows only the living and present, and a
scene entered into a fight answers with the fight in full."""

from __future__ import annotations

import json

from pydantic import SecretStr

from app.actions import args as a
from app.actions import world_tools as wt
from app.actions.calls import ToolCall
from app.actions.fight_tools import finish_fight
from app.actions.sets import ALL_TOOLS
from app.dm.config import DMConfig
from app.dm.context import roster
from app.dm.openai_brain import OpenAIBrain
from app.dm.scripted import ScriptedBrain
from app.session.session import GameSession
from app.session.setup import start_session
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.sandbox import sandbox_state
from app.world.state import GameState
from rules.damage import LifeState
from tests.app.conftest import call, of_type, turn
from tests.app.fake_openai import FakeOpenAI, Reply

CAMPAIGN = load_campaign(CAMPAIGNS_DIR / "crossroads")
RATS = ["giant-rat-1", "giant-rat-2", "giant-rat-3"]


def run(state: GameState, name: str, **arguments: object) -> dict:
    return ALL_TOOLS.execute(ToolCall("t", name, json.dumps(arguments)), state).result


def cellar(seed: int = 3) -> tuple[GameState, dict]:
    """The party goes down into the cellar, where three giant rats start a fight."""
    state = start_session(CAMPAIGN, seed).state
    state.flags["trapdoor_open"] = True
    entered = run(state, "move_scene", scene_id="cellar", reason="down the stairs")
    assert state.encounter is not None
    return state, entered


def kill(state: GameState, cid: str) -> None:
    creature = state.creatures[cid]
    creature.vitals = creature.vitals.model_copy(update={"hp": 0, "state": LifeState.DEAD})


def fled_upstairs(state: GameState) -> None:
    """The party runs from the cellar fight, up into the inn."""
    finish_fight(state, "the party escapes")
    wt.move_scene_tool(a.MoveSceneArgs(scene_id="inn", reason="up the stairs"), state)


def turn_of(state: GameState, cid: str) -> None:
    assert state.encounter is not None
    state.encounter.turn_index = next(i for i, c in enumerate(state.encounter.order) if c.id == cid)


# -- a scene entered into a fight --------------------------------------------------------------


def test_entering_a_scene_that_starts_a_fight_answers_with_the_fight_in_full() -> None:
    state, entered = cellar()
    fight = entered["encounter"]
    assert entered["combat"] is True and fight["current"] == state.encounter.current.id
    assert [c["id"] for c in fight["order"]] == [c.id for c in state.encounter.order]
    rat = next(c for c in fight["order"] if c["id"] == "giant-rat-1")
    assert (rat["hp"], rat["max_hp"], rat["ac"], rat["side"]) == (7, 7, 12, "foes")
    assert all("initiative" in c for c in fight["order"])


# -- end_combat --------------------------------------------------------------------------------


def test_end_combat_is_refused_while_a_foe_stands_and_allowed_once_none_fights_on() -> None:
    state, _ = cellar()
    kill(state, "giant-rat-1")
    refused = run(state, "end_combat", reason="enough")["error"]
    assert "Giant Rat 2 (giant-rat-2, HP 7/7)" in refused and "Giant Rat 1" not in refused
    assert '"surrender" or "flee"' in refused and state.encounter is not None
    state.creatures["giant-rat-2"].left = "surrendered"
    state.creatures["giant-rat-3"].left = "fled"
    ended = run(state, "end_combat", reason="the rats are beaten")
    assert ended["ended"] and state.encounter is None


# -- an encounter is never spawned twice -------------------------------------------------------


def test_an_encounter_started_again_goes_on_with_its_survivors_brought_here() -> None:
    state, _ = cellar()
    kill(state, "giant-rat-1")
    fled_upstairs(state)
    again = run(state, "start_combat", encounter="cellar_rats", reason="the rats follow")
    assert again["resumed"] == ["giant-rat-2", "giant-rat-3"]
    assert again["came_from"] == {"giant-rat-2": "cellar", "giant-rat-3": "cellar"}
    assert sorted(state.creatures) == RATS  # no second copy of the rats
    foes = [c.id for c in state.encounter.order if c.side == "foes"]
    assert sorted(foes) == ["giant-rat-2", "giant-rat-3"]
    assert all(state.creatures[r].scene == "inn" for r in foes)


def test_an_encounter_already_beaten_is_not_started_again() -> None:
    state, _ = cellar()
    for rat in RATS[:2]:
        kill(state, rat)
    state.creatures["giant-rat-3"].left = "surrendered"
    finish_fight(state, "won")
    refused = run(state, "start_combat", encounter="cellar_rats", reason="more rats")["error"]
    assert refused.startswith("encounter 'cellar_rats' is already defeated (Giant Rat 1 dead,")
    assert "Giant Rat 3 surrendered" in refused
    assert state.encounter is None and sorted(state.creatures) == RATS


def test_a_scene_whose_encounter_was_beaten_elsewhere_starts_no_second_fight() -> None:
    state = start_session(CAMPAIGN, 3).state
    run(state, "start_combat", encounter="cellar_rats", reason="the rats come up")
    for rat in RATS:
        kill(state, rat)
    assert run(state, "end_combat", reason="won")["ended"]
    state.flags["trapdoor_open"] = True
    entered = run(state, "move_scene", scene_id="cellar", reason="down the stairs")
    assert entered["scene_id"] == "cellar" and entered["combat"] is False
    assert state.encounter is None and sorted(state.creatures) == RATS


# -- only creatures here can be marked ---------------------------------------------------------


def test_a_creature_in_another_scene_cannot_be_attacked_damaged_or_conditioned() -> None:
    state, _ = cellar()
    fled_upstairs(state)
    where = (
        "Giant Rat 2 (giant-rat-2) is in The Inn Cellar (cellar), not here in The Crossroads Inn"
    )
    attack = run(state, "attack", attacker_id="thorin", target_id="giant-rat-2")
    damage = run(state, "damage", target_id="giant-rat-2", amount=5, damage_type="fire",
                 reason="a thrown torch")  # fmt: skip
    prone = run(state, "set_condition", target_id="giant-rat-2", condition="prone", reason="x")
    spell = run(
        state, "cast_spell", caster_id="aria", spell="fire_bolt", target_ids=["giant-rat-2"]
    )
    for result in (attack, damage, prone, spell):
        assert where in result["error"], result
    assert state.creatures["giant-rat-2"].vitals.hp == 7


def test_in_a_fight_only_those_still_in_it_can_be_marked() -> None:
    state = sandbox_state(seed=4)
    run(state, "start_combat", reason="rats", monsters=[{"monster": "giant_rat", "count": 2}])
    state.creatures["giant-rat-2"].left = "fled"
    turn_of(state, "thorin")
    gone = run(state, "attack", attacker_id="thorin", target_id="giant-rat-2")["error"]
    assert gone == "Giant Rat 2 (giant-rat-2) fled the fight and is gone"
    assert "error" not in run(state, "attack", attacker_id="thorin", target_id="giant-rat-1")


# -- the roster --------------------------------------------------------------------------------


def test_the_roster_shows_only_the_living_and_present() -> None:
    state, _ = cellar()
    kill(state, "giant-rat-1")
    shown = roster(state)
    assert "- giant-rat-2: Giant Rat 2, HP 7/7, AC 12" in shown
    assert "giant-rat-1:" not in shown and "Dead here (not targets): Giant Rat 1" in shown
    fled_upstairs(state)
    upstairs = roster(state)
    assert "Giant Rat" not in upstairs and "Creatures present" not in upstairs


# -- the fight ends by itself, on the AI DM's path ---------------------------------------------


def rat_fight(seed: int = 4) -> GameState:
    """The sandbox party against one giant rat, on Thorin's turn."""
    state = sandbox_state(seed=seed)
    run(state, "start_combat", reason="a rat", monsters=[{"monster": "giant_rat"}])
    turn_of(state, "thorin")
    return state


async def test_a_dm_that_never_ends_a_won_fight_is_told_once_and_the_engine_ends_it() -> None:
    state = rat_fight()
    blow = call("damage", target_id="giant-rat-1", amount=40, damage_type="slashing",
                reason="Thorin's axe")  # fmt: skip
    look = call("get_encounter")
    brain = ScriptedBrain([{"tool_calls": [blow]}, {"tool_calls": [look]},
                           {"text": "The rat goes limp."}])  # fmt: skip
    session = GameSession(state, brain)
    events = await turn(session, ("thorin", "I cut the rat down"))
    told = json.loads(brain.requests[1][0][-1]["content"])
    assert told["world"][-1].startswith("The fight is over (no foe can fight on: Giant Rat dead)")
    assert "world" not in json.loads(brain.requests[2][0][-1]["content"])  # told once
    assert session.state.encounter is None and session.mode == "exploration"
    ended = of_type(events, "state_transition")
    assert ended[-1].to == "exploration" and "Giant Rat dead" in ended[-1].reason
    assert events[-1].type == "turn_end"


async def test_a_fight_already_over_is_named_in_the_dms_instruction() -> None:
    state = rat_fight()
    kill(state, "giant-rat-1")
    brain = ScriptedBrain([{"tool_calls": [call("end_combat", reason="the rat is dead")]},
                           {"text": "Silence."}])  # fmt: skip
    session = GameSession(state, brain)
    await turn(session, ("thorin", "I look around"))
    asked = brain.requests[0][0][-1]["content"]
    assert "The fight is over (no foe can fight on: Giant Rat dead)" in asked
    assert "call end_combat" in asked and session.state.encounter is None


async def test_end_combat_with_the_foe_standing_is_refused_over_http() -> None:
    """An AI DM on a real OpenAI-compatible server ends a fight whose rat still stands: the
    refusal comes back as the call's tool result, and the fight goes on."""
    script = [
        Reply(text="Thorin lowers his axe.", tool_calls=[("end_combat", '{"reason": "enough"}')]),
        Reply(text="The rat bares its teeth and comes on."),
    ]
    with FakeOpenAI(script) as server:
        config = DMConfig(model="fake-model", base_url=server.base_url, api_key=SecretStr("k"),
                          timeout=5, max_retries=1)  # fmt: skip
        session = GameSession(rat_fight(), OpenAIBrain(config))
        events = await turn(session, ("thorin", "I tell the rat the fight is over"))
    assert server.rejections == [] and events[-1].type == "turn_end"
    answer = server.requests[1]["messages"][-1]
    assert answer["role"] == "tool" and answer["tool_call_id"] == "call_0"
    refused = json.loads(answer["content"])["error"]
    assert refused.startswith("the fight is not over: Giant Rat (giant-rat-1, HP 7/7)")
    assert session.state.encounter is not None and session.mode == "combat"

"""What an adversary found authored effects and a careless DM could do to a game: a heal or
a condition a trigger gives landed on a dead first member and failed every turn (the party
could never enter the scene); exhaustion past its last level did the same; an outcome
that ends a fight and moves the party moved first, was refused, and left its flags set
with nobody moved; and the tools a DM calls outside a fight let the dead and the senseless
pick locks, talk, give things away and roll saves."""

from __future__ import annotations

import json

import pytest

from app.actions.calls import ToolCall
from app.actions.campaign_tools import apply_effects, start_encounter
from app.actions.sets import ALL_TOOLS
from app.world.challengespec import Effects
from app.world.state import GameState
from rules.conditions import Condition
from rules.damage import LifeState
from tests.referee_corpus import Situation, build_situation


def inn() -> GameState:
    return build_situation(Situation(campaign="crossroads", scene="inn", met=["berta"]))


def dead(state: GameState, cid: str) -> None:
    vitals = state.party[cid].vitals
    state.party[cid].vitals = vitals.model_copy(update={"hp": 0, "state": LifeState.DEAD})


def run(state: GameState, name: str, **arguments: object) -> dict:
    call = ToolCall("t", name, json.dumps(arguments))
    return ALL_TOOLS.execute(call, state).result


def test_a_heal_or_a_condition_lands_on_one_alive() -> None:
    state = inn()
    first = next(iter(state.party))
    dead(state, first)
    for cid in state.party:
        state.party[cid].vitals = state.party[cid].vitals.model_copy(update={"hp": 1})
    dead(state, first)
    apply_effects(state, Effects(heal="1d4"), None, "a warm spring")  # no error
    healed = [c for c, s in state.party.items() if c != first and s.vitals.hp > 1]
    assert len(healed) == 1
    apply_effects(state, Effects(condition=Condition.POISONED), None, "bad water")
    poisoned = [c for c, s in state.party.items()
                if any(a.condition is Condition.POISONED for a in s.conditions)]  # fmt: skip
    assert poisoned and first not in poisoned


def test_exhaustion_past_its_last_level_is_left_undone_not_an_error() -> None:
    state = inn()
    for _ in range(8):  # six levels kill; the rest fall on whoever is left, or on nobody
        apply_effects(state, Effects(condition=Condition.EXHAUSTION), None, "the cold")


def test_an_outcome_that_ends_the_fight_and_moves_the_party_does_both() -> None:
    state = build_situation(Situation(campaign="crossroads", scene="cellar",
                                      flags={"trapdoor_open": True}))  # fmt: skip
    start_encounter(state, "cellar_rats")
    assert state.encounter is not None
    apply_effects(state, Effects(end_encounter=True, move_to="inn"), None, "up the rope")
    assert state.encounter is None and state.scene.id == "inn"


@pytest.mark.parametrize(
    ("tool", "arguments"),
    [
        ("attempt_challenge", {"challenge_id": "trapdoor_lock", "character_id": "mira"}),
        ("talk_to", {"npc_id": "berta", "character_id": "mira"}),
        (
            "present_item",
            {
                "character_id": "thorin",
                "item": "healing potion",
                "npc_id": "berta",
                "action": "give",
            },
        ),
        (
            "request_saving_throw",
            {"character_id": "thorin", "ability": "dex", "dc": 12, "reason": "a falling beam"},
        ),
        (
            "request_group_check",
            {"character_ids": ["thorin", "mira"], "skill": "stealth", "dc": 10, "reason": "sneak"},
        ),
    ],
)
def test_the_dead_and_the_senseless_do_nothing_a_dm_asks(tool: str, arguments: dict) -> None:
    state = inn()
    dead(state, "thorin")
    mira = state.party["mira"]
    mira.vitals = mira.vitals.model_copy(update={"hp": 0, "state": LifeState.STABLE})

    def kept() -> tuple[object, ...]:
        return ({c: s.model_dump(mode="json") for c, s in state.party.items()},
                dict(state.flags), dict(state.challenges))  # fmt: skip

    before = kept()
    result = run(state, tool, **arguments)
    assert "error" in result, result
    assert kept() == before  # nothing changed but the note of the refusal

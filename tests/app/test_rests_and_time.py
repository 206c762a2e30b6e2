"""A rest is time passing: an hour (short) or eight (long). What lasts less than that has
run its course by the end — a concentration spell of a minute, an effect counted in
rounds — and one who lay stable at 0 HP and is healed by the rest's hit dice wakes up."""

from __future__ import annotations

import json

from app.actions.calls import ToolCall
from app.actions.sets import ALL_TOOLS
from app.world.state import GameState
from rules.conditions import Condition
from rules.damage import LifeState
from tests.referee_corpus import Situation, build_situation

MILL = {"campaign": "hollow_ford", "scene": "mill_yard"}


def run(state: GameState, name: str, **arguments: object) -> dict[str, object]:
    outcome = ALL_TOOLS.execute(ToolCall("t", name, json.dumps(arguments)), state)
    return dict(outcome.result)


def mill(**extra: object) -> GameState:
    return build_situation(Situation.model_validate({**MILL, **extra}))


def test_bless_does_not_outlast_a_short_rest() -> None:
    state = mill()
    run(state, "cast_spell", caster_id="sela", spell="bless", target_ids=["bram", "ivo"])
    assert state.party["sela"].concentration == "bless"
    assert any(e.id == "bless" for e in state.party["bram"].effects)
    run(state, "rest", kind="short")
    assert state.party["sela"].concentration is None
    assert not any(e.id == "bless" for e in state.party["bram"].effects)


def test_one_stable_at_zero_healed_by_hit_dice_wakes() -> None:
    state = mill(wounds={"ivo": 15})
    ivo = state.party["ivo"]
    ivo.vitals = ivo.vitals.model_copy(update={"state": LifeState.STABLE})
    assert any(c.condition is Condition.UNCONSCIOUS for c in ivo.conditions)
    run(state, "rest", kind="short")
    assert ivo.vitals.hp > 0 and ivo.vitals.state is LifeState.ALIVE
    assert not any(c.condition is Condition.UNCONSCIOUS for c in ivo.conditions)

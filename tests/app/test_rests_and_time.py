"""A rest is time passing: an hour (short) or eight (long). What lasts less than that has
run its course by the end — a concentration spell of a minute, an effect counted in
rounds — and one who lay stable at 0 HP and is healed by the rest's hit dice wakes up."""

from __future__ import annotations

import json

from app.actions.calls import ToolCall
from app.actions.sets import ALL_TOOLS
from app.world.state import GameState
from rules.conditions import ActiveCondition, Condition
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


def test_one_stable_at_zero_comes_to_in_the_night_but_gains_nothing_else() -> None:
    """SRD: a stable creature regains 1 HP after 1d4 hours, and a long rest gives nothing
    to one who began it at 0 hit points; by morning she is on her feet."""
    state = mill(wounds={"ivo": 15})
    ivo = state.party["ivo"]
    ivo.vitals = ivo.vitals.model_copy(update={"state": LifeState.STABLE})
    assert any(c.condition is Condition.PRONE for c in ivo.conditions)
    result = run(state, "rest", kind="long")
    assert (ivo.vitals.hp, ivo.vitals.state) == (1, LifeState.ALIVE)
    assert not ivo.conditions  # neither unconscious nor lying down
    assert [r["hp"] for r in result["rested"] if r["id"] == "ivo"] == [1]  # type: ignore[union-attr]
    assert state.party["bram"].vitals.hp == state.party["bram"].vitals.max_hp  # the rest, whole


def test_one_knocked_flat_stands_up_by_the_rest_s_end() -> None:
    state = mill()
    bram = state.party["bram"]
    bram.conditions.append(ActiveCondition(condition=Condition.PRONE, source="x", note="shoved"))
    run(state, "rest", kind="short")
    assert not any(c.condition is Condition.PRONE for c in bram.conditions)

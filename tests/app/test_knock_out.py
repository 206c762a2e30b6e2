"""A blow meant to subdue: whoever it drops is knocked out — at 0 hit points, unconscious
and stable — not killed; a foe knocked out is out of the fight, and its encounter is won
once every foe is down, dead or gone. Only a melee blow can do it."""

from __future__ import annotations

import json

from app.actions.calls import ToolCall
from app.actions.harm import deal_damage
from app.actions.sets import ALL_TOOLS
from app.referee.referee import OfflineReferee
from app.understanding import understand
from app.world.facts import update_defeated
from app.world.state import GameState
from rules.conditions import Condition
from rules.damage import DamageType, LifeState
from tests.referee_corpus import Situation, build_situation

RATS = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "thorin",
        "flags": {"trapdoor_open": True}}  # fmt: skip


def game() -> GameState:
    return build_situation(Situation.model_validate(RATS))


def test_a_subduing_blow_leaves_the_foe_out_cold_and_stable() -> None:
    state = game()
    hp = state.creatures["giant-rat-1"].vitals.hp
    deal_damage(state, "giant-rat-1", hp + 2, DamageType.BLUDGEONING, knock_out=True)
    rat = state.creatures["giant-rat-1"]
    assert rat.vitals.hp == 0 and rat.vitals.state is LifeState.STABLE
    assert any(c.condition is Condition.UNCONSCIOUS for c in rat.conditions)
    assert "giant-rat-1" not in OfflineReferee._foes(state)


def test_the_fight_is_won_when_the_last_foe_is_knocked_out() -> None:
    state = game()
    for rat in ("giant-rat-1", "giant-rat-2"):
        deal_damage(state, rat, 40, DamageType.PIERCING)
    rat3 = state.creatures["giant-rat-3"]
    deal_damage(state, "giant-rat-3", rat3.vitals.hp, DamageType.BLUDGEONING, knock_out=True)
    assert update_defeated(state) == ["cellar_rats"]


def test_only_a_melee_blow_can_knock_out() -> None:
    state = game()
    args = {"attacker_id": "thorin", "target_id": "giant-rat-1", "weapon": "shortbow",
            "knock_out": True}  # fmt: skip
    if "shortbow" not in state.party["thorin"].weapons:
        args["attacker_id"], args["weapon"] = "mira", "shortbow"
        state = build_situation(Situation.model_validate({**RATS, "turn": "mira"}))
    outcome = ALL_TOOLS.execute(ToolCall("k", "attack", json.dumps(args)), state)
    assert "only a melee blow can knock a creature out" in json.dumps(outcome.result)


def test_knock_him_out_is_read_as_a_blow_to_subdue() -> None:
    state = game()
    for line in ("knock rat 1 out with the pommel", "hit rat 1 but don't kill it"):
        intent = understand(line, "thorin", state, state.campaign)
        assert (intent.kind, intent.targets, intent.extra[:1]) == (
            "improvise",
            ("giant-rat-1",),
            ("knock_out",),
        ), line

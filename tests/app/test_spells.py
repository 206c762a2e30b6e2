"""cast_spell: slots, attack-roll spells, saving-throw spells, darts, sleep, and refusals."""

from __future__ import annotations

import json

from app.actions.calls import ToolCall
from app.actions.campaign_tools import enter_scene
from app.actions.sets import ALL_TOOLS
from app.actions.spell_tools import scaled
from app.session.setup import start_session
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.state import GameState
from rules.positions import scrum

CAMPAIGN = load_campaign(CAMPAIGNS_DIR / "crossroads")


def cellar_fight(seed: int = 3) -> GameState:
    state = start_session(CAMPAIGN, seed).state
    state.flags["trapdoor_open"] = True
    enter_scene(state, "cellar", "test")
    assert state.encounter is not None  # one close melee, in reach of Burning Hands
    scrum(state.encounter.positions, [c.id for c in state.encounter.order])
    state.encounter.turn_index = next(
        i for i, c in enumerate(state.encounter.order) if c.id == "aria"
    )
    return state


def cast(state: GameState, **arguments: object) -> dict:
    outcome = ALL_TOOLS.execute(ToolCall("t", "cast_spell", json.dumps(arguments)), state)
    return {"result": outcome.result, "events": outcome.events}


def test_scaling_helper() -> None:
    assert scaled("1d10", 2) == "2d10"
    assert scaled("8d6", 1, "1d6", 2) == "8d6+2d6"
    assert scaled("1d4+1", 1) == "1d4+1"


def test_attack_spell_rolls_against_ac_and_cantrips_cost_nothing() -> None:
    state = cellar_fight()
    slots = state.party["aria"].spell_slots.model_copy(deep=True)
    out = cast(state, caster_id="aria", spell="fire bolt", target_ids=["giant-rat-1"])
    roll = out["events"][0]
    assert roll.check_type == "attack_roll" and roll.dc == 12
    assert roll.formula.endswith("+ 5")  # proficiency 2 + INT 3
    assert state.party["aria"].spell_slots == slots
    assert "slots_left" not in out["result"]


def test_save_spell_spends_a_slot_and_halves_on_a_success() -> None:
    state = cellar_fight()
    out = cast(
        state, caster_id="aria", spell="burning_hands", target_ids=["giant-rat-1", "giant-rat-2"]
    )
    assert out["result"]["slots_left"] == 3
    rolls = [e for e in out["events"] if e.type == "dice_roll"]
    damage = next(e for e in rolls if e.check_type == "damage")
    assert damage.formula == "3d6"
    saves = [e for e in rolls if e.check_type == "saving_throw"]
    assert [s.dc for s in saves] == [13, 13]  # 8 + 2 + 3


def test_upcast_magic_missile_sends_more_darts() -> None:
    state = cellar_fight()
    targets = ["giant-rat-1"] * 4
    out = cast(state, caster_id="aria", spell="magic missile", target_ids=targets, slot_level=2)
    darts = [e for e in out["events"] if getattr(e, "check_type", "") == "damage"]
    assert 1 <= len(darts) <= 4 and all(d.formula == "1d4 + 1" for d in darts)
    assert state.party["aria"].spell_slots.remaining(2) == 1


def test_sleep_takes_the_weakest_first() -> None:
    state = cellar_fight()
    out = cast(
        state,
        caster_id="aria",
        spell="sleep",
        target_ids=["giant-rat-1", "giant-rat-2", "giant-rat-3"],
    )
    pool = out["events"][0].total
    asleep = [r["target"] for r in out["result"]["results"]]
    assert len(asleep) == min(3, pool // 7)


def test_refusals_change_nothing() -> None:
    state = cellar_fight()
    before = state.party["aria"].spell_slots.model_copy(deep=True)
    assert (
        "does not know"
        in cast(state, caster_id="aria", spell="fireball", target_ids=["giant-rat-1"])["result"][
            "error"
        ]
    )
    assert (
        "no spell called"
        in cast(state, caster_id="aria", spell="wish", target_ids=[])["result"]["error"]
    )
    assert "needs target_ids" in cast(state, caster_id="aria", spell="fire bolt")["result"]["error"]
    state.party["thorin"].spells.append("fire_bolt")
    state.party["thorin"].spellcasting_ability = state.party["aria"].spellcasting_ability
    out_of_turn = cast(state, caster_id="thorin", spell="fire bolt", target_ids=["giant-rat-1"])
    assert "not Thorin's" in out_of_turn["result"]["error"]
    assert state.party["aria"].spell_slots == before
    first = cast(
        state, caster_id="aria", spell="magic missile", target_ids=["giant-rat-3"], slot_level=2
    )
    assert "error" not in first["result"]
    again = cast(state, caster_id="aria", spell="fire bolt", target_ids=["giant-rat-2"])
    assert "no action left" in again["result"]["error"]  # one action a turn
    state.encounter = None  # out of combat the action economy does not apply
    assert (
        "error"
        not in cast(
            state, caster_id="aria", spell="magic missile", target_ids=["giant-rat-1"], slot_level=2
        )["result"]
    )
    empty = cast(
        state, caster_id="aria", spell="magic missile", target_ids=["giant-rat-2"], slot_level=2
    )
    assert "no level-2 spell slot left" in empty["result"]["error"]


def test_concentration_breaks_on_damage_and_on_a_new_concentration_spell() -> None:
    for seed in range(300):
        state = cellar_fight(seed)
        aria = state.party["aria"]
        aria.spells.append("hold_person")
        out = cast(state, caster_id="aria", spell="hold person", target_ids=["thorin"])
        assert aria.concentration == "hold_person"
        rat = state.party["thorin"]  # Hold Person holds only humanoids
        if not any(c.condition.value == "paralyzed" for c in rat.conditions):
            continue  # Thorin saved; try another seed
        hit = ALL_TOOLS.execute(
            ToolCall(
                "d",
                "damage",
                json.dumps(
                    {"target_id": "aria", "amount": "12", "damage_type": "fire", "reason": "test"}
                ),
            ),
            state,
        )
        save = next(e for e in hit.events if getattr(e, "check_type", "") == "concentration")
        assert save.dc == 10 and save.ability == "con"
        if save.success:
            continue
        assert aria.concentration is None
        assert not any(c.condition.value == "paralyzed" for c in rat.conditions)
        assert any(
            "loses concentration on Hold Person" in getattr(e, "description", "")
            for e in hit.events
        )
        break
    else:
        raise AssertionError("no seed gave a held Thorin and a failed concentration save")
    # a new concentration spell ends the old one
    state = cellar_fight(1)
    aria = state.party["aria"]
    aria.spells += ["hold_person", "invisibility"]
    cast(state, caster_id="aria", spell="hold person", target_ids=["thorin"])
    state.encounter = None
    out = cast(state, caster_id="aria", spell="invisibility", target_ids=["aria"])
    assert aria.concentration == "invisibility"
    assert any(
        "loses concentration on Hold Person" in getattr(e, "description", "") for e in out["events"]
    )


def test_a_spell_without_a_save_simply_takes_hold() -> None:
    state = cellar_fight(2)
    state.encounter = None
    state.party["aria"].spells.append("invisibility")
    out = cast(state, caster_id="aria", spell="invisibility", target_ids=["mira"])
    assert [c.condition.value for c in state.party["mira"].conditions] == ["invisible"]
    assert out["result"]["results"] == [{"target": "mira", "conditions": ["invisible"]}]

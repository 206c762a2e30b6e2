"""Gear and conditions where they bend rolls: heavy armour and Stealth, invisibility and
initiative, Shield against a spell attack, Charm Person's hour."""

from __future__ import annotations

import json
from typing import Any

from app.actions.calls import ToolCall
from app.actions.fight_tools import initiative_mode
from app.actions.hooks import ExtraDamage
from app.actions.sets import ALL_TOOLS
from app.actions.striking import setup_attack, strike
from app.world.sandbox import sandbox_state
from rules.conditions import ActiveCondition, Condition
from rules.damage import DamageType
from rules.dice import Advantage
from tests.app.test_rules_in_play import cellar, turn_of


def run(state: Any, name: str, **arguments: object) -> dict[str, Any]:
    outcome = ALL_TOOLS.execute(ToolCall("t", name, json.dumps(arguments)), state)
    return {"result": outcome.result, "events": outcome.events}


def test_srd_armour_with_stealth_disadvantage_gives_disadvantage_on_stealth_checks() -> None:
    state = sandbox_state(seed=2)  # Thorin wears chain mail, Mira leather
    thorin = run(state, "request_ability_check", character_id="thorin", skill="stealth", dc=10,
                 reason="sneak")  # fmt: skip
    mira = run(state, "request_ability_check", character_id="mira", skill="stealth", dc=10,
               reason="sneak")  # fmt: skip
    assert thorin["result"]["advantage"] == "disadvantage"
    assert "advantage" not in mira["result"]
    athletics = run(state, "request_ability_check", character_id="thorin", skill="athletics",
                    dc=10, reason="climb")  # fmt: skip
    assert "advantage" not in athletics["result"]


def test_conditions_that_bend_ability_checks_bend_initiative() -> None:
    """Initiative is a Dexterity check; an unseen creature rolls it with advantage."""
    invisible = [ActiveCondition(condition=Condition.INVISIBLE)]
    poisoned = [ActiveCondition(condition=Condition.POISONED)]
    assert initiative_mode(invisible) is Advantage.ADVANTAGE
    assert initiative_mode(poisoned) is Advantage.DISADVANTAGE
    assert initiative_mode([*invisible, *poisoned]) is Advantage.NORMAL
    assert initiative_mode([], exhaustion=1) is Advantage.DISADVANTAGE


def test_an_invisible_character_rolls_initiative_with_advantage() -> None:
    state = sandbox_state(seed=4)
    state.party["mira"].conditions.append(ActiveCondition(condition=Condition.INVISIBLE))
    out = run(state, "start_combat", reason="rats", monsters=[{"monster": "giant_rat"}])
    rolls = {
        e.character_id: e for e in out["events"] if getattr(e, "check_type", "") == "initiative"
    }
    assert rolls["mira"].advantage == "advantage" and rolls["thorin"].advantage == "normal"


def test_srd_shield_turns_a_spell_attack_into_a_miss() -> None:
    for seed in range(200):
        state = cellar(seed)
        turn_of(state, "giant-rat-1")
        setup = setup_attack(state, "giant-rat-1", "aria", name="Ray of Sickness",
                             kind="spell", ranged=True, bonus=4)  # fmt: skip
        events, result, hit = strike(setup, [ExtraDamage("2d8", DamageType.POISON, "ray")])
        if hit.hit and not hit.critical and hit.total < 17:
            window = next(e for e in events if e.type == "reaction_window")
            assert window.offers[0].kind == "shield" and window.offers[0].accepted
            assert result["outcome"] == "miss" and result["note"] == "Shield"
            return
    raise AssertionError("no spell hit that Shield could turn in 200 seeds")


def test_srd_charm_person_lasts_an_hour_in_play() -> None:
    for seed in range(60):
        state = cellar(seed)
        state.encounter = None
        state.party["aria"].spells.append("charm_person")
        out = run(state, "cast_spell", caster_id="aria", spell="charm_person",
                  target_ids=["thorin"])  # fmt: skip
        if out["result"]["results"][0]["saved"]:
            continue
        charm = state.party["thorin"].conditions[0]
        assert (charm.condition, charm.rounds, charm.source) == (Condition.CHARMED, 600, "aria")
        return
    raise AssertionError("Thorin saved every time")

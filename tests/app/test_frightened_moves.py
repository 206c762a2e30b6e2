"""SRD 5.1, Frightened: the creature can't willingly move closer to the source of its fear —
not by the move tool, not by a melee attack closing in by itself, and not in the offline
referee's plans for a frightened foe."""

from __future__ import annotations

import json
from typing import Any

from app.actions.calls import ToolCall
from app.actions.registry import ToolOutcome
from app.actions.sets import ALL_TOOLS
from app.referee.positioning import foe_plan
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.newgame import new_game
from app.world.state import GameState
from rules.conditions import ActiveCondition, Condition


def call(state: GameState, name: str, **args: Any) -> ToolOutcome:
    return ALL_TOOLS.execute(ToolCall("t", name, json.dumps(args)), state)


def fight() -> tuple[GameState, str]:
    """Thorin near a goblin (nobody engaged), the goblin's turn next to come."""
    state = new_game(load_campaign(CAMPAIGNS_DIR / "crossroads"), seed=1)
    out = call(state, "start_combat", reason="t", monsters=[{"monster": "goblin", "at": "near"}])
    assert out.ok, out.result
    gob = next(iter(state.creatures))
    for spot in state.encounter.positions.values():  # type: ignore[union-attr]
        spot.engaged.clear()
        spot.band = "near"
    return state, gob


def turn_of(state: GameState, cid: str) -> None:
    enc = state.encounter
    assert enc is not None
    enc.turn_index = [c.id for c in enc.order].index(cid)


def frighten(state: GameState, who: str, source: str) -> None:
    """``who`` frightened of ``source`` (as a monster's action or a spell leaves it)."""
    held = state.party[who] if who in state.party else state.creatures[who]
    held.conditions.append(ActiveCondition(condition=Condition.FRIGHTENED, source=source))


def test_a_frightened_character_cannot_close_in_but_may_back_away() -> None:
    state, gob = fight()
    frighten(state, "thorin", gob)
    turn_of(state, "thorin")
    refused = call(state, "move", creature_id="thorin", to="engage", target_id=gob)
    assert not refused.ok and "frightened" in str(refused.result)
    swing = call(state, "attack", attacker_id="thorin", target_id=gob, weapon="longsword")
    assert not swing.ok and "frightened" in str(swing.result)  # no closing in by the attack
    assert call(state, "take_action", creature_id="thorin", action="dash").ok
    assert call(state, "move", creature_id="thorin", to="far").ok
    assert not call(state, "move", creature_id="thorin", to="near").ok  # back toward it


def test_fear_of_one_does_not_hold_back_from_another() -> None:
    state, gob = fight()
    frighten(state, "thorin", "mira")
    turn_of(state, "thorin")
    assert call(state, "move", creature_id="thorin", to="engage", target_id=gob).ok


def test_a_frightened_foe_does_not_close_in_on_its_fear() -> None:
    state, gob = fight()
    turn_of(state, gob)
    plan = foe_plan(state, gob, ["thorin"])
    assert any(step[1].get("to") == "engage" for step in plan.steps)
    frighten(state, gob, "thorin")
    plan = foe_plan(state, gob, ["thorin"])
    assert not any(step[1].get("to") == "engage" for step in plan.steps)

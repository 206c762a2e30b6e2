"""Reaction windows: Shield turning a hit into a miss, opportunity attacks on leaving reach
as ordered sibling subturns, Uncanny Dodge, declined reactions, and reactions returning at
the start of the creature's own turn."""

from __future__ import annotations

import json

from app.actions.calls import ToolCall
from app.actions.campaign_tools import enter_scene
from app.actions.reactions import AskPolicy
from app.actions.sets import ALL_TOOLS
from app.session.setup import start_session
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.state import GameState
from rules.economy import ActionKind
from rules.positions import scrum

CAMPAIGN = load_campaign(CAMPAIGNS_DIR / "crossroads")


def cellar(seed: int) -> GameState:
    state = start_session(CAMPAIGN, seed).state
    state.flags["trapdoor_open"] = True
    enter_scene(state, "cellar", "test")
    assert state.encounter is not None  # one close melee: every rat at everyone's throat
    scrum(state.encounter.positions, [c.id for c in state.encounter.order])
    return state


def run(state: GameState, name: str, **arguments: object) -> dict:
    outcome = ALL_TOOLS.execute(ToolCall("t", name, json.dumps(arguments)), state)
    return {"result": outcome.result, "events": outcome.events}


def turn_of(state: GameState, cid: str) -> None:
    state.encounter.turn_index = next(i for i, c in enumerate(state.encounter.order) if c.id == cid)


def rat_bites_aria(seed: int) -> tuple[GameState, dict]:
    state = cellar(seed)
    turn_of(state, "giant-rat-1")
    return state, run(state, "attack", attacker_id="giant-rat-1", target_id="aria")


def test_shield_turns_a_hit_into_a_miss() -> None:
    for seed in range(200):
        state, out = rat_bites_aria(seed)
        roll = out["events"][0]
        if roll.success and roll.natural != 20 and roll.total < 17:  # a hit Shield can stop
            break
    else:
        raise AssertionError("no suitable hit found")
    windows = [e for e in out["events"] if e.type == "reaction_window"]
    assert len(windows) == 1
    offer = windows[0].offers[0]
    assert (offer.kind, offer.accepted, offer.subturn) == ("shield", True, f"{state.turn}.1")
    assert "Cast Shield?" in offer.prompt and f"{roll.total} against AC 12" in offer.prompt
    assert out["result"]["attacks"][0]["outcome"] == "miss"
    assert state.party["aria"].vitals.hp == 17 and state.party["aria"].spell_slots.remaining(1) == 3
    assert not state.encounter.economy["aria"].available(ActionKind.REACTION)
    # +5 AC holds against the next attack too, and Shield is not offered again
    turn_of(state, "giant-rat-2")
    again = run(state, "attack", attacker_id="giant-rat-2", target_id="aria")
    assert again["events"][0].dc == 17
    assert not [e for e in again["events"] if e.type == "reaction_window"]
    # the reaction comes back, and the shield drops, when Aria's own turn starts
    order = state.encounter.order
    at = next(i for i, c in enumerate(order) if c.id == "aria")
    turn_of(state, order[(at - 1) % len(order)].id)
    run(state, "end_turn")
    assert state.encounter.current.id == "aria"
    assert state.encounter.economy["aria"].available(ActionKind.REACTION)
    assert not [e for e in state.party["aria"].effects if e.id == "shield"]


def test_a_declined_reaction_changes_nothing() -> None:
    for seed in range(200):
        state = cellar(seed)
        state.set_reaction_policy(AskPolicy(lambda player, prompt, helps: False))
        state.players = {"Cy": ["aria"], "Ana": ["mira"], "Ben": ["thorin"]}
        turn_of(state, "giant-rat-1")
        out = run(state, "attack", attacker_id="giant-rat-1", target_id="aria")
        if out["events"][0].success:
            break
    window = next(e for e in out["events"] if e.type == "reaction_window")
    assert [o.accepted for o in window.offers] == [False]
    assert state.party["aria"].vitals.hp < 17 and state.party["aria"].spell_slots.remaining(1) == 4
    assert state.encounter.economy["aria"].available(ActionKind.REACTION)


def test_leaving_reach_provokes_opportunity_attacks_in_initiative_order() -> None:
    state = cellar(4)
    turn_of(state, "thorin")
    out = run(state, "take_action", creature_id="thorin", action="withdraw")
    window = out["events"][0]
    assert window.type == "reaction_window" and window.trigger == "Thorin leaves reach"
    takers = [o for o in window.offers if o.accepted]
    assert {o.reactor_id for o in window.offers} == {"giant-rat-1", "giant-rat-2", "giant-rat-3"}
    order = [c.id for c in state.encounter.order]
    assert [o.reactor_id for o in takers] == sorted((o.reactor_id for o in takers), key=order.index)
    assert [o.subturn for o in takers] == [f"{state.turn}.{i}" for i in range(1, len(takers) + 1)]
    attacks = [e for e in out["events"] if getattr(e, "check_type", "") == "attack_roll"]
    assert len(attacks) == len(takers) and all(
        a.character_id.startswith("giant-rat") for a in attacks
    )
    # no second round of opportunity attacks: their reactions are spent
    again = run(state, "take_action", creature_id="thorin", action="withdraw")
    assert again["events"] == []


def test_disengage_prevents_opportunity_attacks() -> None:
    state = cellar(4)
    turn_of(state, "thorin")
    run(state, "take_action", creature_id="thorin", action="disengage")
    assert run(state, "take_action", creature_id="thorin", action="withdraw")["events"] == []


def test_uncanny_dodge_halves_the_damage() -> None:
    for seed in range(200):
        state = cellar(seed)
        state.party["mira"].features.append("uncanny_dodge")
        turn_of(state, "giant-rat-1")
        out = run(state, "attack", attacker_id="giant-rat-1", target_id="mira")
        if out["events"][0].success:
            break
    damage = next(e for e in out["events"] if getattr(e, "check_type", "") == "damage")
    assert out["result"]["attacks"][0]["damage"] == damage.total // 2
    window = next(e for e in out["events"] if e.type == "reaction_window")
    assert window.offers[0].kind == "uncanny_dodge" and window.offers[0].accepted

"""Surprise, grapple and shove, thrown weapons, two-handed grips and two-weapon fighting,
as tools and as the offline referee understands players asking for them."""

from __future__ import annotations

import json

from app.actions import beings as bg
from app.actions.calls import ToolCall
from app.actions.reactions import has_reaction
from app.actions.sets import ALL_TOOLS
from app.world.sandbox import sandbox_state
from app.world.state import GameState
from rules.conditions import Condition
from rules.damage import LifeState
from tests.app.test_monster_traits import fight, first_seed, turn_of


def run(state: GameState, name: str, **arguments: object) -> dict:
    outcome = ALL_TOOLS.execute(ToolCall("t", name, json.dumps(arguments)), state)
    return {"result": outcome.result, "events": outcome.events}


# -- surprise -------------------------------------------------------------------------------


def test_surprised_foes_lose_their_first_turn_and_their_reactions_until_it_ends() -> None:
    """SRD Surprise: a surprised creature cannot move or take an action on its first turn,
    and cannot take a reaction until that turn ends."""

    def party_first(seed: int) -> bool:
        probe = fight(seed, ("goblin", 2), surprise="foes")
        return probe.encounter is not None and probe.encounter.order[0].side == "party"

    state = fight(first_seed(party_first), ("goblin", 2), surprise="foes")
    assert state.encounter is not None
    goblins = ["goblin-1", "goblin-2"]
    assert all(not has_reaction(state, g) for g in goblins)
    assert state.encounter.current.id in state.party
    turn_of(state, "goblin-1")
    refused = run(state, "attack", attacker_id="goblin-1", target_id="mira")["result"]
    assert "surprised" in refused["error"]
    # round 1 goes by: every goblin's turn is skipped, and afterwards they act as usual
    seen = []
    state.encounter.turn_index = 0
    for _ in range(8):
        out = run(state, "end_turn")["result"]
        seen.append((out["round"], out["current"]))
    first_round = {cid for rnd, cid in seen if rnd == 1}
    assert not first_round & set(goblins)
    assert {cid for rnd, cid in seen if rnd == 2} & set(goblins)
    assert all(has_reaction(state, g) or state.encounter.current.id == g for g in goblins)


def test_a_surprised_party_watches_the_foes_act_first() -> None:
    """Whoever rolled highest, a surprised party's first turns pass: the fight opens on the
    goblin's turn, still in round 1."""
    for seed in range(6):
        state = fight(seed, ("goblin", 1), surprise="party")
        assert state.encounter is not None and state.encounter.current.id == "goblin-1"
        assert state.encounter.round == 1


# -- grapple and shove ----------------------------------------------------------------------


def _contest_won(action: str, actor: str, target: str, monster: str = "goblin"):  # type: ignore[no-untyped-def]
    def check(seed: int) -> bool:
        state = fight(seed, (monster, 1))
        turn_of(state, actor)
        out = run(state, "take_action", creature_id=actor, action=action, target_id=target)
        return bool(out["result"].get("success"))

    return check


def test_a_won_grapple_holds_the_target_at_speed_0_until_it_breaks_free() -> None:
    """SRD Grappling: an Athletics check contested by the target's Athletics or Acrobatics;
    a grappled creature's speed is 0; escaping takes an action and a contest of its own."""
    seed = first_seed(_contest_won("grapple", "thorin", "goblin-1"))
    state = fight(seed, ("goblin", 1))
    turn_of(state, "thorin")
    out = run(state, "take_action", creature_id="thorin", action="grapple", target_id="goblin-1")
    contest = [e for e in out["events"] if getattr(e, "check_type", "") == "contest"]
    thorin, goblin = contest
    assert thorin.skill == "athletics" and goblin.skill == "acrobatics"  # the goblin's better
    assert thorin.total > goblin.total and thorin.success and not goblin.success
    held = next(c for c in state.creatures["goblin-1"].conditions)
    assert held.condition is Condition.GRAPPLED and held.source == "thorin"
    assert bg.speed_of(state, "goblin-1") == 0
    # Thorin's one attack is spent on the grapple
    assert "no action" in run(state, "attack", attacker_id="thorin", target_id="goblin-1")[
        "result"]["error"]  # fmt: skip
    for _ in range(30):
        turn_of(state, "goblin-1")
        out = run(state, "take_action", creature_id="goblin-1", action="escape_grapple")
        if out["result"]["success"]:
            break
    assert not state.creatures["goblin-1"].conditions


def test_a_hold_no_creature_makes_is_broken_with_a_check_against_its_dc() -> None:
    """A grapple whose holder is no creature in the fight (weed, a net, one the story set)
    is escaped with an Athletics or Acrobatics check against its DC (10 when it names none),
    spending the action: never an error that only a DM could act on."""
    from rules.conditions import ActiveCondition

    freed = 0
    for seed in range(20):
        state = fight(seed, ("goblin", 1))
        turn_of(state, "thorin")
        hold = ActiveCondition(condition=Condition.GRAPPLED, source="seaweed", note="weed")
        state.party["thorin"].conditions.append(hold)
        out = run(state, "take_action", creature_id="thorin", action="escape_grapple")
        rolls = [e for e in out["events"] if getattr(e, "dc", None) is not None]
        assert "error" not in out["result"] and rolls[0].dc == 10
        held = Condition.GRAPPLED in {c.condition for c in state.party["thorin"].conditions}
        assert held is not out["result"]["success"]
        freed += out["result"]["success"]
        again = run(state, "take_action", creature_id="thorin", action="escape_grapple")
        assert "error" in again["result"]  # the action is spent (or nothing holds him now)
    assert 0 < freed < 20


def test_a_tie_leaves_things_as_they_were() -> None:
    """SRD contests: if the contest is a tie, the situation stays the same."""
    for seed in range(300):
        state = fight(seed, ("goblin", 1))
        turn_of(state, "thorin")
        out = run(state, "take_action", creature_id="thorin", action="grapple",
                  target_id="goblin-1")  # fmt: skip
        rolls = [e for e in out["events"] if getattr(e, "check_type", "") == "contest"]
        if rolls[0].total == rolls[1].total:
            assert out["result"]["success"] is False and not state.creatures["goblin-1"].conditions
            return
    raise AssertionError("no tie in 300 seeds")


def test_shoving_knocks_prone_or_pushes_back_and_respects_size() -> None:
    """SRD Shoving: a contest like a grapple; on a win the target is knocked prone or pushed
    5 feet away. Neither works on a creature more than one size larger."""
    seed = first_seed(_contest_won("shove_prone", "thorin", "goblin-1"))
    state = fight(seed, ("goblin", 1))
    turn_of(state, "thorin")
    run(state, "take_action", creature_id="thorin", action="shove_prone", target_id="goblin-1")
    assert state.creatures["goblin-1"].conditions[0].condition is Condition.PRONE
    state = fight(seed, ("goblin", 1))
    turn_of(state, "thorin")
    out = run(state, "take_action", creature_id="thorin", action="shove_away", target_id="goblin-1")
    assert out["result"]["success"] and not state.creatures["goblin-1"].conditions
    big = fight(1, ("ogre", 1))
    turn_of(big, "mira")  # a halfling (small) against a large ogre
    refused = run(big, "take_action", creature_id="mira", action="grapple", target_id="ogre-1")
    assert "too big" in refused["result"]["error"]
    assert bg.economy_of(big, "mira").action  # refused before anything was spent
    no_target = run(big, "take_action", creature_id="mira", action="shove_prone")
    assert "target_id" in no_target["result"]["error"]


# -- weapons --------------------------------------------------------------------------------


def test_a_thrown_handaxe_is_a_ranged_str_attack_and_is_picked_up_after_the_fight() -> None:
    """SRD Thrown: a weapon with the thrown property can be thrown for a ranged attack,
    using the same ability modifier as in melee (STR for a handaxe)."""
    state = fight(2, ("goblin", 1))
    turn_of(state, "thorin")
    out = run(state, "attack", attacker_id="thorin", target_id="goblin-1", mode="thrown")
    swing = out["result"]["attacks"][0]
    assert swing["attack"] == "Handaxe (thrown)"
    roll = next(e for e in out["events"] if e.check_type == "attack_roll")
    assert roll.modifier == 5  # STR +3, proficiency +2
    assert "handaxe" not in state.party["thorin"].weapons
    assert state.encounter is not None and state.encounter.thrown == ["thorin:handaxe"]
    turn_of(state, "thorin")
    again = run(state, "attack", attacker_id="thorin", target_id="goblin-1", weapon="handaxe")
    assert "has no 'handaxe'" in again["result"]["error"]
    state.creatures["goblin-1"].left = "surrendered"  # the fight is over: it can be ended
    end = run(state, "end_combat", reason="done")
    assert "handaxe" in state.party["thorin"].weapons
    assert any("picks up the handaxe" in getattr(e, "description", "") for e in end["events"])
    sword = fight(2, ("goblin", 1))
    turn_of(sword, "thorin")
    refused = run(sword, "attack", attacker_id="thorin", target_id="goblin-1",
                  weapon="longsword", mode="thrown")  # fmt: skip
    assert "not made for throwing" in refused["result"]["error"]


def test_a_versatile_longsword_in_both_hands_deals_1d10_but_not_with_a_shield() -> None:
    """SRD Versatile: the longsword deals 1d10 when used with two hands (a shield needs the
    other hand)."""
    state = fight(2, ("goblin", 1))
    turn_of(state, "thorin")
    refused = run(state, "attack", attacker_id="thorin", target_id="goblin-1", mode="two_handed")
    assert "shield" in refused["result"]["error"]
    state.party["thorin"] = state.party["thorin"].model_copy(update={"shield": False})
    seed_state = state

    def hits(seed: int) -> bool:
        probe = fight(seed, ("goblin", 1))
        probe.party["thorin"] = probe.party["thorin"].model_copy(update={"shield": False})
        turn_of(probe, "thorin")
        out = run(probe, "attack", attacker_id="thorin", target_id="goblin-1", mode="two_handed")
        return out["result"]["attacks"][0]["outcome"] == "hit"

    seed_state = fight(first_seed(hits), ("goblin", 1))
    seed_state.party["thorin"] = seed_state.party["thorin"].model_copy(update={"shield": False})
    turn_of(seed_state, "thorin")
    out = run(seed_state, "attack", attacker_id="thorin", target_id="goblin-1", mode="two_handed")
    damage = next(e for e in out["events"] if getattr(e, "check_type", "") == "damage")
    assert damage.formula.replace(" ", "") == "1d10+3"


def _off_hand(seed: int, style: str | None = None) -> dict:
    state = fight(seed, ("bugbear", 1))
    if style:
        state.party["mira"].choices["fighting_style"] = style
    turn_of(state, "mira")
    run(state, "attack", attacker_id="mira", target_id="bugbear-1", weapon="shortsword")
    return run(state, "attack", attacker_id="mira", target_id="bugbear-1", mode="off_hand")


def test_two_weapon_fighting_is_a_bonus_attack_without_the_ability_modifier() -> None:
    """SRD Two-Weapon Fighting: after attacking with a light melee weapon, a bonus action
    attacks with a different light melee weapon in the other hand; its damage adds no
    ability modifier unless it is negative (or the Two-Weapon Fighting style adds it)."""
    seed = first_seed(lambda s: _off_hand(s)["result"]["attacks"][0]["outcome"] == "hit")
    out = _off_hand(seed)
    assert out["result"]["attacks"][0]["attack"] == "Dagger (off hand)"
    damage = next(e for e in out["events"] if getattr(e, "check_type", "") == "damage")
    assert damage.formula == "1d4"
    styled = _off_hand(seed, "two_weapon_fighting")
    damage = next(e for e in styled["events"] if getattr(e, "check_type", "") == "damage")
    assert damage.formula.replace(" ", "") == "1d4+3"
    # not before a light-weapon attack, and only once (it is the bonus action)
    state = fight(seed, ("bugbear", 1))
    turn_of(state, "mira")
    early = run(state, "attack", attacker_id="mira", target_id="bugbear-1", mode="off_hand")
    assert "before attacking" in early["result"]["error"]
    thorin = fight(seed, ("bugbear", 1))
    turn_of(thorin, "thorin")
    run(thorin, "attack", attacker_id="thorin", target_id="bugbear-1", weapon="longsword")
    none = run(thorin, "attack", attacker_id="thorin", target_id="bugbear-1", mode="off_hand")
    assert "light" in none["result"]["error"]


def test_the_mode_is_for_characters_only() -> None:
    state = sandbox_state(seed=1)
    run(state, "start_combat", reason="t", monsters=[{"monster": "goblin", "count": 1}])
    turn_of(state, "goblin-1")
    out = run(state, "attack", attacker_id="goblin-1", target_id="mira", mode="thrown")
    assert "characters" in out["result"]["error"]


def test_a_party_all_fallen_picks_up_no_thrown_weapon() -> None:
    state = fight(2, ("goblin", 1))
    turn_of(state, "thorin")
    run(state, "attack", attacker_id="thorin", target_id="goblin-1", mode="thrown")
    for sheet in state.party.values():
        sheet.vitals = sheet.vitals.model_copy(update={"hp": 0, "state": LifeState.DEAD})
    end = run(state, "end_combat", reason="the party fell")
    assert not any("picks up" in getattr(e, "description", "") for e in end["events"])
    assert "handaxe" not in state.party["thorin"].weapons

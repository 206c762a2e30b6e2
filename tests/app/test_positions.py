"""Where creatures stand, in play: where a fight starts everyone, reach and closing in,
ranged attacks in melee and at long range, spell ranges, cover, opportunity attacks only
from engaged foes, and the move tool."""

from __future__ import annotations

import json
from pathlib import Path

from app.actions.calls import ToolCall
from app.actions.campaign_tools import enter_scene
from app.actions.position_tools import positions_line
from app.actions.sets import ALL_TOOLS, COMBAT_TOOLS
from app.session.setup import start_session
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.state import GameState
from rules.positions import engage, join, take_cover

CAMPAIGN = load_campaign(CAMPAIGNS_DIR / "crossroads")
HOLLOW_FORD = load_campaign(Path(__file__).resolve().parents[1] / "data/campaigns/hollow_ford")


def run(state: GameState, name: str, **arguments: object) -> dict:
    outcome = ALL_TOOLS.execute(ToolCall("t", name, json.dumps(arguments)), state)
    return {"result": outcome.result, "events": outcome.events}


def turn_of(state: GameState, cid: str) -> None:
    assert state.encounter is not None
    state.encounter.turn_index = next(i for i, c in enumerate(state.encounter.order) if c.id == cid)


def cellar(seed: int = 3) -> GameState:
    """Three giant rats in the cellar; the party at the foot of the stairs."""
    state = start_session(CAMPAIGN, seed).state
    state.flags["trapdoor_open"] = True
    enter_scene(state, "cellar", "test")
    assert state.encounter is not None
    return state


def rolls(out: dict) -> list:
    return [e for e in out["events"] if getattr(e, "check_type", "") == "attack_roll"]


def test_a_fight_starts_the_party_near_and_foes_where_they_stand() -> None:
    state = cellar()
    spots = state.encounter.positions
    assert {c.id for c in state.encounter.order} == set(spots)
    assert all(s.band == "near" and not s.engaged for s in spots.values())
    out = run(state, "get_encounter")["result"]
    assert all(c["position"] == "near" for c in out["order"])


def test_an_author_places_a_group_far_behind_a_feature() -> None:
    state = start_session(HOLLOW_FORD, 2).state
    enter_scene(state, "barrow", "test")  # the barrow's dead rise as the party comes in
    spot = state.encounter.positions["skeleton-1"]
    assert (spot.band, spot.cover, spot.behind) == ("far", "half", "stone bier")
    assert "Skeleton 1 far, behind stone bier (half cover)" in positions_line(state)


def test_start_combat_can_put_foes_on_each_party_member() -> None:
    state = cellar()
    for rat in state.creatures.values():  # the rats are beaten: the fight can be ended
        rat.left = "fled"
    assert "ended" in run(state, "end_combat", reason="test")["result"]
    run(state, "start_combat", reason="ambush",
        monsters=[{"monster": "goblin", "count": 2, "at": "engaged"}])  # fmt: skip
    spots = state.encounter.positions
    assert spots["goblin-1"].engaged and spots["goblin-2"].engaged
    assert set(spots["goblin-1"].engaged) != set(spots["goblin-2"].engaged)


def test_a_melee_attack_closes_in_first_and_says_so() -> None:
    """The attack tool engages a target within the attacker's movement (25 ft from near),
    spends that movement, and shows it before the roll."""
    state = cellar()
    turn_of(state, "thorin")
    out = run(state, "attack", attacker_id="thorin", target_id="giant-rat-1")
    assert out["events"][0].type == "state_change"
    assert out["events"][0].description == "Thorin closes with Giant Rat 1 (25 ft)"
    assert out["events"][1].check_type == "attack_roll"
    assert "closed in first (25 ft)" in out["result"]["attacks"][0]["notes"]
    assert state.encounter.economy["thorin"].movement == 25 - 25  # a dwarf walks 25 ft
    assert state.encounter.positions["thorin"].engaged == {"giant-rat-1": 5}


def test_a_melee_attack_out_of_reach_is_refused_before_anything_is_spent() -> None:
    state = cellar()
    turn_of(state, "thorin")
    state.encounter.positions["giant-rat-1"].band = "far"
    refused = run(state, "attack", attacker_id="thorin", target_id="giant-rat-1")["result"]
    assert "closing costs 55 ft and Thorin has 25 ft" in refused["error"]
    assert state.encounter.economy["thorin"].action and not rolls({"events": []})
    engage(state.encounter.positions, "giant-rat-2", "thorin")
    held = run(state, "attack", attacker_id="thorin", target_id="giant-rat-3")["result"]
    assert "engaged with Giant Rat 2: move to Giant Rat 3 first" in held["error"]


def test_a_ranged_attack_with_a_foe_at_arms_length_has_disadvantage() -> None:
    """SRD: a ranged attack roll has disadvantage within 5 ft of a hostile creature who can
    see you and isn't incapacitated."""
    state = cellar()
    turn_of(state, "aria")
    engage(state.encounter.positions, "giant-rat-1", "aria")
    out = run(state, "cast_spell", caster_id="aria", spell="fire_bolt", target_ids=["giant-rat-2"])
    assert rolls(out)[0].advantage == "disadvantage"
    calm = cellar()
    turn_of(calm, "aria")
    out = run(calm, "cast_spell", caster_id="aria", spell="fire_bolt", target_ids=["giant-rat-2"])
    assert rolls(out)[0].advantage == "normal"


def test_beyond_normal_range_disadvantage_and_beyond_a_spells_range_no_cast() -> None:
    """SRD: attacking beyond a weapon's normal range has disadvantage; a spell reaches no
    farther than its range."""
    state = cellar()
    turn_of(state, "mira")
    mira = state.party["mira"]
    state.party["mira"] = mira.model_copy(update={"weapons": ["sling", *mira.weapons]})
    state.encounter.positions["giant-rat-1"].band = "far"
    out = run(state, "attack", attacker_id="mira", target_id="giant-rat-1", weapon="sling")
    assert rolls(out)[0].advantage == "disadvantage"  # 60 ft: the sling's long range
    turn_of(state, "aria")
    state.party["aria"].spells.append("poison_spray")
    refused = run(state, "cast_spell", caster_id="aria", spell="poison_spray",
                  target_ids=["giant-rat-1"])["result"]  # fmt: skip
    assert "out of range of Poison Spray (far, about 60 ft; range 10 ft)" in refused["error"]
    assert state.party["aria"].spell_slots.remaining(1) == 4


def test_burning_hands_reaches_only_those_at_arms_length() -> None:
    state = cellar()
    turn_of(state, "aria")
    refused = run(state, "cast_spell", caster_id="aria", spell="burning_hands",
                  target_ids=["giant-rat-1"])["result"]  # fmt: skip
    assert "out of range of Burning Hands" in refused["error"]
    engage(state.encounter.positions, "giant-rat-1", "aria")
    out = run(state, "cast_spell", caster_id="aria", spell="burning_hands",
              target_ids=["giant-rat-1"])["result"]  # fmt: skip
    assert out["slots_left"] == 3


def test_cover_adds_to_armour_class_and_dexterity_saves_and_total_cover_hides() -> None:
    """SRD: half cover +2 to AC and DEX saves; three-quarters +5; total cover: it cannot be
    targeted directly."""
    state = cellar()
    turn_of(state, "aria")
    spots = state.encounter.positions
    take_cover(spots, "giant-rat-1", "half", "casks")
    out = run(state, "cast_spell", caster_id="aria", spell="fire_bolt", target_ids=["giant-rat-1"])
    assert out["result"]["results"][0]["ac"] == 12 + 2
    assert "half cover behind the casks" in out["result"]["results"][0]["notes"]
    take_cover(spots, "giant-rat-2", "three_quarters", "casks")
    state.encounter.economy.pop("aria")
    out = run(state, "cast_spell", caster_id="aria", spell="fire_bolt", target_ids=["giant-rat-2"])
    assert out["result"]["results"][0]["ac"] == 12 + 5
    take_cover(spots, "giant-rat-3", "total", "wall")
    state.encounter.economy.pop("aria")
    refused = run(state, "cast_spell", caster_id="aria", spell="fire_bolt",
                  target_ids=["giant-rat-3"])["result"]  # fmt: skip
    assert "total cover" in refused["error"]
    # a Dexterity save against the caster gets the cover's +2 (a rat's own DEX save is +2)
    from app.actions.rolling import check_for, roll_event
    from rules.abilities import Ability
    from rules.dice import Advantage

    save = check_for(state, "giant-rat-1", 12, "test", Advantage.NORMAL, ability=Ability.DEX,
                     save=True, source="aria")  # fmt: skip
    assert roll_event(state, "giant-rat-1", save).formula.replace(" ", "") == "1d20+2+2"
    engage(spots, "thorin", "giant-rat-1")  # hand to hand: the casks are not in the way
    plain = check_for(state, "giant-rat-1", 12, "test", Advantage.NORMAL, ability=Ability.DEX,
                      save=True, source="thorin")  # fmt: skip
    assert roll_event(state, "giant-rat-1", plain).formula.replace(" ", "") == "1d20+2"


def test_only_engaged_foes_make_opportunity_attacks() -> None:
    state = cellar(4)
    turn_of(state, "thorin")
    engage(state.encounter.positions, "giant-rat-2", "thorin")
    out = run(state, "move", creature_id="thorin", to="near")
    window = next(e for e in out["events"] if e.type == "reaction_window")
    assert [o.reactor_id for o in window.offers] == ["giant-rat-2"]
    assert out["result"]["left"] == ["giant-rat-2"] and out["result"]["cost_ft"] == 10
    assert state.encounter.positions["thorin"].engaged == {}
    # nobody engaged: stepping further away provokes nothing
    again = run(state, "move", creature_id="thorin", to="far")
    assert not [e for e in again["events"] if e.type == "reaction_window"]


def test_the_words_of_a_step_away_say_what_the_parting_blows_did() -> None:
    """A step out of a foe's reach that draws its blow says so in the move's own words (the
    story tells the move, so a step that cost hit points must say why): the damage of a
    hit, or the miss; a step nobody strikes at says nothing more."""
    told = set()
    for seed in range(12):
        state = cellar(seed)
        turn_of(state, "aria")
        engage(state.encounter.positions, "giant-rat-1", "aria")
        before = state.party["aria"].vitals.hp
        out = run(state, "move", creature_id="aria", to="near")
        lost = before - state.party["aria"].vitals.hp
        text = out["result"]["text"]
        assert text.startswith("Aria steps back out of reach. Giant Rat 1 ")
        if lost:
            assert text.endswith(f"strikes as Aria goes ({lost} damage)")
        else:
            assert text.endswith("lashes out as Aria goes, and misses")
        told.add(bool(lost))
        assert any(getattr(e, "description", "") == text for e in out["events"])
    assert told == {True, False}
    state = cellar()
    turn_of(state, "aria")
    assert run(state, "move", creature_id="aria", to="far")["result"]["text"] == (
        "Aria moves to the edge of the fight"
    )


def test_a_reach_weapon_keeps_its_gap_and_the_short_reached_foe_gets_no_attack() -> None:
    """Reach (10 ft): the glaive stops at 10 ft; leaving a foe with 5-ft reach from there
    provokes nothing, while that foe leaving the glaive's reach does."""
    state = cellar(4)
    turn_of(state, "thorin")
    thorin = state.party["thorin"]
    state.party["thorin"] = thorin.model_copy(update={"weapons": ["glaive", *thorin.weapons]})
    out = run(state, "move", creature_id="thorin", to="engage", target_id="giant-rat-1")
    assert out["result"]["cost_ft"] == 20
    assert state.encounter.positions["thorin"].engaged == {"giant-rat-1": 10}
    away = run(state, "move", creature_id="thorin", to="near")
    assert not [e for e in away["events"] if e.type == "reaction_window"]
    state.encounter.economy.pop("thorin")  # a new turn's movement
    run(state, "move", creature_id="thorin", to="engage", target_id="giant-rat-1")
    turn_of(state, "giant-rat-1")
    rat_leaves = run(state, "move", creature_id="giant-rat-1", to="near")
    window = next(e for e in rat_leaves["events"] if e.type == "reaction_window")
    assert [o.reactor_id for o in window.offers] == ["thorin"]


def test_disengage_lets_a_creature_leave_without_opportunity_attacks() -> None:
    state = cellar(4)
    turn_of(state, "mira")
    join(state.encounter.positions, "giant-rat-1", "mira")
    run(state, "take_action", creature_id="mira", action="disengage")
    out = run(state, "move", creature_id="mira", to="near")
    assert not [e for e in out["events"] if e.type == "reaction_window"]
    assert state.encounter.positions["mira"].engaged == {}


def test_taking_cover_needs_a_feature_that_gives_it() -> None:
    state = cellar()
    turn_of(state, "mira")
    out = run(state, "move", creature_id="mira", to="cover", feature="barrels")
    assert out["result"]["text"] == "Mira takes cover behind the casks (half cover)"
    assert state.encounter.positions["mira"].cover == "half"
    bad = run(state, "move", creature_id="mira", to="cover", feature="flagstone")["result"]
    assert bad["error"] == "the loose flagstone gives no cover; cover: casks"
    none = run(state, "move", creature_id="mira", to="cover", feature="dragon")["result"]
    assert "no 'dragon' here" in none["error"]


def test_the_move_tool_refuses_clearly() -> None:
    state = cellar()
    turn_of(state, "mira")
    cases = [
        ({"creature_id": "thorin", "to": "near"}, "it is Mira's turn"),
        ({"creature_id": "mira", "to": "engage"}, "engage needs the target_id"),
        ({"creature_id": "mira", "to": "near"}, "Mira is already near"),
        ({"creature_id": "mira", "to": "engage", "target_id": "mira"}, "next to itself"),
        ({"creature_id": "mira", "to": "engage", "target_id": "nobody"}, "unknown id 'nobody'"),
    ]
    for args, error in cases:
        assert error in run(state, "move", **args)["result"]["error"]
    state.encounter.positions["giant-rat-1"].band = "far"
    state.encounter.economy["mira"].movement = 30  # a halfling's 25 ft falls short of far
    run(state, "move", creature_id="mira", to="far")
    far = run(state, "move", creature_id="mira", to="near")["result"]
    assert "only 0 ft of movement left" in far["error"] and "dash" in far["error"]
    assert "move" in COMBAT_TOOLS.names


def test_a_touch_spell_needs_the_caster_next_to_its_target() -> None:
    state = cellar()
    turn_of(state, "aria")
    state.party["aria"].spells.append("cure_wounds")
    refused = run(state, "cast_spell", caster_id="aria", spell="cure_wounds",
                  target_ids=["thorin"])["result"]  # fmt: skip
    assert "Cure Wounds needs Aria next to Thorin" in refused["error"]
    step = run(state, "move", creature_id="aria", to="engage", target_id="thorin")["result"]
    assert step["text"] == "Aria moves next to Thorin"
    done = run(state, "cast_spell", caster_id="aria", spell="cure_wounds", target_ids=["thorin"])
    assert "error" not in done["result"]


def test_positions_are_saved_and_a_save_with_a_one_sided_engagement_is_refused(
    tmp_path: Path,
) -> None:
    from app.saves import SaveError, load_save, save_game

    state = cellar()
    spots = state.encounter.positions
    engage(spots, "giant-rat-1", "thorin")
    take_cover(spots, "mira", "half", "casks")
    path = save_game(state, "placed", tmp_path)
    loaded = load_save(path).state
    assert loaded.encounter.positions == spots
    text = path.read_text(encoding="utf-8")
    broken = text.replace("[state.encounter.positions.thorin.engaged]\ngiant-rat-1 = 5\n",
                          "[state.encounter.positions.thorin.engaged]\n", 1)  # fmt: skip
    assert broken != text
    path.write_text(broken, encoding="utf-8")
    try:
        load_save(path)
    except SaveError as error:
        assert "positions.giant-rat-1.engaged: 'thorin' does not stand engaged with" in str(error)
    else:
        raise AssertionError("a one-sided engagement was loaded")


def test_a_move_says_whether_it_steps_out_of_reach_or_comes_closer() -> None:
    state = cellar(4)
    turn_of(state, "thorin")
    engage(state.encounter.positions, "giant-rat-2", "thorin")
    said = [e.description for e in run(state, "move", creature_id="thorin", to="near")["events"]
            if e.type == "state_change"]  # fmt: skip
    assert any(d.startswith("Thorin steps back out of reach. Giant Rat 2 ") for d in said)
    state = cellar(4)
    turn_of(state, "aria")  # an elf walks the 30 ft in from the edge
    state.encounter.positions["aria"].band = "far"
    said = [e.description for e in run(state, "move", creature_id="aria", to="near")["events"]
            if e.type == "state_change"]  # fmt: skip
    assert "Aria comes closer" in said


def test_stepping_up_beside_a_friend_in_a_melee_stands_in_it() -> None:
    """Next to a friend a rat is biting is next to the rat: within reach of a blow at it,
    and no parting blow from a foe both of them stand beside."""
    state = cellar()
    spots = state.encounter.positions
    engage(spots, "aria", "giant-rat-3")
    turn_of(state, "thorin")
    step = run(state, "move", creature_id="thorin", to="engage", target_id="aria")["result"]
    assert step["text"] == "Thorin moves next to Aria"
    assert set(spots["thorin"].engaged) == {"aria", "giant-rat-3"}
    state = cellar()
    spots = state.encounter.positions
    engage(spots, "aria", "giant-rat-3")
    join(spots, "thorin", "giant-rat-3")
    turn_of(state, "thorin")
    step = run(state, "move", creature_id="thorin", to="engage", target_id="aria")
    assert "left" not in step["result"] and not rolls(step)  # still beside the rat
    assert "giant-rat-3" in spots["thorin"].engaged

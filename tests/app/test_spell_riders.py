"""What attack and save cantrips and spells leave behind on a hit or a failed save (the
SRD 5.1 riders), several attack rolls of one spell, and healing that does nothing to the
undead."""

from __future__ import annotations

import random

from app.actions import beings as bg
from app.actions.reactions import has_reaction
from app.actions.spell_rolls import aimed
from app.actions.spell_rules import wears_metal
from app.world.state import GameState
from rules.damage import Vitals
from rules.dice import roll
from tests.app.spell_party import dice_rolls, doomed, fight, give_turn, run, spell_party, sure


def sure_hit(state: GameState, target: str) -> None:
    """Armour class 1, and the game's dice moved on to a seed whose next d20s show no 1: the
    next attack roll hits (said openly: these tests are about what a hit does)."""
    state.creatures[target].ac = 1
    state.rng.seed(next(n for n in range(1000) if _no_ones(random.Random(n))))


def _no_ones(rng: random.Random) -> bool:
    return all(roll("1d20", rng).total > 1 for _ in range(4))


def test_ray_of_frost_slows_a_creature_it_hits_by_10_feet_until_the_casters_next_turn() -> None:
    state = spell_party()
    fight(state, "ogre", 1, turn="ilsa")
    sure_hit(state, "ogre-1")
    speed = bg.speed_of(state, "ogre-1")
    out = run(state, "cast_spell", caster_id="ilsa", spell="ray_of_frost", target_ids=["ogre-1"])
    assert out["result"]["results"][0]["effects"] == ["Chilled"]
    assert bg.speed_of(state, "ogre-1") == speed - 10
    run(state, "end_turn")
    assert bg.speed_of(state, "ogre-1") == speed - 10  # still chilled on the others' turns
    while state.encounter.current.id != "ilsa":
        run(state, "end_turn")
    assert bg.speed_of(state, "ogre-1") == speed


def test_guiding_bolt_gives_advantage_to_the_next_attack_against_its_target() -> None:
    state = spell_party()
    fight(state, "ogre", 1)
    sure_hit(state, "ogre-1")
    run(state, "cast_spell", caster_id="seren", spell="guiding_bolt", target_ids=["ogre-1"])
    give_turn(state, "thorin")
    first = run(state, "attack", attacker_id="thorin", target_id="ogre-1")
    assert dice_rolls(first["events"], "attack_roll")[0].advantage == "advantage"
    give_turn(state, "mira")
    second = run(state, "attack", attacker_id="mira", target_id="ogre-1")
    assert dice_rolls(second["events"], "attack_roll")[0].advantage != "advantage"


def test_vicious_mockery_gives_disadvantage_on_the_mocked_creatures_next_attack() -> None:
    state = spell_party()
    fight(state, "ogre", 1, turn="ilsa")
    doomed(state, "ogre-1")
    out = run(state, "cast_spell", caster_id="ilsa", spell="vicious_mockery", target_ids=["ogre-1"])
    assert dice_rolls(out["events"], "saving_throw")[0].ability == "wis"
    assert out["result"]["results"][0]["effects"] == ["Shaken by mockery"]
    give_turn(state, "ogre-1")
    swing = run(state, "attack", attacker_id="ogre-1", target_id="thorin")
    assert dice_rolls(swing["events"], "attack_roll")[0].advantage == "disadvantage"
    assert not any(e.id == "vicious_mockery" for e in state.creatures["ogre-1"].effects)


def test_shocking_grasp_has_advantage_against_metal_armour_and_stops_reactions() -> None:
    state = spell_party()
    fight(state, "hobgoblin", 1, turn="ilsa")
    assert wears_metal(state, "hobgoblin-1") and wears_metal(state, "thorin")
    assert not wears_metal(state, "mira")
    sure_hit(state, "hobgoblin-1")
    state.creatures["hobgoblin-1"].vitals = Vitals.full(60)  # it lives to feel the jolt
    out = run(
        state, "cast_spell", caster_id="ilsa", spell="shocking_grasp", target_ids=["hobgoblin-1"]
    )
    assert dice_rolls(out["events"], "attack_roll")[0].advantage == "advantage"
    assert out["result"]["results"][0]["effects"] == ["Jolted"]
    assert not has_reaction(state, "hobgoblin-1")


def test_chill_touch_stops_healing_and_undead_attack_the_caster_at_disadvantage() -> None:
    state = spell_party()
    fight(state, "skeleton", 1, turn="ilsa")
    sure_hit(state, "skeleton-1")
    out = run(state, "cast_spell", caster_id="ilsa", spell="chill_touch", target_ids=["skeleton-1"])
    names = out["result"]["results"][0]["effects"]
    assert names == ["Gripped by a ghostly hand", "Dreading the caster"]
    assert "error" in run(state, "heal", target_id="skeleton-1", amount="5", reason="x")["result"]
    give_turn(state, "skeleton-1")
    at_caster = run(state, "attack", attacker_id="skeleton-1", target_id="ilsa")
    assert dice_rolls(at_caster["events"], "attack_roll")[0].advantage == "disadvantage"
    give_turn(state, "skeleton-1")
    at_other = run(state, "attack", attacker_id="skeleton-1", target_id="thorin")
    assert dice_rolls(at_other["events"], "attack_roll")[0].advantage != "disadvantage"


def test_chill_touch_dread_falls_on_undead_only() -> None:
    state = spell_party()
    fight(state, "ogre", 1, turn="ilsa")
    sure_hit(state, "ogre-1")
    out = run(state, "cast_spell", caster_id="ilsa", spell="chill_touch", target_ids=["ogre-1"])
    assert out["result"]["results"][0]["effects"] == ["Gripped by a ghostly hand"]


def test_acid_arrow_burns_again_at_the_end_of_the_targets_next_turn() -> None:
    state = spell_party()
    fight(state, "ogre", 1, turn="ilsa")
    sure_hit(state, "ogre-1")
    out = run(state, "cast_spell", caster_id="ilsa", spell="acid_arrow", target_ids=["ogre-1"])
    assert dice_rolls(out["events"], "damage")[0].formula.startswith("4d4")
    give_turn(state, "ogre-1")
    hp = state.creatures["ogre-1"].vitals.hp
    end = run(state, "end_turn")
    burn = dice_rolls(end["events"], "damage")
    assert [b.formula for b in burn] == ["2d4"]
    assert state.creatures["ogre-1"].vitals.hp == hp - burn[0].total
    assert not any(e.id == "acid_arrow" for e in state.creatures["ogre-1"].effects)


def test_acid_arrow_splashes_for_half_the_first_damage_on_a_miss() -> None:
    state = spell_party()
    fight(state, "ogre", 1, turn="ilsa")
    state.creatures["ogre-1"].ac = 30  # only a natural 20 hits
    out = run(state, "cast_spell", caster_id="ilsa", spell="acid_arrow", target_ids=["ogre-1"])
    result = out["result"]["results"][0]
    assert result["outcome"] == "miss" and result["splash"]
    splash = dice_rolls(out["events"], "damage")[0]
    assert result["damage"] == splash.total // 2
    assert not any(e.id == "acid_arrow" for e in state.creatures["ogre-1"].effects)


def test_eldritch_blast_fires_two_beams_at_fifth_level_each_its_own_roll() -> None:
    state = spell_party()
    fight(state, "ogre", 2, turn="ilsa")
    out = run(
        state,
        "cast_spell",
        caster_id="ilsa",
        spell="eldritch_blast",
        target_ids=["ogre-1", "ogre-2"],
    )
    rolls = dice_rolls(out["events"], "attack_roll")
    assert len(rolls) == 2 and {r.reason.split(" vs ")[1] for r in rolls} == {"Ogre 1", "Ogre 2"}
    assert all(d.formula == "1d10" for d in dice_rolls(out["events"], "damage"))
    refused = run(
        state, "cast_spell", caster_id="ilsa", spell="eldritch_blast", target_ids=["ogre-1"] * 3
    )
    assert "at most 2" in refused["result"]["error"]


def test_eldritch_blast_fires_one_beam_below_fifth_level_at_the_one_target_named() -> None:
    state = spell_party()
    state.party["ilsa"].level = 4
    fight(state, "ogre", 1, turn="ilsa")
    out = run(state, "cast_spell", caster_id="ilsa", spell="eldritch_blast", target_ids=["ogre-1"])
    assert len(dice_rolls(out["events"], "attack_roll")) == 1


def test_scorching_ray_fires_three_rays_and_one_more_per_slot_level_above_second() -> None:
    state = spell_party()
    fight(state, "ogre", 1, turn="ilsa")
    out = run(state, "cast_spell", caster_id="ilsa", spell="scorching_ray", target_ids=["ogre-1"])
    assert len(dice_rolls(out["events"], "attack_roll")) == 3  # all three at the one named
    give_turn(state, "ilsa")
    more = run(
        state,
        "cast_spell",
        caster_id="ilsa",
        spell="scorching_ray",
        target_ids=["ogre-1"],
        slot_level=3,
    )
    assert len(dice_rolls(more["events"], "attack_roll")) == 4


def test_a_ray_aimed_at_a_creature_that_died_goes_to_the_next_living_one_named() -> None:
    state = spell_party()
    fight(state, "ogre", 2, turn="ilsa")
    sure_hit(state, "ogre-1")
    sure_hit(state, "ogre-2")
    state.creatures["ogre-1"].vitals = Vitals(hp=1, max_hp=59)
    out = run(state, "cast_spell", caster_id="ilsa", spell="scorching_ray",
              target_ids=["ogre-1", "ogre-1", "ogre-2"])  # fmt: skip
    first, second, third = out["result"]["results"]
    assert first["target"] == "ogre-1" and first["target_state"] == "dead"
    assert second["target"] == "ogre-2" and second["retargeted_from"] == "ogre-1"
    assert third["target"] == "ogre-2" and "retargeted_from" not in third


def test_rolls_are_aimed_as_named_and_the_last_named_takes_the_rest() -> None:
    assert aimed(["a"], 3) == ["a", "a", "a"]
    assert aimed(["a", "b"], 3) == ["a", "b", "b"]
    assert aimed([], 2) == []


def test_cure_wounds_does_nothing_to_undead_and_says_so() -> None:
    state = spell_party()
    fight(state, "skeleton", 1)
    hp = state.creatures["skeleton-1"].vitals
    state.creatures["skeleton-1"].vitals = hp.model_copy(update={"hp": 3})
    state.party["seren"].spells.append("cure_wounds")
    out = run(
        state, "cast_spell", caster_id="seren", spell="cure_wounds", target_ids=["skeleton-1"]
    )
    assert out["result"]["results"][0]["no_effect"] == "Cure Wounds does nothing to undead"
    assert state.creatures["skeleton-1"].vitals.hp == 3


def test_healing_word_does_nothing_to_constructs() -> None:
    state = spell_party()
    fight(state, "animated_armor", 1)
    out = run(
        state,
        "cast_spell",
        caster_id="seren",
        spell="healing_word",
        target_ids=["animated-armor-1"],
    )
    assert "does nothing to constructs" in out["result"]["results"][0]["no_effect"]


def test_a_save_spells_damage_is_told_after_the_saves_that_decide_it() -> None:
    """The dice log reads in the order a table would: the target saves, then the damage
    it takes (or that nobody takes it) — though the dice are rolled in the game's order."""
    for fate, told in ((doomed, "Sacred Flame damage"), (sure, "nobody takes it")):
        state = spell_party()
        fight(state)
        fate(state, "goblin-1")
        out = run(state, "cast_spell", caster_id="seren", spell="sacred_flame",
                  target_ids=["goblin-1"])  # fmt: skip
        rolls = [e for e in out["events"] if e.type == "dice_roll"]
        kinds = [e.check_type for e in rolls]
        assert kinds.index("saving_throw") < kinds.index("damage"), kinds
        assert told in dice_rolls(out["events"], "damage")[0].reason

"""Spells that shape rolls and bodies rather than dealing damage: Bless, Bane, Guidance,
Faerie Fire, Haste, Misty Step, Dispel Magic, Revivify, Spirit Guardians — each as the SRD
5.1 has it, reached through cast_spell."""

from __future__ import annotations

from pathlib import Path

from app.actions import beings as bg
from app.actions import encounter_view as ev
from app.actions import harm as hm
from app.saves import load_game, save_game
from rules.abilities import Ability
from rules.conditions import ActiveCondition, Condition
from rules.damage import LifeState
from tests.app.spell_party import dice_rolls, doomed, fight, give_turn, run, spell_party, sure


def test_bless_adds_a_d4_to_attack_rolls_and_saves_of_up_to_three_creatures() -> None:
    state = spell_party()
    fight(state)
    out = run(state, "cast_spell", caster_id="seren", spell="bless", target_ids=["thorin", "mira"])
    assert [r["effects"] for r in out["result"]["results"]] == [["Blessed"], ["Blessed"]]
    assert state.party["seren"].concentration == "bless"
    give_turn(state, "thorin")
    swing = run(state, "attack", attacker_id="thorin", target_id="goblin-1")
    assert "1d4" in dice_rolls(swing["events"], "attack_roll")[0].formula
    save = run(
        state, "request_saving_throw", character_id="mira", ability="dex", dc=12, reason="trap"
    )
    assert "1d4" in dice_rolls(save["events"], "saving_throw")[0].formula


def test_a_blessed_casters_concentration_save_adds_the_d4_too() -> None:
    """Bless adds a d4 to every saving throw of a blessed creature, the Constitution save
    that keeps concentration among them."""
    state = spell_party()
    fight(state)
    run(state, "cast_spell", caster_id="seren", spell="bless", target_ids=["seren", "thorin"])
    hurt = run(state, "damage", target_id="seren", amount="4", damage_type="slashing",
               reason="a goblin's blade")  # fmt: skip
    save = next(
        e for e in hurt["events"] if e.type == "dice_roll" and e.check_type == "concentration"
    )
    assert "1d4" in save.formula


def test_bless_takes_one_more_creature_per_slot_level_above_first() -> None:
    state = spell_party()
    four = ["thorin", "mira", "ilsa", "seren"]
    refused = run(state, "cast_spell", caster_id="seren", spell="bless", target_ids=four)
    assert "at most 3" in refused["result"]["error"]
    assert state.party["seren"].spell_slots.remaining(1) == 4  # nothing spent on a refusal
    out = run(state, "cast_spell", caster_id="seren", spell="bless", target_ids=four, slot_level=2)
    assert len(out["result"]["results"]) == 4


def test_blessings_end_with_the_clerics_concentration() -> None:
    state = spell_party()
    run(state, "cast_spell", caster_id="seren", spell="bless", target_ids=["thorin"])
    hm.end_concentration(state, "seren", "test")
    assert state.party["thorin"].effects == []


def test_bane_subtracts_a_d4_from_those_who_fail_a_charisma_save() -> None:
    state = spell_party()
    fight(state)
    doomed(state, "goblin-1")
    sure(state, "goblin-2")
    out = run(
        state, "cast_spell", caster_id="seren", spell="bane", target_ids=["goblin-1", "goblin-2"]
    )
    saves = dice_rolls(out["events"], "saving_throw")
    assert [s.ability for s in saves] == ["cha", "cha"]
    assert [r["saved"] for r in out["result"]["results"]] == [False, True]
    assert [e.id for e in state.creatures["goblin-1"].effects] == ["test_fate", "bane"]
    assert not any(e.id == "bane" for e in state.creatures["goblin-2"].effects)
    give_turn(state, "goblin-1")
    swing = run(state, "attack", attacker_id="goblin-1", target_id="thorin")
    assert "- 1d4" in dice_rolls(swing["events"], "attack_roll")[0].formula.replace("-1d4", "- 1d4")


def test_guidance_adds_a_d4_to_one_ability_check_out_of_combat_and_is_used_up() -> None:
    state = spell_party()
    out = run(state, "cast_spell", caster_id="seren", spell="guidance", target_ids=["mira"])
    assert out["result"]["results"][0]["effects"] == ["Guided"]
    assert state.party["seren"].spell_slots.remaining(1) == 4  # a cantrip
    check = run(
        state,
        "request_ability_check",
        character_id="mira",
        skill="sleight_of_hand",
        dc=15,
        reason="lock",
    )
    assert "1d4" in dice_rolls(check["events"], "ability_check")[0].formula
    again = run(
        state,
        "request_ability_check",
        character_id="mira",
        skill="sleight_of_hand",
        dc=15,
        reason="lock",
    )
    assert "1d4" not in dice_rolls(again["events"], "ability_check")[0].formula


def test_faerie_fire_gives_advantage_against_those_who_fail_and_ends_their_invisibility() -> None:
    state = spell_party()
    fight(state, turn="ilsa")
    doomed(state, "goblin-1")
    state.creatures["goblin-1"].conditions.append(
        ActiveCondition(condition=Condition.INVISIBLE, note="potion")
    )
    out = run(state, "cast_spell", caster_id="ilsa", spell="faerie_fire", target_ids=["goblin-1"])
    assert dice_rolls(out["events"], "saving_throw")[0].ability == "dex"
    assert state.creatures["goblin-1"].conditions == []
    give_turn(state, "thorin")
    swing = run(state, "attack", attacker_id="thorin", target_id="goblin-1")
    assert dice_rolls(swing["events"], "attack_roll")[0].advantage == "advantage"


def test_haste_gives_two_ac_double_speed_dex_save_advantage_and_one_more_attack() -> None:
    state = spell_party()
    fight(state, "ogre", 2, turn="ilsa")
    base_speed = bg.speed_of(state, "thorin")
    run(state, "cast_spell", caster_id="ilsa", spell="haste", target_ids=["thorin"])
    assert bg.speed_of(state, "thorin") == base_speed * 2
    give_turn(state, "ogre-1")
    swing = run(state, "attack", attacker_id="ogre-1", target_id="thorin")
    assert dice_rolls(swing["events"], "attack_roll")[0].dc == state.party["thorin"].armor_class + 2
    save = run(
        state, "request_saving_throw", character_id="thorin", ability="dex", dc=10, reason="x"
    )
    assert dice_rolls(save["events"], "saving_throw")[0].advantage == "advantage"
    give_turn(state, "thorin")
    attacks = [run(state, "attack", attacker_id="thorin", target_id="ogre-2") for _ in range(3)]
    # Thorin has no Extra Attack at 3rd level: one attack of his action, one of Haste's
    assert "error" not in attacks[0]["result"] and "error" not in attacks[1]["result"]
    assert "error" in attacks[2]["result"]


def test_when_haste_ends_its_bearer_loses_its_next_turn() -> None:
    state = spell_party()
    fight(state, turn="ilsa")
    run(state, "cast_spell", caster_id="ilsa", spell="haste", target_ids=["thorin"])
    hm.end_concentration(state, "ilsa", "test")
    assert [e.id for e in state.party["thorin"].effects] == ["haste_lethargy"]
    assert bg.speed_of(state, "thorin") == 0
    give_turn(state, "mira")  # thorin is next in the order
    for cid in ("goblin-1", "goblin-2"):
        state.creatures[cid].vitals = state.creatures[cid].vitals.model_copy(update={"hp": 1})
    out = run(state, "end_turn")
    assert out["result"]["current"] != "thorin"
    assert state.party["thorin"].effects == []  # lethargy lasts until after that turn


def test_misty_step_is_a_bonus_action_that_leaves_without_opportunity_attacks() -> None:
    state = spell_party()
    fight(state, turn="ilsa")
    out = run(state, "cast_spell", caster_id="ilsa", spell="misty_step")
    assert out["result"]["results"][0]["teleported_ft"] == 30
    economy = state.encounter.economy["ilsa"]
    assert economy.action and not economy.bonus_action
    away = run(state, "take_action", creature_id="ilsa", action="withdraw")
    assert not [e for e in away["events"] if e.type == "reaction_window"]


def test_dispel_magic_ends_a_spell_of_third_level_or_lower_on_its_target() -> None:
    state = spell_party()
    fight(state, "bandit", 1, turn="seren")
    doomed(state, "thorin")
    run(state, "cast_spell", caster_id="seren", spell="hold_person", target_ids=["thorin"])
    assert any(c.condition is Condition.PARALYZED for c in state.party["thorin"].conditions)
    give_turn(state, "ilsa")
    state.party["ilsa"].spells.append("dispel_magic")
    out = run(state, "cast_spell", caster_id="ilsa", spell="dispel_magic", target_ids=["thorin"])
    assert out["result"]["results"][0]["ended"] == ["Hold Person"]
    assert state.party["thorin"].conditions == []
    assert state.party["seren"].concentration is None  # the spell held nobody else


def test_dispel_magic_needs_a_check_for_a_spell_above_third_level() -> None:
    state = spell_party()
    state.party["seren"].spell_slots.maximum[4] = 1
    run(state, "cast_spell", caster_id="seren", spell="bless", target_ids=["thorin"], slot_level=4)
    state.party["ilsa"].spells.append("dispel_magic")
    out = run(state, "cast_spell", caster_id="ilsa", spell="dispel_magic", target_ids=["thorin"])
    checks = dice_rolls(out["events"], "ability_check")
    assert [c.dc for c in checks] == [14]  # DC 10 + the spell's level
    ended = out["result"]["results"][0]["ended"] == ["Bless"]
    assert ended == checks[0].success
    assert (state.party["thorin"].effects == []) == checks[0].success


def test_revivify_returns_a_creature_dead_under_a_minute_to_one_hit_point_using_the_diamond() -> (
    None
):
    state = spell_party()
    fight(state)
    run(state, "damage", target_id="thorin", amount="80", damage_type="slashing", reason="ogre")
    assert state.party["thorin"].vitals.state is LifeState.DEAD
    out = run(state, "cast_spell", caster_id="seren", spell="revivify", target_ids=["thorin"])
    assert out["result"]["results"] == [{"target": "thorin", "revived": True, "hp": 1}]
    assert state.party["thorin"].vitals.hp == 1 and state.party["thorin"].vitals.conscious
    assert "diamond (300 gp)" not in state.party["seren"].inventory
    assert "thorin" not in state.deaths


def test_revivify_without_the_diamond_is_refused_before_anything_is_spent() -> None:
    state = spell_party()
    fight(state)
    run(state, "damage", target_id="thorin", amount="80", damage_type="slashing", reason="ogre")
    state.party["seren"].inventory.clear()
    out = run(state, "cast_spell", caster_id="seren", spell="revivify", target_ids=["thorin"])
    assert "no diamond" in out["result"]["error"]
    assert state.party["seren"].spell_slots.remaining(3) == 2
    assert bg.economy_of(state, "seren").action


def test_revivify_cannot_raise_one_dead_longer_than_a_minute_or_one_alive() -> None:
    state = spell_party()
    fight(state)
    run(state, "damage", target_id="thorin", amount="80", damage_type="slashing", reason="ogre")
    state.encounter.round += 11
    late = run(state, "cast_spell", caster_id="seren", spell="revivify", target_ids=["thorin"])
    assert "more than a minute" in late["result"]["error"]
    alive = run(state, "cast_spell", caster_id="seren", spell="revivify", target_ids=["mira"])
    assert "not dead" in alive["result"]["error"]


def test_spirit_guardians_burn_a_foe_that_starts_its_turn_among_them_wis_for_half() -> None:
    state = spell_party()
    fight(state)
    doomed(state, "goblin-1")
    speed = bg.speed_of(state, "goblin-1")
    out = run(
        state, "cast_spell", caster_id="seren", spell="spirit_guardians", target_ids=["goblin-1"]
    )
    assert not dice_rolls(out["events"], "damage")  # nothing until its turn starts there
    assert bg.speed_of(state, "goblin-1") == speed // 2
    assert state.party["seren"].concentration == "spirit_guardians"
    give_turn(state, "seren")
    for _ in range(len(state.encounter.order)):  # until goblin-1's turn has begun
        turn = run(state, "end_turn")
        if any(e.character_id == "goblin-1" for e in dice_rolls(turn["events"], "saving_throw")):
            break  # (it may die of the burn, and its turn pass on at once)
    saves = dice_rolls(turn["events"], "saving_throw")
    assert saves and saves[-1].ability == "wis" and saves[-1].dc == 14  # 8 + proficiency 3 + WIS 3
    burn = dice_rolls(turn["events"], "damage")[-1]
    assert burn.formula == "3d8"


def test_spirit_guardians_grow_by_a_d8_per_slot_level_above_third() -> None:
    state = spell_party()
    state.party["seren"].spell_slots.maximum[4] = 1
    fight(state)
    run(
        state,
        "cast_spell",
        caster_id="seren",
        spell="spirit_guardians",
        target_ids=["goblin-1"],
        slot_level=4,
    )
    effect = next(e for e in state.creatures["goblin-1"].effects if e.id == "spirit_guardians")
    assert effect.periodic is not None and effect.periodic.damage == "3d8+1d8"
    assert effect.periodic.save is Ability.WIS and effect.periodic.half


def test_lasting_spell_effects_and_a_fresh_death_survive_a_save_and_load(tmp_path: Path) -> None:
    state = spell_party()
    fight(state, "ogre", 1, turn="ilsa")
    state.creatures["ogre-1"].ac = 1
    run(state, "cast_spell", caster_id="ilsa", spell="haste", target_ids=["thorin"])
    give_turn(state, "ilsa")
    run(state, "cast_spell", caster_id="ilsa", spell="acid_arrow", target_ids=["ogre-1"])
    run(state, "damage", target_id="mira", amount="90", damage_type="slashing", reason="x")
    save_game(state, "spells", tmp_path)
    loaded = load_game("spells", tmp_path)
    assert loaded.party["thorin"].effects == state.party["thorin"].effects
    assert loaded.party["thorin"].effects[0].afterwards is not None
    assert loaded.creatures["ogre-1"].effects == state.creatures["ogre-1"].effects
    assert loaded.deaths == state.deaths and "mira" in loaded.deaths


def test_the_tracker_shows_lasting_effects_but_not_the_record_of_a_spells_conditions() -> None:
    state = spell_party()
    fight(state)
    doomed(state, "goblin-1")
    run(state, "cast_spell", caster_id="seren", spell="bless", target_ids=["thorin"])
    rows = {r.id: r for r in ev.combat_update(state).combatants}
    assert "blessed" in rows["thorin"].conditions
    give_turn(state, "seren")  # next round: Bless gives way to Hold Person
    out = run(state, "cast_spell", caster_id="seren", spell="hold_person", target_ids=["goblin-1"])
    assert out["result"]["results"][0]["saved"] is False
    rows = {r.id: r for r in ev.combat_update(state).combatants}
    shown = rows["goblin-1"].conditions
    assert any(c.startswith("paralyzed") for c in shown) and "hold person" not in shown

"""Pregens are built by the rules of created characters (SRD 5.1: a species' speed and
traits, a class's saving throws, training and hit die, fixed hit points per level)."""

from __future__ import annotations

from typing import Any

from rules.character import CharacterSheet
from rules.classes import class_spec
from rules.pregens import complete_pregen, fixed_max_hp, pregen_mismatches


def _dwarf(**more: Any) -> dict[str, Any]:
    return {
        "id": "thorin", "name": "Thorin", "species": "Dwarf", "class": "Fighter", "level": 3,
        "armor": "chain_mail", "choices": {"fighting_style": "defense"},
        "abilities": {"str": 16, "dex": 12, "con": 15, "int": 10, "wis": 12, "cha": 8},
        **more,
    }  # fmt: skip


def test_a_pregen_leaving_out_what_the_rules_give_gets_it_from_species_and_class() -> None:
    """SRD: a hill dwarf's speed is 25 and it has Dwarven Resilience and Dwarven Toughness
    (+1 HP per level); a fighter saves with STR and CON and has a d10 hit die: 10 + 2 at
    1st level, 6 + 2 at each level after (fixed value), + 3 → 31 at 3rd level."""
    sheet = CharacterSheet.model_validate(complete_pregen(_dwarf()))
    assert sheet.speed == 25
    assert {"dwarven_resilience", "dwarven_toughness", "darkvision"} <= set(sheet.features)
    assert sheet.vitals.max_hp == sheet.vitals.hp == 31
    assert sheet.hit_dice.die == 10 and sheet.hit_dice.total == 3
    assert {a.value for a in sheet.saving_throws} == {"str", "con"}
    assert "heavy" in sheet.proficiencies and "warhammer" in sheet.proficiencies
    assert pregen_mismatches(sheet) == []


def test_a_halfling_pregen_is_small_footed_and_lucky() -> None:
    data = {**_dwarf(), "species": "Halfling", "class": "Rogue", "armor": "leather",
            "choices": {}}  # fmt: skip
    sheet = CharacterSheet.model_validate(complete_pregen(data))
    assert sheet.speed == 25
    assert {"lucky", "brave", "halfling_nimbleness"} <= set(sheet.features)
    assert "thieves' tools" in sheet.proficiencies


def test_what_a_pregen_writes_against_the_rules_is_named_by_field() -> None:
    written = complete_pregen(_dwarf(speed=30, features=["darkvision"],
                                     saving_throws=["str", "dex"],
                                     vitals={"hp": 28, "max_hp": 28},
                                     proficiencies=["light"]))  # fmt: skip
    found = {m.field: m.message for m in pregen_mismatches(CharacterSheet.model_validate(written))}
    assert set(found) == {"speed", "features", "saving_throws", "vitals.max_hp", "proficiencies"}
    assert found["speed"].startswith("Thorin (Dwarf Fighter 3): speed 30")
    assert "25" in found["speed"]
    assert "dwarven_resilience" in found["features"]
    assert "31" in found["vitals.max_hp"]


def test_slots_hit_die_and_choices_are_checked_too() -> None:
    data = _dwarf()
    data.update({"class": "Wizard", "choices": {}, "spellcasting_ability": "int",
                 "spell_slots": {"maximum": {1: 2}}, "hit_dice": {"die": 8, "total": 3,
                                                                  "remaining": 3}})  # fmt: skip
    found = {
        m.field for m in pregen_mismatches(CharacterSheet.model_validate(complete_pregen(data)))
    }
    assert {"spell_slots.maximum", "hit_dice.die"} <= found
    fighter = complete_pregen({**_dwarf(), "choices": {}})
    found = {m.field for m in pregen_mismatches(CharacterSheet.model_validate(fighter))}
    assert found == {"choices"}


def test_an_authors_own_species_and_class_are_left_as_written() -> None:
    data = {
        **_dwarf(),
        "species": "Mushroomfolk",
        "class": "Sporecaller",
        "vitals": {"hp": 9, "max_hp": 9},
        "hit_dice": {"die": 6, "total": 3, "remaining": 3},
    }
    sheet = CharacterSheet.model_validate(complete_pregen(data))
    assert sheet.speed == 30 and pregen_mismatches(sheet) == []


def test_fixed_hit_points_never_give_less_than_one_a_level() -> None:
    spec = class_spec("wizard")
    assert spec is not None
    assert fixed_max_hp(spec, 3, 1, ()) == 3  # CON 1 (-5): 1 a level

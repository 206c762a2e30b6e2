"""Class features and species traits as data: every feature a class grants exists, uses
come from the SRD's numbers, and the sheet's derived numbers follow the features."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.abilities import Ability
from rules.attacks import attack_roll
from rules.character import CharacterSheet
from rules.checks import LUCKY, RollContext, saving_throw
from rules.classes import classes
from rules.features import FeatureSpec, after_rest, feature, features

SPECIES_TRAITS = [
    "darkvision",
    "dwarven_resilience",
    "stonecunning",
    "dwarven_toughness",
    "keen_senses",
    "fey_ancestry",
    "trance",
    "lucky",
    "brave",
    "halfling_nimbleness",
    "naturally_stealthy",
    "draconic_ancestry",
    "breath_weapon",
    "damage_resistance",
    "gnome_cunning",
    "skill_versatility",
    "menacing",
    "relentless_endurance",
    "savage_attacks",
    "hellish_resistance",
    "infernal_legacy",
    "extra_language",
    "ability_score_increase",
]


def sheet(cls: str, level: int, **extra: object) -> CharacterSheet:
    data: dict[str, object] = {
        "id": "hero", "name": "Hero", "class": cls, "level": level,
        "abilities": {"str": 16, "dex": 14, "con": 14, "int": 10, "wis": 16, "cha": 14},
        "vitals": {"hp": 30, "max_hp": 30},
        "hit_dice": {"die": 10, "total": level, "remaining": level},
    }  # fmt: skip
    data.update(extra)
    return CharacterSheet.model_validate(data)


def test_every_feature_a_class_grants_is_described() -> None:
    missing = [
        f
        for spec in classes().entries.values()
        for level in spec.features.values()
        for f in level
        if feature(f) is None
    ]
    assert missing == []


def test_every_species_trait_is_described() -> None:
    assert [t for t in SPECIES_TRAITS if feature(t) is None] == []


def test_the_data_file_carries_the_srd_attribution() -> None:
    text = (Path(__file__).parents[2] / "rules/data/features.toml").read_text(encoding="utf-8")
    assert "SRD 5.1" in text.splitlines()[0] and "CC-BY-4.0" in text.splitlines()[0]
    assert len(tomllib.loads(text)) == len(features())


def test_rage_uses_follow_the_barbarian_table_two_then_three_at_third_level() -> None:
    rage = features().get("rage")
    assert [rage.uses_for(lv, 2, {}) for lv in (1, 2, 3, 5, 6)] == [2, 2, 3, 3, 4]


def test_lay_on_hands_pool_is_five_times_paladin_level() -> None:
    assert sheet("Paladin", 4).feature_uses("lay_on_hands") == 20


def test_bardic_inspiration_uses_are_cha_modifier_but_at_least_one() -> None:
    assert sheet("Bard", 1).feature_uses("bardic_inspiration") == 2
    low = sheet("Bard", 1, abilities={"str": 8, "dex": 8, "con": 8, "int": 8, "wis": 8, "cha": 6})
    assert low.feature_uses("bardic_inspiration") == 1


def test_ki_points_equal_monk_level_and_flurry_spends_them() -> None:
    monk = sheet("Monk", 3, resources={"ki": 1})
    assert monk.feature_uses("ki") == 3 and monk.uses_left("flurry_of_blows") == 2


def test_a_uses_formula_may_not_run_code() -> None:
    with pytest.raises(ValueError):
        FeatureSpec(name="x", summary="x", uses="__import__('os')")


def test_extra_attack_gives_two_attacks_from_the_feature_at_level_five() -> None:
    assert sheet("Fighter", 4).attacks_per_action == 1
    assert sheet("Fighter", 5).attacks_per_action == 2
    assert sheet("Rogue", 5).attacks_per_action == 1
    assert sheet("Scout", 5, features=["extra_attack"]).attacks_per_action == 2


def test_improved_critical_makes_a_champion_crit_on_19() -> None:
    assert sheet("Fighter", 2).crit_range == 20
    assert sheet("Fighter", 3).crit_range == 19


def test_unarmored_defense_barbarian_adds_con_monk_adds_wis() -> None:
    assert sheet("Barbarian", 1).armor_class == 10 + 2 + 2
    assert sheet("Barbarian", 1, shield=True).armor_class == 16
    assert sheet("Monk", 1).armor_class == 10 + 2 + 3
    assert sheet("Monk", 1, shield=True).armor_class == 10 + 2 + 2  # no shield for a monk


def test_defense_style_adds_one_ac_only_in_armour() -> None:
    plain = sheet("Fighter", 1, armor="chain_mail")
    styled = sheet("Fighter", 1, armor="chain_mail", choices={"fighting_style": "defense"})
    assert styled.armor_class == plain.armor_class + 1
    assert sheet("Fighter", 1, choices={"fighting_style": "defense"}).armor_class == 12


def test_a_short_rest_restores_short_rest_features_a_long_rest_all() -> None:
    spent = {"second_wind": 1, "rage": 2, "sneak_attack_turn": 3001}
    assert after_rest(spent, "short") == {"rage": 2}
    assert after_rest(spent, "long") == {}


@given(st.integers(1, 20), st.integers(2, 6), st.integers(-5, 5))
def test_uses_are_never_negative(level: int, prof: int, mod: int) -> None:
    mods = dict.fromkeys(("str", "dex", "con", "int", "wis", "cha"), mod)
    for spec in features().entries.values():
        assert spec.uses_for(level, prof, mods) >= 0


def test_lucky_rerolls_a_natural_one_once_and_the_new_roll_stands() -> None:
    """SRD (Lucky): a natural 1 on an attack roll, check or save is rolled again; the new
    roll must be used. Any other roll is left alone."""

    seen_one = 0
    for seed in range(300):
        plain = saving_throw(random.Random(seed), 2, 12, ability=Ability.DEX)
        lucky = saving_throw(random.Random(seed), 2, 12, ability=Ability.DEX,
                             context=RollContext(reroll_ones=True))  # fmt: skip
        if plain.natural == 1:
            seen_one += 1
            rng = random.Random(seed)
            saving_throw(rng, 2, 12, ability=Ability.DEX)
            second = saving_throw(rng, 2, 12, ability=Ability.DEX)
            assert LUCKY in lucky.reasons and lucky.natural == second.natural
        else:
            assert lucky.total == plain.total and LUCKY not in lucky.reasons
        swing = attack_roll(random.Random(seed), 4, 13, context=RollContext(reroll_ones=True))
        assert (LUCKY in swing.reasons) == (plain.natural == 1)
    assert seen_one > 5

"""Experience and levelling up, rule by rule from the SRD 5.1."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.abilities import Ability
from rules.advancement import (
    LevelUp,
    effective_xp,
    level_for_xp,
    level_up,
    levels_owed,
    plan_level_up,
    proficiency_bonus,
    xp_for_level,
)
from rules.character import CharacterSheet
from rules.classes import class_spec, classes
from rules.damage import LifeState
from rules.outcomes import Impossible
from rules.spellcasting import slots_for
from rules.spells_known import cantrips_known, new_spells, prepared_count
from tests.rules.conftest import Rigged

CLASSES = sorted(spec.name for spec in classes().entries.values())


def level_one(class_name: str, **scores: int) -> CharacterSheet:
    """A plain level-1 character of an SRD class, every score 14 unless given."""
    spec = class_spec(class_name)
    assert spec is not None
    abilities = {a.value: scores.get(a.value, 14) for a in Ability}
    con = (abilities["con"] - 10) // 2
    hp = spec.hit_die + con
    return CharacterSheet.model_validate(
        {
            "id": class_name.lower(),
            "name": class_name,
            "class": spec.name,
            "abilities": abilities,
            "vitals": {"hp": hp, "max_hp": hp},
            "hit_dice": {"die": spec.hit_die, "total": 1, "remaining": 1},
            "spellcasting_ability": spec.spellcasting_ability if spec.caster != "half" else None,
            "spell_slots": {"maximum": slots_for(spec.caster, 1)},
        }
    )


def take(sheet: CharacterSheet, rng: random.Random, **options: object) -> LevelUp:
    result = level_up(sheet, rng, **options)  # type: ignore[arg-type]
    assert isinstance(result, LevelUp), result
    return result


# -- experience ----------------------------------------------------------------------------


def test_srd_xp_thresholds_300_900_2700_6500_and_355000_for_level_20() -> None:
    assert [xp_for_level(n) for n in (1, 2, 3, 4, 5, 20)] == [0, 300, 900, 2700, 6500, 355_000]


def test_level_for_xp_is_the_highest_threshold_reached() -> None:
    assert level_for_xp(0) == 1
    assert level_for_xp(299) == 1
    assert level_for_xp(300) == 2
    assert level_for_xp(6499) == 4
    assert level_for_xp(10**7) == 20
    with pytest.raises(ValueError):
        level_for_xp(-1)


@given(st.integers(min_value=1, max_value=20))
def test_a_levels_threshold_reaches_exactly_that_level(level: int) -> None:
    assert level_for_xp(xp_for_level(level)) == level
    if level > 1:
        assert level_for_xp(xp_for_level(level) - 1) == level - 1


def test_proficiency_bonus_is_plus_2_at_levels_1_to_4_and_plus_3_at_5() -> None:
    assert [proficiency_bonus(n) for n in (1, 4, 5, 8, 9, 17, 20)] == [2, 2, 3, 3, 4, 6, 6]


def test_a_character_made_at_level_3_has_at_least_900_xp() -> None:
    sheet = level_one("Fighter").model_copy(update={"level": 3})
    assert effective_xp(sheet) == 900
    assert levels_owed(sheet) == 0
    assert levels_owed(sheet.model_copy(update={"xp": 2700})) == 1
    assert levels_owed(level_one("Fighter").model_copy(update={"xp": 900})) == 2


# -- slot progressions -----------------------------------------------------------------------


def test_half_casters_have_no_slots_at_1_two_at_2_and_second_level_slots_at_5() -> None:
    assert slots_for("half", 1) == {}
    assert slots_for("half", 2) == {1: 2}
    assert slots_for("half", 5) == {1: 4, 2: 2}
    assert slots_for("half", 20) == {1: 4, 2: 3, 3: 3, 4: 3, 5: 2}


def test_pact_magic_slots_are_all_of_one_level_rising_to_5th() -> None:
    assert slots_for("pact", 1) == {1: 1}
    assert slots_for("pact", 2) == {1: 2}
    assert slots_for("pact", 3) == {2: 2}
    assert slots_for("pact", 5) == {3: 2}
    assert slots_for("pact", 11) == {5: 3}
    assert slots_for("pact", 17) == {5: 4}
    with pytest.raises(ValueError):
        slots_for("pact", 21)


def test_spells_known_and_prepared_follow_the_srd_tables() -> None:
    assert [cantrips_known("wizard", n) for n in (1, 3, 4, 10)] == [3, 3, 4, 5]
    assert cantrips_known("fighter", 5) == 0
    assert new_spells("sorcerer", 1, 2, 3, 3) == 1  # 2 -> 3 spells known
    assert new_spells("wizard", 3, 4, 3, 3) == 2  # two spellbook spells per level
    assert new_spells("ranger", 1, 2, 2, 2) == 2  # spellcasting starts at 2
    assert prepared_count("cleric", 3, 2) == 5  # WIS modifier + level
    assert prepared_count("paladin", 5, 3) == 5  # CHA modifier + half the level
    assert prepared_count("paladin", 1, 3) == 0
    assert new_spells("cleric", 3, 4, 2, 3) == 2  # a level, and a better WIS from an ASI


# -- levelling up ----------------------------------------------------------------------------


def test_rolled_hit_points_are_the_class_die_plus_con_and_the_roll_is_returned() -> None:
    sheet = level_one("Fighter", con=14)  # +2
    result = take(sheet, Rigged([(7, 10)]), hp="roll", choices={"fighting_style": "defense"})
    assert result.hp_roll is not None and result.hp_roll.total == 7
    assert result.hp_gained == 9
    assert result.sheet.vitals.max_hp == sheet.vitals.max_hp + 9
    assert result.sheet.choices["fighting_style"] == "defense"


def test_average_hit_points_are_half_the_die_plus_one_plus_con() -> None:
    result = take(level_one("Wizard", con=12), random.Random(0), hp="average")
    assert result.hp_roll is None
    assert result.hp_gained == 6 // 2 + 1 + 1


def test_a_level_gives_at_least_one_hit_point_whatever_the_con() -> None:
    result = take(level_one("Wizard", con=3), Rigged([(1, 6)]), hp="roll")
    assert result.hp_gained == 1


def test_a_level_adds_a_hit_die_to_the_total_and_the_remaining() -> None:
    sheet = level_one("Rogue")
    spent = sheet.model_copy(
        update={"hit_dice": sheet.hit_dice.model_copy(update={"remaining": 0})}
    )
    result = take(spent, random.Random(1), hp="average")
    assert (result.sheet.hit_dice.total, result.sheet.hit_dice.remaining) == (2, 1)


def test_features_of_the_new_level_come_from_the_class() -> None:
    result = take(level_one("Fighter"), random.Random(1), hp="average")
    assert result.features == ("action_surge",)
    assert result.sheet.has("action_surge")


def test_asi_at_4_is_plus_2_to_one_score_or_plus_1_to_two_never_above_20() -> None:
    data = level_one("Rogue", dex=19).model_dump(by_alias=True)
    data.update(level=3, hit_dice={"die": 8, "total": 3, "remaining": 3})
    sheet = CharacterSheet.model_validate(data)
    missing = level_up(sheet, random.Random(1), hp="average")
    assert isinstance(missing, Impossible) and "Ability Score Improvement" in missing.reason
    over = level_up(sheet, random.Random(1), hp="average", asi={Ability.DEX: 2})
    assert isinstance(over, Impossible) and "above 20" in over.reason
    three = level_up(sheet, random.Random(1), hp="average", asi={Ability.DEX: 1, Ability.STR: 2})
    assert isinstance(three, Impossible)
    split = take(sheet, random.Random(1), hp="average", asi={Ability.DEX: 1, Ability.WIS: 1})
    assert split.sheet.abilities.dexterity == 20 and split.sheet.abilities.wisdom == 15
    assert split.sheet.modifier(Ability.DEX) == 5


def test_an_asi_is_refused_at_a_level_that_grants_none() -> None:
    result = level_up(level_one("Rogue"), random.Random(1), hp="average", asi={Ability.DEX: 2})
    assert isinstance(result, Impossible)


def test_more_con_raises_max_hp_for_every_earlier_level_too() -> None:
    sheet = level_one("Fighter", con=15)  # +2, rising to +3 with the ASI
    rng = random.Random(3)
    for _ in range(2):
        sheet = take(sheet, rng, hp="average").sheet
    before = sheet.vitals.max_hp
    result = take(sheet, rng, hp="average", asi={Ability.CON: 1, Ability.STR: 1})
    # 6 (average d10) + 3 (new CON) for level 4, and +1 for each of the 3 earlier levels.
    assert result.hp_gained == 6 + 3 + 3
    assert result.sheet.vitals.max_hp == before + 12


def test_a_wizard_learns_a_cantrip_at_4_and_two_spellbook_spells_of_a_level_it_can_cast() -> None:
    sheet = level_one("Wizard")
    rng = random.Random(5)
    too_high = level_up(sheet, rng, hp="average", spells=["shatter"])  # 2nd level, at 2
    assert isinstance(too_high, Impossible) and "no slots" in too_high.reason
    sheet = take(sheet, rng, hp="average", spells=["thunderwave"]).sheet
    sheet = take(sheet, rng, hp="average", spells=["shatter", "misty_step"]).sheet
    assert sheet.spell_slots.maximum == {1: 4, 2: 2}
    three = level_up(
        sheet, rng, hp="average", asi={Ability.INT: 2}, spells=["fire_bolt", "acid_splash"]
    )
    assert isinstance(three, Impossible) and "cantrip" in three.reason
    result = take(sheet, rng, hp="average", asi={Ability.INT: 2}, spells=["fire_bolt"])
    assert result.learned == ("fire_bolt",)
    assert "fire_bolt" in result.sheet.spells


def test_spells_off_the_class_list_are_refused() -> None:
    result = level_up(level_one("Wizard"), random.Random(1), hp="average", spells=["cure_wounds"])
    assert isinstance(result, Impossible) and "Wizard spell list" in result.reason
    unknown = level_up(level_one("Wizard"), random.Random(1), hp="average", spells=["wish"])
    assert isinstance(unknown, Impossible) and "no spell" in unknown.reason


def test_a_ranger_begins_casting_at_2_with_two_slots_and_its_spellcasting_ability() -> None:
    result = take(level_one("Ranger"), random.Random(1), hp="average")
    assert result.sheet.spell_slots.maximum == {1: 2}
    assert result.sheet.spellcasting_ability is Ability.WIS


def test_a_warlock_at_3_has_two_second_level_pact_slots() -> None:
    sheet = level_one("Warlock")
    rng = random.Random(2)
    sheet = take(take(sheet, rng, hp="average").sheet, rng, hp="average").sheet
    assert sheet.spell_slots.maximum == {2: 2}


@pytest.mark.parametrize("name", CLASSES)
def test_every_srd_class_levels_from_1_to_5(name: str) -> None:
    """Each of the 12 classes takes levels 2-5: a hit die each, its features, slots of its
    kind of casting, and at 5 the proficiency bonus rises to +3."""
    sheet = level_one(name)
    spec = class_spec(name)
    assert spec is not None
    rng = random.Random(7)
    for level in range(2, 6):
        plan = plan_level_up(sheet)
        assert not isinstance(plan, Impossible), plan
        asi = {Ability.CON: 2} if plan.asi else None
        result = take(sheet, rng, hp="roll", asi=asi)
        sheet = result.sheet
        assert sheet.level == level and sheet.hit_dice.total == level
        assert result.features == spec.features.get(level, ())
        assert sheet.spell_slots.maximum == slots_for(spec.caster, level)
        assert result.hp_roll is not None and 1 <= result.hp_roll.total <= spec.hit_die
    assert sheet.proficiency_bonus == 3
    assert sheet.abilities.constitution == 16
    beyond = level_up(sheet, rng)
    assert isinstance(beyond, Impossible) and "not modelled" in beyond.reason


def test_a_class_the_rules_do_not_know_is_not_levelled() -> None:
    sheet = level_one("Fighter").model_copy(update={"character_class": "Scout"})
    result = level_up(sheet, random.Random(1))
    assert isinstance(result, Impossible) and "Scout" in result.reason


@pytest.mark.parametrize("state", [LifeState.DYING, LifeState.DEAD])
def test_the_dying_and_the_dead_do_not_level_up(state: LifeState) -> None:
    sheet = level_one("Fighter")
    down = sheet.model_copy(
        update={"vitals": sheet.vitals.model_copy(update={"hp": 0, "state": state})}
    )
    assert isinstance(level_up(down, random.Random(1)), Impossible)


def test_one_down_but_stable_levels_up_and_stays_down() -> None:
    sheet = level_one("Fighter")
    down = sheet.model_copy(
        update={"vitals": sheet.vitals.model_copy(update={"hp": 0, "state": LifeState.STABLE})}
    )
    result = take(down, random.Random(1), hp="average")
    assert result.sheet.vitals.max_hp > sheet.vitals.max_hp
    assert (result.sheet.vitals.hp, result.sheet.vitals.state) == (0, LifeState.STABLE)


@given(st.sampled_from(CLASSES), st.integers(min_value=0, max_value=2**32))
def test_levelling_never_lowers_hit_points_and_never_touches_the_old_sheet(
    name: str, seed: int
) -> None:
    sheet = level_one(name, con=8)
    before = sheet.model_dump()
    result = take(sheet, random.Random(seed), hp="roll")
    assert result.sheet.vitals.max_hp > sheet.vitals.max_hp
    assert result.sheet.vitals.hp - sheet.vitals.hp == result.hp_gained
    assert sheet.model_dump() == before


def test_spells_the_level_allowed_and_the_player_did_not_choose_are_reported() -> None:
    result = take(level_one("Wizard"), random.Random(1), hp="average", spells=["thunderwave"])
    assert result.unchosen == 1  # two spellbook spells a level, one chosen
    assert "1 new spell(s) left unchosen" in result.summary()
    left = result.left_to_choose()
    assert left is not None and "name 1 spell of level 1 or more too, from:" in left
    assert "Magic Missile" in left and "Fire Bolt" not in left  # (no cantrip is owed)
    fighter = take(level_one("Fighter"), random.Random(1), hp="average")
    assert fighter.unchosen == 0 and "unchosen" not in fighter.summary()

"""Ability modifiers, proficiency bonuses, challenge ratings and skills."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.abilities import (
    Ability,
    AbilityScores,
    ability_modifier,
    format_cr,
    parse_cr,
    proficiency_bonus,
    proficiency_bonus_for_cr,
    xp_for_cr,
)
from rules.skills import SKILL_ABILITIES, Proficiency, Skill


@pytest.mark.parametrize(
    ("score", "mod"),
    [(1, -5), (3, -4), (8, -1), (9, -1), (10, 0), (11, 0), (12, 1), (15, 2), (20, 5), (30, 10)],
)
def test_ability_modifier(score: int, mod: int) -> None:
    assert ability_modifier(score) == mod


@given(st.integers(min_value=1, max_value=30))
def test_modifier_is_monotonic(score: int) -> None:
    assert ability_modifier(score + 1) >= ability_modifier(score)


@pytest.mark.parametrize(
    ("level", "bonus"),
    [(1, 2), (4, 2), (5, 3), (8, 3), (9, 4), (12, 4), (13, 5), (16, 5), (17, 6), (20, 6)],
)
def test_proficiency_by_level(level: int, bonus: int) -> None:
    assert proficiency_bonus(level) == bonus


def test_level_out_of_range() -> None:
    with pytest.raises(ValueError):
        proficiency_bonus(0)
    with pytest.raises(ValueError):
        proficiency_bonus(21)


@pytest.mark.parametrize(
    ("cr", "bonus", "xp"),
    [("0", 2, 10), ("1/8", 2, 25), ("1/4", 2, 50), ("1/2", 2, 100), ("1", 2, 200), ("4", 2, 1100),
     ("5", 3, 1800), ("8", 3, 3900), ("9", 4, 5000), ("13", 5, 10000), ("17", 6, 18000),
     ("21", 7, 33000), ("30", 9, 155000)],
)  # fmt: skip
def test_cr_tables(cr: str, bonus: int, xp: int) -> None:
    assert proficiency_bonus_for_cr(cr) == bonus
    assert xp_for_cr(cr) == xp


def test_cr_forms_agree() -> None:
    assert parse_cr("1/4") == parse_cr(0.25) == Fraction(1, 4)
    assert format_cr(Fraction(1, 2)) == "1/2" and format_cr(Fraction(3)) == "3"
    with pytest.raises(ValueError):
        xp_for_cr("1/3")
    with pytest.raises(ValueError):
        parse_cr("31")


def test_ability_parse_and_names() -> None:
    assert Ability.parse("Dexterity") is Ability.DEX
    assert Ability.parse(" wis ") is Ability.WIS
    assert Ability.CHA.full_name == "Charisma"
    with pytest.raises(ValueError, match="unknown ability"):
        Ability.parse("luck")


def test_ability_scores_use_short_keys() -> None:
    scores = AbilityScores.model_validate(
        {"str": 16, "dex": 14, "con": 12, "int": 8, "wis": 10, "cha": 18}
    )
    assert scores.score(Ability.STR) == 16 and scores.modifier(Ability.CHA) == 4
    with pytest.raises(ValueError):
        AbilityScores.model_validate({"str": 31})


def test_eighteen_skills_with_their_abilities() -> None:
    assert len(Skill) == 18
    assert SKILL_ABILITIES[Skill.STEALTH] is Ability.DEX
    assert Skill.ATHLETICS.ability is Ability.STR
    assert Skill.ARCANA.ability is Ability.INT
    assert Skill.INSIGHT.ability is Ability.WIS
    assert Skill.PERSUASION.ability is Ability.CHA
    assert Skill.SLEIGHT_OF_HAND.label == "Sleight of Hand"
    assert Skill.parse("sleight of hand") is Skill.SLEIGHT_OF_HAND
    assert Skill.parse("Animal-Handling") is Skill.ANIMAL_HANDLING
    with pytest.raises(ValueError, match="unknown skill"):
        Skill.parse("cooking")


def test_proficiency_degrees() -> None:
    assert [p.bonus(3) for p in Proficiency] == [0, 1, 3, 6]

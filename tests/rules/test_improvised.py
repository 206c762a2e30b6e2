"""Improvised weapons (SRD 5.1): an object that is no weapon deals 1d4 damage, and nobody
adds a proficiency bonus to hit with it; the blow is a Strength one, like any melee weapon
that is not finesse."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rules.abilities import Ability
from rules.character import CharacterSheet
from rules.damage import DamageType
from rules.improvised import IMPROVISED, improvised_strike, is_improvised


def _fighter(strength: int, level: int = 3) -> CharacterSheet:
    return CharacterSheet.model_validate({
        "id": "bram", "name": "Bram", "class": "Fighter", "level": level,
        "abilities": {"str": strength, "dex": 10, "con": 14, "int": 10, "wis": 10, "cha": 10},
        "vitals": {"hp": 28, "max_hp": 28},
        "hit_dice": {"die": 10, "total": level, "remaining": level},
        "weapons": ["battleaxe"],
    })  # fmt: skip


@given(strength=st.integers(min_value=3, max_value=20), level=st.integers(1, 20))
def test_a_thing_swung_hits_with_strength_alone_for_a_d4(strength: int, level: int) -> None:
    sheet = _fighter(strength, level)
    blow = improvised_strike(sheet)
    mod = sheet.modifier(Ability.STR)
    assert blow.attack_bonus == mod  # no proficiency bonus, at any level
    assert blow.damage == ("1d4" if mod == 0 else f"1d4{mod:+d}")
    assert blow.damage_type is DamageType.BLUDGEONING and blow.reach == 5
    assert blow.range is None and blow.weapon == IMPROVISED


def test_the_names_a_dm_may_give_it() -> None:
    for name in ("improvised", "Improvised weapon", " improvised_weapon "):
        assert is_improvised(name), name
    for name in (None, "poker", "club", "unarmed_strike"):
        assert not is_improvised(name), name

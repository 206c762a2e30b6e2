"""The numbers of Martial Arts, Bardic Inspiration, Font of Magic and Divine Sense, from the
SRD's wording."""

from __future__ import annotations

from rules.character import CharacterSheet
from rules.class_powers import (
    SLOT_COSTS,
    inspiration_die,
    martial_arts_die,
    points_to_slot,
    senses,
    slot_to_points,
    sorcery_points,
    unarmed_strike,
)
from rules.outcomes import Impossible
from rules.spellcasting import SpellSlots


def _sorcerer(level: int = 3) -> CharacterSheet:
    return CharacterSheet.model_validate({
        "id": "sela", "name": "Sela", "class": "Sorcerer", "level": level,
        "abilities": {"str": 8, "dex": 14, "con": 12, "int": 10, "wis": 10, "cha": 16},
        "vitals": {"hp": 14, "max_hp": 14},
        "hit_dice": {"die": 6, "total": level, "remaining": level},
        "spellcasting_ability": "cha", "spell_slots": {"maximum": {1: 4, 2: 2}},
    })  # fmt: skip


def test_martial_arts_die_grows_d4_d6_d8_d10() -> None:
    assert [martial_arts_die(lv) for lv in (1, 4, 5, 10, 11, 17)] == [
        "1d4", "1d4", "1d6", "1d6", "1d8", "1d10",
    ]  # fmt: skip


def test_bardic_inspiration_die_grows_d6_d8_d10_d12() -> None:
    assert [inspiration_die(lv) for lv in (1, 4, 5, 9, 10, 14, 15, 20)] == [
        "1d6", "1d6", "1d8", "1d8", "1d10", "1d10", "1d12", "1d12",
    ]  # fmt: skip


def test_an_unarmed_strike_without_martial_arts_deals_one_plus_strength() -> None:
    strike = unarmed_strike(_sorcerer())
    assert strike.damage == "1-1" and strike.attack_bonus == -1 + 2


def test_creating_slots_costs_the_srd_table_and_stops_at_fifth_level() -> None:
    """SRD: 1st 2, 2nd 3, 3rd 5, 4th 6, 5th 7 sorcery points; no slot above 5th."""
    assert SLOT_COSTS == {1: 2, 2: 3, 3: 5, 4: 6, 5: 7}
    sela = _sorcerer(3)
    assert sorcery_points(sela) == 3
    assert points_to_slot(sela, 2) and sorcery_points(sela) == 0
    assert sela.spell_slots.remaining(2) == 3  # one beyond the maximum of 2
    assert isinstance(points_to_slot(sela, 1), Impossible)
    assert isinstance(points_to_slot(_sorcerer(), 6), Impossible)


def test_a_slot_gives_points_equal_to_its_level_up_to_the_sorcerer_level() -> None:
    sela = _sorcerer(3)
    assert isinstance(slot_to_points(sela, 1), Impossible)  # 3 of 3 points already
    points_to_slot(sela, 1)
    assert slot_to_points(sela, 2) and sorcery_points(sela) == 3
    assert sela.spell_slots.remaining(2) == 1


def test_created_slots_vanish_on_a_long_rest() -> None:
    slots = SpellSlots(maximum={1: 2})
    slots.create(1)
    slots.spend(1)
    assert slots.remaining(1) == 2 and slots.held() == {1: 3}
    slots.recover_all()
    assert slots.remaining(1) == 2 and slots.created is None


def test_divine_sense_finds_celestials_fiends_and_undead_only() -> None:
    assert senses("undead") and senses("fiend (devil)") and senses("Celestial")
    assert not senses("beast") and not senses("humanoid")

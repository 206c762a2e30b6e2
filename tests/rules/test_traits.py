"""The numbers behind monster traits and grapples, stated as the SRD states them."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from rules.damage import DamageType
from rules.srd import MonsterAction, srd
from rules.traits import (
    SIZES,
    can_grapple_or_shove,
    recharge_roll,
    regenerates,
    species_size,
    undead_fortitude_applies,
    undead_fortitude_dc,
)


def test_recharge_5_6_comes_back_on_a_five_or_six_of_a_d6() -> None:
    rng = random.Random(1)
    seen = {}
    for _ in range(300):
        rolled = recharge_roll(rng, "5-6")
        seen[rolled.roll.total] = rolled.recharged
    assert set(seen) == {1, 2, 3, 4, 5, 6}
    assert [face for face, back in sorted(seen.items()) if back] == [5, 6]


def test_recharge_6_comes_back_only_on_a_six_and_the_stat_block_takes_both_forms() -> None:
    """SRD stat blocks write "Recharge 5-6" and "Recharge 6"; both are accepted."""
    rng = random.Random(2)
    seen = {}
    for _ in range(300):
        rolled = recharge_roll(rng, "6")
        seen[rolled.roll.total] = rolled.recharged
    assert [face for face, back in sorted(seen.items()) if back] == [6]
    spider = srd().monsters["giant_spider"]
    for written in ("6", "5-6", "4-6"):
        web = spider.action("web").model_copy(update={"recharge": written})
        assert MonsterAction.model_validate(web.model_dump()).recharge == written
    for wrong in ("7", "5-", "6-5", "d6", "5-7"):
        with pytest.raises(ValidationError, match="recharge looks like"):
            MonsterAction.model_validate({**spider.action("web").model_dump(), "recharge": wrong})


@given(st.integers(min_value=0, max_value=200))
def test_undead_fortitude_dc_is_five_plus_the_damage_taken_up_to_forty(damage: int) -> None:
    assert undead_fortitude_dc(damage) == min(40, 5 + damage)


@given(st.integers(min_value=0, max_value=10_000))
def test_undead_fortitude_dc_is_always_a_dc_a_check_takes(damage: int) -> None:
    """A blow of 36 or more once asked for a DC the checks refuse, and the turn failed."""
    assert 1 <= undead_fortitude_dc(damage) <= 40


def test_undead_fortitude_fails_against_radiant_damage_and_critical_hits() -> None:
    assert undead_fortitude_applies(DamageType.SLASHING, critical=False)
    assert not undead_fortitude_applies(DamageType.RADIANT, critical=False)
    assert not undead_fortitude_applies(DamageType.SLASHING, critical=True)


def test_regeneration_stops_for_a_turn_after_acid_or_fire() -> None:
    troll = srd().monsters["troll"].trait("regeneration")
    assert troll is not None and troll.amount == 10
    assert regenerates(10, troll.stopped_by, []) == 10
    assert regenerates(10, troll.stopped_by, ["slashing"]) == 10
    assert regenerates(10, troll.stopped_by, ["fire"]) == 0
    assert regenerates(10, troll.stopped_by, ["acid"]) == 0


def test_grapple_and_shove_reach_targets_at_most_one_size_larger() -> None:
    assert can_grapple_or_shove("medium", "large")
    assert not can_grapple_or_shove("medium", "huge")
    assert not can_grapple_or_shove("small", "large")
    assert can_grapple_or_shove("large", "tiny")
    assert species_size("Halfling") == "small" and species_size("Dwarf") == "medium"


@given(st.sampled_from(SIZES), st.sampled_from(SIZES))
def test_a_creature_can_always_grapple_one_its_own_size_or_smaller(a: str, b: str) -> None:
    if SIZES.index(b) <= SIZES.index(a):
        assert can_grapple_or_shove(a, b)


def test_every_trait_the_engine_applies_carries_its_numbers() -> None:
    monsters = srd().monsters.entries
    applied = {t.id for m in monsters.values() for t in m.traits if t.id}
    assert applied == {
        "pack_tactics", "nimble_escape", "regeneration", "aggressive", "martial_advantage",
        "sunlight_sensitivity", "sunlight_weakness", "undead_fortitude", "surprise_attack",
        "grappler",
    }  # fmt: skip
    hobgoblin = monsters["hobgoblin"].trait("martial_advantage")
    assert hobgoblin is not None and hobgoblin.dice == "2d6"
    ghoul = monsters["ghoul"].action("claws")
    assert ghoul.has_rider and set(ghoul.spares) == {"elf", "undead"} and ghoul.repeat_save
    acolyte = monsters["acolyte"].spellcasting
    assert acolyte is not None and acolyte.dc == 12 and acolyte.slots == {1: 3}
    assert {"sacred_flame", "bless", "cure_wounds"} <= set(acolyte.spells)

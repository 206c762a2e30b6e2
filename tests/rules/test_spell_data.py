"""Spell data as the SRD 5.1 has it, and the lasting effects spells leave, as values: what
they add to rolls, how speed changes, what follows when they end."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rules.abilities import Ability
from rules.effects import Effect, attack_mods, save_mods, speed_with, tick_effects
from rules.srd import srd

SPELLS = srd().spells


def landed(spell: str, source: str = "cleric") -> list[Effect]:
    return [e.on(source, spell, SPELLS.get(spell).level, 13) for e in SPELLS.get(spell).effects]


def test_bless_adds_1d4_to_attacks_and_saves_and_bane_takes_1d4_away() -> None:
    assert attack_mods(landed("bless"), []).dice == "+1d4"
    assert save_mods(landed("bless"), Ability.WIS).dice == "+1d4"
    assert attack_mods(landed("bane"), []).dice == "-1d4"
    assert save_mods(landed("bane"), Ability.DEX).dice == "-1d4"


def test_bless_and_bane_last_a_minute_under_concentration() -> None:
    for spell in ("bless", "bane", "faerie_fire", "haste", "guidance"):
        assert SPELLS.get(spell).concentration
        assert all(e.rounds == 10 and e.spell == spell for e in landed(spell)), spell


def test_eldritch_blast_has_one_beam_then_two_at_5_three_at_11_four_at_17() -> None:
    blast = SPELLS.get("eldritch_blast")
    assert [blast.roll_count(level, 0) for level in (1, 4, 5, 10, 11, 16, 17, 20)] == [
        1, 1, 2, 2, 3, 3, 4, 4,
    ]  # fmt: skip
    assert not blast.cantrip_scaling  # more beams, not bigger ones


def test_scorching_ray_has_three_rays_and_one_more_per_slot_level_above_second() -> None:
    ray = SPELLS.get("scorching_ray")
    assert [ray.roll_count(5, slot) for slot in (2, 3, 4)] == [3, 4, 5]


def test_haste_leaves_its_bearer_lethargic_when_it_ends() -> None:
    (haste,) = landed("haste")
    assert haste.ac_bonus == 2 and haste.speed_multiplier == 2 and haste.extra_attacks == 1
    assert Ability.DEX in haste.save_advantage
    last = haste.model_copy(update={"rounds": 1})
    tick = tick_effects([last], "fighter", "cleric", "end")
    assert [e.id for e in tick.ended] == ["haste"]
    assert [e.id for e in tick.remaining] == ["haste_lethargy"]
    assert tick.remaining[0].no_actions and speed_with(30, tick.remaining) == 0


def test_ray_of_frost_takes_10_feet_and_spirit_guardians_halve_speed() -> None:
    assert speed_with(30, landed("ray_of_frost")) == 20
    assert speed_with(30, landed("spirit_guardians")) == 15


def test_chill_touch_dread_counts_only_against_the_caster() -> None:
    data = [e for e in SPELLS.get("chill_touch").effects if e.versus_source]
    assert [e.only_types for e in data] == [("undead",)]
    dread = [e for e in landed("chill_touch", source="warlock") if e.versus_source]
    assert attack_mods(dread, [], "warlock").disadvantage
    assert not attack_mods(dread, [], "fighter").disadvantage


def test_cure_wounds_and_healing_word_do_nothing_to_undead_and_constructs() -> None:
    for spell in ("cure_wounds", "healing_word", "mass_healing_word"):
        assert set(SPELLS.get(spell).no_effect_on) == {"undead", "construct"}


def test_revivify_works_within_a_minute_and_consumes_a_diamond() -> None:
    revivify = SPELLS.get("revivify")
    assert revivify.revive_within == 10 and revivify.consumes == "diamond"
    assert revivify.level == 3 and "M" in revivify.components


@given(
    speed=st.integers(min_value=0, max_value=120),
    spells=st.lists(st.sampled_from(["ray_of_frost", "spirit_guardians", "haste"]), max_size=3),
)
def test_spell_effects_never_make_speed_negative(speed: int, spells: list[str]) -> None:
    effects = [e for s in spells for e in landed(s)]
    assert speed_with(speed, effects) >= 0

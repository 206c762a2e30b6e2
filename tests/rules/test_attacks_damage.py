"""Attack rolls, critical hits, damage and defences, dying, death saves and healing."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.attacks import AttackOutcome, attack_roll, damage_roll
from rules.checks import RollContext
from rules.conditions import Condition, attack_context
from rules.damage import (
    DamageType,
    Defenses,
    LifeState,
    Vitals,
    adjust_damage,
    apply_damage,
    death_save,
    grant_temp_hp,
    heal,
    stabilize,
)
from rules.dice import Advantage
from tests.rules.conftest import Rigged, d20s

SLASH = DamageType.SLASHING
BOTH = Defenses(resistances=frozenset({SLASH}), vulnerabilities=frozenset({SLASH}))


def test_hit_and_miss_against_ac() -> None:
    assert attack_roll(d20s(10), 5, 15).outcome is AttackOutcome.HIT
    assert attack_roll(d20s(9), 5, 15).outcome is AttackOutcome.MISS


def test_natural_20_always_crits_and_natural_1_always_misses() -> None:
    r = attack_roll(d20s(20), -5, 30)
    assert r.critical and r.hit and r.note == "natural 20"
    r = attack_roll(d20s(1), 30, 5)
    assert not r.hit and r.note == "natural 1"


def test_improved_critical_range() -> None:
    assert attack_roll(d20s(19), 0, 30, crit_range=19).critical
    assert not attack_roll(d20s(19), 0, 30).hit


def test_paralysed_target_within_5ft_turns_a_hit_into_a_crit() -> None:
    ctx = attack_context([], [Condition.PARALYZED], within_5ft=True)
    r = attack_roll(d20s(4, 12), 3, 13, context=ctx)  # advantage: keeps 12
    assert r.advantage is Advantage.ADVANTAGE and r.critical
    miss = attack_roll(d20s(2, 3), 3, 13, context=ctx)
    assert not miss.hit


def test_attack_with_disadvantage_and_summary() -> None:
    r = attack_roll(d20s(18, 6), 4, 12, context=RollContext((), ("poisoned",)))
    assert r.total == 10 and not r.hit
    assert r.summary() == ("Attack vs AC 12 [disadvantage]: 2d20kl1 (~~18~~, 6) + 4 = 10 — miss")


def test_bad_ac_is_refused() -> None:
    with pytest.raises(ValueError):
        attack_roll(random.Random(1), 0, 0)


def test_crit_damage_doubles_dice_only() -> None:
    r = damage_roll(Rigged([(6, 6), (6, 6), (1, 6), (1, 6)]), "2d6+3", critical=True)
    assert r.total == 17 and len(r.dice) == 4


@pytest.mark.parametrize(
    ("defenses", "amount", "expected", "note"),
    [
        (Defenses(), 11, 11, ""),
        (Defenses(resistances=frozenset({SLASH})), 11, 5, "resisted"),
        (Defenses(vulnerabilities=frozenset({SLASH})), 11, 22, "vulnerable"),
        (Defenses(immunities=frozenset({SLASH})), 11, 0, "immune"),
        (BOTH, 11, 10, "resisted and vulnerable"),
    ],
)  # fmt: skip
def test_damage_defences(defenses: Defenses, amount: int, expected: int, note: str) -> None:
    adjusted = adjust_damage(amount, SLASH, defenses)
    assert adjusted.amount == expected and adjusted.note == note


def test_temp_hp_absorb_first_and_do_not_stack() -> None:
    v = grant_temp_hp(Vitals.full(20), 5)
    assert grant_temp_hp(v, 3).temp_hp == 5
    r = apply_damage(v, 8, SLASH)
    assert r.absorbed == 5 and r.vitals.hp == 17 and r.vitals.temp_hp == 0 and r.hp_lost == 3


def test_dropping_to_zero_starts_dying() -> None:
    r = apply_damage(Vitals(hp=5, max_hp=20), 9, SLASH)
    assert r.dropped_to_zero and r.vitals.hp == 0 and r.vitals.state is LifeState.DYING
    assert not r.killed


def test_massive_damage_kills_outright() -> None:
    r = apply_damage(Vitals(hp=5, max_hp=20), 25, SLASH)
    assert r.instant_death and r.killed
    r2 = apply_damage(Vitals(hp=5, max_hp=20), 24, SLASH)
    assert not r2.killed and r2.vitals.state is LifeState.DYING


def test_monsters_can_die_at_zero() -> None:
    r = apply_damage(Vitals(hp=7, max_hp=7), 7, SLASH, dies_at_zero=True)
    assert r.killed and not r.instant_death


def test_damage_while_dying_is_a_failed_save_or_two_on_a_crit() -> None:
    dying = Vitals(hp=0, max_hp=20, state=LifeState.DYING)
    r = apply_damage(dying, 3, SLASH)
    assert r.failures_added == 1 and r.vitals.death_failures == 1
    r = apply_damage(r.vitals, 3, SLASH, critical=True)
    assert r.vitals.death_failures == 3 and r.vitals.state is LifeState.DEAD and r.killed
    assert apply_damage(dying, 20, SLASH).instant_death


def test_hit_while_stable_starts_dying_again() -> None:
    stable = stabilize(Vitals(hp=0, max_hp=10, state=LifeState.DYING, death_failures=2))
    assert stable.state is LifeState.STABLE and stable.death_failures == 0
    r = apply_damage(stable, 1, SLASH)
    assert r.vitals.state is LifeState.DYING and r.vitals.death_failures == 1


def test_death_saves() -> None:
    dying = Vitals(hp=0, max_hp=10, state=LifeState.DYING)
    r = death_save(d20s(10), dying)
    assert r.success and r.vitals.death_successes == 1
    r = death_save(d20s(9), dying)
    assert not r.success and r.vitals.death_failures == 1
    r = death_save(d20s(1), dying)
    assert r.vitals.death_failures == 2
    r = death_save(d20s(20), dying.model_copy(update={"death_failures": 2}))
    assert r.regained_consciousness and r.vitals.hp == 1 and r.vitals.death_failures == 0
    three = death_save(d20s(15), dying.model_copy(update={"death_successes": 2}))
    assert three.vitals.state is LifeState.STABLE
    dead = death_save(d20s(1), dying.model_copy(update={"death_failures": 1}))
    assert dead.vitals.state is LifeState.DEAD
    with pytest.raises(ValueError):
        death_save(d20s(10), Vitals.full(10))


def test_healing_returns_what_was_restored() -> None:
    r = heal(Vitals(hp=8, max_hp=10), 5)
    assert r.restored == 2 and r.vitals.hp == 10
    assert heal(Vitals.full(10), 5).restored == 0
    woke = heal(Vitals(hp=0, max_hp=10, state=LifeState.DYING, death_failures=2), 3)
    assert woke.revived and woke.vitals.state is LifeState.ALIVE and woke.vitals.death_failures == 0
    assert heal(Vitals(hp=0, max_hp=10, state=LifeState.DEAD), 5).restored == 0


@given(
    st.integers(min_value=1, max_value=200),
    st.integers(min_value=0, max_value=200),
    st.integers(min_value=0, max_value=50),
    st.integers(min_value=0, max_value=300),
)
def test_damage_then_heal_properties(max_hp: int, hp_seed: int, temp: int, amount: int) -> None:
    hp = hp_seed % (max_hp + 1)
    v = Vitals(hp=hp, max_hp=max_hp, temp_hp=temp)
    if hp == 0:
        v = v.model_copy(update={"state": LifeState.STABLE})
    r = apply_damage(v, amount, SLASH)
    assert 0 <= r.vitals.hp <= v.hp
    assert r.absorbed + r.hp_lost <= amount
    h = heal(r.vitals, amount)
    assert 0 <= h.restored <= amount
    assert h.vitals.hp <= max_hp
    if r.vitals.state is not LifeState.DEAD:
        assert h.vitals.hp == min(max_hp, r.vitals.hp + amount)


def test_a_blow_to_subdue_knocks_out_instead_of_killing() -> None:
    r = apply_damage(Vitals(hp=7, max_hp=7), 9, SLASH, dies_at_zero=True, knock_out=True)
    assert r.vitals.hp == 0 and r.vitals.state is LifeState.STABLE and r.dropped_to_zero
    # a monster is knocked out however hard the blow: a goblin at 2 HP, a 14-point blow
    r = apply_damage(Vitals(hp=2, max_hp=7), 14, SLASH, dies_at_zero=True, knock_out=True)
    assert r.vitals.state is LifeState.STABLE and not r.instant_death
    # a character taken past the hit point maximum still dies outright (massive damage)
    r = apply_damage(Vitals(hp=7, max_hp=7), 14, SLASH, knock_out=True)
    assert r.vitals.state is LifeState.DEAD and r.instant_death


@given(hp=st.integers(1, 60), most=st.integers(0, 60), dealt=st.integers(0, 200))
def test_a_subduing_blow_never_kills_a_monster(hp: int, most: int, dealt: int) -> None:
    vitals = Vitals(hp=hp, max_hp=hp + most)
    r = apply_damage(vitals, dealt, SLASH, dies_at_zero=True, knock_out=True)
    assert r.vitals.state is not LifeState.DEAD
    if dealt >= hp:
        assert r.vitals.state is LifeState.STABLE and r.vitals.hp == 0


@given(hp=st.integers(1, 60), most=st.integers(0, 60), dealt=st.integers(0, 200))
def test_a_subduing_blow_kills_a_character_only_past_the_instant_death_line(
    hp: int, most: int, dealt: int
) -> None:
    vitals = Vitals(hp=hp, max_hp=hp + most)
    r = apply_damage(vitals, dealt, SLASH, knock_out=True)
    assert (r.vitals.state is LifeState.DEAD) == (dealt - hp >= vitals.max_hp)

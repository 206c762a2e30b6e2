"""The fifteen conditions: effects on rolls, implications, durations and save-ends."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rules.abilities import Ability
from rules.conditions import (
    ActiveCondition,
    Condition,
    attack_context,
    can_act,
    check_context,
    condition_rules,
    dies_of_exhaustion,
    exhaustion_levels,
    expand,
    max_hp_after_exhaustion,
    may_target,
    pass_time,
    resists_everything,
    save_context,
    speed_after_conditions,
    tick_end_of_turn,
    tick_start_of_turn,
)
from rules.dice import Advantage
from tests.rules.conftest import d20s


def test_all_fifteen_conditions_are_defined() -> None:
    rules = condition_rules()
    assert set(rules) == set(Condition) and len(rules) == 15
    assert all(rule.summary for rule in rules.values())
    assert [lv.level for lv in exhaustion_levels()] == [1, 2, 3, 4, 5, 6]


def test_implied_conditions() -> None:
    assert expand([Condition.UNCONSCIOUS]) == {
        Condition.UNCONSCIOUS, Condition.INCAPACITATED, Condition.PRONE,
    }  # fmt: skip
    assert Condition.INCAPACITATED in expand([Condition.PARALYZED])


def test_attack_advantage_from_target_conditions() -> None:
    assert attack_context([], [Condition.RESTRAINED]).advantage is Advantage.ADVANTAGE
    assert attack_context([], [Condition.BLINDED]).advantage is Advantage.ADVANTAGE
    assert attack_context([], [Condition.INVISIBLE]).advantage is Advantage.DISADVANTAGE


def test_attacker_conditions() -> None:
    assert attack_context([Condition.POISONED], []).advantage is Advantage.DISADVANTAGE
    assert attack_context([Condition.INVISIBLE], []).advantage is Advantage.ADVANTAGE
    assert attack_context([Condition.PRONE], []).advantage is Advantage.DISADVANTAGE
    assert attack_context([], [], attacker_exhaustion=3).advantage is Advantage.DISADVANTAGE
    assert attack_context([], [], attacker_exhaustion=2).advantage is Advantage.NORMAL


def test_prone_target_depends_on_distance() -> None:
    near = attack_context([], [Condition.PRONE], within_5ft=True)
    far = attack_context([], [Condition.PRONE], within_5ft=False, ranged=True)
    assert near.advantage is Advantage.ADVANTAGE
    assert far.advantage is Advantage.DISADVANTAGE


def test_invisible_attacker_against_invisible_target_cancels() -> None:
    ctx = attack_context([Condition.INVISIBLE], [Condition.INVISIBLE])
    assert ctx.advantage is Advantage.NORMAL
    assert len(ctx.reasons) == 2


def test_paralyzed_and_unconscious_targets_are_crit_within_5ft() -> None:
    assert attack_context([], [Condition.PARALYZED], within_5ft=True).auto_crit
    assert not attack_context([], [Condition.PARALYZED], within_5ft=False).auto_crit
    assert attack_context([], [Condition.UNCONSCIOUS]).auto_crit
    assert not attack_context([], [Condition.STUNNED]).auto_crit


def test_ranged_attack_with_an_enemy_adjacent() -> None:
    ctx = attack_context([], [], ranged=True, hostile_adjacent=True)
    assert ctx.advantage is Advantage.DISADVANTAGE


def test_save_auto_fail_and_disadvantage() -> None:
    for cond in (
        Condition.PARALYZED,
        Condition.STUNNED,
        Condition.PETRIFIED,
        Condition.UNCONSCIOUS,
    ):
        assert save_context([cond], Ability.STR).auto_fail
        assert save_context([cond], Ability.DEX).auto_fail
        assert save_context([cond], Ability.CON).auto_fail is None
    assert save_context([Condition.RESTRAINED], Ability.DEX).advantage is Advantage.DISADVANTAGE
    assert save_context([Condition.RESTRAINED], Ability.WIS).advantage is Advantage.NORMAL
    assert save_context([], Ability.WIS, exhaustion=3).advantage is Advantage.DISADVANTAGE


def test_check_disadvantage_and_sense_failures() -> None:
    assert check_context([Condition.FRIGHTENED]).advantage is Advantage.DISADVANTAGE
    assert check_context([], exhaustion=1).advantage is Advantage.DISADVANTAGE
    assert check_context([Condition.BLINDED], needs="sight").auto_fail
    assert check_context([Condition.BLINDED], needs="hearing").auto_fail is None
    assert check_context([Condition.DEAFENED], needs="hearing").auto_fail


def test_incapacitation_and_speed() -> None:
    assert can_act([])
    assert not can_act([Condition.STUNNED])
    assert not can_act([ActiveCondition(condition=Condition.UNCONSCIOUS)])
    assert speed_after_conditions(30, [Condition.GRAPPLED]) == 0
    assert speed_after_conditions(30, [], exhaustion=2) == 15
    assert speed_after_conditions(30, [], exhaustion=5) == 0
    assert speed_after_conditions(30, [Condition.POISONED]) == 30


def test_charmed_creature_cannot_target_its_charmer() -> None:
    charmed = [ActiveCondition(condition=Condition.CHARMED, source="vampire")]
    assert may_target(charmed, "vampire")
    assert may_target(charmed, "goblin") is None


def test_petrified_resists_everything() -> None:
    assert resists_everything([Condition.PETRIFIED])
    assert not resists_everything([Condition.PRONE])


def test_durations_tick_at_start_or_end_of_turn() -> None:
    start = ActiveCondition(condition=Condition.FRIGHTENED, rounds=1, ends_at="start")
    end = ActiveCondition(condition=Condition.POISONED, rounds=2, ends_at="end")
    forever = ActiveCondition(condition=Condition.PRONE)
    tick = tick_start_of_turn([start, end, forever])
    assert [c.condition for c in tick.ended] == [Condition.FRIGHTENED]
    assert [c.condition for c in tick.remaining] == [Condition.POISONED, Condition.PRONE]
    tick2 = tick_end_of_turn(tick.remaining, d20s(), lambda a: 0)
    assert tick2.remaining[0].rounds == 1
    tick3 = tick_end_of_turn(tick2.remaining, d20s(), lambda a: 0)
    assert [c.condition for c in tick3.ended] == [Condition.POISONED]
    assert [c.condition for c in tick3.remaining] == [Condition.PRONE]


def test_save_ends_at_end_of_turn() -> None:
    held = ActiveCondition(
        condition=Condition.PARALYZED, rounds=10, save_ability=Ability.WIS, save_dc=13
    )
    failed = tick_end_of_turn([held], d20s(5), lambda a: 2)
    assert failed.saves[0].total == 7 and not failed.saves[0].success
    assert failed.remaining[0].rounds == 9
    passed = tick_end_of_turn(failed.remaining, d20s(12), lambda a: 2)
    assert passed.saves[0].success
    assert passed.remaining == () and passed.ended[0].condition is Condition.PARALYZED


def test_save_ends_rolls_respect_other_conditions() -> None:
    # Held by a DEX save while paralysed: the paralysis makes that save fail outright.
    webbed = ActiveCondition(condition=Condition.RESTRAINED, save_ability=Ability.DEX, save_dc=5)
    paralysed = ActiveCondition(condition=Condition.PARALYZED)
    tick = tick_end_of_turn([webbed, paralysed], d20s(), lambda a: 10)
    assert not tick.saves[0].success
    assert len(tick.remaining) == 2


def test_exhaustion_levels_four_and_six() -> None:
    assert max_hp_after_exhaustion(21, 3) == 21
    assert max_hp_after_exhaustion(21, 4) == 10
    assert max_hp_after_exhaustion(1, 5) == 1
    assert not dies_of_exhaustion(5) and dies_of_exhaustion(6)


@given(st.lists(st.one_of(st.none(), st.integers(min_value=0, max_value=40)), max_size=6),
       st.integers(min_value=1, max_value=20))  # fmt: skip
def test_time_passing_outside_a_fight_ends_what_it_outlasts_and_shortens_the_rest(
    lengths: list[int | None], rounds: int
) -> None:
    held = [ActiveCondition(condition=Condition.POISONED, rounds=n) for n in lengths]
    tick = pass_time(held, rounds)
    assert len(tick.remaining) + len(tick.ended) == len(held)
    assert all(c.rounds is not None and c.rounds <= rounds for c in tick.ended)
    untimed = [c for c in held if c.rounds is None]
    assert [c for c in tick.remaining if c.rounds is None] == untimed  # until removed: stays
    assert sorted(c.rounds for c in tick.remaining if c.rounds is not None) == sorted(
        n - rounds for n in lengths if n is not None and n > rounds
    )
    assert not tick.saves  # nobody rolls: nobody takes turns


def test_a_turn_outside_a_fight_wears_off_a_rounds_poison() -> None:
    tick = pass_time([ActiveCondition(condition=Condition.POISONED, rounds=1, ends_at="end")])
    assert not tick.remaining and tick.ended[0].condition is Condition.POISONED

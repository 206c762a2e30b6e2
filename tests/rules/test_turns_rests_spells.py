"""Initiative, the action economy, rests, spell slots and concentration."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.checks import RollKind
from rules.damage import LifeState, Vitals
from rules.economy import ActionKind, TurnEconomy
from rules.initiative import Entrant, roll_initiative
from rules.outcomes import Impossible, Success
from rules.rests import HitDice, long_rest, short_rest
from rules.spellcasting import (
    SpellSlots,
    cantrip_dice_multiplier,
    concentration_check,
    concentration_dc,
    full_caster_slots,
    spell_attack_bonus,
    spell_save_dc,
)
from tests.rules.conftest import Rigged, d20s

# -- initiative ---------------------------------------------------------------------------


def test_initiative_orders_by_total() -> None:
    order = roll_initiative(
        d20s(5, 15, 10),
        [Entrant("a", "Aria", 2), Entrant("b", "Bram", 0), Entrant("c", "Cole", 1)],
    )
    assert [r.entrant.id for r in order] == ["b", "c", "a"]
    assert [r.total for r in order] == [15, 11, 7]


def test_ties_go_to_dex_score_then_a_roll_off() -> None:
    order = roll_initiative(
        d20s(10, 10),
        [Entrant("a", "A", 2, dex_score=14), Entrant("b", "B", 2, dex_score=15)],
    )
    assert [r.entrant.id for r in order] == ["b", "a"]
    # same total, same DEX: roll-off (first roll-off tied 7/7, second 3 vs 18)
    order = roll_initiative(
        d20s(10, 10, 7, 7, 3, 18),
        [Entrant("a", "A", 2, dex_score=14), Entrant("b", "B", 2, dex_score=14)],
    )
    assert [r.entrant.id for r in order] == ["b", "a"]
    assert order[0].tiebreak == (7, 18)


def test_groups_share_one_roll() -> None:
    order = roll_initiative(
        d20s(4, 12),
        [
            Entrant("g1", "Goblin 1", 2, 14, group="goblins"),
            Entrant("hero", "Hero", 1),
            Entrant("g2", "Goblin 2", 2, 14, group="goblins"),
        ],
    )
    ids = [r.entrant.id for r in order]
    assert ids == ["hero", "g1", "g2"]
    assert order[1].roll is order[2].roll


def test_initiative_rejects_duplicate_ids() -> None:
    with pytest.raises(ValueError):
        roll_initiative(random.Random(1), [Entrant("a", "A", 0), Entrant("a", "A2", 0)])


def test_initiative_is_deterministic() -> None:
    people = [Entrant(str(i), f"E{i}", i % 3, 10 + i % 4) for i in range(8)]
    a = [r.entrant.id for r in roll_initiative(random.Random(9), people)]
    b = [r.entrant.id for r in roll_initiative(random.Random(9), people)]
    assert a == b and sorted(a) == sorted(str(i) for i in range(8))


# -- action economy -----------------------------------------------------------------------


def test_one_action_one_bonus_one_reaction() -> None:
    turn = TurnEconomy.fresh(30)
    assert isinstance(turn.spend(ActionKind.ACTION), Success)
    second = turn.spend(ActionKind.ACTION)
    assert isinstance(second, Impossible) and "no action left" in second.reason
    assert turn.spend(ActionKind.BONUS_ACTION)
    assert not turn.spend(ActionKind.BONUS_ACTION)
    assert turn.spend(ActionKind.REACTION)
    assert not turn.spend(ActionKind.REACTION)
    assert turn.spend(ActionKind.FREE)


def test_reaction_returns_at_start_of_own_turn() -> None:
    turn = TurnEconomy.fresh(30)
    turn.spend(ActionKind.REACTION)
    assert not turn.available(ActionKind.REACTION)
    assert turn.start_turn(30).available(ActionKind.REACTION)


def test_movement_dash_and_difficult_terrain() -> None:
    turn = TurnEconomy.fresh(30)
    assert turn.move(20)
    refused = turn.move(15)
    assert isinstance(refused, Impossible) and turn.movement == 10
    assert turn.dash() and turn.movement == 40
    assert turn.move(20, difficult=True) and turn.movement == 0
    assert not turn.dash()
    assert not turn.move(-5)


def test_extra_attack_uses_one_action() -> None:
    turn = TurnEconomy.fresh(30)
    assert turn.attack(attacks_per_action=2)
    assert turn.attack(attacks_per_action=2)
    assert not turn.attack(attacks_per_action=2)


# -- rests --------------------------------------------------------------------------------


def test_short_rest_spends_hit_dice() -> None:
    vitals = Vitals(hp=3, max_hp=30)
    dice = HitDice(die=10, total=3, remaining=3)
    r = short_rest(Rigged([(6, 10), (2, 10)]), vitals, dice, con_modifier=2, dice_to_spend=2)
    assert r.healed == 12 and r.vitals.hp == 15 and r.hit_dice.remaining == 1
    assert [x.total for x in r.rolls] == [8, 4]


def test_short_rest_stops_at_full_hp_and_never_heals_negative() -> None:
    vitals = Vitals(hp=29, max_hp=30)
    r = short_rest(Rigged([(10, 10)]), vitals, HitDice(die=10, total=2, remaining=2), 0, 2)
    assert r.vitals.hp == 30 and r.hit_dice.remaining == 1 and len(r.rolls) == 1
    r = short_rest(
        Rigged([(1, 6)]), Vitals(hp=1, max_hp=9), HitDice(die=6, total=1, remaining=1), -3, 1
    )
    assert r.healed == 0


def test_no_hit_die_is_spent_for_less_than_it_is_worth() -> None:
    dice = HitDice(die=8, total=3, remaining=3)
    r = short_rest(Rigged([(5, 8)]), Vitals(hp=20, max_hp=21), dice, 2, 3, worth=3)
    assert r.rolls == () and r.hit_dice.remaining == 3  # one point missing: no die for it
    r = short_rest(Rigged([(1, 8), (1, 8)]), Vitals(hp=10, max_hp=16), dice, 2, 3, worth=3)
    assert [x.total for x in r.rolls] == [3, 3] and r.vitals.hp == 16


@given(hp=st.integers(1, 40), most=st.integers(0, 40), worth=st.integers(1, 8))
def test_a_die_is_spent_only_while_enough_is_missing(hp: int, most: int, worth: int) -> None:
    vitals = Vitals(hp=hp, max_hp=hp + most)
    r = short_rest(random.Random(hp), vitals, HitDice(die=8, total=5, remaining=5), 1, 5,
                   worth=worth)  # fmt: skip
    before = [vitals.max_hp - vitals.hp]
    for roll_ in r.rolls[:-1]:
        before.append(max(0, before[-1] - max(0, roll_.total)))
    assert all(missing >= worth for missing in before[: len(r.rolls)])


def test_the_dying_cannot_short_rest() -> None:
    dying = Vitals(hp=0, max_hp=9, state=LifeState.DYING)
    r = short_rest(Rigged([]), dying, HitDice(die=6, total=1, remaining=1), 0, 1)
    assert r.healed == 0 and r.rolls == ()


def test_long_rest_restores_hp_half_dice_slots_and_exhaustion() -> None:
    slots = SpellSlots.for_full_caster(3)
    assert slots.spend(2)
    r = long_rest(
        Vitals(hp=4, max_hp=20, temp_hp=3), HitDice(die=8, total=5, remaining=0), 2, slots
    )
    assert r.vitals.hp == 20 and r.vitals.temp_hp == 0
    assert r.hit_dice_regained == 2 and r.hit_dice.remaining == 2
    assert r.exhaustion == 1
    assert r.slots is not None and r.slots.remaining(2) == 2
    one = long_rest(Vitals(hp=1, max_hp=8), HitDice(die=8, total=1, remaining=0))
    assert one.hit_dice_regained == 1
    nothing = long_rest(
        Vitals(hp=0, max_hp=8, state=LifeState.STABLE), HitDice(die=8, total=1, remaining=0)
    )
    assert nothing.vitals.hp == 0


def test_hit_dice_validation() -> None:
    with pytest.raises(ValueError):
        HitDice(die=7, total=1, remaining=1)
    with pytest.raises(ValueError):
        HitDice(die=8, total=1, remaining=2)


# -- spellcasting -------------------------------------------------------------------------


def test_full_caster_slot_table() -> None:
    assert full_caster_slots(1) == {1: 2}
    assert full_caster_slots(3) == {1: 4, 2: 2}
    assert full_caster_slots(5) == {1: 4, 2: 3, 3: 2}
    assert full_caster_slots(20) == {1: 4, 2: 3, 3: 3, 4: 3, 5: 3, 6: 2, 7: 2, 8: 1, 9: 1}
    with pytest.raises(ValueError):
        full_caster_slots(21)


def test_spending_slots() -> None:
    slots = SpellSlots.for_full_caster(1)
    assert slots.spend(1) and slots.spend(1)
    empty = slots.spend(1)
    assert isinstance(empty, Impossible) and "no level-1" in empty.reason
    assert not slots.spend(3)
    slots.recover_all()
    assert slots.remaining(1) == 2
    with pytest.raises(ValueError):
        SpellSlots(maximum={1: 1}, expended={1: 2})


def test_spellcasting_numbers() -> None:
    assert spell_save_dc(2, 3) == 13
    assert spell_attack_bonus(2, 3) == 5
    assert [cantrip_dice_multiplier(lv) for lv in (1, 4, 5, 10, 11, 16, 17, 20)] == [
        1,
        1,
        2,
        2,
        3,
        3,
        4,
        4,
    ]


def test_concentration() -> None:
    assert concentration_dc(9) == 10
    assert concentration_dc(22) == 11
    assert concentration_dc(40) == 20
    assert concentration_dc(500) == 40  # never past the highest DC a check takes
    kept = concentration_check(d20s(8), 2, 10)
    assert kept.kind is RollKind.CONCENTRATION and kept.dc == 10 and kept.success
    lost = concentration_check(d20s(8), 2, 30)
    assert lost.dc == 15 and not lost.success

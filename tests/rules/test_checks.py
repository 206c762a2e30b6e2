"""Ability checks, saving throws, passive scores, group checks and contests."""

from __future__ import annotations

import random

import pytest

from rules.abilities import Ability
from rules.checks import (
    RollContext,
    RollKind,
    ability_check,
    contest,
    d20_formula,
    group_check,
    passive_score,
    saving_throw,
)
from rules.conditions import Condition, check_context, save_context
from rules.dice import Advantage
from rules.skills import Skill
from tests.rules.conftest import Rigged, d20s


def test_formula_building() -> None:
    assert d20_formula(5) == "1d20+5"
    assert d20_formula(-1) == "1d20-1"
    assert d20_formula(0) == "1d20"
    assert d20_formula(2, "1d4") == "1d20+2+1d4"
    assert d20_formula(2, "-1d4") == "1d20+2-1d4"


def test_meeting_the_dc_succeeds_with_margin() -> None:
    r = ability_check(d20s(10), 5, 15, ability=Ability.DEX, skill=Skill.STEALTH)
    assert r.success and r.total == 15 and r.margin == 0
    assert r.kind is RollKind.ABILITY_CHECK
    assert r.label == "Dexterity (Stealth) check"
    r = ability_check(d20s(9), 5, 15, ability=Ability.DEX)
    assert not r.success and r.margin == -1


def test_natural_20_and_1_do_not_decide_checks() -> None:
    assert not ability_check(d20s(20), 0, 25, ability=Ability.STR).success
    assert ability_check(d20s(1), 10, 11, ability=Ability.STR).success


def test_dc_is_validated_before_rolling() -> None:
    rng = Rigged([])
    with pytest.raises(ValueError, match="DC"):
        ability_check(rng, 0, 0, ability=Ability.STR)
    with pytest.raises(ValueError, match="DC"):
        saving_throw(rng, 0, 41, ability=Ability.STR)


def test_advantage_and_disadvantage_cancel_whatever_their_number() -> None:
    context = RollContext(("a", "b"), ("c",))
    assert context.advantage is Advantage.NORMAL
    r = ability_check(
        d20s(3), 0, 10, ability=Ability.STR, context=context, advantage=Advantage.ADVANTAGE
    )
    assert r.advantage is Advantage.NORMAL and r.total == 3
    assert len(r.reasons) == 4


def test_poisoned_check_has_disadvantage() -> None:
    ctx = check_context([Condition.POISONED])
    r = ability_check(d20s(18, 4), 2, 10, ability=Ability.WIS, context=ctx)
    assert r.advantage is Advantage.DISADVANTAGE and r.total == 6 and not r.success
    assert "disadvantage: poisoned" in r.reasons


def test_paralyzed_dex_save_fails_without_a_roll() -> None:
    ctx = save_context([Condition.PARALYZED], Ability.DEX)
    r = saving_throw(Rigged([]), 10, 5, ability=Ability.DEX, context=ctx)
    assert not r.success and r.roll is None and r.auto_fail
    assert "fails automatically" in r.summary()
    assert r.label == "Dexterity saving throw"


def test_dice_bonus_such_as_bless() -> None:
    r = saving_throw(Rigged([(8, 20), (3, 4)]), 1, 12, ability=Ability.WIS, bonus="1d4")
    assert r.total == 12 and r.success


def test_passive_scores() -> None:
    assert passive_score(3) == 13
    assert passive_score(3, Advantage.ADVANTAGE) == 18
    assert passive_score(3, Advantage.DISADVANTAGE) == 8


def test_group_check_needs_half() -> None:
    wins = ability_check(d20s(15), 0, 10, ability=Ability.DEX)
    loss = ability_check(d20s(2), 0, 10, ability=Ability.DEX)
    assert group_check([wins, loss]).success
    assert group_check([wins, loss, loss]).passed == 1
    assert not group_check([wins, loss, loss]).success
    assert group_check([wins, wins, loss, loss]).success
    with pytest.raises(ValueError):
        group_check([])


def test_contest_ties_keep_the_status_quo() -> None:
    c = contest(d20s(10, 12), 4, 2)
    assert c.winner is None
    assert contest(d20s(10, 3), 0, 0).winner == "a"
    assert contest(d20s(3, 10), 0, 0).winner == "b"


def test_summary_line() -> None:
    r = ability_check(d20s(9), 5, 13, ability=Ability.DEX, skill=Skill.STEALTH)
    assert r.summary() == "Dexterity (Stealth) check DC 13: 1d20 (9) + 5 = 14 — success"


def test_same_seed_same_check() -> None:
    a = ability_check(random.Random(3), 2, 12, ability=Ability.INT)
    b = ability_check(random.Random(3), 2, 12, ability=Ability.INT)
    assert a.total == b.total and a.success == b.success

"""One die plus or minus a number (``1d20+5``) is rolled as a single draw with its result
tree made only when read: the same dice, totals and renderings as the general program."""

from __future__ import annotations

import random

import pytest

from rules.dice import Advantage, parse, roll, roll_formula
from rules.dice.rolled import LoneRoll

LONE = ["1d20", "1d20+5", "1d20-2", "1d8-1", "d6+0", "1d4 + 3 to hit the rat"]


@pytest.mark.parametrize("text", LONE)
def test_a_lone_die_rolls_as_the_general_program_does(text: str) -> None:
    faces: set[int | None] = set()
    for seed in range(200):  # a natural 1 and 20 among them
        fast_rng, slow_rng = random.Random(seed), random.Random(seed)
        fast = roll(text, fast_rng)
        slow = roll_formula(parse(text), slow_rng)  # the compiled program, tree and all
        assert isinstance(fast, LoneRoll)
        assert fast_rng.getstate() == slow_rng.getstate()  # one draw, the same one
        assert (fast.total, fast.natural, fast.crit, fast.fumble) == (
            slow.total, slow.natural, slow.crit, slow.fumble,
        )  # fmt: skip
        assert fast.plain() == slow.plain() and fast.markup() == slow.markup()
        assert [(d.sides, d.value, d.kept) for d in fast.dice] == [
            (d.sides, d.value, d.kept) for d in slow.dice
        ]
        assert fast.expression == slow.expression and fast.comment == slow.comment
        assert fast.natural == slow.natural  # read again, now from the built tree
        assert fast.plain() == slow.plain() and fast.markup() == slow.markup()
        faces.add(fast.natural)
    if "d20" in text:
        assert {1, 20} <= faces  # the coloured faces were among those compared


def test_the_tree_is_built_once_and_kept() -> None:
    result = roll("1d20+5", random.Random(3))
    assert result.root is result.root
    assert result.d20 is not None and result.d20.dice[0].value == result.natural


@pytest.mark.parametrize("text", ["2d20kh1+5", "1d20+1d4", "1d20*2", "1d20ro1+3", "(1d20+5)"])
def test_other_shapes_keep_the_compiled_program(text: str) -> None:
    assert not isinstance(roll(text, random.Random(1)), LoneRoll)


def test_advantage_and_crits_rewrite_the_formula_first() -> None:
    assert not isinstance(roll("1d20+5", random.Random(1), Advantage.ADVANTAGE), LoneRoll)
    crit = roll("1d8+3", random.Random(1), crit=True)
    assert not isinstance(crit, LoneRoll) and len(crit.dice) == 2


def test_reading_the_dice_leaves_the_tree_unbuilt() -> None:
    # a roll's event reads its dice, then its renderings: none of them needs the tree
    result = roll("1d20+5", random.Random(4))
    assert isinstance(result, LoneRoll)
    slow = roll_formula(parse("1d20+5"), random.Random(4))
    assert [(d.sides, d.value, d.kept, d.rerolled, d.exploded) for d in result.dice] == [
        (d.sides, d.value, d.kept, d.rerolled, d.exploded) for d in slow.dice
    ]
    assert result.plain() == slow.plain() and result.markup() == slow.markup()
    assert result._tree is None  # still the single draw it was

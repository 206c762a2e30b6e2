"""A dice-log entry reads the same whether its roll was one lone die (its tree built only
when read) or the compiled program's full tree."""

from __future__ import annotations

import random

import pytest

from app.actions.events import DiceRoll
from rules.dice import parse, roll, roll_formula


@pytest.mark.parametrize("text", ["1d20+5", "1d20", "1d8-1"])
def test_a_lone_die_logs_as_the_general_program_does(text: str) -> None:
    for seed in range(120):
        fast = DiceRoll.from_roll(roll(text, random.Random(seed)), check_type="roll", dc=12)
        slow = roll_formula(parse(text), random.Random(seed))
        assert fast == DiceRoll.from_roll(slow, check_type="roll", dc=12)
        assert (fast.crit, fast.fumble) == (slow.crit, slow.fumble)

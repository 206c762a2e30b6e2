"""Rolling: every operation's semantics, the result tree, crits, and rendering."""

from __future__ import annotations

import random

import pytest

from rules.dice import MAX_DICE, Advantage, DiceError, roll
from rules.dice.results import DiceResult
from tests.rules.conftest import Rigged, d20s


def faces(result_text: str, faces_: list[tuple[int, int]]) -> tuple[int, list[int], list[bool]]:
    r = roll(result_text, Rigged(faces_))
    return r.total, [d.value for d in r.dice], [d.kept for d in r.dice]


def test_plain_sum_and_modifier() -> None:
    r = roll("2d6+3", Rigged([(4, 6), (5, 6)]))
    assert r.total == 12
    assert r.plain() == "2d6 (4, 5) + 3 = 12"


def test_keep_highest_and_drop_lowest_agree() -> None:
    rolled = [(1, 6), (6, 6), (3, 6), (5, 6)]
    kh = roll("4d6kh3", Rigged(rolled))
    dl = roll("4d6dl1", Rigged(rolled))
    pl = roll("4d6pl1", Rigged(rolled))
    assert kh.total == dl.total == pl.total == 14
    assert [d.kept for d in kh.dice] == [False, True, True, True]
    assert kh.plain() == "4d6kh3 (~~1~~, 6, 3, 5) = 14"


def test_keep_lowest_and_ties_keep_the_first() -> None:
    r = roll("3d6kl1", Rigged([(2, 6), (2, 6), (5, 6)]))
    assert r.total == 2
    assert [d.kept for d in r.dice] == [True, False, False]


def test_keep_and_drop_by_value_selectors() -> None:
    assert faces("4d6k>4", [(5, 6), (4, 6), (6, 6), (1, 6)])[0] == 11
    assert faces("4d6p<3", [(5, 6), (2, 6), (6, 6), (1, 6)])[0] == 11
    assert faces("4d6k6", [(6, 6), (2, 6), (6, 6), (1, 6)])[0] == 12


def test_reroll_until_no_match() -> None:
    total, values, kept = faces("1d6rr<3", [(1, 6), (2, 6), (5, 6)])
    assert (total, values, kept) == (5, [1, 2, 5], [False, False, True])
    r = roll("1d6rr<3", Rigged([(1, 6), (2, 6), (5, 6)]))
    assert [d.rerolled for d in r.dice] == [True, True, False]
    assert [d.added for d in r.dice] == [False, True, True]


def test_reroll_once_keeps_the_second_roll_even_if_bad() -> None:
    total, values, kept = faces("2d20ro1", [(1, 20), (7, 20), (1, 20)])
    assert values == [1, 7, 1]
    assert kept == [False, True, True]
    assert total == 8


def test_reroll_and_add() -> None:
    total, values, kept = faces("2d6ra6", [(6, 6), (3, 6), (6, 6)])
    assert values == [6, 3, 6] and all(kept) and total == 15


def test_explode_chains() -> None:
    r = roll("1d6e6", Rigged([(6, 6), (6, 6), (2, 6)]))
    assert r.total == 14
    assert [d.exploded for d in r.dice] == [True, True, False]
    assert r.plain() == "1d6e6 (6!, 6!, 2) = 14"


def test_min_and_max_clamp_and_remember_the_face() -> None:
    r = roll("2d6mi3", Rigged([(1, 6), (5, 6)]))
    assert r.total == 8
    assert r.dice[0].clamped_from == 1 and r.dice[0].value == 3
    assert r.plain() == "2d6mi3 (1→3, 5) = 8"
    assert roll("1d20ma15", d20s(19)).total == 15


def test_operations_apply_left_to_right() -> None:
    # reroll the 1 first, then keep the highest three of what is left
    r = roll("4d6rr1kh3", Rigged([(1, 6), (2, 6), (3, 6), (4, 6), (6, 6)]))
    assert r.total == 13
    assert [d.kept for d in r.dice] == [False, False, True, True, True]


def test_arithmetic_and_floor_division() -> None:
    zero = random.Random(1)
    assert roll("10/3", zero).total == 3
    assert roll("-7/2", zero).total == -4
    assert roll("7 % 4", zero).total == 3
    assert roll("(2+3)*4", zero).total == 20
    assert roll("--3", zero).total == 3


def test_division_by_zero_is_a_dice_error() -> None:
    with pytest.raises(DiceError, match="division by zero") as caught:
        roll("1d6/0", random.Random(1))
    assert caught.value.expression == "1d6/0"
    assert caught.value.position == 3


def test_sets_keep_the_best_formula() -> None:
    r = roll("(1d20+5, 1d20+3)kh1", d20s(4, 10))
    assert r.total == 13
    assert r.plain() == "(~~1d20 (4) + 5~~, 1d20 (10) + 3)kh1 = 13"


def test_labels_are_kept_in_the_result() -> None:
    r = roll("1d6 [fire] + 1d6 [cold]", Rigged([(2, 6), (3, 6)]))
    assert r.plain() == "1d6 (2) [fire] + 1d6 (3) [cold] = 5"
    assert "\\[fire]" in r.markup()


def test_natural_crit_and_fumble_come_from_the_leftmost_d20() -> None:
    r = roll("1d20+5", d20s(20))
    assert (r.natural, r.crit, r.fumble) == (20, True, False)
    r = roll("1d20+5", d20s(1))
    assert (r.natural, r.crit, r.fumble) == (1, False, True)
    assert roll("2d6", Rigged([(6, 6), (6, 6)])).natural is None
    r = roll("1d4+1d20", Rigged([(4, 4), (13, 20)]))
    assert r.natural == 13


def test_advantage_rewrites_the_first_d20() -> None:
    r = roll("1d20+3", d20s(4, 17), Advantage.ADVANTAGE)
    assert r.total == 20 and r.natural == 17
    assert r.expression == "2d20kh1 + 3"
    r = roll("1d20+3", d20s(4, 17), Advantage.DISADVANTAGE)
    assert r.total == 7 and r.natural == 4
    assert r.advantage is Advantage.DISADVANTAGE
    with pytest.raises(DiceError, match="needs a single d20"):
        roll("2d6", random.Random(1), Advantage.ADVANTAGE)


def test_advantage_natural_is_the_kept_die() -> None:
    r = roll("1d20", d20s(20, 1), Advantage.DISADVANTAGE)
    assert r.natural == 1 and r.fumble


def test_crit_doubles_dice_not_modifiers() -> None:
    r = roll("1d8+3", Rigged([(8, 8), (5, 8)]), crit=True)
    assert r.expression == "2d8 + 3"
    assert r.total == 16


def test_markup_strikes_dropped_and_colours_crits() -> None:
    r = roll("2d20kh1", d20s(20, 3))
    assert "[bold green]20[/]" in r.markup()
    assert "[strike dim]3[/]" in r.markup()
    r = roll("1d20", d20s(1))
    assert "[bold red]1[/]" in r.markup()


def test_the_dice_cap_counts_rerolls_and_explosions() -> None:
    class Sixes(random.Random):
        def random(self) -> float:
            return 0.99  # every die shows its highest face

    with pytest.raises(DiceError, match="too many dice"):
        roll("1d6e6", Sixes())
    # exactly the cap is fine
    assert len(roll(f"{MAX_DICE}d2", random.Random(3)).dice) == MAX_DICE


def test_every_die_is_in_the_result_tree() -> None:
    r = roll("3d6+2d4", random.Random(5))
    terms = [n for n in [r.root.left, r.root.right] if isinstance(n, DiceResult)]  # type: ignore[union-attr]
    assert [len(t.dice) for t in terms] == [3, 2]
    assert len(r.dice) == 5 and len(r.kept_dice) == 5


def test_same_seed_same_rolls() -> None:
    a = [roll("4d6kh3+1d20", random.Random(99)).plain() for _ in range(3)]
    b = [roll("4d6kh3+1d20", random.Random(99)).plain() for _ in range(3)]
    assert a == b
    seq_a = random.Random(7)
    seq_b = random.Random(7)
    assert [roll("1d20", seq_a).total for _ in range(50)] == [
        roll("1d20", seq_b).total for _ in range(50)
    ]


def test_rolls_do_not_touch_the_global_random_module() -> None:
    random.seed(123)
    before = random.getstate()
    roll("10d6e6", random.Random(4))
    assert random.getstate() == before


def test_comment_is_available_on_the_result() -> None:
    assert roll("1d20+2 sneaky", random.Random(1)).comment == "sneaky"


@pytest.mark.parametrize(
    ("text", "total", "mode"),
    [
        ("1d20+5 adv", 22, Advantage.ADVANTAGE),
        ("1d20+5 with advantage", 22, Advantage.ADVANTAGE),
        ("1d20+5 Advantage from the bless", 22, Advantage.ADVANTAGE),
        ("1d20+5 dis", 8, Advantage.DISADVANTAGE),
        ("1d20+5 with disadvantage", 8, Advantage.DISADVANTAGE),
    ],
)
def test_a_comment_asking_for_advantage_is_rolled_so(
    text: str, total: int, mode: Advantage
) -> None:
    result = roll(text, d20s(3, 17))
    assert (result.total, result.advantage, len(result.dice)) == (total, mode, 2)
    assert result.plain().startswith("2d20k")


def test_a_comment_of_other_words_leaves_one_d20_and_explicit_advantage_wins() -> None:
    assert len(roll("1d20+5 to hit the adversary", d20s(3)).dice) == 1
    assert roll("1d20+5 dis", d20s(3, 17), Advantage.ADVANTAGE).total == 22


def test_advantage_asked_of_a_formula_with_no_d20_is_an_error() -> None:
    with pytest.raises(DiceError, match="single d20"):
        roll("2d6 adv", random.Random(1))

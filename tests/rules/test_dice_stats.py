"""Exact statistics, checked against brute-force enumeration and known values."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from rules.dice import Advantage, DiceError, formula_stats


def brute(sides: list[int], total_of: object) -> dict[int, Fraction]:
    """Enumerate every outcome of independent dice."""
    counts: dict[int, int] = {}
    n = 0
    for combo in itertools.product(*(range(1, s + 1) for s in sides)):
        t = total_of(combo)  # type: ignore[operator]
        counts[t] = counts.get(t, 0) + 1
        n += 1
    return {k: Fraction(v, n) for k, v in counts.items()}


def chance(dist: dict[int, Fraction], dc: int) -> Fraction:
    return sum((p for v, p in dist.items() if v >= dc), Fraction(0))


def test_4d6kh3_matches_enumeration() -> None:
    expected = brute([6] * 4, lambda c: sum(sorted(c)[1:]))
    s = formula_stats("4d6kh3")
    assert s.exact
    assert (s.minimum, s.maximum) == (3, 18)
    assert s.mean == pytest.approx(float(sum(v * p for v, p in expected.items())))
    for dc in range(3, 20):
        assert s.exact_chance_at_least(dc) == chance(expected, dc)
    assert s.exact_chance_at_least(15) == Fraction(25, 108)


def test_advantage_matches_enumeration_and_known_value() -> None:
    s = formula_stats("1d20+5", Advantage.ADVANTAGE)
    expected = brute([20, 20], lambda c: max(c) + 5)
    for dc in (10, 15, 20, 25):
        assert s.exact_chance_at_least(dc) == chance(expected, dc)
    assert s.mean == pytest.approx(13.825 + 5)


def test_disadvantage_and_drop_highest() -> None:
    s = formula_stats("2d20kl1")
    expected = brute([20, 20], min)
    assert s.exact_chance_at_least(11) == chance(expected, 11)
    s2 = formula_stats("3d6dh1")
    expected2 = brute([6, 6, 6], lambda c: sum(sorted(c)[:2]))
    assert s2.exact_chance_at_least(8) == chance(expected2, 8)


@pytest.mark.parametrize(
    ("formula", "sides", "fn"),
    [
        ("2d6+3", [6, 6], lambda c: c[0] + c[1] + 3),
        ("1d8-1d4", [8, 4], lambda c: c[0] - c[1]),
        ("1d6*1d4", [6, 4], lambda c: c[0] * c[1]),
        ("1d20/1d4", [20, 4], lambda c: c[0] // c[1]),
        ("(1d20+5, 1d20+3)kh1", [20, 20], lambda c: max(c[0] + 5, c[1] + 3)),
        ("4d6mi3", [6] * 4, lambda c: sum(max(x, 3) for x in c)),
        ("3d4k>2", [4, 4, 4], lambda c: sum(x for x in c if x > 2)),
        ("3d4p1", [4, 4, 4], lambda c: sum(x for x in c if x != 1)),
    ],
)
def test_exact_distributions(formula: str, sides: list[int], fn: object) -> None:
    expected = brute(sides, fn)
    s = formula_stats(formula)
    assert s.exact
    assert s.minimum == min(expected) and s.maximum == max(expected)
    dist = s.distribution()
    for value, p in expected.items():
        assert dist[value] == pytest.approx(float(p))


def test_reroll_once_and_reroll_until() -> None:
    # 1d6ro1: a 1 becomes a fresh d6, so P(1) = 1/36 and P(k) = 7/36 for k > 1
    s = formula_stats("1d6ro1")
    assert s.distribution()[1] == pytest.approx(1 / 36)
    assert s.distribution()[4] == pytest.approx(7 / 36)
    # 1d6rr<3: uniform over 3..6
    s = formula_stats("1d6rr<3")
    assert s.distribution() == pytest.approx({3: 0.25, 4: 0.25, 5: 0.25, 6: 0.25})


def test_exploding_dice_are_approximate_and_unbounded() -> None:
    s = formula_stats("1d6e6")
    assert not s.exact and s.unbounded
    assert s.mean == pytest.approx(4.2, abs=1e-9)
    assert s.chance_at_least(15) == pytest.approx(1 / 54, abs=1e-12)


def test_too_complex_falls_back_to_a_seeded_estimate() -> None:
    s = formula_stats("3d6ra6kh2")
    assert not s.exact and s.samples > 0
    assert s.minimum >= 2 and s.maximum <= 12
    again = formula_stats("3d6ra6kh2")
    assert again.mean == s.mean  # seeded: the estimate is repeatable


def test_division_by_a_possible_zero_is_reported() -> None:
    with pytest.raises(DiceError, match="divide by zero"):
        formula_stats("1d6/(1d2-1)")


def test_big_sums_are_fast_and_exact() -> None:
    s = formula_stats("100d6")
    assert s.exact and s.minimum == 100 and s.maximum == 600
    assert s.mean == pytest.approx(350)

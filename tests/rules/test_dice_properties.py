"""Hypothesis properties of the dice engine (in the spirit of avrae/d20's own)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.dice import Advantage, DiceError, formula_stats, parse, roll

seeds = st.integers(min_value=0, max_value=2**32 - 1)
counts = st.integers(min_value=1, max_value=12)
sides = st.sampled_from([2, 3, 4, 6, 8, 10, 12, 20, 100])
mods = st.integers(min_value=-20, max_value=20)


@given(counts, sides, mods, seeds)
def test_totals_within_bounds(n: int, s: int, mod: int, seed: int) -> None:
    r = roll(f"{n}d{s}{mod:+d}", random.Random(seed))
    assert n + mod <= r.total <= n * s + mod
    assert len(r.dice) == n
    assert all(1 <= d.value <= s for d in r.dice)


@given(counts, sides, st.data(), seeds)
def test_keep_drop_invariants(n: int, s: int, data: st.DataObject, seed: int) -> None:
    k = data.draw(st.integers(min_value=0, max_value=n + 2))
    r = roll(f"{n}d{s}kh{k}", random.Random(seed))
    kept = sorted(d.value for d in r.dice if d.kept)
    dropped = sorted(d.value for d in r.dice if not d.kept)
    assert len(kept) == min(k, n)
    assert r.total == sum(kept)
    if kept and dropped:
        assert min(kept) >= max(dropped)
    low = roll(f"{n}d{s}kl{k}", random.Random(seed))
    kept_low = [d.value for d in low.dice if d.kept]
    dropped_low = [d.value for d in low.dice if not d.kept]
    if kept_low and dropped_low:
        assert max(kept_low) <= min(dropped_low)
    # keeping the highest k and dropping the lowest n-k are the same thing
    if k <= n:
        same = roll(f"{n}d{s}pl{n - k}", random.Random(seed))
        assert same.total == r.total


@given(counts, sides, seeds)
def test_reroll_leaves_no_matching_kept_die(n: int, s: int, seed: int) -> None:
    r = roll(f"{n}d{s}rr1", random.Random(seed))
    assert all(d.value != 1 for d in r.dice if d.kept)
    assert sum(1 for d in r.dice if d.kept) == n


@given(mods)
@settings(deadline=None)
def test_advantage_never_lowers_the_mean(mod: int) -> None:
    formula = f"1d20{mod:+d}"
    normal = formula_stats(formula).mean
    assert formula_stats(formula, Advantage.ADVANTAGE).mean >= normal
    assert formula_stats(formula, Advantage.DISADVANTAGE).mean <= normal


@given(seeds, st.sampled_from(["1d20+5", "4d6kh3", "8d6", "1d6e6", "(1d20, 1d20)kh1", "3d6ro1"]))
def test_same_seed_same_sequence(seed: int, formula: str) -> None:
    a, b = random.Random(seed), random.Random(seed)
    assert [roll(formula, a).plain() for _ in range(5)] == [
        roll(formula, b).plain() for _ in range(5)
    ]


@given(seeds, st.sampled_from(["2d20kh1", "1d20ro1", "4d6mi2", "2d6+1d4"]))
@settings(max_examples=25, deadline=None)
def test_rolls_stay_inside_the_exact_support(seed: int, formula: str) -> None:
    stats = formula_stats(formula)
    total = roll(formula, random.Random(seed)).total
    assert stats.minimum <= total <= stats.maximum
    assert stats.distribution()[total] > 0


@given(st.text(max_size=40))
@settings(max_examples=600)
def test_fuzz_random_text_raises_only_dice_error(text: str) -> None:
    try:
        r = roll(text, random.Random(0))
    except DiceError:
        return
    assert isinstance(r.total, int)


dice_alphabet = st.text(alphabet="0123456789d%+-*/()[],khlpeirmoa<> ", max_size=30)


@given(dice_alphabet)
@settings(max_examples=1500, deadline=None)  # exact stats of e.g. 30d60 take a while
def test_fuzz_dice_like_text_raises_only_dice_error(text: str) -> None:
    try:
        formula = parse(text)
    except DiceError:
        return
    try:
        roll(formula, random.Random(1))
        formula_stats(formula)
    except DiceError:
        pass

"""Formulas at the edges of the notation: as long as the length cap allows, as deep as the
nesting limit allows, huge numbers, rolls that would never end, and characters a terminal
would act on. Each one rolls, renders and gets odds, or is refused with a ``DiceError``
that points at the problem — never another exception."""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from rules.dice import Advantage, DiceError, formula_stats, parse, roll
from rules.dice.parser import MAX_DEPTH, MAX_DICE, MAX_LENGTH
from rules.dice.render import expression_text
from rules.dice.transform import doubled_dice, with_advantage


@contextmanager
def few_frames(spare: int) -> Iterator[None]:
    """Allow only ``spare`` more stack frames than the caller has: a walk that recursed
    once per operator of a 500-operator formula would hit the limit."""
    depth = 0
    frame = sys._getframe()
    while frame is not None:
        depth, frame = depth + 1, frame.f_back  # type: ignore[assignment]
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + spare)
    try:
        yield
    finally:
        sys.setrecursionlimit(limit)


def everything(text: str) -> tuple[int, str, str, Any]:
    """Roll, render both ways, rewrite for advantage and crits, and compute the odds."""
    result = roll(text, random.Random(7))
    formula = parse(text)
    assert expression_text(formula.root) == result.expression
    if 2 * len(result.dice) <= MAX_DICE:
        doubled_dice(formula)
    return result.total, result.plain(), result.markup(), formula_stats(text)


CHAINS = {
    "sum": "+".join(["1"] * 499),
    "difference": "-".join(["d6"] * 330),
    "product": "*".join(["1"] * 499),
    "quotient": "/".join(["7"] * 499),
    "modulo": "%".join(["9"] * 499),
    "d20s": "+".join(["1d20"] * 199),
    "mixed": "+".join(["2*d4-1"] * 142),
}


@pytest.mark.parametrize("name", list(CHAINS))
def test_a_chain_of_hundreds_of_operators_rolls_renders_and_has_odds(name: str) -> None:
    text = CHAINS[name]
    assert len(text) <= MAX_LENGTH
    with few_frames(120):
        total, plain, markup, stats = everything(text)
    assert plain.endswith(f"= {total}") and markup.endswith(f"= [bold]{total}[/]")
    assert stats.minimum <= total <= stats.maximum


def test_the_chain_from_the_bug_report() -> None:
    text = "+".join(["1"] * 501)[:MAX_LENGTH].rstrip("+")
    assert roll(text, random.Random(0)).total == text.count("1")


def test_nesting_up_to_the_limit_works_and_beyond_is_a_clear_error() -> None:
    deepest = {
        "parentheses": "(" * MAX_DEPTH + "1d20" + ")" * MAX_DEPTH,
        "signs": "-" * MAX_DEPTH + "1d6",
        "sets": "(" * MAX_DEPTH + "1d6" + ",)" * MAX_DEPTH,
        "labels": "(" * MAX_DEPTH + "1[a]" + ")[b]" * MAX_DEPTH,
        "sums inside": "(1+" * MAX_DEPTH + "1d20*2" + ")" * MAX_DEPTH,
        "signs and parentheses": "(-" * (MAX_DEPTH // 2) + "1d20" + ")" * (MAX_DEPTH // 2),
    }
    for text in deepest.values():
        with few_frames(450):
            everything(text)
            if "d20" in text:
                with_advantage(parse(text), Advantage.ADVANTAGE)
    for text in ("(" * (MAX_DEPTH + 1) + "1" + ")" * (MAX_DEPTH + 1), "-" * (MAX_DEPTH + 1) + "1"):
        with pytest.raises(DiceError, match="nested too deeply") as caught:
            parse(text)
        assert caught.value.position is not None and "^" in caught.value.caret()
        assert f"at most {MAX_DEPTH} levels" in str(caught.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("99999999999999999999d6", "number too large"),
        ("1d999999999999", "number too large"),
        ("1d20+" + "9" * 400, "number too large"),
        ("1d0", "at least one side"),
        ("1d1e1", "explode forever"),
        ("1d2rr<3", "reroll forever"),
        ("1d6/0", "division by zero"),
        ("1d6%(1d1-1)", "division by zero"),
        ("1d6mi999999999*1d6mi999999999", "too large"),
        ("*".join(["1000"] * 6), "too large"),
        ("１d２０", "not a digit dice understand"),
        ("1d\u0662\u0660", "not a digit dice understand"),
        ("1d20\x00", "cannot contain"),
        ("1d20 \x1b[2Jcleared", "cannot contain"),
        ("1d20 \u202eevil", "cannot contain"),
        ("1d20 \udcff", "cannot contain"),
        ("1d20 \r= 20 natural 20!", "cannot contain"),
        ("d20+" * 251 + "1", "too long"),
        ("600d6+600d6", "too many dice"),
    ],
)
def test_impossible_formulas_are_refused_with_a_clear_error(text: str, message: str) -> None:
    with pytest.raises(DiceError, match=message) as caught:
        roll(text, random.Random(1))
    shown = caught.value.caret()
    assert not any(ch in shown for ch in "\x00\x1b\r\u202e\udcff")
    shown.encode("utf-8")  # printable on any UTF-8 terminal


def test_the_odds_refuse_what_rolling_refuses() -> None:
    for text in ("1d6/(1d2-1)", "1d6mi999999999*1d6mi999999999", "*".join(["d2"] * 300)):
        with pytest.raises(DiceError):
            formula_stats(text)


def test_rolls_that_would_never_end_stop_at_the_dice_cap() -> None:
    with pytest.raises(DiceError, match="too many dice"):
        roll("1000d10000e>1", random.Random(3))
    r = roll("1d2ro<3", random.Random(3))  # once only: ends
    assert len(r.dice) == 2 and not r.dice[0].kept


def test_extreme_minimum_and_maximum() -> None:
    r = roll("4d6mi999999999", random.Random(2))
    assert r.total == 4 * 999_999_999 and all(d.natural <= 6 for d in r.dice)
    assert roll("4d6ma0", random.Random(2)).total == 0
    stats = formula_stats("4d6mi999999999kh3")
    assert stats.minimum == stats.maximum == 3 * 999_999_999


def test_a_comment_keeps_unicode_but_not_controls() -> None:
    assert parse("1d20 to hit 🧙\u200d♂️ the ogre").comment == "to hit 🧙\u200d♂️ the ogre"
    assert parse("1d20\t+\t2").comment == ""
    with pytest.raises(DiceError):
        parse("1d20 hit\x07")


BIG = {
    "199 d20s": "+".join(["1d20"] * 199),
    "1000 dice": "1000d10000",
    "160 explosions": "+".join(["d6e6"] * 160),
    "reroll and add": "1d10000ra>1",
    "set of 7": "(d6,d6,d6,d6,d6,d6,d6)kh1",
    "75 sets": "+".join(["(d20,d20)kh1"] * 75),
    "80 rerolls": "+".join(["1d10000ro>1"] * 80),
    "products": "*".join(["d9"] * 15),
}


@pytest.mark.parametrize("name", list(BIG))
def test_odds_of_big_formulas_are_bounded(name: str) -> None:
    start = time.process_time()  # this process's own work: a busy machine does not count
    stats = formula_stats(BIG[name])
    seconds = time.process_time() - start
    # Unbounded work took minutes or ran out of memory.
    assert seconds < 4
    assert stats.exact or stats.unbounded or 250 <= stats.samples <= 20_000
    assert stats.minimum <= stats.mean <= stats.maximum

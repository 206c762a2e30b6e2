"""Fuzzing dice formulas: every formula a player can type rolls, gets its odds and goes
through the dice tray, or is refused with a ``DiceError`` — within the time bound, and
with results that obey the notation's invariants.

Three sources of formulas: the grammar (sound formulas with random nesting, lengths up to
the 1,000-character cap, every operator of the notation), near misses (a sound formula
with characters inserted, deleted or swapped for tokens of the notation or for hostile
ones: control characters, foreign digits, lone surrogates), and arbitrary text. The
properties of ``tests/rules/test_dice_properties.py`` (bounds of ``NdM+k``, keep/drop,
rerolls, advantage) are not repeated here; these hold for any formula at all.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from app.console.tray import DiceTray
from rules.dice import MAX_DICE, DiceError, RollResult, formula_stats, roll
from rules.dice.parser import MAX_LENGTH
from rules.dice.results import DiceResult, walk
from tests.fuzz.harness import fuzz_settings, judge

# -- the grammar ------------------------------------------------------------------------------
numbers = st.one_of(
    st.integers(0, 20),
    st.integers(0, 20),
    st.integers(0, 20),
    st.sampled_from([0, 1, 99, 100, 10**4, 10**9, 10**9 + 1, 10**10, 10**20]),
).map(str)
selectors = st.tuples(st.sampled_from(["", "", "h", "l", "<", ">"]), st.integers(0, 25)).map(
    lambda s: f"{s[0]}{s[1]}"
)
ops = st.tuples(st.sampled_from(["k", "p", "d", "rr", "ro", "ra", "e", "mi", "ma"]), selectors).map(
    "".join
)
dice = st.builds(
    lambda count, sides, tail: f"{count}d{sides}{''.join(tail)}",
    st.sampled_from(["", "1", "2", "3", "4", "8", "20", "0", "1000", "1001"]),
    st.sampled_from(["1", "2", "4", "6", "8", "10", "12", "20", "100", "%", "0", "10000"]),
    st.lists(ops, max_size=3),
)
atoms = st.one_of(numbers, dice, dice)
small_numbers = st.integers(1, 20).map(str)
small_dice = st.sampled_from(["d4", "1d6", "2d6", "d20", "1d20", "d%", "4d6kh3", "1d6e6", "1d8ro1"])
spaces = st.sampled_from(["", "", "", " ", "  ", "\t"])


def _extend(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    binary = st.builds(
        lambda a, op, b, s: f"{a}{s}{op}{s}{b}",
        inner,
        st.sampled_from(["+", "-", "*", "/", "//", "%"]),
        inner,
        spaces,
    )
    unary = st.builds(lambda sign, a: f"{sign}{a}", st.sampled_from(["-", "+", "--"]), inner)
    parens = inner.map(lambda a: f"({a})")
    sets = st.builds(
        lambda items, tail: f"({', '.join(items)}{',' if len(items) == 1 else ''}){''.join(tail)}",
        st.lists(inner, min_size=1, max_size=4),
        st.lists(
            st.tuples(st.sampled_from(["k", "p"]), selectors).map("".join),
            max_size=2,
        ),
    )
    labelled = st.builds(
        lambda a, label: f"{a} [{label}]", inner, st.sampled_from(["fire", "cold", "x y"])
    )
    return st.one_of(binary, binary, unary, parens, sets, labelled)


nested = st.recursive(atoms, _extend, max_leaves=12)
chains = st.builds(
    lambda first, rest: first + "".join(f"{op}{term}" for op, term in rest),
    atoms,
    st.lists(st.tuples(st.sampled_from(["+", "-", "*", "/", "%"]), atoms), max_size=300),
)
long_chains = st.builds(
    lambda first, rest: (first + "".join(f"{op}{term}" for op, term in rest))[:MAX_LENGTH],
    small_dice,
    st.lists(
        st.tuples(st.sampled_from(["+", "-", "+", "*", "/"]), st.one_of(small_numbers, small_dice)),
        min_size=80,
        max_size=330,
    ),
).map(lambda text: text.rstrip("+-*/"))
deep = st.builds(
    lambda depth, core, wrap: wrap[0] * depth + core + wrap[1] * depth,
    st.integers(0, 60),
    atoms,
    st.sampled_from([("(", ")"), ("-", ""), ("(-", ")"), ("(1+", ")"), ("(", ",)")]),
)
comments = st.one_of(
    st.just(""),
    st.sampled_from(["to hit", "fire damage 🔥", "vs the ogre", "\u202eevil", "\x1b[2J"]).map(
        lambda c: f" {c}"
    ),
)
sound = st.builds(
    lambda f, c: (f + c)[: MAX_LENGTH + 20], st.one_of(nested, chains, deep), comments
)

# -- near misses and arbitrary text ---------------------------------------------------------------
TOKENS = [*"0123456789d%+-*/(),[]<>khlperimoa ", "rr", "ro", "ra", "mi", "ma", "//"]
HOSTILE = [*"\x00\x1b\r\n\x7f\u202e\udcff１٣²\u2028\ufeff"]
edits = st.lists(
    st.tuples(
        st.sampled_from(["insert", "delete", "replace"]),
        st.floats(0, 1),
        st.sampled_from(TOKENS + HOSTILE),
    ),
    min_size=1,
    max_size=4,
)


def _mutated(text: str, changes: list[tuple[str, float, str]]) -> str:
    for kind, where, token in changes:
        i = int(where * len(text))
        if kind == "insert":
            text = text[:i] + token + text[i:]
        elif kind == "delete":
            text = text[:i] + text[i + 1 :]
        else:
            text = text[:i] + token + text[i + 1 :]
    return text


near = st.builds(_mutated, sound, edits)
anything = st.one_of(
    st.text(max_size=60),
    st.text(st.characters(codec=None, exclude_categories=()), max_size=1100),
    st.text(alphabet="".join(TOKENS[:-6]) + "".join(HOSTILE), max_size=MAX_LENGTH + 5),
)
formulas = st.one_of(sound, sound, near, anything)


# -- what must hold -------------------------------------------------------------------------------
def check_roll(result: RollResult) -> None:
    """Invariants of any roll: dice within their faces, totals made of the kept dice, at most
    the dice cap thrown, and text that a terminal shows as written."""
    assert isinstance(result.total, int)
    thrown = result.dice
    assert len(thrown) <= MAX_DICE
    for node in walk(result.root):
        if isinstance(node, DiceResult):
            assert node.total == sum(d.value for d in node.dice if d.kept)
            for die in node.dice:
                assert 1 <= die.natural <= die.sides
    kept_ids = {id(d) for d in result.kept_dice}
    assert kept_ids <= {id(d) for d in thrown}
    assert all(d.kept for d in result.kept_dice)
    plain = result.plain()
    assert plain.endswith(f"= {result.total}")
    shown = plain + result.markup() + result.comment
    assert not any(ch in shown for ch in "\x00\x1b\r\u202e")
    shown.encode("utf-8")


def roll_and_odds(text: str, seed: int) -> None:
    """Roll twice from the same seed (same result), and check the total against the odds."""
    try:
        result = roll(text, random.Random(seed))
    except DiceError as error:
        error.caret().encode("utf-8")  # the message itself must be printable
        raise
    check_roll(result)
    assert roll(text, random.Random(seed)).plain() == result.plain()
    try:
        stats = formula_stats(text)
    except DiceError:
        return  # odds of a formula that can fail (e.g. divide by zero) are refused
    assert stats.minimum <= stats.mean <= stats.maximum
    if stats.exact:
        assert stats.minimum <= result.total <= stats.maximum
        assert stats.distribution()[result.total] > 0


def through_the_tray(text: str, seed: int) -> None:
    """The tray answers every line with something to show and never raises."""
    tray = DiceTray(seed, styled=False)
    for line in (text, f"stats {text}", f"adv {text}", f"{text} vs 12"):
        shown = tray.handle(line)
        if shown is None:
            assert line.strip().split()[0].lower() in ("quit", "exit", "q")
        else:
            assert shown or not line.strip()


@given(formulas, st.integers(0, 2**32 - 1))
@fuzz_settings()
def test_any_formula_rolls_or_is_refused(text: str, seed: int) -> None:
    judge("dice", lambda: roll_and_odds(text, seed), refusals=(DiceError,), shown=text)


@given(st.one_of(sound, near, anything), st.integers(0, 2**32 - 1))
@fuzz_settings(examples=30)
def test_the_tray_answers_any_line(text: str, seed: int) -> None:
    judge("dice", lambda: through_the_tray(text, seed), refusals=(), shown=text)


@given(st.one_of(long_chains, chains, deep), st.integers(0, 2**32 - 1))
@fuzz_settings(examples=10)
def test_long_and_deep_formulas_roll_or_are_refused(text: str, seed: int) -> None:
    judge("dice", lambda: roll_and_odds(text, seed), refusals=(DiceError,), shown=text)

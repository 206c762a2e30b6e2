"""Parsing: the notation we accept, and the one error type for everything we do not."""

from __future__ import annotations

import pytest

from rules.dice import DiceError, parse
from rules.dice.ast import BinaryOp, Dice, DiceSet, Number, OpKind, SelectorKind
from rules.dice.render import expression_text


@pytest.mark.parametrize(
    ("text", "normal"),
    [
        ("1d20+5", "1d20 + 5"),
        ("d20", "d20"),
        ("d%", "d%"),
        ("4d6kh3", "4d6kh3"),
        ("2d20kl1 - 1", "2d20kl1 - 1"),
        ("4d6dl1", "4d6dl1"),
        ("4d6pl1", "4d6pl1"),
        ("1d20ro1", "1d20ro1"),
        ("2d6rr<3", "2d6rr<3"),
        ("3d6ra6", "3d6ra6"),
        ("1d6e6", "1d6e6"),
        ("4d6mi2", "4d6mi2"),
        ("1d20ma15", "1d20ma15"),
        ("4d6k>4", "4d6k>4"),
        ("(1d20+5, 1d20+3)kh1", "(1d20 + 5, 1d20 + 3)kh1"),
        ("(1d20,)kh1", "(1d20,)kh1"),
        ("2d6 [slashing] + 1d6 [fire]", "2d6 [slashing] + 1d6 [fire]"),
        ("-1d4", "-1d4"),
        ("(1d4+1)*2", "(1d4 + 1) * 2"),
        ("10 // 3", "10 / 3"),
        ("7 % 4", "7 % 4"),
        ("  1d20  +  5  ", "1d20 + 5"),
        ("1D20+5", "1d20 + 5"),
    ],
)
def test_accepted_notation_round_trips(text: str, normal: str) -> None:
    assert expression_text(parse(text).root) == normal


def test_precedence_multiplication_before_addition() -> None:
    root = parse("1+2*3").root
    assert isinstance(root, BinaryOp) and root.op == "+"
    assert isinstance(root.right, BinaryOp) and root.right.op == "*"


def test_dice_term_fields() -> None:
    root = parse("4d6kh3").root
    assert isinstance(root, Dice)
    assert (root.count, root.sides) == (4, 6)
    (op,) = root.ops
    assert op.kind is OpKind.KEEP
    assert op.selector.kind is SelectorKind.HIGHEST and op.selector.n == 3


def test_percent_die_has_100_sides() -> None:
    root = parse("d%").root
    assert isinstance(root, Dice) and root.sides == 100 and root.count == 1


def test_set_items() -> None:
    root = parse("(1d20+5, 1d20+3, 4)kh1").root
    assert isinstance(root, DiceSet)
    assert len(root.items) == 3
    assert isinstance(root.items[2], Number)


@pytest.mark.parametrize(
    ("text", "comment"),
    [
        ("1d20+5 to hit the ogre", "to hit the ogre"),
        ("1d20 # initiative", "# initiative"),
        ("2d6+3   slashing damage  ", "slashing damage"),
        ("1d20+5", ""),
    ],
)
def test_comments_after_the_formula(text: str, comment: str) -> None:
    assert parse(text).comment == comment


@pytest.mark.parametrize(
    ("text", "position", "fragment"),
    [
        ("1d", 2, "number of sides"),
        ("d0", 1, "at least one side"),
        ("1d20+", 5, "ends after '+'"),
        ("2d6kh", 5, "keep"),
        ("abc", 0, "expected a number"),
        ("99999d6", 0, "too many dice"),
        ("", 0, "empty"),
        ("1d20x", 4, "unexpected"),
        ("(1d6", 0, "missing ')'"),
        ("1d6)", 3, "unmatched"),
        ("1.5d6", 1, "decimals"),
        ("1d20[fire", 4, "unclosed"),
        ("1d6rr<7", 3, "forever"),
        ("1d1e1", 3, "forever"),
        ("1d20 +", 6, "ends after '+'"),
        ("()", 1, "empty parentheses"),
        ("(1d20)kh1", 6, "needs a set"),
        ("1d6mih2", 5, "plain number"),
        ("1d6rrh1", 5, "highest/lowest"),
        ("(1d6, 2)rr1", 8, "does not apply to a set"),
        ("1d100000", 2, "too many sides"),
        ("12345678901d6", 0, "too large"),
        ("1d20 [ ]", 5, "empty label"),
    ],
)
def test_bad_formulas_raise_dice_error_with_position_and_hint(
    text: str, position: int, fragment: str
) -> None:
    with pytest.raises(DiceError) as caught:
        parse(text)
    error = caught.value
    assert error.position == position
    assert fragment in error.message
    assert error.hint
    assert isinstance(error, ValueError)


def test_caret_points_at_the_position() -> None:
    with pytest.raises(DiceError) as caught:
        parse("1d20+")
    assert caught.value.caret() == "1d20+\n     ^"


def test_too_many_dice_across_terms_is_caught_before_rolling() -> None:
    with pytest.raises(DiceError, match="too many dice"):
        parse("600d6+600d6")


def test_overlong_and_deeply_nested_formulas_are_refused() -> None:
    with pytest.raises(DiceError, match="too long"):
        parse("1+" * 600 + "1")
    with pytest.raises(DiceError, match="nested too deeply"):
        parse("(" * 60 + "1" + ")" * 60)
    with pytest.raises(DiceError, match="nested too deeply"):
        parse("-" * 80 + "1")


def test_non_text_is_refused_with_the_same_error() -> None:
    with pytest.raises(DiceError):
        parse(5)  # type: ignore[arg-type]


def test_parse_is_cached() -> None:
    assert parse("3d8+2") is parse("3d8+2")

"""What the DM may ask of the engine: sane damage and healing amounts (numbers welcome), and
junk arguments — too deep, too long, not JSON — come back as error results, never raise."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from app.actions.args import (
    MAX_AMOUNT,
    DamageArgs,
    HealArgs,
    ItemArgs,
    ToolArgs,
    amount_problem,
)
from app.actions.calls import ToolCall
from app.actions.sets import ALL_TOOLS
from app.world.printable import printable
from app.world.sandbox import sandbox_state


def damage(amount: object) -> dict[str, object]:
    args = {"target_id": "thorin", "amount": amount, "damage_type": "fire", "reason": "trap"}
    return ALL_TOOLS.execute(
        ToolCall("c", "damage", json.dumps(args)), sandbox_state(seed=1)
    ).result


@pytest.mark.parametrize(
    ("amount", "kept"),
    [(8, "8"), ("8", "8"), (8.0, "8"), ("2d6+3", "2d6+3"), ("1d4-1", "1d4-1"),
     (" 1d8 [fire] ", "1d8 [fire]"), ("2d20kh1", "2d20kh1"), ("10d10", "10d10"),
     (MAX_AMOUNT, str(MAX_AMOUNT))],
)  # fmt: skip
def test_sane_amounts_are_accepted(amount: object, kept: str) -> None:
    assert DamageArgs(target_id="t", amount=amount, damage_type="fire", reason="r").amount == kept
    assert HealArgs(target_id="t", amount=amount, reason="r").amount == kept


@pytest.mark.parametrize(
    ("amount", "says"),
    [(-5, "never comes to more than -5"), ("-5", "never comes to more than -5"),
     ("0", "never comes to more than 0"), ("1d4-10", "never comes to more than -6"),
     ("1000", "can reach 1000"), (MAX_AMOUNT + 1, f"can reach {MAX_AMOUNT + 1}"),
     ("1d4*1000", "can reach 4000"), ("100d100", "too many dice"),
     ("1d6e6", "no upper limit"), ("lots", "not a formula"), (8.5, "valid string"),
     (True, "valid string")],
)  # fmt: skip
def test_insane_amounts_are_refused_saying_what_is_allowed(amount: object, says: str) -> None:
    with pytest.raises(ValidationError, match=says):
        DamageArgs(target_id="t", amount=amount, damage_type="fire", reason="r")
    with pytest.raises(ValidationError, match=says):
        HealArgs(target_id="t", amount=amount, reason="r")


def test_the_model_reads_what_is_allowed_and_nothing_changes() -> None:
    state = sandbox_state(seed=1)
    before = state.model_dump()
    args = json.dumps({"target_id": "thorin", "amount": -5, "damage_type": "fire", "reason": "x"})
    result = ALL_TOOLS.execute(ToolCall("c", "heal", args.replace(', "damage_type": "fire"', "")),
                               state).result  # fmt: skip
    assert "dice like '2d6+3' or a whole number from 1 to 100" in result["error"]
    # the world is untouched; the ledger notes the refusal, and only that
    assert state.model_dump(exclude={"truth"}) == {k: v for k, v in before.items() if k != "truth"}
    assert [e.kind for e in state.truth.fresh[len(before["truth"]["fresh"]) :]] == ["refused"]


def test_a_number_deals_that_much_damage() -> None:
    assert damage(8)["damage"] == 8
    assert "error" in damage(500)


def test_amount_problem_is_none_for_every_shipped_formula() -> None:
    for formula in ("1d4", "2d4+2", "1d8+3", "3d6", "70"):
        assert amount_problem(formula) is None


def test_the_schema_offers_a_string_or_an_integer() -> None:
    schema = next(s for s in ALL_TOOLS.schemas() if s["function"]["name"] == "damage")
    amount = schema["function"]["parameters"]["properties"]["amount"]
    assert amount["anyOf"] == [{"type": "string"}, {"type": "integer"}]


@pytest.mark.parametrize(
    ("arguments", "says"),
    [("[" * 1000, "nested 1000 levels"), ("{" * 5000 + "}" * 5000, "characters long"),
     ('{"a": ' * 40 + "1" + "}" * 40, "nested 40 levels"), ("[1, 2]", "JSON object"),
     ("{'a': 1}", "not valid JSON"), ('"\\ud800"', "JSON object"), ("x" * 9000, "characters")],
)  # fmt: skip
def test_junk_arguments_come_back_as_errors(arguments: str, says: str) -> None:
    for tool in ALL_TOOLS.tools:
        outcome = ALL_TOOLS.execute(ToolCall("c", tool, arguments), sandbox_state(seed=1))
        assert says in outcome.result["error"]


def test_roll_dice_takes_a_number_too() -> None:
    call = ToolCall("c", "roll_dice", json.dumps({"rolls": [{"formula": 8, "flavor": "fixed"}]}))
    outcome = ALL_TOOLS.execute(call, sandbox_state(seed=1))
    assert outcome.ok and outcome.events[0].total == 8


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet='[]{}"\\a1 ', max_size=80), st.integers(min_value=0, max_value=40))
def test_too_deep_says_what_the_full_count_says(text: str, depth: int) -> None:
    """The quick bound (no more brackets than allowed: not too deep) never disagrees with
    counting the nesting itself, strings and escapes minded."""
    from app.actions.calls import MAX_ARGUMENT_DEPTH, nesting_depth, too_deep

    for candidate in (text, "[" * depth + text, '{"a": ' * depth + text + "}" * depth):
        assert too_deep(candidate) == (nesting_depth(candidate) > MAX_ARGUMENT_DEPTH)


@given(st.text(max_size=40))
def test_every_text_a_dm_sends_is_made_printable_as_it_comes_in(junk: str) -> None:
    args = ItemArgs.model_validate(
        {"character_id": "mira", "item": "\x1b]0;PWNED\x07\x1b[2J\x1b[31mred",
         "reason": f"found {junk}\x1b[0m"}
    )  # fmt: skip
    assert args.item == "red"  # (a window title, a cleared screen: none of it shown)
    assert printable(args.reason) == args.reason and "\x1b" not in args.reason


def test_every_tools_arguments_are_made_printable_not_only_the_common_ones() -> None:
    """A reaction window's trigger ending in a control character was kept live and dropped
    by the save, so the loaded game differed: every tool's arguments share the one base."""
    for name, tool in ALL_TOOLS.tools.items():
        assert issubclass(tool.args, ToolArgs), name

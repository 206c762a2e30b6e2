"""The rule book asks, at each moment of play, exactly the rules that take part in it."""

from __future__ import annotations

from app.actions.hooks import RULES, Rule, RuleBook
from app.world.state import GameState


class _Stunner(Rule):
    name = "stunner"

    def cannot_act(self, state: GameState, cid: str) -> str | None:
        return f"{cid} is stunned"


def test_a_moment_asks_only_the_rules_that_override_its_hook_in_the_books_order() -> None:
    assert RULES, "the rules of play are in the book once the tools are imported"
    for hook in ("cannot_act", "before_attack", "after_deed", "turn_ends"):
        default = getattr(Rule, hook)
        expected = [r for r in RULES if getattr(type(r), hook) is not default]
        assert RULES.taking(hook) == expected
        assert 0 < len(expected) < len(RULES)


def test_a_rule_added_or_taken_out_changes_who_takes_part() -> None:
    book = RuleBook()
    plain, stunner = Rule(), _Stunner()
    book.append(plain)
    assert book.taking("cannot_act") == []
    book.append(stunner)
    assert book.taking("cannot_act") == [stunner]
    book.remove(stunner)
    assert book.taking("cannot_act") == []
    book[:] = [stunner, plain]
    assert book.taking("cannot_act") == [stunner]
    book.insert(0, _Stunner())
    assert len(book.taking("cannot_act")) == 2
    book.clear()
    assert book.taking("cannot_act") == []
    book += [stunner]
    assert book.taking("cannot_act") == [stunner]
    del book[0]
    assert book.taking("cannot_act") == []


def test_a_hook_given_to_one_rule_object_counts_as_taking_part() -> None:
    book = RuleBook()
    rule = Rule()
    rule.cannot_act = lambda state, cid: "asleep"  # type: ignore[method-assign]
    book.append(rule)
    assert book.taking("cannot_act") == [rule]

"""Which sentences claim dice or amounts, and how narration is held back around them."""

from __future__ import annotations

import pytest

from app.actions.events import StateChange
from app.dm.claims import Backing, ClaimFilter, claims_in, numbers_in


@pytest.mark.parametrize(
    ("text", "number"),
    [("You roll a 20 and hit!", 20), ("Mira rolls a seventeen.", 17), ("He rolled 15.", 15),
     ("A natural 1!", 1), ("nat twenty", 20), ("The goblin takes 7 damage.", 7),
     ("It deals 12 points of fire damage.", 12), ("for 9 slashing damage", 9),
     ("Mira regains 5 hit points.", 5), ("down to 3 HP", 3), ("Thorin heals 8.", 8),
     ("a total of 23", 23)],
)  # fmt: skip
def test_claims_are_found(text: str, number: int) -> None:
    assert [c.number for c in claims_in(text)] == [number]


@pytest.mark.parametrize(
    "text",
    ["Two goblins rush in.", "You roll 2 dice.", "Roll 3 times.", "The barrel rolls away.",
     "It is 10 feet deep.", "Thorin takes a step back.", "She rolls one die.",
     "Room 12 is locked.", "The 3 rats squeal."],
)  # fmt: skip
def test_ordinary_numbers_are_not_claims(text: str) -> None:
    assert claims_in(text) == []


def test_numbers_are_gathered_from_results() -> None:
    result = {"total": 17, "dice": [12, 5], "text": "1d20+5 = 17", "ok": True, "name": "Mira"}
    assert numbers_in(result) == {17, 12, 5, 1, 20}


def feed_all(claims: ClaimFilter, text: str, size: int) -> str:
    out = [claims.feed(text[i : i + size]) for i in range(0, len(text), size)]
    return "".join(out) + claims.finish()


@pytest.mark.parametrize("size", [1, 3, 7, 100])
def test_sentences_before_a_claim_stream_and_the_claim_is_held(size: int) -> None:
    claims = ClaimFilter()
    text = "The goblin snarls. You roll a 20 and hit! It reels back."
    assert feed_all(claims, text, size) == "The goblin snarls. "
    assert claims.held == "You roll a 20 and hit! It reels back."
    assert claims.claims == ["roll a 20"]


def test_backed_numbers_and_inactive_filters_pass() -> None:
    text = "Mira rolls a 14. The lock clicks."
    assert feed_all(ClaimFilter({14}), text, 5) == text
    assert feed_all(ClaimFilter(active=False), "You roll a 20.", 2) == "You roll a 20."


def test_a_claim_in_the_last_unfinished_sentence_is_held() -> None:
    claims = ClaimFilter()
    assert feed_all(claims, "Steel flashes. It takes 6 damage", 4) == "Steel flashes. "
    assert claims.held == "It takes 6 damage"


def test_claims_are_backed_only_by_results_of_their_kind() -> None:
    hit_points = Backing(hp={17, 21})
    assert feed_all(ClaimFilter(hit_points), "You roll a 17.", 3) == ""
    assert feed_all(ClaimFilter(hit_points), "Mira, at 21 hit points, waits.", 3) != ""
    rolled = Backing(rolls={7})
    assert feed_all(ClaimFilter(rolled), "It takes 7 damage.", 4) == ""
    assert feed_all(ClaimFilter(Backing(damage={7})), "The goblin takes 7.", 4) != ""
    assert feed_all(ClaimFilter(Backing(healing={5})), "Mira regains 5 hit points.", 4) != ""
    assert feed_all(ClaimFilter(Backing(hp={5})), "Mira regains 5 hit points.", 4) == ""


def test_results_and_events_back_numbers_by_kind() -> None:
    backing = Backing()
    backing.add_result({"attacks": [{"total": 18, "ac": 13}], "damage": 6, "hp": 1, "dc": 15})
    assert backing.rolls == {18} and backing.damage == {6} and backing.hp == {1}
    backing.add_event(StateChange(kind="hp", target_id="x", description="Rat takes 4 fire damage",
                                  before="7/7 HP", after="3/7 HP"))  # fmt: skip
    assert {4} <= backing.damage and {7, 3} <= backing.hp
    assert [c.kind for c in claims_in("He takes 4 fire. Rolls a 9, down to 3 HP.")] == [
        "damage", "roll", "hp"]  # fmt: skip
    assert claims_in("It takes 10 minutes.") == []

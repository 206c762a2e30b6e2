"""What players mean, read from their words in both the shipped campaign's fights and
talk: darts shared out as said, a threat at the leader it is shouted at, "what now" as a
question, foes the scene shows answering words before their fight, a keyhole as the
padlock's, a crowbar put to a thing, and a question asked after a greeting."""

from __future__ import annotations

import pytest

from app.world import meaning
from tests.app.referee.test_references_means import (
    CELLAR,
    HALL,
    INN,
    WARREN,
    aimed,
    game,
    names,
    read,
    turn,
)


@pytest.fixture(autouse=True)
def _by_keywords(monkeypatch: pytest.MonkeyPatch) -> None:
    """Campaign triggers hear the lines by keywords alone (no meaning model to load)."""
    monkeypatch.setattr(meaning, "_LOADED", [None])


@pytest.mark.parametrize(
    ("line", "darts"),
    [
        ("magic missile, two darts at rat 3 and one at rat 1",
         ["giant-rat-3", "giant-rat-3", "giant-rat-1"]),
        ("cast magic missile: 2 darts at rat 2, 1 at rat 3",
         ["giant-rat-2", "giant-rat-2", "giant-rat-3"]),
    ],
)  # fmt: skip
async def test_magic_missile_darts_go_where_the_line_shares_them(
    line: str, darts: list[str]
) -> None:
    made, said = await turn(game(CELLAR, turn="aria"), "aria", line)
    assert aimed(made, "cast_spell")["target_ids"] == darts
    assert "have to wait" not in said


async def test_split_the_missiles_shares_them_between_the_rats() -> None:
    state = game(CELLAR, turn="aria", dead=["giant-rat-1"])
    made, _ = await turn(state, "aria", "split the missiles between the two rats")
    assert sorted(set(aimed(made, "cast_spell")["target_ids"])) == ["giant-rat-2", "giant-rat-3"]


def test_a_threat_shouted_at_a_goblin_is_at_the_boss_and_no_blow() -> None:
    yield_ = read(game(HALL), "thorin", "YIELD, GOBLIN!")
    assert (yield_.kind, yield_.targets, yield_.then) == ("improvise", ("grubnak",), ())
    threat = read(game(WARREN, turn="thorin"), "thorin", "surrender or die, goblins")
    assert threat.kind == "improvise" and not threat.then


async def test_surrender_or_die_makes_no_attack() -> None:
    made, _ = await turn(game(WARREN, turn="thorin"), "thorin", "surrender or die, goblins")
    assert "attack" not in names(made)


def test_what_now_is_a_question_not_a_call_for_help() -> None:
    assert read(game(INN), "mira", "uhh what now").kind == "question"


async def test_goblins_the_scene_shows_answer_words_before_their_fight() -> None:
    quiet = {k: v for k, v in WARREN.items() if k != "fight"}
    _, said = await turn(game(quiet), "thorin", "Surrender or die!")
    assert "nobody here answers" not in said
    assert "goblins" in said.lower() and "Goblin" in said


def test_the_keyhole_is_the_trapdoors_padlock() -> None:
    look = read(game(INN), "mira", "examine the keyhole")
    assert (look.kind, look.target) == ("examine", "trapdoor")


async def test_a_crowbar_put_to_a_thing_gets_a_ruling_or_its_challenge() -> None:
    kit = {"give": {"thorin": ["crowbar"]}}
    made, _ = await turn(game(INN, **kit), "thorin", "use the crowbar on the hearth")
    assert aimed(made, "request_ability_check")["skill"] == "athletics"
    made, _ = await turn(game(INN, **kit), "thorin", "crowbar the trapdoor")
    assert aimed(made, "attempt_challenge")["challenge_id"] == "force_trapdoor"


async def test_a_question_after_a_greeting_is_answered_too() -> None:
    _, said = await turn(game(INN), "mira", "hi berta, how are you? whats with the trapdoor")
    assert "the trapdoor slammed behind him" in said

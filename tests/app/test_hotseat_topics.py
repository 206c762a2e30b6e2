"""At a hotseat table, what a person's answer gives goes to the one who asked for it, and
Wendel tells the Sister's story once, however the table asks for it; two topics asked in
one line each bring what they bring (the locket too, when hers is the second)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from app.saves.document import load_game, save_game
from app.session.setup import session_for
from app.session.triggers import run_triggers
from app.world.actions import PlayerAction
from app.world.state import GameState
from tests.app.conftest import narration
from tests.app.referee_lines import play
from tests.referee_corpus import Situation, build_situation

SEATS = {"Ana": ["ione"], "Ben": ["cass"], "Cy": ["wren"]}
STORY = "I ran.' His hands go still."


def lighthouse() -> GameState:
    spec = {"campaign": "drowned_bell", "scene": "lighthouse", "met": ["wendel"],
            "flags": {"wendel_trusts": True}, "players": SEATS}  # fmt: skip
    return build_situation(Situation.model_validate(spec))


def round_of(state: GameState, ana: str, ben: str) -> str:
    """Ana and Ben speak, Cy passes; what the table is told."""
    session = session_for(state)
    assert session.submit(PlayerAction(character_id="ione", text=ana, player="Ana"))
    assert session.submit(PlayerAction(character_id="cass", text=ben, player="Ben"))
    assert session.pass_turn("Cy")

    async def play() -> str:
        return narration([e async for e in session.process()])

    return asyncio.run(play())


def holder(state: GameState) -> list[str]:
    return [cid for cid, s in state.party.items() if "tarnished locket" in s.inventory]


@pytest.mark.parametrize(
    ("ana", "ben", "asker"),
    [
        ("ask about maelis", "ask about the lamp", "ione"),
        ("ask about the lamp", "ask about maelis", "cass"),
        ("ask about maelis", "ask about his sister", "ione"),
    ],
)
def test_the_locket_goes_to_the_one_who_asked_about_maelis(ana: str, ben: str, asker: str) -> None:
    state = lighthouse()
    round_of(state, ana, ben)
    assert holder(state) == [asker]


def test_the_sisters_story_is_told_once_and_never_promised_after_it() -> None:
    state = lighthouse()
    told = round_of(state, "ask about maelis", "ask about his sister")
    assert told.count(STORY) == 1, told
    assert "Ask me about her" not in told


def test_asking_about_the_sister_alone_tells_her_story() -> None:
    state = lighthouse()
    told = round_of(state, "ask about the sister", "ask about the lamp")
    assert STORY in told and holder(state) == ["ione"]


def test_the_bell_at_rest_speaks_of_the_locket_whoever_holds_it() -> None:
    spec = {"campaign": "drowned_bell", "scene": "belfry", "players": SEATS,
            "flags": {"warden_calmed": True, "knows_truth": True},
            "give": {"cass": ["tarnished locket"]}}  # fmt: skip
    state = build_situation(Situation.model_validate(spec))
    state.flags["bell_rung"] = True  # Ione rang it; Cass, on the landing, has the locket
    told = " ".join(run_triggers(state).texts)
    assert "grows warm, as if a hand had closed around it" in told
    assert "you carried here" not in told
    assert state.flags.get("bell_at_rest") is True


@pytest.mark.parametrize(
    "line",
    [
        "ask Wendel about the chapel and about her",
        "ask Wendel about the storm and Maelis",
        "ask Wendel about Maelis and the storm",
    ],
)
def test_two_topics_asked_at_once_each_bring_what_they_bring(line: str, tmp_path: Path) -> None:
    spec = {"campaign": "drowned_bell", "scene": "lighthouse", "met": ["wendel"],
            "flags": {"wendel_trusts": True}}  # fmt: skip
    state = build_situation(Situation.model_validate(spec))
    session = session_for(state)
    referee = asyncio.run(play(session, "ione", line))
    assert STORY in " ".join(referee.notes)
    assert holder(session.state) == ["ione"]
    assert session.state.flags.get("knows_truth") is True
    save_game(session.state, "topics", tmp_path)
    assert holder(load_game("topics", tmp_path)) == ["ione"]

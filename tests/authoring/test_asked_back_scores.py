"""Scores move only on words the game takes as said: a line it asks back about ("Did you
mean to talk to Grubnak?") moves nobody's feelings, though the same words said to him do."""

from __future__ import annotations

from app.session.setup import session_for
from app.world.scores import score
from app.world.state import GameState
from tests.app.referee_lines import play
from tests.referee_corpus import Situation, build_situation

HALL = {"campaign": "crossroads", "scene": "chief_hall", "met": ["grubnak"],
        "flags": {"trapdoor_open": True, "tam_found": True},
        "defeated": ["cellar_rats", "tunnel_guards"]}  # fmt: skip


def hall() -> GameState:
    return build_situation(Situation.model_validate(HALL))


async def test_a_line_asked_back_about_moves_no_score() -> None:
    state = hall()
    session = session_for(state)
    await play(session, "mira", "the great chief, with respect")
    assert "Did you mean to talk to Grubnak?" in state.history[-1].narrative
    assert score(state, "respect.grubnak") == 0


async def test_the_same_words_said_to_him_do() -> None:
    state = hall()
    await play(session_for(state), "mira", "Great chief, we come with respect")
    assert score(state, "respect.grubnak") == 1

"""A snapshot (what a failed turn rolls back to, what undo keeps) gives back the game
exactly as it was: every field, the dice's position and the story's length."""

from __future__ import annotations

import pytest

from tests.app.saved_games import SITUATIONS, played


@pytest.mark.parametrize("situation", SITUATIONS)
def test_a_snapshot_gives_back_the_game_as_it_was(situation: str) -> None:
    state = played(SITUATIONS[situation]).state
    state.truth.scores["trust.berta"] = 0.1 + 0.2  # a float whose every digit counts
    snapshot = state.snapshot()
    before = state.model_dump()
    draws = [state.rng.random() for _ in range(3)]
    state.turn += 1  # the game moves on after the snapshot …
    back = state.restored(snapshot)  # … and goes back to it
    assert back.model_dump() == before
    assert [back.rng.random() for _ in range(3)] == draws
    assert back.campaign is state.campaign and len(back.history) == snapshot.turns

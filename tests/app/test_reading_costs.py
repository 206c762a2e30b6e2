"""A line is read with each step that depends on its words alone done once: the same
words read again (a fighter's "attack the nearest goblin", turn after turn) cost no
fuzzy matching or pattern building, and every cached step answers as a fresh one does."""

from __future__ import annotations

from typing import Any

import pytest
from rapidfuzz import fuzz

from app.understanding import deed_kinds, spells, understand, words
from app.world.state import GameState
from tests.referee_corpus import Situation, build_situation

WARREN = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards", "turn": "thorin",
          "flags": {"trapdoor_open": True, "tam_found": True}, "defeated": ["cellar_rats"],
          "challenges": {"sneak_past": "failed"}}  # fmt: skip
LINES = [
    "attack the nearest goblin",
    "I knock goblin 1 out with the pommel",
    "kick the cask at the goblins",
    "cast magic missle at the goblin",
    "climbing up the rope",
    "we carefully tie up the sleeping guard",
    "",
]


def game() -> GameState:
    return build_situation(Situation.model_validate(WARREN))


class _Counting:
    """rapidfuzz's ``fuzz`` with its ``ratio`` calls counted."""

    def __init__(self) -> None:
        self.calls = 0

    def ratio(self, *args: Any, **kwargs: Any) -> float:
        self.calls += 1
        return float(fuzz.ratio(*args, **kwargs))


def test_a_line_read_again_matches_no_spell_name_again(monkeypatch: pytest.MonkeyPatch) -> None:
    state = game()
    counting = _Counting()
    monkeypatch.setattr(spells, "fuzz", counting)
    line = "I swing my axe at the goblin leader and shout"
    first = understand(line, "thorin", state, state.campaign)
    assert counting.calls > 0  # a spell name written with a typo is looked for …
    counting.calls = 0
    again = understand(line, "thorin", state, state.campaign)
    assert counting.calls == 0  # … once for these words
    assert again == first


@pytest.mark.parametrize("line", LINES)
def test_cached_steps_answer_as_fresh_ones(line: str) -> None:
    said = words.normalise(line)
    assert deed_kinds.deed_of(said) == deed_kinds.deed_of.__wrapped__(said)
    assert spells._named_at(said) == spells._named_at.__wrapped__(said)
    assert words.stems(said) == words.stems.__wrapped__(said)
    for phrase in ("attack", "knock out", "tie up", "climb", "kick over", "cast", ""):
        assert words.verb_at(said, phrase) == words.verb_at.__wrapped__(said, phrase)

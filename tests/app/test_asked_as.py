"""A question asked as one of one's own characters makes that character the one a bare
line after it is for: "Wren: can I light the great lamp?" and then "yeah ok light it" is
Wren's attempt, not Brother Cass's (played by the same player)."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from app.console.game import ConsoleGame
from app.session.setup import session_for
from tests.referee_corpus import Situation, build_situation


def test_a_bare_line_after_a_question_is_for_the_one_who_asked(tmp_path: Path) -> None:
    spec = {"campaign": "drowned_bell", "scene": "lighthouse",
            "players": {"Ann": ["ione"], "Bob": ["cass", "wren"]}}  # fmt: skip
    state = build_situation(Situation.model_validate(spec))
    state.turn_order.active = "Bob"
    session = session_for(state)
    game = ConsoleGame(session, Console(file=io.StringIO(), width=100, color_system=None),
                       input, save_as="asked", saves=tmp_path)  # fmt: skip
    game.current = "cass"
    game.act("Wren: can I light the great lamp?")
    assert session.pending == [] and game.current == "wren"
    game.act("yeah ok light it")
    assert [a.character_id for a in session.pending] == ["wren"]

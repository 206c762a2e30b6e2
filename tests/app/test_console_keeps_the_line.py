"""A line typed at the console is saved before the DM answers it: ctrl+c or a closed
terminal while the DM is mid-turn leaves a save that resumes with the line still queued
(the turn was taken back, so nothing of it happened twice)."""

from __future__ import annotations

import asyncio
import contextlib
import io
from pathlib import Path

from rich.console import Console

from app.console.game import ConsoleGame
from app.saves import load_game
from app.session.setup import session_for
from tests.referee_corpus import Situation, build_situation


class _Stopped:
    """A DM that is stopped mid-answer (ctrl+c cancels the game's task)."""

    name = "stopped"

    async def stream(self, *_: object, **__: object):  # type: ignore[no-untyped-def]
        raise asyncio.CancelledError
        yield  # (a stream, like every brain's)


def _stopped_game(tmp_path: Path) -> tuple[ConsoleGame, io.StringIO]:
    """A console game at the inn whose DM is stopped mid-answer, and what it prints."""
    state = build_situation(Situation.model_validate({"campaign": "crossroads", "scene": "inn"}))
    session = session_for(state)
    session.brain = _Stopped()  # type: ignore[assignment]
    out = io.StringIO()
    game = ConsoleGame(session, Console(file=out, width=100, color_system=None), input,
                       save_as="kept", saves=tmp_path)  # fmt: skip
    return game, out


def test_a_line_is_saved_before_the_dm_answers_it(tmp_path: Path) -> None:
    game, _ = _stopped_game(tmp_path)

    async def typed() -> None:
        with contextlib.suppress(asyncio.CancelledError):  # (ctrl+c, mid-turn)
            await game.handle("Mira: I look around")

    asyncio.run(typed())
    saved = load_game("kept", tmp_path)
    assert [(a.character_id, a.text) for a in saved.pending] == [("mira", "I look around")]


def test_ctrl_c_while_the_dm_answers_leaves_as_quit_does(tmp_path: Path) -> None:
    """The game's step survives the interruption: said, saved with the line queued, and the
    sitting ends as /quit ends it (with where the game was saved), not in silence."""
    game, out = _stopped_game(tmp_path)

    async def typed() -> bool:
        return await game.survive(game.handle("Mira: I look around"))

    assert asyncio.run(typed()) is False  # leave
    assert "Interrupted: that turn was not played." in out.getvalue()
    saved = load_game("kept", tmp_path)
    assert [(a.character_id, a.text) for a in saved.pending] == [("mira", "I look around")]

"""One line typed into a real session run by the offline referee, for tests of what the
referee makes of it: foes' turns are played first, then the line's whole turn."""

from __future__ import annotations

from app.referee.referee import OfflineReferee
from app.session import declaring
from app.session.session import GameSession
from app.session.setup import session_for
from app.understanding import understand
from app.understanding.intent import Intent
from tests.referee_corpus import Situation, build_situation


async def play(session: GameSession, actor: str, text: str) -> OfflineReferee:
    """Type ``text`` as ``actor`` (once the foes have acted) and run the turn; the referee
    that ran it (its ``made`` calls, its ``intents``)."""
    while session.foe_turn:
        async for _ in session.run_until_players():
            pass
    reply, who = declaring.declare(session, text, actor)
    assert reply.ok and who == actor, reply.text
    async for _ in session.process():
        pass
    referee = session.brain
    assert isinstance(referee, OfflineReferee)
    return referee


def read(spec: dict[str, object], actor: str, text: str) -> list[Intent]:
    """The line's clauses, in order, as the game reads it in the situation ``spec``."""
    state = build_situation(Situation.model_validate(spec))
    said = understand(text, actor, state, state.campaign)
    return [said, *said.then]


async def told(spec: dict[str, object], actor: str, text: str) -> str:
    """What the turn of the line, typed in the situation ``spec``, told."""
    session = session_for(build_situation(Situation.model_validate(spec)))
    await play(session, actor, text)
    return session.state.history[-1].narrative

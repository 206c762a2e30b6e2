"""A game with a story: turns of the shipped campaign played through the session, Mira
saying each line and a scripted DM answering (so a test can give the DM any words)."""

from __future__ import annotations

import asyncio
from typing import Any

from app.dm.scripted import ScriptedBrain
from app.session.session import GameSession
from app.tui.showcase import crossroads
from app.world.actions import PlayerAction


async def play(lines: list[str], replies: list[dict[str, Any]]) -> GameSession:
    """A game of the shipped campaign where Mira says each line and the DM answers with
    ``replies`` in order (a reply with tool calls needs one more, for its narration)."""
    session = GameSession(crossroads().state, ScriptedBrain(replies))
    for line in lines:
        assert session.submit(PlayerAction(character_id="mira", text=line, player="Player"))
        async for event in session.process():
            assert event.type != "error", event
    return session


def played(lines: list[str], replies: list[dict[str, Any]]) -> GameSession:
    """:func:`play`, outside an event loop."""
    return asyncio.run(play(lines, replies))

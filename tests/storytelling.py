"""A game with a story: turns of the shipped campaign played through the session, Mira
saying each line and a scripted DM answering (so a test can give the DM any words)."""

from __future__ import annotations

import asyncio
from typing import Any

from app.dm.scripted import ScriptedBrain
from app.session.session import GameSession
from app.session.setup import start_session
from app.tui.showcase import crossroads
from app.world.actions import PlayerAction
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.state import GameState
from app.world.turnrecord import TurnRecord


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


NARRATION = "The fire crackles while Berta talks about the scratching below the floor. " * 6


def grown(turns: int) -> GameState:
    """A game of the shipped campaign with a story of ``turns`` plain turns."""
    state = start_session(load_campaign(CAMPAIGNS_DIR / "crossroads"), 1).state
    for n in range(1, turns + 1):
        state.history.append(
            TurnRecord(
                number=n,
                actions=[f"Mira: I look around ({n})"],
                narrative=NARRATION,
                rolls=[f"Mira: perception — 1d20 ({n % 20 + 1}) + 3"],
            )
        )
    state.turn = turns
    return state

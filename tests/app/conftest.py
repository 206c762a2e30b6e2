"""Shared helpers: a sandbox game with a scripted DM, and a way to run one turn."""

from __future__ import annotations

from typing import Any

from app.actions.events import SessionEvent
from app.dm.scripted import ScriptedBrain
from app.session.session import GameSession
from app.world.actions import PlayerAction
from app.world.sandbox import sandbox_state


def make_session(replies: list[dict[str, Any]], seed: int = 7, **state_args: Any) -> GameSession:
    return GameSession(sandbox_state(seed=seed, **state_args), ScriptedBrain(replies))


def call(name: str, **arguments: Any) -> dict[str, Any]:
    return {"name": name, "arguments": arguments}


async def turn(session: GameSession, *actions: tuple[str, str]) -> list[SessionEvent]:
    for character, text in actions:
        outcome = session.submit(PlayerAction(character_id=character, text=text))
        assert outcome, getattr(outcome, "reason", "")
    return [event async for event in session.process()]


def of_type(events: list[SessionEvent], kind: str) -> list[Any]:
    return [e for e in events if e.type == kind]


def narration(events: list[SessionEvent]) -> str:
    return "".join(e.text for e in of_type(events, "narrative_chunk"))

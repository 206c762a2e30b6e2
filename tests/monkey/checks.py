"""What "never stuck" means, checked after every monkey line: the DM is not left running,
and the game is over or someone at the table can act."""

from __future__ import annotations

from app.actions.campaign_tools import enter_scene
from app.session import declaring
from app.session.session import GameSession
from app.session.setup import session_for
from app.tui.showcase import TABLE, crossroads

CRASH_SIGNS = ("Traceback", "Something went wrong", "the turn failed (", "the turn stopped (")
"""What a crash caught by a safety net looks like: the nets must never be needed."""


def stuck(session: GameSession) -> str:
    """Why the game is stuck (empty when it is not)."""
    if session.busy:
        return "the session is still busy"
    if session.state.ending:
        return ""
    if not declaring.actors(session):
        return f"nobody can act ({session.status().banner})"
    return ""


def tables(seed: int) -> list[tuple[str, GameSession]]:
    """Solo and hotseat games, at the inn and in the cellar rat fight."""
    games = []
    for players in (None, TABLE):
        games.append((f"inn {players or 'solo'}", crossroads(seed, players)))
        fight = crossroads(seed, players).state
        fight.flags["trapdoor_open"] = True
        enter_scene(fight, "cellar", "the party climbs down")
        games.append((f"cellar {players or 'solo'}", session_for(fight)))
    return games

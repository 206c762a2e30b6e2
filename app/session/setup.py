"""Wiring a game together: a campaign, a seed and a DM make a GameSession."""

from __future__ import annotations

from app.dm.brain import Brain
from app.dm.referee.referee import OfflineReferee
from app.session.session import GameSession
from app.world.campaign import Campaign
from app.world.newgame import new_game


def start_session(
    campaign: Campaign,
    seed: int,
    brain: Brain | None = None,
    players: dict[str, list[str]] | None = None,
) -> GameSession:
    """A new game of ``campaign``; with no brain the offline referee runs it."""
    dm = brain if brain is not None else OfflineReferee(campaign)
    session = GameSession(new_game(campaign, seed=seed, players=players), dm)
    if isinstance(dm, OfflineReferee):
        dm.bind(lambda: session.state)
    return session

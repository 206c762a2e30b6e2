"""Interpretive judgments in a turn: provisional ones from the scene's sensitivity map,
before the DM is called (every brain, the offline referee included), and their refinement
by an AI DM (the ``record_judgment`` tool) or a side call.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.dm.events import SessionEvent
from app.session.stage2 import Line
from app.world.state import GameState


def provisional(state: GameState, lines: Sequence[Line]) -> list[SessionEvent]:
    """Match each line against the scene's sensitivity map; each match enters the truth set
    as a provisional judgment (and moves the scores it shifts). Returns what the players
    are shown."""
    del state, lines  # the sensitivity map arrives with the judgments' own module
    return []

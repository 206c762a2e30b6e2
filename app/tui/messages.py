"""App-wide messages: what the DM worker tells the play screen. The worker runs off the UI
thread and posts these (``post_message`` is thread-safe); the screen handles them with
``@on`` in order, so the UI never touches the game while a turn is being resolved."""

from __future__ import annotations

from textual.message import Message

from app.actions.events import SessionEvent
from app.session.panels import Panels
from app.session.session import GameSession
from app.session.watching import CampaignWatch


class EventArrived(Message):
    """One SessionEvent of the running turn, with the panels as they stand after it
    (``None`` for narration, which changes no panel) and the entries it made in the dice
    and combat log (kept in the game too)."""

    def __init__(
        self, event: SessionEvent, panels: Panels | None, log: list[str] | None = None
    ) -> None:
        super().__init__()
        self.event = event
        self.panels = panels
        self.log = log or []


class TurnsFinished(Message):
    """The DM is done until the players act again (or a turn failed)."""

    def __init__(self, saved: str | None, save_error: str | None = None) -> None:
        super().__init__()
        self.saved = saved
        """The autosave written after the last turn, if any."""
        self.save_error = save_error


class GameRestarted(Message):
    """A game could not go on with its changed campaign and starts again at its start:
    the app opens it on a new play screen (the one it replaces is saved first)."""

    def __init__(
        self, session: GameSession, save_as: str | None, note: str, watch: CampaignWatch | None
    ) -> None:
        super().__init__()
        self.session = session
        self.save_as = save_as
        """The name the new game saves under (the old one keeps its own)."""
        self.note = note
        """Said first in the new game's story: why it started again, where the old one is."""
        self.watch = watch
        """The campaign file the new game goes on watching."""

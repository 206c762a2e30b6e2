"""The sidebar's dice and combat log: every roll with its dice (dropped ones struck through),
modifier, total against the DC, and verdict; hit-point and condition changes; reaction
windows. It renders the events it is given and never recomputes a roll."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.widgets import RichLog

from app import views
from app.session.events import DiceRoll, ReactionWindow, SessionEvent, StateChange


class DiceLog(RichLog):
    """Newest at the bottom; the border flashes when an entry arrives."""

    MAX_LINES = 1000
    FLASH_SECONDS = 0.6

    DEFAULT_CSS = """
    DiceLog { border: round $panel-lighten-2; border-title-color: $text-muted; }
    DiceLog.-flash { border: round $accent; border-title-color: $accent; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, max_lines=self.MAX_LINES, min_width=20)
        self.border_title = "Dice & combat"
        self.entries = 0

    def add(self, renderable: RenderableType) -> None:
        """Write one entry and flash."""
        self.write(renderable)
        self.entries += 1
        self.flash()

    def flash(self) -> None:
        """Draw the eye to the new entry (skipped when animations are off)."""
        if self.app.animation_level == "none":
            return
        self.add_class("-flash")
        self.set_timer(self.FLASH_SECONDS, lambda: self.remove_class("-flash"))

    def show(self, event: SessionEvent) -> bool:
        """Log an event if it belongs in the log; True if it did."""
        if isinstance(event, DiceRoll):
            self.add(views.dice_log_entry(event))
        elif isinstance(event, StateChange) and event.kind not in ("flag",):
            self.add(views.change_log_entry(event))
        elif isinstance(event, ReactionWindow):
            self.add(views.reaction_log_entry(event))
        else:
            return False
        return True

    def note(self, text: str, style: str = "dim") -> None:
        """A plain line (a player's own roll, a round marker)."""
        self.add(Text(text, style=style))

"""The sidebar's dice and combat log: shows the entries :mod:`app.display.tablelog` makes from the
game's events (every roll with its dice, changes, reactions, whose turn it is) — the same
entries the game keeps, so a resumed game shows the log it had. It never recomputes a
roll."""

from __future__ import annotations

from textual.events import Resize
from textual.widgets import RichLog

from app.display.screentext import from_markup
from app.world.state import LOG_KEPT


class DiceLog(RichLog):
    """Newest at the bottom; the border flashes when an entry arrives."""

    MAX_LINES = LOG_KEPT * 4
    """Lines kept on screen: room for every entry the game keeps (most take one to three)."""
    FLASH_SECONDS = 0.6

    DEFAULT_CSS = """
    DiceLog { border: round $panel-lighten-2; border-title-color: $text-muted; }
    DiceLog.-flash { border: round $accent; border-title-color: $accent; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, max_lines=self.MAX_LINES, min_width=20)
        self.border_title = "Dice & combat"
        self.entries = 0
        self.shown: list[str] = []
        """The entries shown, as markup (the newest the game keeps)."""
        self._width = 0

    def add_entries(self, entries: list[str], *, flash: bool = True) -> None:
        """Show entries made by the game's table log (Rich markup; a save's hand-edited entry
        that is not well-formed markup is shown as written)."""
        for markup in entries:
            self.write(from_markup(markup))
            self.entries += 1
        self.shown = (self.shown + entries)[-LOG_KEPT:]
        if entries and flash:
            self.flash()

    def on_resize(self, event: Resize) -> None:
        """Wrap the entries again at the new width (a log wrapped for a narrower sidebar
        would stay ragged; the sidebar widens on large terminals)."""
        width = event.size.width
        if self._size_known and self.shown and width != self._width:
            self.clear()
            for markup in self.shown:
                self.write(from_markup(markup))
        self._width = width

    def flash(self) -> None:
        """Draw the eye to the new entry (skipped when animations are off)."""
        if self.app.animation_level == "none":
            return
        self.add_class("-flash")
        self.set_timer(self.FLASH_SECONDS, lambda: self.remove_class("-flash"))

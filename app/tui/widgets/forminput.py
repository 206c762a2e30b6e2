"""An input of a form (the new game's seats, seed and save name) that keeps a burst of
typing in order: keys already queued to it when a Tab in the burst moved the focus on are
passed on to the input that has the focus now, so "Ann⇥Ben⇥Ann" typed faster than the
screen keeps up fills three seats, not one."""

from __future__ import annotations

from textual import events
from textual.widgets import Input


class FormInput(Input):
    """An :class:`~textual.widgets.Input` that hands on keys typed after it lost the focus."""

    async def _on_key(self, event: events.Key) -> None:
        focused = self.app.focused
        if focused is not None and focused is not self and focused.screen is self.screen:
            event.stop()
            event.prevent_default()
            focused.post_message(events.Key(event.key, event.character))
            return
        if event.key in ("tab", "shift+tab"):  # moved on at once, so the keys queued
            event.stop()  # behind the Tab go where it leads
            event.prevent_default()
            if event.key == "tab":
                self.screen.focus_next()
            else:
                self.screen.focus_previous()
            return
        await super()._on_key(event)

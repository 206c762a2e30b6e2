"""The command palette, closed once, and paged only where it can be.

Textual's palette dismisses itself on Enter; two Enters in quick succession (a key storm,
a paste ending in newlines) reach it after it has gone, and its second ``dismiss`` pops
whatever screen is on top then — the game's own screen, or none (a crash). This palette
closes only while it is the screen shown."""

from __future__ import annotations

from textual.await_complete import AwaitComplete
from textual.command import CommandPalette

PALETTE = "--command-palette"
"""The palette's id, as Textual names its own (``CommandPalette.is_open`` looks for it)."""


class OncePalette(CommandPalette):
    """Textual's command palette that never closes a screen other than itself."""

    def _action_command_list(self, action: str) -> None:
        """Page up and down the list — skipped where the list has no room to page in (a
        terminal a few rows high: Textual's list then looks up a line that is not there)."""
        try:
            super()._action_command_list(action)
        except KeyError:
            return

    def dismiss(self, result: None = None) -> AwaitComplete:
        if not self.is_attached or self.app.screen is not self:
            done: AwaitComplete = AwaitComplete.nothing()  # type: ignore[no-untyped-call]
            return done  # closed already: nothing else is popped
        return super().dismiss(result)

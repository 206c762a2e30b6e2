"""The line a player types into: a one-line input that keeps the whole of a paste and what
is half-typed in it. A
paragraph pasted with its line breaks (a plan written elsewhere) arrives as one line, its
breaks turned to spaces, where a plain input keeps only the first line and drops the rest
without a word."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.widgets import Input


class CommandLine(Input):
    """The play screen's input line (``#command``). Coming back to it never selects what
    is typed there, so the next key adds to the line instead of replacing it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, select_on_focus=False, **kwargs)

    def _on_paste(self, event: events.Paste) -> None:
        if event.text:
            line = " ".join(event.text.split())  # every line of it, one space apart
            selection = self.selection
            if selection.is_empty:
                self.insert_text_at_cursor(line)
            else:
                self.replace(line, *selection)
        event.stop()
        event.prevent_default()  # (the plain input's own handler would add the first line)

"""The turn log screen: every change of turn — who, why in words, how long the turn took
and who was up next — newest at the bottom, with where each player stands now."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Label

from app.display.screentext import plain
from app.session import turnlog
from app.world.state import GameState


class TurnLogScreen(ModalScreen[None]):
    """The turn log, read-only (F3 or ``/turns``; Esc closes)."""

    DEFAULT_CSS = """
    TurnLogScreen { align: center middle; background: $background 70%; }
    TurnLogScreen > Vertical {
        width: 90%; height: 85%; border: thick $primary; background: $surface;
    }
    TurnLogScreen .turnlog-head { padding: 0 1; width: 1fr; }
    TurnLogScreen #turnlog-title { text-style: bold; }
    TurnLogScreen DataTable { height: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("f3", "close", "Close", show=False),
    ]

    def __init__(self, state: GameState) -> None:
        super().__init__()
        self.log_rows = turnlog.rows(state.turn_order.history)
        self.table = turnlog.table_line(state)
        self.count = len(self.log_rows)

    def compose(self) -> ComposeResult:
        with Vertical():
            title = f"Turn log — {self.count} changes of turn (Esc closes)"
            yield Label(plain(title), id="turnlog-title", classes="turnlog-head")
            if self.table:
                yield Label(plain(f"Now: {self.table}"), id="turnlog-now", classes="turnlog-head")
            yield DataTable(id="turnlog-table", cursor_type="row", zebra_stripes=True)
            if not self.log_rows:
                yield Label("No turns have changed hands yet.", classes="turnlog-head")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        head = turnlog.HEADINGS
        table.add_columns(head.turn, head.at, head.player, head.what, head.took, head.next)
        for row in self.log_rows:
            table.add_row(row.turn, row.at, plain(row.player), row.what, row.took, plain(row.next))
        if self.log_rows:
            table.move_cursor(row=len(self.log_rows) - 1)  # the latest change is in view
        table.focus()

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss(None)

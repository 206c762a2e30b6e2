"""The character sheet screen: one party member's whole sheet — hit points and defence,
conditions, level and experience, abilities, saves, skills, attacks and gear, spells and
slots, features with uses left, proficiencies — with the party along the top.

Tab or the arrow keys move to the next or previous member, a number picks one, Esc (or
F4 again) closes. The facts are read when the screen opens (a turn never runs under it),
so what it shows is one moment of the game.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Static

from app.display.screentext import plain
from app.tui.widgets.factbox import MARKS, section_box
from app.tui.widgets.footer import Footer
from app.world.sheetfacts import SheetFacts

LEFT = ("Hit points and defence", "Conditions and effects", "Level", "Abilities",
        "Saving throws")  # fmt: skip
"""Sections in the left column on a wide screen; the rest go to the right."""


def party_tabs(sheets: list[SheetFacts], index: int) -> Text:
    """``1 Mira  2 Thorin  3 Aria`` with the one shown highlighted, the fallen marked."""
    tabs = Text()
    for n, facts in enumerate(sheets):
        style = "bold reverse" if n == index else ""
        if facts.standing.mark == "bad":
            style += " red"
        tabs.append(f" {n + 1} " if n < 9 else "   ", style="dim")
        tabs.append_text(plain(facts.name, style=style.strip()))
        tabs.append(" ")
    return tabs


class SheetScreen(Screen[None]):
    """Character sheets of the whole party, one at a time (F4 or ``/sheet NAME``)."""

    DEFAULT_CSS = """
    SheetScreen #sheet-tabs { height: 1; background: $panel; }
    SheetScreen #sheet-head { height: auto; padding: 0 1; }
    SheetScreen #sheet-columns { height: auto; layout: vertical; }
    SheetScreen .sheet-column { height: auto; width: 100%; }
    SheetScreen.-wide #sheet-columns { layout: horizontal; }
    SheetScreen.-wide .sheet-column { width: 1fr; }
    """
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]  # noqa: RUF012 - Textual's
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f4", "close", "Close"),
        Binding("tab,right", "switch(1)", "Next", priority=True),
        Binding("shift+tab,left", "switch(-1)", "Previous", priority=True),
        *(Binding(str(n), f"pick({n - 1})", show=False) for n in range(1, 10)),
    ]

    index: reactive[int] = reactive(0, recompose=True)

    def __init__(self, sheets: list[SheetFacts], start: int = 0) -> None:
        super().__init__()
        self.sheets = sheets
        """Every member's facts, read as the screen opened."""
        self.set_reactive(SheetScreen.index, max(0, min(start, len(sheets) - 1)))

    @property
    def shown(self) -> SheetFacts | None:
        """The sheet on the screen (``None`` for an empty party)."""
        return self.sheets[self.index] if self.sheets else None

    def compose(self) -> ComposeResult:
        yield Static(party_tabs(self.sheets, self.index), id="sheet-tabs")
        facts = self.shown
        if facts is None:
            yield Static("The party is empty.", id="sheet-head")
            yield Footer()
            return
        head = plain(f"{facts.name} — {facts.headline}", style="bold")
        _, style = MARKS[facts.standing.mark]
        head.append("  ·  ", style="dim")
        head.append(facts.standing.label, style=style or "green")
        if facts.standing.value:
            head.append(f" ({facts.standing.value})", style="dim")
        yield Static(head, id="sheet-head")
        with VerticalScroll(id="sheet-body"), Horizontal(id="sheet-columns"):
            for column in (True, False):
                with Vertical(classes="sheet-column"):
                    for n, section in enumerate(facts.sections):
                        if (section.title in LEFT) is column:
                            yield section_box(section, f"sheet-section-{n}")
        yield Footer()

    def on_mount(self) -> None:
        if self.sheets:
            self.query_one("#sheet-body").focus()

    def watch_index(self) -> None:
        self.call_after_refresh(self.on_mount)

    def action_switch(self, step: int) -> None:
        """The next (or previous) party member's sheet."""
        if self.sheets:
            self.index = (self.index + step) % len(self.sheets)

    def action_pick(self, n: int) -> None:
        """The n-th party member's sheet (a number past the party does nothing)."""
        if 0 <= n < len(self.sheets):
            self.index = n

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss(None)

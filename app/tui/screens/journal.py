"""The journal screen: the party's goals and deeds, who carries what and the coins, what
the party has learnt, the people it has met and the places it has been (F5 or
``/journal``; Esc closes). Read when it opens: one moment of the game."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from app.display.screentext import plain
from app.tui.widgets.factbox import FactBox
from app.tui.widgets.footer import Footer
from app.world.journal import Journal, met_where


def _none(text: str) -> Text:
    return Text(text, style="dim italic")


def goals_body(book: Journal) -> RenderableType:
    """The hook, then deeds (✔) and setbacks (✘), then the ending."""
    goals = book.goals
    lines: list[RenderableType] = [
        plain(goals.hook) if goals.hook else _none("No adventure is set: play as you like.")
    ]
    lines += [Text.assemble(("✔ ", "bold green"), plain(deed)) for deed in goals.done]
    lines += [Text.assemble(("✘ ", "bold red"), plain(miss)) for miss in goals.setbacks]
    if goals.ending:
        lines.append(Text.assemble(("The story ended: ", "bold"), plain(goals.ending)))
    return Group(*lines)


def carried_body(book: Journal) -> RenderableType:
    """Each character's gear and coins, and the party's purse."""
    table = Table.grid(padding=(0, 1))
    table.add_column(style="bold", no_wrap=True)
    table.add_column(overflow="fold")
    for share in book.carried:
        goods = plain(", ".join(share.items) or "nothing")
        if share.coins != "none":
            goods.append(f" — {share.coins}", style="yellow")
        table.add_row(plain(share.name), goods)
    notes = [Text.assemble(plain(f"{name}: ", style="bold"), plain(what, style="italic"))
             for name, what in book.items]  # fmt: skip
    purse = Text.assemble(("Coins, all purses: ", "dim"), (book.coins, "yellow"))
    return Group(table, purse, *notes)


def facts_body(book: Journal) -> RenderableType:
    """What has been revealed to the party, in the order it learnt it."""
    if not book.facts:
        return _none("Nothing learnt yet.")
    return Group(*(Text.assemble(("• ", "cyan"), plain(fact)) for fact in book.facts))


def met_body(book: Journal) -> RenderableType:
    """Name, attitude (and fate), where met, the scores behind the attitude and why they
    last moved, and what they look like."""
    if not book.met:
        return _none("Nobody yet.")
    lines: list[RenderableType] = []
    for person in book.met:
        head = plain(person.name, style="bold")
        head.append(f"  {person.attitude}", style="green" if person.attitude == "friendly"
                    else "red" if person.attitude == "hostile" else "dim")  # fmt: skip
        if person.fate:
            head.append(f", {person.fate}", style="red")
        head.append(f" — {met_where(person)}", style="dim")
        lines.append(head)
        if person.scores:
            lines.append(plain(f"  {person.scores}", style="cyan"))
        if person.why:
            lines.append(Text.assemble(("  last moved: ", "dim"), plain(person.why)))
        if person.description:
            lines.append(plain(f"  {person.description}", style="italic"))
    return Group(*lines)


def visited_body(book: Journal) -> RenderableType:
    """Places in the order first entered; where the party stands is last."""
    return Group(*(plain(f"{n}. {name}") for n, name in enumerate(book.visited, 1)))


class JournalScreen(Screen[None]):
    """The party's journal, read-only."""

    DEFAULT_CSS = """
    JournalScreen #journal-head { height: 1; padding: 0 1; background: $panel; }
    JournalScreen #journal-columns { height: auto; layout: vertical; }
    JournalScreen .journal-column { height: auto; width: 100%; }
    JournalScreen.-wide #journal-columns { layout: horizontal; }
    JournalScreen.-wide .journal-column { width: 1fr; }
    """
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]  # noqa: RUF012 - Textual's
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,f5", "close", "Close")]

    def __init__(self, book: Journal) -> None:
        super().__init__()
        self.book = book

    def compose(self) -> ComposeResult:
        book = self.book
        head = plain(f"Journal — {book.title}", style="bold")
        head.append("   Esc closes", style="dim")
        yield Static(head, id="journal-head")
        with VerticalScroll(id="journal-body"), Horizontal(id="journal-columns"):
            with Vertical(classes="journal-column"):
                yield FactBox("Goals", goals_body(book), id="journal-goals")
                yield FactBox("People", met_body(book), id="journal-met")
                yield FactBox("What the party knows", facts_body(book), id="journal-facts")
            with Vertical(classes="journal-column"):
                yield FactBox("Party inventory", carried_body(book), id="journal-carried")
                yield FactBox("Places visited", visited_body(book), id="journal-visited")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#journal-body").focus()

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss(None)

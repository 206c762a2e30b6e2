"""A titled box of facts — the character sheet's and the journal's building block."""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from app.display.screentext import plain
from app.world.sheetfacts import Fact, Section

MARKS = {
    "proficient": ("●", "bold green"),
    "expertise": ("◆", "bold cyan"),
    "half": ("◐", "green"),
    "warn": ("!", "bold yellow"),
    "bad": ("✘", "bold red"),
    "": (" ", ""),
}
"""What marks a fact in the first column, and how its value is styled."""


def facts_table(facts: tuple[Fact, ...]) -> Table:
    """Mark and label in aligned columns, then the value (bold) and its note (dim), which
    wrap together when long (a pack of gear, a list of spells)."""
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True)
    table.add_column(no_wrap=True)
    table.add_column(overflow="fold")
    for fact in facts:
        sign, style = MARKS[fact.mark]
        said = plain(fact.value, style=f"bold {style}".strip())
        if fact.note:
            said.append_text(plain(f"{'  ' if fact.value else ''}{fact.note}", style="dim"))
        table.add_row(Text(sign, style=style), plain(fact.label), said)
    return table


def section_body(section: Section) -> RenderableType:
    """A section's facts, or what stands there when it has none."""
    if not section.facts:
        return Text(section.empty or "none", style="dim italic")
    return facts_table(section.facts)


class FactBox(Static):
    """A bordered box titled with its section's name."""

    DEFAULT_CSS = """
    FactBox {
        height: auto; border: round $panel-lighten-2; padding: 0 1;
        border-title-color: $text-accent; border-title-style: bold;
    }
    """

    def __init__(self, title: str, body: RenderableType, *, id: str | None = None) -> None:
        super().__init__(body, id=id)
        self.border_title = title


def section_box(section: Section, box_id: str | None = None) -> FactBox:
    """A section as a box."""
    return FactBox(section.title, section_body(section), id=box_id)

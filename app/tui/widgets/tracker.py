"""The initiative tracker: order, whose turn it is, hit-point bars, AC, conditions with the
rounds they have left, and spent reactions. Shown only while a fight is on."""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.message import Message
from textual.widget import Widget

from app import views
from app.session.panels import Panels


class InitiativeTracker(Widget):
    """Renders the fight in a :class:`Panels` snapshot."""

    DEFAULT_CSS = """
    InitiativeTracker {
        height: auto; max-height: 12; border: round $warning; padding: 0 1;
        border-title-color: $warning; border-title-style: bold;
    }
    """

    class TurnAdvanced(Message):
        """The fight moved on to another combatant (or a new round)."""

        def __init__(self, round: int, current_id: str, name: str) -> None:
            super().__init__()
            self.round = round
            self.current_id = current_id
            self.name = name

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.panels: Panels | None = None
        self._turn: tuple[int, str] | None = None

    def update_panels(self, panels: Panels) -> TurnAdvanced | None:
        """Show a new moment of the fight. When the turn moved, posts ``TurnAdvanced`` and
        returns it too (so the caller can log it in order with the events it shows)."""
        self.panels = panels
        fight = panels.combat
        self.display = fight is not None
        advanced = None
        if fight is not None:
            self.border_title = f"Round {fight.round}"
            turn = (fight.round, fight.current_id)
            if turn != self._turn:
                self._turn = turn
                name = next((c.name for c in fight.combatants if c.id == fight.current_id), "")
                advanced = self.TurnAdvanced(fight.round, fight.current_id, name)
                self.post_message(advanced)
        else:
            self._turn = None
        self.refresh(layout=True)
        return advanced

    def render(self) -> RenderableType:
        fight = self.panels.combat if self.panels else None
        if fight is None:
            return Text("")
        wide = self.size.width >= 60
        table = Table(box=None, show_header=wide, pad_edge=False, expand=True)
        table.add_column("", width=1)
        table.add_column("Init", justify="right", width=4)
        table.add_column("Name", ratio=2, no_wrap=True)
        table.add_column("HP", no_wrap=True)
        table.add_column("AC", justify="right", width=3)
        if wide:
            table.add_column("Conditions", ratio=2)
        table.add_column("R", width=1)
        spent = set(self.panels.reactions_spent) if self.panels else set()
        for c in fight.combatants:
            current = c.id == fight.current_id
            down = c.hp == 0
            name_style = "bold reverse" if current else ("dim strike" if down else "")
            side = "cyan" if c.side == "party" else "red"
            bar = views.hp_bar(c.hp, c.max_hp, 8 if wide else 5)
            bar.append(f" {c.hp}/{c.max_hp}")
            name = Text(c.name, style=f"{side} {name_style}".strip())
            if not wide and c.conditions:
                name.append(f" ({', '.join(c.conditions)})", style="magenta")
            row: list[RenderableType] = [
                Text("▶" if current else "", style="bold yellow"),
                str(c.initiative),
                name,
                bar,
                str(c.ac),
            ]
            if wide:
                row.append(Text(", ".join(c.conditions), style="magenta"))
            row.append(Text("✗", style="dim") if c.id in spent else Text("⟲", style="green"))
            table.add_row(*row)
        return table

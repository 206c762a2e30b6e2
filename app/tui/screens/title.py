"""The title screen: new game, continue the latest save, load, settings, help, credits,
quit."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

BANNER = r"""
 ___                               _____              _           _
|   \ _  _ _ _  __ _ ___ ___ _ _  |_   _|__ _ _ _ __ (_)_ _  __ _| |
| |) | || | ' \/ _` / -_) _ \ ' \   | |/ -_) '_| '  \| | ' \/ _` | |
|___/ \_,_|_||_\__, \___\___/_||_|  |_|\___|_| |_|_|_|_|_||_\__,_|_|
               |___/
"""

SHORT_BANNER = "⚔  DUNGEON TERMINAL  ⚔"


class TitleScreen(Screen[None]):
    """The first screen; its choices call app actions."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "app.new_game", "New game"),
        Binding("c", "app.continue_game", "Continue"),
        Binding("l", "app.load_game", "Load"),
        Binding("s", "app.settings", "Settings"),
        Binding("f1", "app.help", "Help"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, latest: str | None, dm: str) -> None:
        super().__init__()
        self.latest = latest
        self.dm = dm

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(BANNER.strip("\n"), id="title-art")
            yield Static(SHORT_BANNER, id="title-short")
            yield Static(
                Text("The DM narrates. The dice are real.", style="italic"), id="title-tagline"
            )
            with Center():
                continue_label = (
                    f"Continue  ({self.latest})" if self.latest else "Continue  (no saves yet)"
                )
                yield OptionList(
                    Option("New game", id="new"),
                    Option(continue_label, id="continue", disabled=self.latest is None),
                    Option("Load a saved game", id="load"),
                    Option("Settings", id="settings"),
                    Option("Help", id="help"),
                    Option("Credits", id="credits"),
                    Option("Quit", id="quit"),
                    id="title-menu",
                )
            yield Static(Text(f"DM: {self.dm}", style="dim"), id="title-dm")
        yield Footer()

    @on(OptionList.OptionSelected, "#title-menu")
    async def _chosen(self, event: OptionList.OptionSelected) -> None:
        actions = {
            "new": "new_game",
            "continue": "continue_game",
            "load": "load_game",
            "settings": "settings",
            "help": "help",
            "credits": "credits",
            "quit": "quit",
        }
        action = actions.get(event.option.id or "")
        if action:
            await self.run_action(f"app.{action}")

"""Help (keys and commands) and credits (the SRD 5.1 and meaning-model attributions)."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from app import __version__
from app.session.commands import COMMANDS
from app.tui.widgets.footer import Footer
from app.world.meaning import MODEL_ATTRIBUTION
from rules.srd import SRD_ATTRIBUTION

KEYS: list[tuple[str, str]] = [
    ("Enter", "send what you typed (an action or a /command)"),
    ("ctrl+n", "act as the next character you may play"),
    ("ctrl+t", "end your turn (pass, or hold in a fight)"),
    ("ctrl+r", "run a failed turn again"),
    ("ctrl+z", "take back the last turn (/undo; /redo brings it back)"),
    ("ctrl+s", "save the game now"),
    ("ctrl+l", "show or hide the dice & combat log"),
    ("f2", "the prompt inspector: the last messages sent to the DM"),
    ("f3", "the turn log: who had each turn, why it ended, how long it took"),
    ("f4", "character sheets (tab: the next character); /sheet NAME"),
    ("f5", "the journal: goals, gear, what you know, people met, places"),
    ("f6", "the whole story: every turn with its rolls, searchable (/story)"),
    ("f7", "tell the last turn again: the same dice, other words (/reroll)"),
    ("ctrl+p", "command palette: save, load, roll dice, inspector, log, help"),
    ("pgup / pgdn", "scroll the story"),
    ("f1", "this help"),
    ("ctrl+q", "save and quit"),
]
"""The play screen's keys (the bindings themselves live on the screens)."""


class HelpScreen(Screen[None]):
    """Keys and commands."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1,q", "app.pop_screen", "Back"),
    ]

    def compose(self) -> ComposeResult:
        keys = Table(title="Keys", title_justify="left", box=None, pad_edge=False)
        keys.add_column(style="bold cyan", no_wrap=True)
        keys.add_column()
        for key, meaning in KEYS:
            keys.add_row(key, meaning)
        commands = Table(title="Typing", title_justify="left", box=None, pad_edge=False)
        commands.add_column(style="bold cyan", no_wrap=True)
        commands.add_column()
        for usage, meaning in COMMANDS:
            commands.add_row(usage, meaning)
        with VerticalScroll(id="help-body"):
            yield Static(Text("How to play", style="bold"), classes="title")
            yield Static(
                "Say what your character does in plain words; the DM narrates and asks for "
                "checks, saves and attacks, and the dice engine rolls them — every roll lands "
                "in the log on the right. In a fight the initiative tracker shows whose turn "
                "it is. With several players, the banner says who is up and the game asks "
                "you to pass the keyboard.",
                classes="para",
            )
            yield Static(keys, classes="para")
            yield Static(commands, classes="para")
        yield Footer()


class CreditsScreen(Screen[None]):
    """Who made the game and whose rules it uses."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "app.pop_screen", "Back"),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="credits-body"):
            yield Static(Text(f"Dungeon Terminal {__version__}", style="bold"), classes="title")
            yield Static(
                "A terminal tabletop RPG: an AI Dungeon Master narrates, a local d20 engine "
                "owns every number. Built with Textual, Rich, Pydantic, Typer and the openai "
                "client.",
                classes="para",
            )
            yield Static(Text("Rules content", style="bold"), classes="title")
            yield Static(SRD_ATTRIBUTION, classes="para")
            yield Static(
                "Monster, spell, weapon, armour and condition facts are restated in our own "
                "words from the SRD 5.1; no other published game text is included.",
                classes="para",
            )
            yield Static(Text("Understanding players", style="bold"), classes="title")
            yield Static(MODEL_ATTRIBUTION, classes="para")
        yield Footer()

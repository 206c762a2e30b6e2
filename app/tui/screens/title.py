"""The title screen: new game, continue the latest save, load, create a character,
settings, help, credits, quit."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from app.tui import warmup
from app.tui.widgets.footer import Footer
from app.tui.widgets.picklist import PickList
from app.world.folders import CAMPAIGNS_DIR

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
        Binding("r", "app.create_character", "Create a character"),
        Binding("s", "app.settings", "Settings"),
        Binding("f1", "app.help", "Help"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(
        self,
        saves: Path,
        dm: str,
        loaded: Callable[[], object] | None = None,
        campaigns: Path = CAMPAIGNS_DIR,
    ) -> None:
        super().__init__()
        self.campaigns = campaigns
        """Where campaigns are found by id."""
        self.loaded = loaded
        """Called once the rest of the game has loaded in the background."""
        self.saves = saves
        self.latest: str | None = None
        """The save "Continue" resumes (``None``: none loads, or not looked for yet)."""
        self.looked = False
        """Whether :attr:`latest` has been looked for: loading saves needs the whole save
        machinery, so the first look happens in the background once the title is drawn."""
        self._asked = 0
        self._shown = False
        self.dm = dm

    def newest_save(self) -> str | None:
        """The save "Continue" resumes: the newest one that loads."""
        from app.saves import SaveError, newest_game

        try:
            return newest_game(self.saves, play=False, campaigns=self.campaigns).source
        except SaveError:
            return None

    def on_mount(self) -> None:
        self.app.call_after_refresh(warmup.start, self._look_in_background, self.loaded)

    def _look_in_background(self) -> None:
        """In the warm-up thread: clear away the temp files of a game killed mid-save, find
        the newest save, then show it on the title."""
        from app.saves import clean_orphans

        clean_orphans(self.saves)
        asked = self._asked
        # call_later posts a message, safe from another thread and never waiting for the
        # screen (which may be waiting for this thread in warmup.ready())
        self.call_later(self._found, asked, self.newest_save())

    def _found(self, asked: int, latest: str | None) -> None:
        if asked == self._asked:  # not an older look answered after a newer one
            self.show_latest(latest)

    def on_screen_resume(self) -> None:
        """Back from a game or the load screen: the newest save may have changed."""
        if not self._shown:  # first shown: the look in the background is on its way
            self._shown = True
            return
        warmup.ready()
        self._asked += 1
        self.show_latest(self.newest_save())

    def show_latest(self, latest: str | None) -> None:
        """Offer to continue ``latest`` (or say there is nothing to continue)."""
        self.latest, self.looked = latest, True
        menu = self.query_one("#title-menu", OptionList)
        menu.replace_option_prompt("continue", self.continue_label())
        if self.latest is None:
            menu.disable_option("continue")
        else:
            menu.enable_option("continue")

    def continue_label(self) -> str:
        """``Continue  (autosave)``; plain ``Continue`` until the saves have been looked at."""
        if not self.looked:
            return "Continue"
        return f"Continue  ({self.latest})" if self.latest else "Continue  (no saves yet)"

    def show_dm(self, dm: str) -> None:
        """Name the DM a new game gets (after the settings changed it)."""
        self.dm = dm
        self.query_one("#title-dm", Static).update(Text(f"DM: {dm}", style="dim"))

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(BANNER.strip("\n"), id="title-art")
            yield Static(SHORT_BANNER, id="title-short")
            yield Static(
                Text("The DM narrates. The dice are real.", style="italic"), id="title-tagline"
            )
            with Center():
                yield PickList(
                    Option("New game", id="new"),
                    Option(self.continue_label(), id="continue", disabled=True),
                    Option("Load a saved game", id="load"),
                    Option("Create a character", id="create"),
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
            "create": "create_character",
            "settings": "settings",
            "help": "help",
            "credits": "credits",
            "quit": "quit",
        }
        action = actions.get(event.option.id or "")
        if action:
            await self.run_action(f"app.{action}")

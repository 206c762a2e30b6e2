"""The load screen: saved games newest first, with campaign, turn and time. A damaged save
is listed and explained; if it has a good backup, that can be loaded instead."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from app.display.screentext import plain
from app.saves import SaveError, SaveInfo, delete_save, list_saves, resume_file, resume_named
from app.saves.claims import in_use
from app.saves.resume import Resumed
from app.tui.screens.modals import ConfirmScreen
from app.tui.widgets.footer import Footer
from app.tui.widgets.picklist import PickList
from app.world.folders import shown_folder
from app.world.state import GameState


def save_label(info: SaveInfo) -> Text:
    """One line of the list."""
    when = info.saved.strftime("%Y-%m-%d %H:%M") if info.saved else "—"
    line = Text()
    line.append(f"{info.name:<18} ", style="bold")
    if info.problem:  # what is wrong with it, in full, instead of turn and time
        line.append(info.label[:62], style="red")
        return line
    line.append(f"{info.label[:34]:<34} ")
    line.append(f"turn {'?' if info.turn is None else info.turn:<4} ", style="cyan")
    line.append(when, style="dim")
    if info.held_by:  # played in another window: it cannot be loaded here
        line.append(f"\n{'':<19}in use in another window ({info.held_by[:40]})", style="yellow")
    return line


class LoadScreen(Screen[tuple[GameState, str, Path] | None]):
    """Pick a save; dismissed with the loaded game and its save name (or ``None``)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("d,delete", "delete", "Delete"),
        Binding("b", "load_backup", "Load backup", show=False),
    ]

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder
        self.saves = list_saves(folder)
        self.backup: Path | None = None
        self.chosen = ""

    def compose(self) -> ComposeResult:
        with Vertical(id="load-box"):
            yield Label(plain(f"Saved games ({shown_folder(self.folder)})"), id="load-title")
            if self.saves:
                yield PickList(
                    *(Option(save_label(info), id=info.path.name) for info in self.saves),
                    id="load-list",
                )
            else:
                yield Static("No saved games yet — start a new one.", id="load-empty")
            yield Static(id="load-error")
        yield Footer()

    @on(OptionList.OptionSelected, "#load-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.chosen = event.option.id or ""
        self.load(self.folder / self.chosen)

    def load(self, path: Path) -> None:
        """Load a save file and leave; on failure explain and stay. A backup, once loaded,
        goes on saving under a new name (the player is told which), so the save it is a
        backup of is never overwritten."""
        try:
            picked = resume_file(path, self.folder)
        except SaveError as error:
            self.backup = error.backup
            hint = "\nPress b to load that backup." if error.backup else ""
            self.query_one("#load-error", Static).update(Text(f"{error}{hint}", style="red"))
            self.refresh_bindings()
            return
        for note in picked.notes:  # an edited or older save, a backup's new name
            self.app.notify(note, title="Save", severity="warning", timeout=12)
        self.dismiss((picked.state, picked.save_as, picked.path))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "load_backup":
            return self.backup is not None
        if action == "delete":
            return bool(self.saves)
        return True

    def action_delete(self) -> None:
        """Delete the highlighted save and its backups, after asking."""
        menu = self.query_one("#load-list", OptionList)
        if menu.highlighted is None:
            return
        file = menu.get_option_at_index(menu.highlighted).id or ""
        name = next((s.name for s in self.saves if s.path.name == file), file)
        holder = in_use(self.folder / file)
        if holder is not None:  # said before asking: a yes could not be carried out
            self.notify(
                f'The save "{name}" is being played in another window ({holder}): it cannot '
                "be deleted while that game is open.",
                severity="error",
            )
            return

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                removed = delete_save(file, self.folder)
            except SaveError as error:
                self.notify(str(error), severity="error")
                return
            menu.remove_option(file)
            self.saves = [s for s in self.saves if s.path.name != file]
            self.refresh_bindings()
            self.notify(f"Deleted {name} ({len(removed)} file{'s' if len(removed) != 1 else ''}).")

        self.app.push_screen(ConfirmScreen(f'Delete the save "{name}" and its backups?'), answered)

    def action_load_backup(self) -> None:
        """Load the newest good backup of a damaged save."""
        if self.backup is not None:
            self.load(self.backup)

    def action_back(self) -> None:
        """Back without loading."""
        self.dismiss(None)


def named_save(app: App[Any], name: str, folder: Path) -> Resumed | None:
    """``/load NAME``: the save by that name (or a backup ``NAME.toml.1``), or ``None`` with
    the reason shown — the game on screen goes on."""
    try:
        return resume_named(name, folder)
    except SaveError as error:
        app.notify(f"{error}\nOpen /load (no name) to pick one.", severity="error")
        return None

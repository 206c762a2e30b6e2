"""Settings: the default DM endpoint, saved to the config file (``[dm]`` table), with a
connection test. The offline referee needs no settings."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Label, Static

from app.dm.config import ConfigError, DMConfig
from app.dm.configfile import save_dm_config
from app.tui.widgets.dmform import DMForm
from app.tui.widgets.footer import Footer


class SettingsScreen(Screen[DMConfig | None]):
    """Edit and save the DM endpoint; dismissed with the saved settings."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+s", "save", "Save"),
    ]

    def __init__(self, config: DMConfig, path: Path) -> None:
        super().__init__()
        self.dm_config = config
        self.config_file = path

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="settings-box"):
            yield Label("DM settings", classes="title")
            yield Static(
                "Any OpenAI-compatible endpoint can be the DM: OpenAI, DeepSeek, Ollama, "
                "LM Studio, llama.cpp's server, vLLM. Leave the key and base URL blank to "
                "play with the built-in offline referee. The key stays in this file, never "
                "in a save.",
                classes="para",
            )
            yield DMForm(self.dm_config, id="settings-form")
            with Horizontal(classes="buttons"):
                yield Button("Save", variant="primary", id="settings-save")
                yield Button("Back", id="settings-back")
            yield Static(Text(f"Config file: {self.config_file}", style="dim"), id="settings-path")
            yield Static(id="settings-result")
        yield Footer()

    @on(Button.Pressed, "#settings-save")
    def action_save(self) -> None:
        """Validate and write the settings."""
        result = self.query_one("#settings-result", Static)
        try:
            form = self.query_one(DMForm)
            config = form.config()
            # Only what the player changed is written, beside what the file held: a key or
            # model from the environment or a flag stays out of the file.
            save_dm_config(config, self.config_file, edited=form.edited())
        except (ValueError, ConfigError, OSError) as error:
            result.update(Text(f"not saved: {error}", style="red"))
            return
        self.notify(f"DM settings saved to {self.config_file}")
        self.dismiss(config)

    @on(Button.Pressed, "#settings-back")
    def action_back(self) -> None:
        """Leave without saving."""
        self.dismiss(None)

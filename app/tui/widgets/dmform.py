"""The DM settings form shared by the new-game and settings screens: model, base URL and
API key of an OpenAI-compatible endpoint, with a connection test that really asks it —
showing that it is testing, and giving up after a few seconds."""

from __future__ import annotations

import asyncio

from pydantic import SecretStr, ValidationError
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, LoadingIndicator, Static

from app.dm.brain import BrainError
from app.dm.config import DMConfig
from app.dm.openai_brain import OpenAIBrain


class DMForm(Vertical):
    """Fields for an endpoint. ``config()`` validates them."""

    DEFAULT_CSS = """
    DMForm { height: auto; }
    DMForm .row { height: auto; }
    DMForm .row > Label { width: 12; padding: 1 1 0 0; text-align: right; }
    DMForm .row > Input { width: 1fr; }
    DMForm #probe-row { height: auto; }
    DMForm #probe-spinner { width: 4; height: 3; display: none; }
    DMForm #probe-result { width: 1fr; padding: 1 1 0 1; }
    """

    PROBE_SECONDS = 5.0
    """How long the connection test waits for an answer, all in all."""

    def __init__(self, config: DMConfig, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.initial = config
        self._return_focus = False

    def compose(self) -> ComposeResult:
        key = self.initial.api_key.get_secret_value() if self.initial.api_key else ""
        with Horizontal(classes="row"):
            yield Label("Model")
            yield Input(self.initial.model, id="dm-model", placeholder="gpt-4o-mini, llama3.1, …")
        with Horizontal(classes="row"):
            yield Label("Base URL")
            yield Input(
                self.initial.base_url or "",
                id="dm-base-url",
                placeholder="blank for OpenAI; http://localhost:11434/v1 for Ollama",
            )
        with Horizontal(classes="row"):
            yield Label("API key")
            yield Input(key, id="dm-api-key", password=True, placeholder="not needed locally")
        with Horizontal(id="probe-row"):
            yield Button("Test connection", id="dm-test")
            yield LoadingIndicator(id="probe-spinner")
            yield Static(id="probe-result")

    def config(self) -> DMConfig:
        """The endpoint as typed. Raises ``ValueError`` with a readable message."""
        model = self.query_one("#dm-model", Input).value.strip()
        base_url = self.query_one("#dm-base-url", Input).value.strip() or None
        key = self.query_one("#dm-api-key", Input).value.strip()
        if not model:
            raise ValueError("name a model")
        if base_url and not base_url.startswith(("http://", "https://")):
            raise ValueError("the base URL must start with http:// or https://")
        try:
            return self.initial.model_copy(
                update={
                    "model": model,
                    "base_url": base_url,
                    "api_key": SecretStr(key) if key else None,
                }
            )
        except ValidationError as error:
            raise ValueError(str(error)) from error

    def say(self, text: str, style: str) -> None:
        """Show the connection test's result."""
        self.query_one("#probe-result", Static).update(Text(text, style=style))

    @on(Button.Pressed, "#dm-test")
    def _test(self) -> None:
        try:
            config = self.config()
        except ValueError as error:
            self.say(str(error), "red")
            return
        self.testing(True)
        self.say(f"asking {config.describe()} …", "yellow")
        self.probe(config)

    def testing(self, busy: bool) -> None:
        """Show that a test is running: the button waits, a spinner turns. A disabled
        button cannot keep the focus, so it rests on the field above meanwhile (not
        wherever Textual would send it, scrolling the form away) and comes back."""
        button = self.query_one("#dm-test", Button)
        key = self.query_one("#dm-api-key", Input)
        if busy and button.has_focus:
            key.focus(scroll_visible=False)
            self._return_focus = True
        button.disabled = busy
        button.label = "Testing…" if busy else "Test connection"
        self.query_one("#probe-spinner", LoadingIndicator).display = busy
        if not busy and self._return_focus:
            self._return_focus = False
            if key.has_focus:  # the player has not moved on
                button.focus(scroll_visible=False)

    @work(exclusive=True, group="probe", exit_on_error=False)
    async def probe(self, config: DMConfig) -> None:
        """Ask the endpoint for its models (off the UI), for a few seconds at most."""
        seconds = self.PROBE_SECONDS
        quick = config.model_copy(
            update={"timeout": min(config.timeout, seconds), "max_retries": 0}
        )
        try:
            # the client's own timeout is per request; this bounds the whole test
            found = await asyncio.wait_for(OpenAIBrain(quick).probe(), seconds)
        except BrainError as error:
            self.say(f"✘ {error.message}", "red")
        except TimeoutError:
            self.say(f"✘ {config.describe()} did not answer within {seconds:g} s", "red")
        else:
            self.say(f"✔ {found}", "green")
        finally:
            if self.is_mounted:
                self.testing(False)

"""The DM settings form shared by the new-game and settings screens: model, base URL and
API key of an OpenAI-compatible endpoint, its timeout, temperature and strict tool mode,
prices and alerts, with a connection test that really asks it — for its models, then for
one tool call — showing each step as it runs, and giving up after a while."""

from __future__ import annotations

import asyncio
import math

from pydantic import SecretStr, ValidationError
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, LoadingIndicator, Select, Static

from app.dm.config import DMConfig

STRICT_CHOICES = [
    ("strict tools: auto", "auto"),
    ("strict tools: on", "on"),
    ("strict tools: off", "off"),
]
"""The choices of ``strict_tools``, as the form offers them."""


def _shown(value: float | None) -> str:
    """A setting in its field: blank when unset, ``0.15`` rather than ``0.15000``."""
    return "" if value is None else f"{value:g}"


FIELDS = {
    "#dm-model": "model",
    "#dm-base-url": "base_url",
    "#dm-api-key": "api_key",
    "#dm-timeout": "timeout",
    "#dm-temperature": "temperature",
    "#dm-strict": "strict_tools",
    "#dm-price-in": "price_input",
    "#dm-price-out": "price_output",
    "#dm-alert-cost": "alert_cost",
    "#dm-alert-tokens": "alert_tokens",
}
"""Each field of the form and the setting it holds."""


def _first_problem(error: ValidationError) -> str:
    """The first bad setting in a player's words: ``alert_cost: …``."""
    item = error.errors(include_input=False, include_url=False)[0]
    where = ".".join(str(x) for x in item["loc"])
    message = item["msg"].removeprefix("Value error, ")
    return f"{where}: {message}" if where else message


class DMForm(Vertical):
    """Fields for an endpoint. ``config()`` validates them."""

    DEFAULT_CSS = """
    DMForm { height: auto; }
    DMForm .row { height: auto; }
    DMForm .row > Label { width: 12; padding: 1 1 0 0; text-align: right; }
    DMForm .row > Input { width: 1fr; }
    DMForm .row > .half { width: 1fr; }
    DMForm .row > .third { width: 10; }
    DMForm .row > .inline { width: auto; padding: 1 1 0 1; }
    DMForm .row > Select { width: 1fr; }
    DMForm #probe-row { height: auto; }
    DMForm #probe-spinner { width: 4; height: 3; display: none; }
    DMForm #probe-result { width: 1fr; padding: 1 1 0 1; }
    """

    PROBE_SECONDS = 40.0
    """How long the connection test waits, all in all: a few seconds to list the models,
    then up to half a minute for the tool call (a local server may first load the model)."""

    def __init__(self, config: DMConfig, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.initial = config
        self._return_focus = False

    def shown_first(self) -> dict[str, str]:
        """What each field shows before the player types, by setting."""
        first = self.initial
        return {
            "model": first.model,
            "base_url": first.base_url or "",
            "api_key": first.api_key.get_secret_value() if first.api_key else "",
            "timeout": _shown(first.timeout),
            "temperature": _shown(first.temperature),
            "strict_tools": first.strict_tools,
            "price_input": _shown(first.price_input),
            "price_output": _shown(first.price_output),
            "alert_cost": _shown(first.alert_cost),
            "alert_tokens": _shown(first.alert_tokens),
        }

    def edited(self) -> set[str]:
        """The settings whose field the player changed (the others hold what the form was
        given: the file's, or the environment's or a flag's, which are not the player's to
        save)."""
        first = self.shown_first()
        now = {name: self._text(field) for field, name in FIELDS.items()}
        return {name for name, value in now.items() if value != first[name]}

    def _text(self, field: str) -> str:
        widget = self.query_one(field)
        return str(widget.value) if isinstance(widget, Input | Select) else ""

    def compose(self) -> ComposeResult:
        shown = self.shown_first()
        with Horizontal(classes="row"):
            yield Label("Model")
            yield Input(shown["model"], id="dm-model", placeholder="gpt-4o-mini, llama3.1, …")
        with Horizontal(classes="row"):
            yield Label("Base URL")
            yield Input(
                shown["base_url"],
                id="dm-base-url",
                placeholder="blank for OpenAI; http://localhost:11434/v1 for Ollama",
            )
        with Horizontal(classes="row"):
            yield Label("API key")
            yield Input(
                shown["api_key"], id="dm-api-key", password=True, placeholder="not needed locally"
            )
        with Horizontal(classes="row"):
            yield Label("Timeout")
            yield Input(shown["timeout"], id="dm-timeout", classes="third",
                        placeholder="s a turn")  # fmt: skip
            yield Label("Temp.", classes="inline")
            yield Input(shown["temperature"], id="dm-temperature", classes="third",
                        placeholder="0–2")  # fmt: skip
            yield Select(STRICT_CHOICES, value=self.initial.strict_tools, allow_blank=False,
                         id="dm-strict")  # fmt: skip
        with Horizontal(classes="row"):
            yield Label("Prices")
            yield Input(shown["price_input"], id="dm-price-in", classes="half",
                        placeholder="in: $ per 1M tokens")  # fmt: skip
            yield Input(shown["price_output"], id="dm-price-out", classes="half",
                        placeholder="out: $ per 1M tokens")  # fmt: skip
        with Horizontal(classes="row"):
            yield Label("Alert at")
            yield Input(shown["alert_cost"], id="dm-alert-cost", classes="half",
                        placeholder="$ a game (off)")  # fmt: skip
            yield Input(shown["alert_tokens"], id="dm-alert-tokens", classes="half",
                        placeholder="tokens a turn (off)")  # fmt: skip
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
        costs = {
            "price_input": self._number("#dm-price-in", "the prompt price"),
            "price_output": self._number("#dm-price-out", "the completion price"),
            "alert_cost": self._number("#dm-alert-cost", "the cost alert"),
            "alert_tokens": self._number("#dm-alert-tokens", "the token alert", whole=True),
        }
        timeout = self._number("#dm-timeout", "the timeout")
        temperature = self._number("#dm-temperature", "the temperature")
        fields = DMConfig.model_fields  # blank: the default
        tuning: dict[str, object] = {
            "timeout": fields["timeout"].default if timeout is None else timeout,
            "temperature": fields["temperature"].default if temperature is None else temperature,
            "strict_tools": self.query_one("#dm-strict", Select).value,
        }
        values = self.initial.model_dump() | costs | tuning
        values |= {"model": model, "base_url": base_url, "api_key": SecretStr(key) if key else None}
        try:  # validated as a whole: a cost alert needs both prices
            return DMConfig.model_validate(values)
        except ValidationError as error:
            raise ValueError(_first_problem(error)) from error

    def _number(self, field: str, what: str, *, whole: bool = False) -> float | None:
        """A price or threshold as typed (blank: unset). Raises ``ValueError``."""
        text = self.query_one(field, Input).value.strip().removeprefix("$").replace(",", "")
        if not text:
            return None
        try:
            number = int(text) if whole else float(text)
        except ValueError:
            kind = "a whole number" if whole else "a number"
            raise ValueError(f"{what} must be {kind}, e.g. {'5000' if whole else '0.15'}") from None
        if not math.isfinite(number) or number < 0:
            raise ValueError(f"{what} must be a positive number")
        return number

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
        """Test the endpoint (off the UI): its models, then one tool call; each step is
        shown as it starts, and the whole gives up after :attr:`PROBE_SECONDS`."""
        from app.dm.connection import check_connection  # noqa: PLC0415 - loads openai

        seconds = self.PROBE_SECONDS
        styles = {"ok": "green", "warn": "yellow", "bad": "red"}
        try:
            report = await asyncio.wait_for(
                check_connection(config, progress=lambda step: self.say(step, "yellow")), seconds
            )
        except TimeoutError:
            self.say(f"✘ {config.describe()} did not answer within {seconds:g} s", "red")
        else:
            self.say(report.text(), styles[report.verdict])
        finally:
            if self.is_mounted:
                self.testing(False)

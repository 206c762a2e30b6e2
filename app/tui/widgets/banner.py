"""The gate banner: who may act now ("Waiting for Ana (Mira)", "Only Aria may act —
negotiating with the duke"), a spinner while the DM thinks, and failed turns."""

from __future__ import annotations

from typing import Literal

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.timer import Timer
from textual.widgets import Static

BannerKind = Literal["gate", "thinking", "error", "ending"]


class Spinner(Static):
    """A one-character spinner that turns only while it is shown (and animations are on)."""

    FRAMES = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(self.FRAMES[0], id=id)
        self.frame = 0
        self._timer: Timer | None = None

    def spin(self, on: bool) -> None:
        """Start or stop turning."""
        if on and self._timer is None and self.app.animation_level != "none":
            self._timer = self.set_interval(0.08, self._turn)
        elif not on and self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _turn(self) -> None:
        self.frame = (self.frame + 1) % len(self.FRAMES)
        self.update(self.FRAMES[self.frame])


class GateBanner(Horizontal):
    """One line above the input."""

    DEFAULT_CSS = """
    GateBanner { height: 1; background: $primary-muted; color: $text; }
    GateBanner > Spinner { width: 3; height: 1; display: none; padding: 0 1; color: $accent; }
    GateBanner.-thinking > Spinner { display: block; }
    GateBanner.-thinking { background: $secondary-muted; }
    GateBanner.-error { background: $error-muted; }
    GateBanner.-ending { background: $success-muted; }
    GateBanner > Static { width: 1fr; padding: 0 1; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.kind: BannerKind = "gate"
        self.text = ""

    def compose(self) -> ComposeResult:
        yield Spinner()
        yield Static(id="banner-text")

    def show(self, text: str, kind: BannerKind = "gate") -> None:
        """Say ``text``; ``kind`` picks the colour (and the spinner while thinking)."""
        self.kind, self.text = kind, text
        for name in ("thinking", "error", "ending"):
            self.set_class(kind == name, f"-{name}")
        self.query_one("#banner-text", Static).update(Text(text, style="bold"))
        self.query_one(Spinner).spin(kind == "thinking")

"""Leaving a game: the end of the story (a dialog that says so and offers what is left to
do — go back to the title screen, review the story, or stay and look at the table), and
the question asked before leaving a game that could not be saved."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Literal

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, Static

from app.tui.screens.modals import ConfirmScreen, _Guarded

EndingChoice = Literal["title", "story", "stay"]


class EndingScreen(_Guarded[EndingChoice]):
    """``The end — Steel in the Dark``: t goes to the title, r reviews the story, Esc
    stays on the (finished) game. Keys count only after a moment (a player may still be
    typing when the story ends)."""

    DEFAULT_CSS = """
    EndingScreen { align: center middle; background: $background 70%; }
    EndingScreen > Vertical {
        width: 64; max-width: 95%; height: auto; border: thick $success; padding: 1 2;
        background: $surface;
    }
    EndingScreen #ending-title { text-style: bold; color: $text-success; }
    EndingScreen #ending-text { margin-top: 1; }
    EndingScreen Horizontal { height: 3; margin-top: 1; }
    EndingScreen Button { width: 1fr; margin: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "choose('stay')", "Stay", show=False),
    ]
    ANSWER_KEYS: ClassVar[dict[str, object]] = {"t": "title", "r": "story"}

    def __init__(self, title: str, text: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(Text(self.title_text), id="ending-title")
            yield Static(Text(self.text or "The story is over."), id="ending-text")
            with Horizontal():
                yield Button("Title (t)", variant="primary", id="title")
                yield Button("The story (r)", id="story")
                yield Button("Stay (Esc)", id="stay")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#title", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        choice = event.button.id
        if choice in ("title", "story", "stay") and self.take_key():
            self.dismiss(choice)  # type: ignore[arg-type]

    def action_choose(self, choice: EndingChoice) -> None:
        """Esc."""
        if self.take_key():
            self.dismiss(choice)


def ask_before_leaving(app: App[None], unsaved: str, then: Callable[[], None]) -> None:
    """The game is not saved: ``then`` runs only on a yes (y); anything else stays."""
    if isinstance(app.screen, ConfirmScreen):
        return  # already asking

    def answered(yes: bool | None) -> None:
        if yes:
            then()

    app.push_screen(
        ConfirmScreen(
            "Leave anyway and lose this game?",
            title=f"The game is not saved — {unsaved}",
            hint="y leaves; n or Esc goes back to the game (/save NAME tries another name).",
        ),
        answered,
    )

"""Leaving a game: the end of the story (a dialog that says so and offers what is left to
do — go back to the title screen, review the story, or stay and look at the table), and
the dialogs shown when the game could not be saved on the way out (save it elsewhere,
leave without it, or keep playing)."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Literal

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from app.tui.screens.modals import _Guarded

EndingChoice = Literal["title", "story", "stay", "undo"]


class EndingScreen(_Guarded[EndingChoice]):
    """``The end — Steel in the Dark``: t goes to the title, r reviews the story, u takes
    the last turn back (offered when it can be: a party that fell wants the fight back),
    Esc stays on the (finished) game. Keys count only after a moment (a player may still
    be typing when the story ends)."""

    DEFAULT_CSS = """
    EndingScreen { align: center middle; background: $background 70%; }
    EndingScreen > Vertical {
        width: 78; max-width: 98%; height: auto; border: thick $success; padding: 1 2;
        background: $surface;
    }
    EndingScreen #ending-title { text-style: bold; color: $text-success; }
    EndingScreen #ending-text { margin-top: 1; }
    EndingScreen Horizontal { height: 3; margin-top: 1; }
    EndingScreen Button { width: 1fr; min-width: 8; margin: 0 1; }
    """
    ANSWER_KEYS: ClassVar[dict[str, object]] = {"t": "title", "r": "story", "escape": "stay"}
    """Esc is an answer like the letters: as a binding it came after the key had already
    counted as typing, which restarted the pause it waits for, so it never took."""

    OFFERS_UNDO: ClassVar[bool] = False

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
                if self.OFFERS_UNDO:
                    yield Button("Undo (u)", variant="warning", id="undo")
                yield Button("Stay (Esc)", id="stay")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#title", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        choice = event.button.id
        if choice in ("title", "story", "stay", "undo") and self.take_key():
            self.dismiss(choice)  # type: ignore[arg-type]
        else:  # an Enter in a burst of typing ends a line typed ahead, never the dialog
            self.typed += "\n"


class EndingUndoScreen(EndingScreen):
    """The end, when its last turn can still be taken back: u (or the button) does."""

    OFFERS_UNDO = True
    ANSWER_KEYS: ClassVar[dict[str, object]] = {**EndingScreen.ANSWER_KEYS, "u": "undo"}


def ending_screen(title: str, text: str, *, undo: bool) -> EndingScreen:
    """The ending dialog, offering undo when a turn can be taken back."""
    return (EndingUndoScreen if undo else EndingScreen)(title, text)


LeaveChoice = Literal["elsewhere", "lose", "stay"]


class SaveFailedScreen(_Guarded[LeaveChoice]):
    """``Could not save: … `` — e saves elsewhere, l leaves without saving, Esc keeps
    playing (the default: nothing is lost by pressing the wrong key)."""

    DEFAULT_CSS = """
    SaveFailedScreen { align: center middle; background: $background 70%; }
    SaveFailedScreen > Vertical {
        width: 72; max-width: 95%; height: auto; border: thick $error; padding: 1 2;
        background: $surface;
    }
    SaveFailedScreen #failed-title { text-style: bold; color: $text-error; }
    SaveFailedScreen #failed-text { margin-top: 1; }
    SaveFailedScreen #failed-choices { height: auto; margin-top: 1; }
    SaveFailedScreen Button { width: 1fr; }
    """
    ANSWER_KEYS: ClassVar[dict[str, object]] = {"e": "elsewhere", "l": "lose", "escape": "stay"}

    def __init__(self, problem: str, *, quitting: bool = True) -> None:
        super().__init__()
        self.problem = problem
        self.quitting = quitting

    def compose(self) -> ComposeResult:
        leave = "Quit" if self.quitting else "Leave"
        with Vertical():
            yield Label("Could not save the game", id="failed-title")
            yield Static(
                Text(
                    f"{self.problem}\nThe game is still open: save it in another folder or "
                    f"under another name, or {leave.lower()} without saving it."
                ),
                id="failed-text",
            )
            with Vertical(id="failed-choices"):
                yield Button("Save elsewhere… (e)", variant="primary", id="elsewhere")
                yield Button(f"{leave} without saving (l)", variant="error", id="lose")
                yield Button("Keep playing (Esc)", id="stay")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#elsewhere", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        choice = event.button.id
        if choice in ("elsewhere", "lose", "stay") and self.take_key():
            self.dismiss(choice)  # type: ignore[arg-type]
        else:
            self.ignored_press()


class SaveElsewhereScreen(ModalScreen[bool]):
    """Where to save instead: a folder (``~/games``), a file (``~/games/friday.toml``) or a
    save name. Enter tries it (``attempt`` returns what went wrong, empty when saved);
    a failure is shown and the dialog stays; Esc goes back to the game."""

    DEFAULT_CSS = """
    SaveElsewhereScreen { align: center middle; background: $background 70%; }
    SaveElsewhereScreen > Vertical {
        width: 72; max-width: 95%; height: auto; border: thick $primary; padding: 1 2;
        background: $surface;
    }
    SaveElsewhereScreen #elsewhere-error { color: $text-error; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "Back to the game")]

    def __init__(self, suggested: str, attempt: Callable[[str], str]) -> None:
        super().__init__()
        self.suggested = suggested
        self.attempt = attempt

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Save the game elsewhere: type a folder, or a save name. Enter saves "
                         "(the game goes on saving there); Esc goes back to the game.")  # fmt: skip
            yield Input(value=self.suggested, id="elsewhere-where")
            yield Static(id="elsewhere-error")

    @on(Input.Submitted, "#elsewhere-where")
    def _submitted(self, event: Input.Submitted) -> None:
        if not event.value.strip():
            self.query_one("#elsewhere-error", Static).update("Type a folder or a save name.")
            return
        problem = self.attempt(event.value)
        if problem:
            self.query_one("#elsewhere-error", Static).update(Text(problem))
            return
        self.dismiss(True)

    def action_close(self) -> None:
        """Not saved: back to the game."""
        self.dismiss(False)

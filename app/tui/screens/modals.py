"""Small modal screens: pass the keyboard, a yes/no question, the prompt inspector, and the
dice roller (the reaction dialog has its own module). Each is dismissed with its answer."""

from __future__ import annotations

import time
from typing import ClassVar, TypeVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static, TextArea
from textual.widgets.button import ButtonVariant

from app.display.screentext import plain
from rules.dice import DiceError, parse

R = TypeVar("R")


class _Guarded(ModalScreen[R]):
    """A modal that takes an answer only after a pause in typing: a player still typing when
    it pops up must not answer it by accident (the ``n`` of "the nearest rat" would decline
    a Shield). Every key inside the guard time restarts it, so a burst of typing is ignored
    until the player stops and reads the question."""

    GUARD_SECONDS = 0.4

    def on_mount(self) -> None:
        self.shown_at = time.monotonic()
        self.last_key_at = self.shown_at

    ANSWER_KEYS: ClassVar[dict[str, object]] = {}
    """Letter keys that answer the modal, and the answer each gives. They are read here,
    not as priority bindings: a priority binding runs as the app receives the key, ahead of
    the keys before it still on their way to the screen, so the "n" of "anyway" typed in a
    burst would answer before the burst counted."""

    typed: str = ""
    """What the player typed into the dialog while it was not listening: the screen beneath
    puts it back into its input, so a line typed ahead is not lost."""

    def on_key(self, event: events.Key) -> None:
        """An answering key counts once the player has paused; every key is typing."""
        if event.key in self.ANSWER_KEYS:
            event.stop()
            if self.take_key():
                self.dismiss(self.ANSWER_KEYS[event.key])  # type: ignore[arg-type]
                return
        else:
            self.last_key_at = time.monotonic()
        if event.is_printable and event.character:
            self.typed += event.character
        elif event.key == "backspace" and self.typed and not self.typed.endswith("\n"):
            self.typed = self.typed[:-1]  # a slip mended before the line is set aside

    def ignored_press(self) -> None:
        """A button pressed mid-burst: a space typed ahead (the focused button took it)."""
        self.typed += " "

    def settled(self) -> bool:
        """Keys count now: the dialog is up, and the guard time has passed since it appeared
        and since the last key."""
        shown_at: float | None = getattr(self, "shown_at", None)
        if shown_at is None:
            return False
        quiet_since = max(shown_at, getattr(self, "last_key_at", 0.0))
        return time.monotonic() - quiet_since >= self.GUARD_SECONDS

    def take_key(self) -> bool:
        """Whether an answering key counts; one that does not restarts the wait."""
        counts = self.settled()
        self.last_key_at = time.monotonic()
        return counts


class HandoffScreen(_Guarded[None]):
    """Pass the keyboard: the next player presses Enter when they have it.

    It sits at the top, over the oldest lines, and leaves the newest part of the story in
    plain sight: the player who just acted reads what came of it before the keyboard changes
    hands, and the next one reads where things stand."""

    DEFAULT_CSS = """
    HandoffScreen { align: center top; background: $background 10%; }
    HandoffScreen > Vertical {
        width: 64; max-width: 100%; height: auto; border: thick $accent; padding: 0 2;
        background: $surface;
    }
    HandoffScreen #handoff-title { text-style: bold; color: $accent; width: 1fr; }
    HandoffScreen Button { width: 1fr; }
    HandoffScreen #handoff-typed { color: $warning; height: auto; display: none; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "ready", "I have the keyboard", priority=True),
    ]

    def __init__(self, player: str, characters: list[str], why: str) -> None:
        super().__init__()
        self.player = player
        self.characters = characters
        self.why = why

    def compose(self) -> ComposeResult:
        names = ", ".join(self.characters)
        with Vertical():
            yield Label(plain(f"Pass the keyboard to {self.player} ({names})"), id="handoff-title")
            yield Static(plain(self.why, style="italic"))
            yield Button(plain(f"{self.player} is ready (Enter)"), variant="primary", id="ready")
            yield Static("", id="handoff-typed")

    def on_key(self, event: events.Key) -> None:
        """Typing here goes nowhere until the keyboard is taken: say so, with what was typed,
        so a player who did not see the dialog knows their line waits (↑ brings it back).
        (Textual runs the guard's own key handler as well; what it kept is shown after.)"""
        self.call_later(self._show_typed)

    def _show_typed(self) -> None:
        lines = [line for line in self.typed.split("\n") if line.strip()]
        if lines:
            shown = lines[-1].strip()[-48:]
            more = f" (and {len(lines) - 1} line before it)" if len(lines) == 2 else ""
            more = more or (f" (and {len(lines) - 1} lines before it)" if len(lines) > 2 else "")
            said = self.query_one("#handoff-typed", Static)
            said.display = True
            said.update(
                plain(
                    f"Typed before the keyboard was taken, not sent: “{shown}”{more} — press "
                    f"Enter on its own when {self.player} has it (↑ then brings it back)",
                    style="bold",
                )
            )

    @on(Button.Pressed, "#ready")
    def action_ready(self) -> None:
        """The new player has the keyboard. An Enter in a burst of typing ends a line typed
        ahead (kept apart from the next one), never the hand-off."""
        if self.take_key():
            self.dismiss(None)
        else:
            self.typed += "\n"


class ConfirmScreen(_Guarded[bool]):
    """A yes/no question, No by default: ``Delete the save "friday"? [y/N]``; y, n, Esc or
    the buttons answer it."""

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; background: $background 70%; }
    ConfirmScreen > Vertical {
        width: 60; max-width: 95%; height: auto; border: thick $error; padding: 1 2;
        background: $surface;
    }
    ConfirmScreen #confirm-title { text-style: bold; }
    ConfirmScreen .hint { color: $text-muted; }
    ConfirmScreen Horizontal { height: auto; margin-top: 1; }
    ConfirmScreen Button { width: 1fr; margin: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "answer(False)", "No", show=False),
    ]
    ANSWER_KEYS: ClassVar[dict[str, object]] = {"y": True, "n": False, "escape": False}
    """Esc answers like the letters: as a binding alone it came after the key had counted
    as typing, which restarted the pause it waits for, so it never took."""
    YES_VARIANT: ClassVar[ButtonVariant] = "error"

    def __init__(self, question: str, title: str = "", hint: str = "") -> None:
        super().__init__()
        self.question = question
        self.title_text = title
        self.hint = hint

    def compose(self) -> ComposeResult:
        with Vertical():
            if self.title_text:
                yield Label(plain(self.title_text), id="confirm-title")
            yield Static(Text(f"{self.question} [y/N]"), id="confirm-question")
            if self.hint:
                yield Static(plain(self.hint), classes="hint")
            with Horizontal():
                yield Button("Yes (y)", variant=self.YES_VARIANT, id="yes")
                yield Button("No (n)", id="no")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#no", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        if self.take_key():
            self.dismiss(event.button.id == "yes")
        else:
            self.ignored_press()

    def action_answer(self, answer: bool) -> None:
        """Esc: no."""
        if self.take_key():
            self.dismiss(answer)


class PromptInspector(ModalScreen[None]):
    """The exact messages last sent to the DM: system prompt, context, tool traffic."""

    DEFAULT_CSS = """
    PromptInspector { align: center middle; background: $background 70%; }
    PromptInspector > Vertical {
        width: 95%; height: 90%; border: thick $primary; background: $surface;
    }
    PromptInspector #inspector-title { padding: 0 1; text-style: bold; width: 1fr; }
    PromptInspector TextArea { height: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "Close")]

    def __init__(self, text: str, title: str) -> None:
        super().__init__()
        self.text = text
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(plain(self.title_text), id="inspector-title")
            yield TextArea(self.text, read_only=True, soft_wrap=True, id="inspector-text")

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss(None)


class RollScreen(ModalScreen[str | None]):
    """Roll dice from the command palette: returns a formula that parses (the play screen
    rolls it with the game's own dice); a bad formula is explained and nothing is lost."""

    DEFAULT_CSS = """
    RollScreen { align: center middle; background: $background 70%; }
    RollScreen > Vertical {
        width: 60; max-width: 95%; height: auto; border: thick $primary; padding: 1 2;
        background: $surface;
    }
    RollScreen #roll-error { color: $text-error; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "Cancel")]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Roll dice — e.g. 1d20+5, 2d20kh1, 4d6kh3, 8d6")
            yield Input(placeholder="formula (Enter rolls, Esc cancels)", id="roll-formula")
            yield Static(id="roll-error")

    @on(Input.Submitted, "#roll-formula")
    def _submitted(self, event: Input.Submitted) -> None:
        formula = event.value.strip() or "1d20"
        try:
            parse(formula)
        except DiceError as error:
            where = f"{error.caret()}\n" if error.position is not None else ""
            self.query_one("#roll-error", Static).update(Text(f"{where}{error}"))
            return
        self.dismiss(formula)

    def action_close(self) -> None:
        """Nothing rolled."""
        self.dismiss(None)

"""The reaction dialog: a window is open and a player's character may react. It shows the
reactions the engine offers (buttons, or their number typed) and a box where the player
says what they do in their own words; Enter with nothing typed, or Esc, passes.

Like every guarded dialog it ignores a burst of typing that was meant for the game's input
(that text goes back there); the box takes keys once the player has paused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.timer import Timer
from textual.widgets import Button, Input, Label, Static

from app.actions.reactions import Question, addressed, asked_back, explained, passed
from app.display.handing import passing
from app.display.screentext import plain
from app.session.hygiene import clean_line
from app.tui.screens.modals import _Guarded
from app.world.state import GameState


class ReactionScreen(_Guarded[str]):
    """``Cy (Aria) — a reaction``: the question, the options, and "or say what you do".
    Dismissed with the answer as the player gave it: an option's number, ``y``/``n``, the
    player's words, or ``""`` for no reaction (read by the reaction policy)."""

    DEFAULT_CSS = """
    ReactionScreen { align: center middle; background: $background 70%; }
    ReactionScreen > Vertical {
        width: 70; max-width: 95%; height: auto; border: thick $warning; padding: 1 2;
        background: $surface;
    }
    ReactionScreen #reaction-title { text-style: bold; color: $warning; width: 1fr; }
    ReactionScreen .hint { color: $text-muted; }
    ReactionScreen Horizontal { height: auto; margin-top: 1; }
    ReactionScreen Button { width: 1fr; margin: 0 1; }
    ReactionScreen Input { margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "pass_it", "No reaction", show=False),
    ]

    def __init__(
        self,
        player: str | None,
        character: str,
        prompt: str,
        labels: list[str],
        hint: str = "",
        explanation: str = "",
        address: Callable[[str], tuple[str | None, str]] | None = None,
    ) -> None:
        super().__init__()
        self.player = player
        self.character = character
        self.prompt = prompt
        self.labels = labels
        self.hint = hint
        self.explanation = explanation
        """What the options do: shown when the player asks instead of answering."""
        self.address = address or (lambda words: (None, words))
        """Whom typed words are for: another character's line typed ahead is no answer."""
        self.held: list[str] = []
        """Lines for others typed into the box ("Mira: I ready my bow"): kept, not sent;
        the screen beneath puts them back into its input once this is answered."""
        self._waiting: Timer | None = None
        self._answered = False
        """Answered once: keys still queued behind the answer (a pasted line's second line
        break) answer nothing, and the dialog is never closed twice."""

    @property
    def title_text(self) -> str:
        """Addressed to the player (with the character) when several share the keyboard."""
        who = f"{self.player} ({self.character})" if self.player else self.character
        return f"{who} — a reaction"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(plain(self.title_text), id="reaction-title")
            yield Static(plain(self.prompt), id="reaction-question")
            hint = Static(plain(self.hint), classes="hint", id="reaction-hint")
            hint.display = bool(self.hint)  # (shown later for an explanation asked for)
            yield hint
            with Horizontal():
                for number, label in enumerate(self.labels, 1):
                    yield Button(plain(f"{number} {label}"), variant="warning",
                                 id=f"option-{number}")  # fmt: skip
                yield Button("No reaction (Esc)", id="pass")
            yield Input(placeholder=self._placeholder(), id="reaction-words")

    def _placeholder(self) -> str:
        count = min(len(self.labels), 9)
        pick = "1 takes it, " if count == 1 else f"1–{count} pick one, " if count else ""
        return f"{pick}or say what you do (Enter with nothing passes)"

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#pass", Button).focus()
        self._waiting = self.set_interval(0.05, self._listen)

    def _listen(self) -> None:
        """Once the player has paused, the box takes their words."""
        if _Guarded.settled(self) and self._waiting is not None:
            self._waiting.stop()
            self._waiting = None
            self.query_one("#reaction-words", Input).focus()

    @property
    def listening(self) -> bool:
        """The box has the keys: what is typed now is an answer."""
        return self._waiting is None and self.is_mounted and not self._answered

    def _answer(self, value: str) -> None:
        """Close with the answer, once."""
        if not self._answered:
            self._answered = True
            self.dismiss(value)

    def settled(self) -> bool:
        """Answers count: the guard time is over and the box is listening."""
        return super().settled() and self.listening

    @on(Input.Changed, "#reaction-words")
    def _picked_by_number(self, event: Input.Changed) -> None:
        """An option's number typed first picks it at once, as its button says (``1``):
        no Enter needed, and never a "1" left in the box."""
        value = event.value
        if self.listening and len(value) == 1 and value in self._numbers:
            event.stop()
            self._answer(value)

    @property
    def _numbers(self) -> set[str]:
        return {str(n) for n in range(1, min(len(self.labels), 9) + 1)}

    @on(Input.Submitted, "#reaction-words")
    def _said(self, event: Input.Submitted) -> None:
        event.stop()
        if not self.listening:
            return
        words = " ".join(clean_line(event.value).text.split())  # as a typed line is cleaned
        if passed(words):  # "/pass" at the question: no reaction, no turn ended later
            self._answer("")
            return
        if words.startswith("/"):  # a command typed ahead, meant for the game, not a reaction
            event.input.value = ""
            self.held.append(words)
            self.notify(
                f"{words.split()[0]} waits until the reaction is answered: pick a number, "
                "say what you do, or press Enter (or Esc) for no reaction.",
                severity="warning",
            )
            return
        if asked_back(words):  # "what is hellish rebuke??": told what it does, asked again
            event.input.value = ""
            shown = self.query_one("#reaction-hint", Static)
            shown.update(plain(self.explanation))
            shown.display = True
            return
        other, answer = self.address(words)
        if other is not None:  # a line typed ahead for someone else: kept for after this
            event.input.value = ""
            self.held.append(words)
            shown = self.query_one("#reaction-hint", Static)
            shown.update(plain(f"Kept for later, not sent: “{words[:60]}” is {other}'s line, "
                               f"not {self.character}'s reaction. {self.character}: pick, say "
                               "what you do, or press Enter for no reaction."))  # fmt: skip
            shown.display = True
            return
        self._answer(answer)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        if not self.take_key() or self._answered:
            self.ignored_press()
            return
        button = event.button.id or ""
        self._answer(button.removeprefix("option-") if button.startswith("option-") else "")

    def action_pass_it(self) -> None:
        """Esc: no reaction — once the box listens (the key itself has just restarted the
        guard, so the guard cannot decide)."""
        if self.listening:
            self._answer("")


def reaction_dialog(
    state: GameState,
    player: str,
    question: Question,
    veil: Callable[[str], str] = str,
    holder: str | None = None,
) -> ReactionScreen:
    """The dialog for one question: addressed to the player when several share the
    keyboard (and, when another player ``holder`` has it, asking for it to be passed), with
    a hint on whether an option would help; its words through ``veil`` (the table's veils,
    as the story's are)."""
    addressee = player if len(state.players) > 1 else None
    if not question.options:
        hint = "The DM asks who reacts: say what you do, or pass."
    elif question.helps:
        hint = "It would help here. (Your own words are judged once this moment has passed.)"
    else:
        hint = "It would not change the outcome."
    hint = f"{passing(state, player, holder)}{hint}"
    labels = [veil(label) for label in question.labels]
    return ReactionScreen(addressee, veil(question.reactor_name), veil(question.prompt), labels,
                          hint, veil(explained(question)),
                          lambda words: addressed(state, question, words))  # fmt: skip

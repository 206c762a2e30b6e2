"""The story history screen: every turn of the game — who did what, what the DM told, the
rolls (dimmed, so the story reads first) — and the ending, newest at the bottom. A search
box keeps the turns holding every word typed; Enter steps back through them. A turn that
can be rewound to offers it (Enter), when the game gives a way to rewind.

It opens at once on a 10,000-turn game: the list draws only the turns on screen
(:class:`~app.tui.widgets.storylist.StoryList`) and the search reads each turn's text once.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Collection, Sequence
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from app.display.screentext import plain
from app.session.storyview import Ending, StorySearch, deeds, ending_of, search_words
from app.tui.screens.modals import ConfirmScreen
from app.tui.widgets.storylist import StoryList
from app.world.printable import printable
from app.world.state import GameState
from app.world.turnrecord import TurnRecord

_DROPPED = re.compile(r"~~(.*?)~~")
"""A die the roll did not keep, as the plain text of a roll marks it (``2d20kh1 (~~4~~, 17)``)."""


def dropped(text: Text, roll: str, style: Style | str) -> None:
    """Append a roll's plain text with the dice it did not keep struck through, not in
    Markdown's tildes."""
    at = 0
    for match in _DROPPED.finditer(roll):
        text.append(roll[at : match.start()], style)
        text.append(match.group(1), Style.parse(str(style) or "none") + Style(strike=True))
        at = match.end()
    text.append(roll[at:], style)


class StoryScreen(ModalScreen[None]):
    """The whole story (``/story`` or F6; Esc closes).

    ``rewind``, when given, is called with a turn's number once the player has chosen to
    go back to before that turn (the screen has closed by then); only the turns in
    ``rewindable`` offer it."""

    DEFAULT_CSS = """
    StoryScreen { background: $background; }
    StoryScreen > Vertical { height: 1fr; }
    StoryScreen #story-head { height: 1; padding: 0 1; }
    StoryScreen #story-title { width: 1fr; text-style: bold; }
    StoryScreen #story-keys { width: auto; color: $text-muted; }
    StoryScreen #story-search { margin: 0 1; }
    StoryScreen #story-status { padding: 0 1; color: $text-muted; width: 1fr; height: 1; }
    StoryScreen StoryList { margin-top: 1; }
    StoryScreen > .story--turn { color: $text-accent; text-style: bold; }
    StoryScreen > .story--action { color: $text-accent; text-style: bold; }
    StoryScreen > .story--roll { color: $text-muted; }
    StoryScreen > .story--match { background: $warning 40%; }
    StoryScreen > .story--ending { color: $text-success; text-style: bold; }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "story--turn", "story--action", "story--roll", "story--match", "story--ending"
    }  # fmt: skip
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("f6", "close", "Close", show=False),
        Binding("enter", "rewind", "Rewind to before it"),
        Binding("slash,ctrl+f", "search", "Search"),
        Binding("r", "rolls", "Rolls"),
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
    ]

    def __init__(
        self,
        state: GameState,
        *,
        rewind: Callable[[int], None] | None = None,
        rewindable: Collection[int] = (),
    ) -> None:
        super().__init__()
        # The story as it stands now (references, not copies): a turn the DM finishes, or
        # takes back after a failure, while the screen is open cannot pull a turn away.
        self.history: Sequence[TurnRecord] = list(state.history)
        self.ending: Ending | None = ending_of(state)
        self.search = StorySearch(self.history, self.ending)
        self.title_text = state.title or state.campaign_id
        self.rewind = rewind
        self.rewindable = frozenset(rewindable)
        self.rolls_shown = True
        """Every roll listed under its turn (dimmed); folded, a turn says how many."""
        self.query_text = ""
        self._words: list[str] = []
        self._styles: dict[str, Style] = {}
        self._offered = False

    @property
    def count(self) -> int:
        """Turns in the story."""
        return self.search.count

    def compose(self) -> ComposeResult:
        turns = f"{self.count:,} turn{'' if self.count == 1 else 's'}"
        with Vertical():
            with Horizontal(id="story-head"):
                yield Label(plain(f"The story — {self.title_text} · {turns}"), id="story-title")
                yield Label("/ search · Esc closes", id="story-keys")
            yield Input(
                id="story-search",
                placeholder="Search the story: words from actions, narration or rolls  (/)",
            )
            yield Label("", id="story-status")
            yield StoryList(self.render_turn, empty="Nothing has happened yet.", id="story-list")
        # No footer: the keys are in the head and the status line, and a footer would
        # double the time the screen takes to open.

    def on_mount(self) -> None:
        self._styles = {
            name: self.get_component_rich_style(name) for name in self.COMPONENT_CLASSES
        }
        story = self.query_one(StoryList)
        story.show(range(self.count + (self.ending is not None)))
        story.focus()

    # -- a turn, as the list draws it ----------------------------------------------------------
    def render_turn(self, index: int) -> Text:
        """A turn: its number, the players' actions, the narration, the rolls (or the
        ending, after the last turn). Search words are marked."""
        styles = self._styles
        if index >= self.count and self.ending is not None:
            text = Text(printable(self.ending.title), styles.get("story--ending", ""))
            if self.ending.text:
                text.append("\n")
                text.append_text(plain(self.ending.text))
        else:
            record = self.history[index]
            text = Text(f"Turn {record.number:,}", styles.get("story--turn", ""))
            for deed in deeds(record):
                text.append("\n")
                line = f"{deed.who} › {deed.text}" if deed.who else deed.text
                text.append(printable(line), styles.get("story--action", ""))
            if record.narrative.strip():
                text.append("\n")
                text.append(printable(record.narrative.strip()))
            roll_style = styles.get("story--roll", "")
            if record.rolls and self.rolls_shown:
                for roll in record.rolls:
                    text.append("\n🎲 ", roll_style)
                    dropped(text, printable(roll), roll_style)
            elif record.rolls:
                many = len(record.rolls)
                text.append(f"\n🎲 {many} roll{'' if many == 1 else 's'} (r shows)", roll_style)
        if self._words:
            text.highlight_words(self._words, styles.get("story--match", ""), case_sensitive=False)
        return text

    # -- where the reader is -------------------------------------------------------------------
    def chosen_turn(self) -> TurnRecord | None:
        """The turn under the cursor (``None`` on the ending or in an empty story)."""
        found = self.query(StoryList)
        index = found.first().current if found else None
        if index is None or index >= self.count:
            return None
        return self.history[index]

    def can_rewind(self) -> bool:
        """The turn under the cursor can be rewound to, and the game offers rewinding."""
        record = self.chosen_turn()
        return self.rewind is not None and record is not None and record.number in self.rewindable

    def show_status(self) -> None:
        """Where the reader is: the turn of how many, or how many turns a search found."""
        story = self.query_one(StoryList)
        found = len(story.items)
        if self.query_text.strip():
            said = printable(" ".join(self.query_text.split()))
            if not found:
                status = f"No turn holds “{said}”."
            else:
                many = f"{found:,} turn{'' if found == 1 else 's'}"
                matches = f"{many} hold{'s' if found == 1 else ''} “{said}”"
                status = f"{matches} · {story.cursor + 1:,} of {found:,} · Enter: the one before"
        elif found:
            record = self.chosen_turn()
            where = f"turn {record.number:,}" if record is not None else "the ending"
            status = f"{where} of {self.count:,} · ↑↓ turns · PgUp/PgDn · r rolls"
        else:
            status = ""
        if self.can_rewind():
            record = self.chosen_turn()
            assert record is not None
            status += f" · Enter on the list: rewind to before turn {record.number:,}"
        # one line of fixed size: no new layout at every keystroke
        self.query_one("#story-status", Label).update(plain(status), layout=False)

    @on(StoryList.Moved)
    def _moved(self) -> None:
        self.show_status()
        offered = self.can_rewind()
        if offered != self._offered:  # bindings are checked again only when Rewind comes or goes
            self._offered = offered
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Rewind shows only on a turn it can go back to."""
        if action == "rewind":
            return self.can_rewind()
        return True

    # -- searching -----------------------------------------------------------------------------
    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The search box reached: read the turns' text now, not at the first letter."""
        if isinstance(event.widget, Input):
            self.search.prepare()

    @on(Input.Changed, "#story-search")
    def _search(self, event: Input.Changed) -> None:
        self.query_text = event.value
        words = search_words(event.value)
        if words == self._words:
            self.show_status()
            return
        story = self.query_one(StoryList)
        before = story.current
        self._words = words
        found = self.search.matches(event.value)
        story.redraw()
        if words or before is None:
            story.show(found)  # the newest match, at the bottom
        else:  # the search is cleared: back among every turn, at the one last read
            story.show(found, cursor=bisect_left(found, before))

    @on(Input.Submitted, "#story-search")
    def _next_match(self) -> None:
        story = self.query_one(StoryList)
        if story.items:
            story.go((story.cursor - 1) % len(story.items))

    # -- actions -------------------------------------------------------------------------------
    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss(None)

    typed: str = ""
    """A letter typed while the story was open, not one of its keys: the player is typing a
    line for the game, so the story closes and the game's input takes the letter."""

    def on_key(self, event: events.Key) -> None:
        """A letter no key of the story's (and not in its search box) closes the story and
        goes to the game's input: a line typed into it is never eaten by the list, nor its
        Enter taken as a wish to rewind."""
        if self.typed:  # closing: the rest of the burst is the line (its Enter too)
            event.stop()
            event.prevent_default()
            self.typed += event.character if event.is_printable and event.character else ""
            return
        searching = isinstance(self.focused, Input)
        bound = event.key in {"r", "slash"} or event.character == "/"
        if searching or bound or not (event.is_printable and event.character):
            return
        event.stop()
        event.prevent_default()
        self.typed = event.character
        self.dismiss(None)

    def action_search(self) -> None:
        """Type words to find."""
        self.query_one("#story-search", Input).focus()

    def action_rolls(self) -> None:
        """List every roll under its turn, or fold them to a count."""
        self.rolls_shown = not self.rolls_shown
        self.query_one(StoryList).redraw()

    def action_move(self, step: int) -> None:
        """Up or down a turn."""
        self.query_one(StoryList).move(step)

    def action_page(self, direction: int) -> None:
        """A page up or down."""
        self.query_one(StoryList).page(direction)

    def action_rewind(self) -> None:
        """Offer to go back to before the turn under the cursor."""
        record = self.chosen_turn()
        rewind = self.rewind
        if record is None or rewind is None or not self.can_rewind() or self.typed:
            return  # (not while a line typed into the story is on its way to the game)
        turn = record.number
        question = f"Rewind to before turn {turn:,}?"
        hint = (
            f"Turn {turn:,} and every turn after it are taken back: the game returns to how "
            f"it stood before turn {turn:,}."
        )

        def answered(yes: bool | None) -> None:
            if yes:
                self.dismiss(None)
                self.app.call_later(rewind, turn)

        self.app.push_screen(ConfirmScreen(question, "Rewind", hint), answered)

"""The play screen's keys and the screens they open: the key bindings (the footer shows
them in this order), their ``action_…`` methods, and the screens opened from the play
screen — the prompt inspector, the story, the turn log, the character sheets (also by a
click on the party panel), the journal, the dice dialog and the ending.

While the DM is answering, the sheets and the journal are refused (the game is moving
under them) and the story opens without its way back to an earlier turn. Retry shows in
the footer only after a failed turn. F7's action is the retelling's (``retelling.py``);
ctrl+z asks the part that takes turns back (``takingback.py``).

A base of the play screen, so the play screen keeps to playing. Its ``BINDINGS`` are
collected by Textual from the play screen's MRO, and its ``@on`` handler is run as the
play screen's own, since it is a :class:`Screen` subclass. It reads the screen's
``session``, ``actor``, ``thinking``, ``failed``, ``dm_label`` and ``_last`` and calls its
``advance``, ``start_turns``, ``show_actor``, ``roll`` and ``take_back``.
"""

from __future__ import annotations

from typing import ClassVar

from textual import events, on
from textual.binding import Binding, BindingType
from textual.widgets import Input

from app.actions.endings import ending_text
from app.session import declaring, rewinding, sheets, turntaking
from app.tui.screens.journal import JournalScreen
from app.tui.screens.leaving import EndingChoice, EndingScreen, ending_screen
from app.tui.screens.modals import PromptInspector, RollScreen
from app.tui.screens.playbase import PlayBase
from app.tui.screens.sheet import SheetScreen
from app.tui.screens.story import StoryScreen
from app.tui.screens.turnlog import TurnLogScreen
from app.tui.widgets.party import PartyPanel
from app.tui.widgets.story import StoryPane


class PlayKeys(PlayBase):
    """The play screen's key bindings, their actions and the screens they open."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+t", "end_turn", "End turn"),
        Binding("ctrl+n", "next_actor", "Next char"),
        Binding("ctrl+r", "retry", "Retry"),
        Binding("ctrl+s", "save", "Save"),
        Binding("ctrl+l", "toggle_log", "Log"),
        Binding("f2", "inspect", "Prompt"),
        Binding("f1", "app.help", "Help"),
        Binding("ctrl+z", "undo", "Undo"),  # after Help too (at 80 columns Help must show)
        Binding("f3", "turn_log", "Turns"),  # after Help: at 80 columns Help must show
        Binding("f4", "sheet", "Sheet", show=False),  # no room at 80 columns: F1 lists them
        Binding("f5", "journal", "Journal", show=False),
        Binding("f6", "story", "Story"),
        Binding("f7", "reroll", "Retell", show=False),
        Binding("pageup", "scroll_story(-1)", "Scroll up", show=False),
        Binding("pagedown", "scroll_story(1)", "Scroll down", show=False),
        Binding("up", "recall", "Last line", show=False),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Retry shows in the footer only after a failed turn."""
        if action == "retry":
            return self.failed and not self.thinking
        return True

    def on_key(self, event: events.Key) -> None:
        """A letter typed while another part of the screen holds the focus (Tab moved it
        to the party panel) goes into the line, which takes the focus back: never nowhere."""
        entry = self.query_one("#command", Input)
        if self.focused is entry or isinstance(self.focused, Input) or entry.disabled:
            return
        if not event.is_printable or event.character is None:
            return
        entry.focus()
        entry.insert_text_at_cursor(event.character)
        event.stop()
        event.prevent_default()

    def action_end_turn(self) -> None:
        """End the turn: pass in exploration, hold in a fight."""
        if self.thinking:
            return
        reply = turntaking.end_turn(self.session, self.actor)
        self.notify(reply.text, severity="information" if reply.ok else "warning")
        if reply.ok:
            if self.session.state.encounter is not None and self.actor:
                self.query_one(StoryPane).add_action(
                    self.session.state.name_of(self.session.state.encounter.current.id),
                    turntaking.END_TURN_TEXT,
                )
            self.advance()

    def action_recall(self) -> None:
        """↑ in the empty line: the line set aside while the keyboard was passed, else the
        last one sent, back in the input to send again or mend; ↑ on a line brought back
        this way, the one typed before it in the same hand-off."""
        entry = self.query_one("#command", Input)
        chain = [*self.set_aside, *([self.recallable] if self.recallable else [])]
        if self.focused is not entry or not chain:
            return
        if not entry.value:
            entry.value = chain[-1]
        elif entry.value in chain[1:]:
            entry.value = chain[chain.index(entry.value) - 1]
        else:
            return
        entry.cursor_position = len(entry.value)

    def action_undo(self) -> None:
        """ctrl+z: take back the last turn (the others at the table agree first)."""
        self.take_back("undo")

    def action_next_actor(self) -> None:
        """Act as the next character that may act now."""
        acts = declaring.actors(self.session)
        if not acts or self.thinking:
            return
        at = acts.index(self.actor) if self.actor in acts else -1
        self.actor = acts[(at + 1) % len(acts)]
        self.show_actor()
        self.query_one(PartyPanel).update_panels(self._last, self.actor)

    def action_retry(self) -> None:
        """Run a failed turn again (the same dice: the world was rolled back)."""
        if self.thinking:
            return
        if not self.session.can_advance():
            self.notify("There is no turn waiting to run.", severity="warning")
            return
        self.start_turns()

    def action_save(self) -> None:
        """Save under the game's save name."""
        self.save("")

    def action_toggle_log(self) -> None:
        """Show or hide the sidebar (party and dice log)."""
        sidebar = self.query_one("#sidebar")
        sidebar.display = not sidebar.display

    def action_inspect(self) -> None:
        """The prompt inspector: the exact messages last sent to the DM."""
        messages = self.session.last_messages
        text = sheets.prompt_text(self.session, data=True)
        count = f"{len(messages)} message{'' if len(messages) == 1 else 's'}"
        title = f"Last prompt — {count} to {self.dm_label} (Esc closes)"
        self.app.push_screen(PromptInspector(text, title))

    def action_story(self) -> None:
        """The whole story: every turn, searchable, with its rolls — from which the game
        goes back to before a turn (not while the DM is answering)."""
        if self.thinking:
            story = StoryScreen(self.session.state)
        else:
            story = StoryScreen(
                self.session.state,
                rewind=lambda turn: self.take_back("rewind", str(turn)),
                rewindable=rewinding.rewind_points(self.session),
            )
        # (a letter typed into the story, as if it were closed, goes on in the input)
        self.app.push_screen(story, lambda _: self.restore_typing(story.typed))

    def action_turn_log(self) -> None:
        """The turn log: who had each turn, why it ended, how long it took, who was next."""
        self.app.push_screen(TurnLogScreen(self.session.state))

    def action_sheet(self) -> None:
        """The character sheet of the character up (or played last)."""
        self.open_sheet("")

    def open_sheet(self, typed: str) -> None:
        """``/sheet [NAME]``: the sheets, opened at the one named (not while the DM is
        answering: the game is moving under it)."""
        if self.thinking:
            self.notify("Wait until the DM has answered.", severity="warning")
            return
        pick = sheets.pick_character(self.session, typed, self.actor)
        if pick.character is None:
            self.notify(pick.problem, severity="warning", markup=False)
            return
        at = list(self.session.state.party).index(pick.character)
        self.app.push_screen(SheetScreen(sheets.all_sheets(self.session), at))

    @on(PartyPanel.MemberChosen)
    def _member_chosen(self, message: PartyPanel.MemberChosen) -> None:
        self.open_sheet(message.character)

    def action_journal(self) -> None:
        """The journal: goals, who carries what, what the party knows, people and places."""
        if self.thinking:
            self.notify("Wait until the DM has answered.", severity="warning")
            return
        self.app.push_screen(JournalScreen(sheets.party_journal(self.session)))

    def show_ending(self) -> None:
        """The story is over: offer the title screen or a review of the story."""
        state = self.session.state
        if not state.ending or isinstance(self.app.screen, EndingScreen):
            return

        def chosen(choice: EndingChoice | None) -> None:
            if choice == "title":
                self.app.call_later(self.app.run_action, "to_title")
            elif choice == "story":
                self.action_story()
            elif choice == "undo":
                self.take_back("undo")
            else:  # staying: the keyboard goes back to the input, not to nowhere
                self.query_one("#command", Input).focus()
                self.restore_typing(ending.typed)

        undo = self.session.timeline.before(state.turn) is not None
        ending = ending_screen(self.session.ended(), ending_text(state), undo=undo)
        self.app.push_screen(ending, chosen)

    def action_roll_dialog(self) -> None:
        """Ask for a formula, then roll it."""

        def rolled(formula: str | None) -> None:
            if formula:
                self.roll(formula)

        self.app.push_screen(RollScreen(), rolled)

    def action_scroll_story(self, pages: int) -> None:
        """Page through the story while typing."""
        story = self.query_one(StoryPane)
        if pages < 0:
            story.scroll_page_up()
        else:
            story.scroll_page_down()

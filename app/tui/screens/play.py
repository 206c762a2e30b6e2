"""The play screen: story pane, dice and combat log, initiative tracker, party panel, the
gate banner and the input line labelled with whose turn it is.

This module lays the screen out, fills it from the game as it stands and takes the
players' lines (an action declared, a line refused and kept for editing, a line typed once
the story is over); the screen's other parts are its bases, listed on :class:`PlayScreen`.
The DM runs in a worker thread with an event loop of its own (``dmturns.py``), so the UI
never blocks; the screen only reads the live game while no turn is running.
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Static
from textual.widgets.input import Selection

from app.actions.events import StateChange
from app.actions.reactions import AskPolicy
from app.actions.telling import tell
from app.display.screentext import plain
from app.display.tablelog import TableLog
from app.dm.safety import veil_text
from app.saves import SAVES_DIR
from app.session import declaring, turnlog, turntaking, veiling
from app.session.hygiene import clean_line
from app.session.panels import Panels, panels
from app.session.session import GameSession
from app.session.watching import CampaignWatch
from app.tui.screens.commanding import Commanding
from app.tui.screens.dmturns import DmTurns
from app.tui.screens.passing import Passing
from app.tui.screens.playkeys import PlayKeys
from app.tui.screens.retelling import Retelling
from app.tui.screens.takingback import TakingBack
from app.tui.screens.watching import Watching
from app.tui.widgets.banner import GateBanner
from app.tui.widgets.commandline import CommandLine
from app.tui.widgets.dicelog import DiceLog
from app.tui.widgets.footer import Footer
from app.tui.widgets.party import PartyPanel
from app.tui.widgets.story import StoryPane
from app.tui.widgets.tracker import InitiativeTracker
from app.world import meaning
from app.world.printable import printable
from app.world.view import scene_description

HISTORY_SHOWN = 12
"""Turns of the story shown again when a saved game is resumed."""


AFTER_THE_END = (
    "{ended}. The story is over, and nothing more is played in it: /undo takes the last "
    "turn back, /rewind goes further back, /story reviews the tale; /title goes to the title "
    "screen to start a new game, Ctrl+Q quits."
)
"""The answer to a line typed once the story has ended."""


class PlayScreen(TakingBack, Retelling, Watching, Passing, DmTurns, PlayKeys, Commanding):
    """One game being played.

    The screen lays out the panels, shows the game as it stands and takes the players'
    lines; its other parts are its bases, each in a module of its own: taking turns back
    (``takingback.py``), telling the last turn again (``retelling.py``), the author's
    edits taken in (``watching.py``), saving and leaving (``quitting.py``), passing the
    keyboard and the turn timer (``passing.py``), the DM's worker (``dmturns.py``), the
    keys and the screens they open (``playkeys.py``) and the slash commands
    (``commanding.py``). What they share is declared in ``playbase.py``.
    """

    def __init__(
        self,
        session: GameSession,
        *,
        save_as: str | None = "autosave",
        saves: Path = SAVES_DIR,
        dm_label: str = "the offline referee",
        resumed: bool = False,
        loaded_from: Path | None = None,
        watch: CampaignWatch | None = None,
        note: str = "",
    ) -> None:
        super().__init__()
        self.session = session
        self.campaign_watch = watch
        self.note = note
        """Said first in the story (a game started again with a changed campaign)."""
        self.start_keeping(saves, save_as, loaded_from)
        self.dm_label = dm_label
        self.resumed = resumed
        self.thinking = False
        self.failed = False
        self.holder: str | None = None
        """The player who has the keyboard (hotseat)."""
        self.recallable = ""
        self.set_aside = []
        self.kept_line = ""
        self.closing = False
        self.dm_loop = asyncio.new_event_loop()
        """The DM's own event loop, run by the worker thread turn after turn (one loop, so
        an HTTP client bound to it stays usable)."""
        self._dm_task: asyncio.Task[None] | None = None
        self._ui_thread = threading.get_ident()
        self._last: Panels
        """The panels as last shown (set on mount, then by every event)."""
        self.table_log = TableLog(session.state)
        """Makes the dice and combat log's entries and keeps them in the game."""

    # -- layout ---------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="topbar")
        with Horizontal(id="body"):
            with Vertical(id="main"):
                yield InitiativeTracker(id="tracker")
                yield StoryPane(id="story")
            with Vertical(id="sidebar"):
                yield PartyPanel(id="party")
                yield DiceLog(id="dicelog")
        yield GateBanner(id="banner")
        with Horizontal(id="entry"):
            yield Label("", id="actor")
            yield CommandLine(id="command", placeholder="What do you do?  (/help for commands)")
        yield Footer()

    def on_mount(self) -> None:
        self._ui_thread = threading.get_ident()
        self.session.state.set_reaction_policy(AskPolicy(self.ask_reaction, choices=True))
        state = self.session.state
        if state.campaign is not None and state.campaign.judgments:
            meaning.warm()  # while the players read and type, not on their first words
        if self.resumed:
            self.fill_story(f"Resumed at turn {state.turn}.", first=True)
        else:
            if self.note:
                self.query_one(StoryPane).add_note(self.note, "alert")
            topics = self.session.safety_topics()  # the adventure's words may name a veil
            self.query_one(StoryPane).add_scene(
                veil_text(state.scene.name, topics),
                veil_text(scene_description(state, state.campaign), topics),
            )
        warning = veiling.config_warning(self.session)
        if warning:
            self.query_one(StoryPane).add_note(warning, "alert")
        self.query_one(DiceLog).add_entries(list(state.table_log), flash=False)
        self.refresh_all()
        self.query_one("#command", Input).focus()
        self.first_save(new=not self.resumed)
        if state.turn_order.timer_seconds or len(state.players) > 1:
            self.set_interval(1.0, self.tick_timer)
        self.start_watching()
        if state.ending:
            self.call_after_refresh(self.show_ending)
        elif self.session.can_advance():  # queued actions restored, or a foe is up
            self.start_turns()
        else:
            self.check_handoff()

    def fill_story(self, note: str, *, first: bool = False) -> None:
        """The story pane from the story: its last turns, with the scene's heading where
        the party entered it (above them all when that was earlier), and a note first (a
        resumed game) or last (turns taken back: what changed). It ends on the last thing
        said, scrolled to it — never on a heading."""
        story = self.query_one(StoryPane)
        state = self.session.state
        story.restart()
        if first:
            story.add_note(note)
        shown = state.history[-HISTORY_SHOWN:]
        here = state.scene.id
        entered = [  # a move into this scene (the game's first scene is entered unmoved)
            n
            for n, record in enumerate(shown)
            if any(e.kind == "scene_entered" and e.scene == here for e in record.events)
            and any(e.kind == "scene_exited" for e in record.events)
        ]
        if not entered:
            story.add_scene(state.scene.name)
        for n, record in enumerate(shown):
            for action in record.actions:
                who, said, text = action.partition(": ")
                if said:  # a foe's turn has no player action to show
                    story.add_action(who, text)
            if entered and n == entered[-1]:
                story.add_scene(state.scene.name)
            for change in tell(state, record.events):  # ♥ Berta trusts you more — trust 2
                if isinstance(change, StateChange):  # (as in play, before the turn's words)
                    story.add_note(f"♥ {change.description}", "relationship")
            story.add_narration(record.narrative)
        for waiting in state.pending:  # a round's declarations not yet played (hotseat)
            story.add_action(state.name_of(waiting.character_id), waiting.text)
        if not first:
            story.add_note(note)
        story.call_after_refresh(story.scroll_end, animate=False)

    def refresh_all(self) -> None:
        """Every panel, the banner and the input label from the game as it stands."""
        self.refresh_bindings()
        state = self.session.state
        self._last = panels(state, self.session.safety_topics())
        acts = declaring.actors(self.session)
        up = self.player_up()
        if self.actor not in acts or (up and state.controller_of(self.actor) != up):
            mine = [c for c in acts if state.controller_of(c) == up] or acts
            self.actor = mine[0] if mine else None
        self.show_panels(self._last)
        banner = self.query_one(GateBanner)
        if state.ending:
            banner.show(f"{self.session.ended()}. /story reviews it; Ctrl+Q quits.", "ending")
        elif self.failed:
            banner.show("The turn failed; nothing changed. Ctrl+R runs it again.", "error")
        else:
            banner.show(self.banner_text())
        self.show_actor()

    def banner_text(self) -> str:
        """The gate's banner and, at a shared keyboard, everyone's state this round."""
        table = turnlog.table_line(self.session.state)
        banner = self.session.status().banner
        return f"{banner}   {table}" if table else banner

    def show_panels(self, view: Panels) -> None:
        """The tracker, the party and the top bar from a snapshot."""
        acting = view.combat.current_id if view.combat else self.actor
        self.query_one(InitiativeTracker).update_panels(view)
        self.query_one(PartyPanel).update_panels(view, acting)
        state = self.session.state
        parts = [state.title or state.campaign_id, view.scene, f"turn {view.turn}"]
        if view.combat is not None:
            parts.append(f"round {view.combat.round}")
        parts.append(f"DM: {self.dm_label}")
        if state.usage.tokens:  # the game's, across sittings
            parts.append(f"{state.usage.tokens:,} tokens")
        self.query_one("#topbar", Static).update(Text(" · ".join(parts)))

    def show_actor(self) -> None:
        """Label the input with whose turn it is."""
        label = self.query_one("#actor", Label)
        entry = self.query_one("#command", Input)
        if self.thinking:
            label.update("…")
            entry.placeholder = "The DM is answering — you can read back or open the log"
            return
        if self.actor is None:
            label.update("—")
            entry.placeholder = "Nobody can act right now"
            return
        name = self.session.state.name_of(self.actor)
        player = self.session.state.controller_of(self.actor)
        several = len(self.session.state.players) > 1
        label.update(plain(f"{player} › {name} ›" if several and player else f"{name} ›"))
        entry.placeholder = printable(f"What does {name} do?  (Name: … for another, /help)")

    # -- typing ---------------------------------------------------------------------------------
    @on(Input.Submitted, "#command")
    async def _submitted(self, event: Input.Submitted) -> None:
        cleaned = clean_line(event.value)
        line = cleaned.text
        event.input.value = ""
        if not cleaned.ok:
            self.keep(line)
            self.notify(cleaned.problem, title="Line too long", severity="warning")
            return
        if not line:
            return
        self.recallable = line  # ↑ brings it back, to send again or mend
        # A player who scrolled back to read and now types wants to see what comes of it.
        self.query_one(StoryPane).anchor()
        if line.startswith("/"):
            await self.command(line)
            return
        if self.thinking:
            self.keep(line)
            self.notify("The DM is still answering — a moment.", severity="warning")
            return
        if self.session.state.ending:  # answered where it stays, not only in a toast
            story = self.query_one(StoryPane)
            who, said, answer = declaring.after_the_end(self.session, line, self.actor)
            story.add_action(self.session.state.name_of(who or "") or "You", said)
            if answer is not None:  # a question the game can answer: answered, story over
                story.add_note(answer)
                return
            story.add_note(AFTER_THE_END.format(ended=self.session.ended()), "ending")
            # No dialog again: it would catch the next line typed (its letters answer it).
            self.notify(f"{self.session.ended()}. The story is over.", severity="warning")
            return
        self.declare(line)

    def restore_typing(self, typed: str) -> None:
        """Put what was typed into a dialog that was not listening back into the input:
        the last line typed (lines ended with Enter into a dialog are not run together)."""
        text = next((line for line in reversed(typed.split("\n")) if line.strip()), "")
        if text.strip():
            entry = self.query_one("#command", Input)
            entry.value = entry.value + text
            entry.cursor_position = len(entry.value)

    def hold_for_later(self, lines: list[str]) -> None:
        """Lines typed for someone else while a question was up (a reaction asked of
        another character): the first goes into the empty input, to send when its turn
        comes; any others are set aside for ↑. Said, so none of them is a surprise."""
        if not lines:
            return
        entry = self.query_one("#command", Input)
        first, *rest = lines if not entry.value.strip() else ["", *lines]
        if first:
            entry.value = first
            entry.cursor_position = len(first)
        self.set_aside = [*self.set_aside, *rest]
        shown = " · ".join(f"“{line[:80]}”" for line in lines)
        where = (
            "in the input"
            if first and not rest
            else "in the input, ↑ for the rest"
            if first
            else "↑ in the empty line brings it back"
        )
        self.notify(f"Kept for later, not sent: {shown} ({where}).", severity="warning")

    def keep(self, line: str) -> None:
        """Put a refused line back into the input, the cursor at its end and the text
        selected: an arrow key keeps it to be edited, typing a new line replaces it (instead
        of gluing the new line onto the refused one)."""
        entry = self.query_one("#command", Input)
        entry.value = line
        entry.selection = Selection(0, len(line))
        self.kept_line = line  # a whole line, not one broken off mid-word by a dialog

    def declare(self, line: str) -> bool:
        """Queue an action; runs the turn when everyone needed has declared."""
        reply, character = declaring.declare(self.session, line, self.actor)
        if reply.notice:
            self.notify(reply.notice, severity="warning")
        if reply.aside:  # a question out of turn: answered, the turn stays where it is
            name, sep, _ = line.partition(":")
            who = name.strip() if sep else self.session.state.name_of(self.actor or "")
            story = self.query_one(StoryPane)
            story.add_action(who, reply.action)
            story.add_note(reply.text)
            self.actor = reply.asked_as or self.actor  # ("Wren: can I …?": Wren's line next)
            return False
        if character is None:
            self.keep(line)
            self.notify(reply.text, severity="warning")
            if self.session.state.restriction is not None and reply.text:
                # a toast fades: the table hears who may act, and why, in the story too
                said = reply.text[:1].upper() + reply.text[1:]
                self.query_one(StoryPane).add_note(said, "alert")
            if self.session.can_advance():  # the timer ended a fight turn meanwhile
                self.start_turns()
            return False
        self.query_one(StoryPane).add_action(self.session.state.name_of(character), reply.action)
        self.actor = character
        self.advance()
        return True

    def advance(self, save: bool = True, after_dm: bool = False) -> None:
        """After a declaration, a pass or any change of turn: run the DM if ready, else
        save the change at once (a crash loses nothing a player did) and show who is
        next. A fight turn whose player is away or out of time passes first. Right after
        the DM's turns (``after_dm``) only such a passed turn runs the DM again: a run
        that stopped early waits for the players (or ctrl+r)."""
        notice = turntaking.keep_time(self.session)
        if notice:
            self.timed_out(notice)
        if self.session.can_advance() and (notice or not after_dm):
            if save:  # the line is kept before the DM answers: a quit mid-turn loses nothing
                self.autosave_now()  # (the game resumes with it queued)
            self.start_turns()
            return
        if save or notice:
            said = self.unsaved
            problem = self.autosave_now(checkpoint=self.session.settled)
            if problem and problem != said:  # said once, not at every declaration
                self.notify(problem, title="The game is not saved", severity="error")
        self.refresh_all()
        self.check_handoff()

    def on_unmount(self) -> None:
        self.keeper.close()  # the save is free for another window
        self.stop_dm()
        if not self.dm_loop.is_running():
            self.dm_loop.close()

"""The DM's worker on the play screen: a turn runs in a worker thread with an event loop of
its own, so the UI never blocks.

The worker drives the session's turns on that loop (one loop for the whole game, so an
HTTP client bound to it stays usable) and posts every SessionEvent to the screen as an
:class:`~app.tui.messages.EventArrived`, with a snapshot of the panels and the dice log's
entries, then a :class:`~app.tui.messages.TurnsFinished`; the screen shows them in order
and only reads the live game while no turn is running. A reaction the rules ask for
inside a turn is a real modal: the worker thread waits for the answer while the UI stays
live. A crash of the worker (a bug, not a DM failure) never leaves the screen stuck.

A base of the play screen, so the play screen keeps to playing; it reads the screen's
``session``, ``dm_loop``, ``table_log`` and ``_last`` and calls its ``show_panels``,
``refresh_all``, ``advance``, ``check_handoff`` and ``show_ending``.
"""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import Future
from contextlib import aclosing

from textual import on, work
from textual.widgets import Input
from textual.worker import Worker, WorkerState

from app.actions.events import ErrorEvent, NarrativeChunk, StateChange, TurnEnd
from app.actions.reactions import Question
from app.display.tablelog import window_entries
from app.dm.safety import veil_text
from app.session.panels import panels
from app.tui.messages import EventArrived, TurnsFinished
from app.tui.screens.playbase import PlayBase
from app.tui.screens.reaction_dialog import reaction_dialog
from app.tui.widgets.banner import GateBanner
from app.tui.widgets.dicelog import DiceLog
from app.tui.widgets.story import StoryPane


class DmTurns(PlayBase):
    """Running the DM's turns off the UI thread, and showing what they bring."""

    def start_turns(self) -> None:
        """Hand the queued actions to the DM (in the background)."""
        self.failed = False
        self.thinking = True
        acting = ", ".join(self.session.state.name_of(a.character_id) for a in self.session.pending)
        self.query_one(GateBanner).show(
            f"The DM is thinking…{f'  ({acting})' if acting else ''}", "thinking"
        )
        self.show_actor()
        self.run_turns()

    @work(thread=True, exclusive=True, group="dm", exit_on_error=False)
    def run_turns(self) -> None:
        """Run every ready turn on the DM's loop; events go to the screen as messages."""
        task = self.dm_loop.create_task(self._drive())
        self._dm_task = task
        try:
            self.dm_loop.run_until_complete(task)
        except asyncio.CancelledError:
            return  # quitting mid-turn: the last autosave stands

    async def _drive(self) -> None:
        session = self.session
        saved: str | None = None
        problem: str | None = None
        try:
            # aclosing: whatever stops the loop, the turn's own clean-up runs at once (a
            # turn cut short is rolled back and the session is never left busy).
            async with aclosing(session.run_until_players()) as events:
                async for event in events:
                    view = (
                        None
                        if isinstance(event, NarrativeChunk)
                        else panels(session.state, session.safety_topics())
                    )
                    entries = self.table_log.record(session.state, event)  # before the save
                    self.post_message(EventArrived(event, view, entries))
                    if isinstance(event, TurnEnd) and self.save_as and not self.closing:
                        saved, problem = self.autosave_in_worker()  # (never once quitting:
                        # a turn that went on past a quit is not the game left)
        except Exception as error:  # a bug on the screen's side of a turn: report, go on
            failure = ErrorEvent(
                message=f"the turn stopped ({type(error).__name__}: {error})", recoverable=True
            )
            entries = self.table_log.record(session.state, failure)
            self.post_message(EventArrived(failure, None, entries))
        finally:
            self.post_message(TurnsFinished(saved, problem))

    def ask_reaction(self, player: str, question: Question) -> str:
        """The reaction policy's question, asked on the worker thread inside a tool (the
        state holds still while it waits): show the open window in the tracker and the log,
        then the dialog (addressed to the player when several share the keyboard), and
        wait for the answer while the UI stays live. Returns the answer as given; a quit
        while it waits answers nothing — the turn is cancelled, and rolled back."""
        if threading.get_ident() == self._ui_thread:  # not from a worker: decide
            return "y" if question.helps else ""
        answer: Future[str] = Future()

        def show() -> None:
            state = self.session.state
            topics = self.session.safety_topics()
            self._last = panels(state, topics)
            self.show_panels(self._last)

            def veil(text: str) -> str:  # the table's veils, on the question as on the story
                return veil_text(text, topics)

            entries = window_entries(state, veil)
            self.query_one(DiceLog).add_entries([e.markup for e in entries])
            dialog = reaction_dialog(state, player, question, veil, self.holder)

            def answered(said: str | None) -> None:
                self.restore_typing(dialog.typed)
                self.hold_for_later(dialog.held)
                answer.set_result(said or "")

            self.app.push_screen(dialog, answered)

        try:
            self.app.call_from_thread(show)
        except RuntimeError:
            raise asyncio.CancelledError from None  # the app is closing: the turn is cut
        while not self.closing:
            try:
                said = answer.result(timeout=0.2)
            except TimeoutError:
                continue
            if not self.closing:  # (a dialog closed by the quit answers nothing)
                return said
        raise asyncio.CancelledError  # quitting: the turn is cut short and taken back

    @on(EventArrived)
    async def _event(self, message: EventArrived) -> None:
        event = message.event
        story = self.query_one(StoryPane)
        if self.retelling:
            await self.retold(event, story)
            return
        if isinstance(event, NarrativeChunk):
            await story.narrate(event.text)
            return
        if message.panels is not None:
            self._last = message.panels
            self.show_panels(message.panels)
        self.query_one(DiceLog).add_entries(message.log)
        if isinstance(event, StateChange):
            if event.kind == "scene" and message.panels is not None:
                # only the heading: the narrator describes the new scene in its own words
                # (and the story records it there), so the pane does not print it twice
                await story.end_narration()
                story.add_scene(message.panels.scene)
            elif event.kind == "ending":
                story.add_note(event.description, "ending")
            elif event.kind == "relationship":
                await story.end_narration()
                story.add_note(f"♥ {event.description}", "relationship")
        elif isinstance(event, ErrorEvent):
            await story.end_narration()
            self.failed = event.recoverable
            story.turn_done(recorded=False)
            story.add_note(f"⚠ {event.message}", "error")
            retry = " Press ctrl+r to retry." if event.recoverable else ""
            self.notify(f"{event.message}{retry}", title="The turn failed", severity="error")
        elif isinstance(event, TurnEnd):
            await story.end_narration()
            story.turn_done()
            for alert in event.alerts:  # once per crossing; play goes on
                story.add_note(f"⚠ {alert}", "alert")

    @on(TurnsFinished)
    def _finished(self, message: TurnsFinished) -> None:
        self.thinking = False
        if message.save_error:
            self.unsaved = f"could not autosave: {message.save_error}"
            self.notify(self.unsaved, title="The game is not saved", severity="error")
        elif message.saved:
            self.unsaved = ""
        self.show_kept(None)
        self.refresh_all()
        self.query_one("#command", Input).focus()
        if self.session.state.ending:
            self.show_ending()
        elif self.failed:
            self.check_handoff()
        else:
            self.advance(save=False, after_dm=True)  # a fight turn may pass (player away)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A crash in the worker (a bug, not a DM failure) must not leave the UI stuck."""
        if event.worker.group == "dm" and event.state == WorkerState.ERROR:
            self.thinking = False
            self.failed = True
            self.notify(f"the turn stopped: {event.worker.error}", severity="error")
            self.refresh_all()

    def stop_dm(self) -> None:
        """Stop a turn in flight and release the DM's loop."""
        self.closing = True
        task = self._dm_task
        if task is not None and not task.done():
            self.dm_loop.call_soon_threadsafe(task.cancel)

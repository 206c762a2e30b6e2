"""Telling the last turn again (``/reroll``, F7) on the play screen: the new telling streams
into the story pane in place of the old one, under a line saying who asked; a failed
retelling brings the old one back. The DM is asked on the same worker loop as a turn."""

from __future__ import annotations

import asyncio
from contextlib import aclosing
from typing import TYPE_CHECKING

from textual import work

from app.actions.events import ErrorEvent, NarrativeChunk, TurnRetold
from app.session import retelling
from app.tui.messages import EventArrived, TurnsFinished
from app.tui.screens.quitting import Keeping
from app.tui.widgets.banner import GateBanner
from app.tui.widgets.story import StoryPane


class Retelling(Keeping):
    """The play screen's ``/reroll``."""

    holder: str | None
    dm_loop: asyncio.AbstractEventLoop
    _dm_task: asyncio.Task[None] | None
    retelling: bool = False
    """The last turn is being told again (its events go to :meth:`retold`)."""

    if TYPE_CHECKING:  # the play screen provides these

        def player_up(self) -> str | None:
            """The player who must act now (the play screen says)."""

        def show_actor(self) -> None:
            """Label the input (the play screen does)."""

    def reroll(self) -> None:
        """``/reroll`` (F7): the last turn told again in the story pane, in place of its old
        telling; anyone at the table may ask (it changes nothing), and the table sees who."""
        if self.thinking:
            self.notify("Wait until the DM has answered.", severity="warning")
            return
        problem = retelling.why_not(self.session)
        if problem:
            self.notify(problem, severity="warning")
            return
        state = self.session.state
        who = self.holder or self.player_up() or ""
        if not who and self.session.state.speaking is not None:
            who = state.controller_of(self.session.state.speaking) or ""
        if len(state.players) < 2:
            who = ""  # at a table of one, who asked goes without saying
        self.query_one(StoryPane).begin_retelling(retelling.asking_line(self.session, who))
        self.retelling = self.thinking = True
        turn = state.history[-1].number
        self.query_one(GateBanner).show(f"The DM is telling turn {turn} again…", "thinking")
        self.show_actor()
        self.run_reroll(who)

    def action_reroll(self) -> None:
        """F7: tell the last turn again."""
        self.reroll()

    @work(thread=True, exclusive=True, group="dm", exit_on_error=False)
    def run_reroll(self, who: str) -> None:
        """Ask for the new telling on the DM's loop; events go to the screen as messages."""
        task = self.dm_loop.create_task(self._drive_reroll(who))
        self._dm_task = task
        try:
            self.dm_loop.run_until_complete(task)
        except asyncio.CancelledError:
            return  # quitting: the old telling stands

    async def _drive_reroll(self, who: str) -> None:
        saved: str | None = None
        problem: str | None = None
        ended = False
        try:
            async with aclosing(retelling.retell(self.session, who)) as events:
                async for event in events:
                    ended = ended or isinstance(event, TurnRetold | ErrorEvent)
                    self.post_message(EventArrived(event, None))
                    if isinstance(event, TurnRetold) and self.save_as:
                        saved, problem = self.autosave_in_worker()  # the story's last turn changed
        except Exception as error:  # a bug on the screen's side: the old telling stands
            failure = ErrorEvent(message=f"the retelling stopped ({type(error).__name__}: {error})")
            self.post_message(EventArrived(failure, None))
            ended = True
        finally:
            if not ended:
                self.post_message(EventArrived(ErrorEvent(message="the retelling stopped"), None))
            self.post_message(TurnsFinished(saved, problem))

    async def retold(self, event: object, story: StoryPane) -> None:
        """One event of a retelling: its words stream in place of the old telling."""
        if isinstance(event, NarrativeChunk):
            await story.narrate(event.text)
        elif isinstance(event, TurnRetold):
            self.retelling = False
            await story.finish_retelling(retelling.retold_line(event))
        elif isinstance(event, ErrorEvent):
            self.retelling = False
            await story.finish_retelling(None)
            self.notify(event.message, title="Not retold", severity="warning")

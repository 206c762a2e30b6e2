"""What the parts of the play screen share: the state they all read and the methods one
part calls on another.

The play screen (:class:`~app.tui.screens.play.PlayScreen`) is put together from parts by
topic — passing the keyboard and the turn timer (``passing.py``), the DM's worker
(``dmturns.py``), the keys and the screens they open (``playkeys.py``), the slash commands
(``commanding.py``) — each a base of the play screen. Each part is a :class:`Screen`
subclass, so Textual collects its ``BINDINGS`` and its ``on_…`` and ``@on`` handlers from
the play screen's MRO. This base only declares, for the type checker, what the play screen
sets up in its ``__init__`` and what the other parts provide; it holds no behaviour.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from app.display.tablelog import TableLog
from app.session import declaring
from app.session.panels import Panels
from app.tui.screens.quitting import Keeping

if TYPE_CHECKING:
    from app.tui.widgets.story import StoryPane


class PlayBase(Keeping):
    """The play screen's shared state, and the methods its parts call on one another."""

    dm_label: str
    """Who runs the game, as the top bar names it."""

    @property
    def actor(self) -> str | None:
        """The character a bare action is for (shown beside the input), kept in the game
        (``GameState.speaking``): a resume, an undo or a rewind agree on it (in a game saved
        before the game kept it: whoever the story shows played last)."""
        return self.session.state.speaking or declaring.last_played(self.session.state)

    @actor.setter
    def actor(self, character: str | None) -> None:
        self.session.state.speaking = character

    failed: bool
    """The last turn failed: nothing changed, and ctrl+r runs it again."""
    holder: str | None
    """The player who has the keyboard (hotseat)."""
    closing: bool
    """The screen is going: a reaction waited for is answered with nothing."""
    dm_loop: asyncio.AbstractEventLoop
    """The DM's own event loop, run by the worker thread turn after turn."""
    _dm_task: asyncio.Task[None] | None
    _ui_thread: int
    """The thread the screen runs on (a reaction asked from it is decided at once)."""
    _last: Panels
    """The panels as last shown (set on mount, then by every event)."""
    table_log: TableLog
    """Makes the dice and combat log's entries and keeps them in the game."""
    confirming: bool
    """The table is being asked to take turns back: the turn timer waits."""
    retelling: bool
    """The last turn is being told again."""
    recallable: str
    """A line ↑ brings back into an empty input: one typed while the keyboard was being
    passed (never sent as anyone's), else the last line sent from this keyboard."""
    set_aside: list[str]
    kept_line: str
    """Lines typed before ``recallable`` during the last hand-off, oldest first: ↑ again
    steps back through them, so none of a burst typed behind the dialog is lost."""

    if TYPE_CHECKING:  # provided by the play screen and its parts

        def refresh_all(self) -> None:
            """Every panel, the banner and the input label from the game (play screen)."""

        def banner_text(self) -> str:
            """The gate's banner and the table's line (play screen)."""

        def show_panels(self, view: Panels) -> None:
            """The tracker, the party and the top bar from a snapshot (play screen)."""

        def show_actor(self) -> None:
            """Label the input with whose turn it is (play screen)."""

        def restore_typing(self, typed: str) -> None:
            """Put what was typed into a dialog back into the input (play screen)."""

        def hold_for_later(self, lines: list[str]) -> None:
            """Put lines typed for someone else back for later (play screen)."""

        def advance(self, save: bool = True, after_dm: bool = False) -> None:
            """Run the DM if ready, else save and show who is next (play screen)."""

        def player_up(self) -> str | None:
            """The player who must act now (passing)."""

        def check_handoff(self) -> None:
            """Ask for the keyboard to be passed when another player is up (passing)."""

        def start_turns(self) -> None:
            """Hand the queued actions to the DM (dmturns)."""

        def show_ending(self) -> None:
            """The story is over: offer the title screen or a review (playkeys)."""

        def open_sheet(self, typed: str) -> None:
            """The character sheets, opened at the one named (playkeys)."""

        def action_inspect(self) -> None:
            """The prompt inspector (playkeys)."""

        def action_story(self) -> None:
            """The whole story (playkeys)."""

        def action_turn_log(self) -> None:
            """The turn log (playkeys)."""

        def action_journal(self) -> None:
            """The journal (playkeys)."""

        def action_retry(self) -> None:
            """Run a failed turn again (playkeys)."""

        def roll(self, formula: str) -> None:
            """A player's own roll into the log (commanding)."""

        def take_back(self, word: str, rest: str = "") -> None:
            """``/undo``, ``/redo``, ``/rewind`` (takingback)."""

        def reroll(self) -> None:
            """``/reroll``: the last turn told again (retelling)."""

        async def retold(self, event: object, story: StoryPane) -> None:
            """One event of a retelling (retelling)."""

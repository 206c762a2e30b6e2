"""Taking turns back on the play screen: ``/undo`` (ctrl+z), ``/redo`` and ``/rewind [N]``.

In a game of several players the table sees who asked, and every other player at the
table is asked in turn, by name (Yes/No; Esc is No); any "no" cancels and the table is
told who declined. Once it is done the screen shows the game as it now is: the story pane
is filled again from the story with a note of what was taken back, the panels, banner and
dice log come from the restored game, and the game is saved (not as a new turn), so
quitting now resumes the game as it was taken back to.

A base of the play screen, so the play screen keeps to playing; it reads the screen's
``holder``, ``failed`` and ``table_log`` and calls its ``fill_story``, ``refresh_all``,
``check_handoff`` and ``show_ending``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.display.tablelog import TableLog
from app.session import takingback
from app.session.rewinding import Rewound
from app.tui.screens.modals import ConfirmScreen
from app.tui.screens.quitting import Keeping
from app.tui.widgets.dicelog import DiceLog
from app.tui.widgets.story import StoryPane


class AgreeScreen(ConfirmScreen):
    """``Ben — do you agree?``: one player at the table is asked to let turns be taken
    back (No by default; Esc is No)."""

    YES_VARIANT = "warning"


def agree_dialog(player: str, wish: str) -> AgreeScreen:
    """The question put to ``player`` about ``wish`` ("Ana wants to take back turn 12 …")."""
    return AgreeScreen(
        wish,
        title=f"{player} — do you agree?",
        hint=f"Pass the keyboard to {player}. y agrees; n or Esc declines, and nothing changes.",
    )


class TakingBack(Keeping):
    """``/undo``, ``/redo`` and ``/rewind`` for the play screen."""

    holder: str | None
    table_log: TableLog
    failed: bool
    confirming: bool = False
    """The table is being asked: the turn timer waits."""

    def take_back(self, word: str, rest: str = "") -> None:
        """Check the request, ask the others at the table, then do it."""
        if self.thinking:
            self.notify("Wait until the DM has answered.", severity="warning")
            return
        if self.confirming:
            return
        req = takingback.request(self.session, word, rest)
        if isinstance(req, Rewound):
            self.notify(req.text, severity="warning", timeout=10)
            return
        asking = takingback.asker(self.session, self.holder)
        names = takingback.confirmers(self.session, asking)
        if not names:
            self.go_back(req)
            return
        wish = takingback.wish(self.session, asking, req)
        self.query_one(StoryPane).add_note(wish)
        self.confirming = True
        self._ask(req, wish, names)

    def _ask(self, req: takingback.Request, wish: str, names: list[str]) -> None:
        """Ask the first of ``names``; a yes asks the next, the last yes does it."""
        if not names:
            self.confirming = False
            self.go_back(req)
            return
        player = names[0]

        def answered(yes: bool | None) -> None:
            if yes:
                self._ask(req, wish, names[1:])
                return
            self.confirming = False
            said = takingback.declined([player], req)
            self.query_one(StoryPane).add_note(said)
            self.notify(said, severity="warning")

        self.app.push_screen(agree_dialog(player, wish), answered)

    def go_back(self, req: takingback.Request) -> None:
        """Take the turns back (or bring them back) and show the game as it now is."""
        if self.thinking:  # cannot happen while a dialog is up, but never mid-turn
            self.notify("Wait until the DM has answered.", severity="warning")
            return
        # The game as it stands is kept as its turn's checkpoint first (a /roll, a player
        # stepped away since the turn): a /redo brings it back as it was left.
        self.autosave_now(checkpoint=self.session.settled)
        done = takingback.carry_out(self.session, req)
        if not done.ok:
            self.notify(done.text, severity="warning", timeout=10)
            return
        state = self.session.state
        self.failed = False
        self.table_log = TableLog(state)
        self.fill_story(done.text)
        log = self.query_one(DiceLog)
        log.clear()
        log.shown = []
        log.add_entries(list(state.table_log), flash=False)
        self.notify(done.text, title="Taken back" if req.kind != "redo" else "Brought back")
        problem = self.autosave_now()
        if problem:
            self.notify(problem, title="The game is not saved", severity="error")
        self.refresh_all()
        if state.ending:
            self.show_ending()
        else:
            self.check_handoff()

    if TYPE_CHECKING:  # the play screen provides these

        def fill_story(self, note: str) -> None:
            """Fill the story pane again from the story, ending with ``note``."""

        def refresh_all(self) -> None:
            """Every panel, the banner and the input label from the game."""

        def check_handoff(self) -> None:
            """Ask for the keyboard to be passed when another player is up."""

        def show_ending(self) -> None:
            """The story is over: say so."""

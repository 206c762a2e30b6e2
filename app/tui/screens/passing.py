"""Passing the keyboard at a shared table (hotseat) and the turn timer, on the play screen.

When another player is up, the screen clears what the last player left unsent and asks for
the keyboard to be passed (:class:`~app.tui.screens.modals.HandoffScreen`); the player
holds it once they take it, and only then does their turn's clock start. Every second the
timer counts down in the banner and passes a player whose time ran out (the turn log
records TIMEOUT), saying so in the story as well as in a notice.

A base of the play screen, so the play screen keeps to playing; it reads the screen's
``session``, ``holder``, ``thinking``, ``failed`` and ``confirming`` and calls its
``advance`` and ``banner_text``.
"""

from __future__ import annotations

from datetime import UTC, datetime

from textual.widgets import Input

from app.session import declaring, hotseat, turntaking
from app.tui.screens.modals import HandoffScreen
from app.tui.screens.playbase import PlayBase
from app.tui.widgets.banner import GateBanner
from app.tui.widgets.story import StoryPane


class Passing(PlayBase):
    """Whose keyboard it is, the hand-off between players and the turn timer."""

    def player_up(self) -> str | None:
        """The player who must act now."""
        state = self.session.state
        if state.encounter is not None:
            cid = state.encounter.current.id
            player = state.controller_of(cid) if cid in state.party else None
            return None if player in state.turn_order.away else player  # their turn passes
        if state.restriction is not None:
            waiting = declaring.actors(self.session)
            return state.controller_of(waiting[0]) if waiting else None
        return hotseat.active_player(state)

    def tick_timer(self) -> None:
        """The hotseat turn timer: count down in the banner; pass a player whose time ran
        out (the turn log records TIMEOUT) and hand the keyboard on."""
        state = self.session.state
        if self.thinking or self.failed or state.ending or self.confirming:
            return
        if len(state.players) > 1 and self.player_up() != self.holder:
            return  # the keyboard is still being passed: the clock has not started
        notice = turntaking.keep_time(self.session)
        if notice:
            self.timed_out(notice)
            self.advance()  # hands the keyboard on, or runs the fight turn that ended
            return
        self.query_one(GateBanner).show(self.banner_text())

    def timed_out(self, notice: str) -> None:
        """A turn that ran out is said in the story, where the table reads what happened
        (and the story keeps it), as well as in a passing notice."""
        self.query_one(StoryPane).add_note(f"⏱ {notice}", "alert")
        self.notify(notice, severity="warning")

    def check_handoff(self) -> None:
        """Ask for the keyboard to be passed when another player is up."""
        state = self.session.state
        if len(state.players) < 2 or state.ending:
            return
        player = self.player_up()
        if player is None or player == self.holder or isinstance(self.app.screen, HandoffScreen):
            return
        names = [state.name_of(c) for c in state.players.get(player, [])]
        entry = self.query_one("#command", Input)
        raw = entry.value
        unsent = " ".join(raw.split())
        if unsent and self.holder is not None:
            # What was left unsent (typed while the DM answered, or cut off by a timer) must
            # never become the next player's action: set aside, for ↑ to bring back
            self.recallable = unsent
            self.notify(f"Not sent, and set aside: {unsent[:60]} (↑ in the empty line brings "
                        "it back)", severity="warning")  # fmt: skip
        entry.value = ""

        dialog = HandoffScreen(player, names, self.session.status().banner)

        def taken(_: None) -> None:
            # Who typed behind the hand-off cannot be told (the last player, or the next one
            # before Enter): it is never put in the new player's line, only said.
            typed_ahead = dialog.typed
            alone = unsent  # the input's line, on its own
            whole = raw == self.kept_line  # a line sent and kept (the DM was answering)
            if unsent and typed_ahead and not typed_ahead.startswith("\n") and not whole:
                # the dialog came up in mid-line: the line's start was in the input, the rest
                # in the dialog — one line, kept whole ("…Hand o" + "ver the sausages"), set
                # aside all the same
                typed_ahead, alone = raw + typed_ahead, ""
            lines = [" ".join(t.split()) for t in typed_ahead.split("\n") if t.strip()]
            typed = lines[-1] if lines else ""
            if typed or not unsent:  # (never the last player's sent line: not ↑'s now)
                self.recallable = typed
            # the ones before it, the input's own line first: ↑ again brings each back
            self.set_aside = [*([alone] if alone and typed else []), *lines[:-1]]
            if lines:  # set aside, never in the line: ↑ brings it back for whose it is
                shown = " · ".join(f"“{line[:200]}”" for line in lines[-3:])
                again = ", ↑ again the one before" if self.set_aside else ""
                self.notify(
                    f"Typed while the keyboard was being passed, and not sent: {shown} "
                    f"(↑ in the empty line brings back the last{again})",
                    severity="warning",
                )
            self.holder = player
            # the clock starts when the player has the keyboard, not during the hand-off
            state.turn_order.turn_started = datetime.now(UTC).replace(microsecond=0)
            self.query_one("#command", Input).focus()

        self.app.push_screen(dialog, taken)

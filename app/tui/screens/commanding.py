"""The slash commands typed into the play screen's input (F1 lists them).

:meth:`Commanding.command` reads the word after the slash. Help, the prompt, quitting and
the safety tools (``/veil``, ``/unveil``) answer at any time, even mid-turn; everything
else waits until the DM has answered. The commands that change whose turn it is (``/pass``,
``/end``, ``/join``, ``/leave``, ``/away``, ``/back``) are the session's
(:mod:`app.session.commands`) and move the game on; ``/dm``, ``/veil``, ``/status``,
``/usage``, ``/levelup`` and ``/roll`` are answered here; the rest open a screen through
the keys' own actions, or go to the parts that take turns back (``/undo``, ``/redo``,
``/rewind N``), tell the last turn again (``/reroll``) and save (``/save``).

A base of the play screen, so the play screen keeps to playing; it reads the screen's
``session``, ``actor``, ``holder``, ``thinking``, ``failed``, ``table_log`` and ``_last``
and calls its ``advance``, ``start_turns``, ``show_panels``, ``refresh_all``, the keys'
actions, ``take_back``, ``reroll`` and ``save``.
"""

from __future__ import annotations

from rich.text import Text

from app.actions.events import StateChange
from app.display import views
from app.session import (
    declaring,
    dmnames,
    dmswitch,
    levelling,
    seating,
    sheets,
    turntaking,
    veiling,
)
from app.session.commands import unknown_command
from app.tui.screens.levelup import LevelChoice, LevelUpScreen
from app.tui.screens.playbase import PlayBase
from app.tui.widgets.dicelog import DiceLog
from app.tui.widgets.story import StoryPane
from rules.dice import DiceError


class Commanding(PlayBase):
    """The play screen's ``/commands``."""

    async def command(self, line: str) -> None:
        """A /command typed into the input."""
        word, _, rest = line[1:].partition(" ")
        word = word.lower()
        if word in ("help", "h", "?"):
            await self.app.run_action("help")
            return
        if word == "prompt":
            self.action_inspect()
            return
        if word in ("quit", "exit", "q"):
            await self.app.run_action("quit")
            return
        if word in ("title", "menu"):
            await self.app.run_action("to_title")
            return
        if word in ("veil", "unveil"):  # safety tools: anyone, any time, even mid-turn
            self.safety(word, rest)
            return
        if self.thinking:
            self.notify("Wait until the DM has answered.", severity="warning")
            return
        replies = {
            "pass": lambda: turntaking.pass_turn(self.session, rest),
            "end": lambda: turntaking.end_turn(self.session, self.actor),
            "join": lambda: seating.join(self.session, rest),
            "leave": lambda: seating.leave(self.session, rest),
            "away": lambda: seating.away(self.session, rest, self.holder or self.player_up()),
            "back": lambda: seating.back(self.session, rest),
        }
        if word in replies:
            reply = replies[word]()
            self.notify(reply.text, severity="information" if reply.ok else "warning")
            if reply.ok:
                self.advance()
        elif word == "dm":
            self.switch_dm(rest)
        elif word == "status":
            story = self.query_one(StoryPane)
            story.add_note(self.session.status().banner)
            for member in self._last.party:
                sheet = self.session.state.party.get(member.id)
                life = sheet.vitals.state if sheet is not None else "alive"
                told = "" if life == "alive" else f" ({life})"  # ("dead", "dying", "stable")
                story.add_note(
                    f"{member.name}: {member.hp}/{member.max_hp} HP, AC {member.ac}{told}"
                )
        elif word == "story":
            self.action_story()
        elif word == "usage":
            story = self.query_one(StoryPane)
            for text in sheets.usage_text(self.session).splitlines():
                story.add_note(text)
        elif word == "turns":
            self.action_turn_log()
        elif word == "sheet":
            self.open_sheet(rest)
        elif word in ("journal", "people"):
            self.action_journal()
        elif word == "levelup":
            self.level_up(rest)
        elif word == "roll":
            self.roll(rest)
        elif word == "retry":
            self.action_retry()
        elif word == "rewind" and not rest.strip():
            self.action_story()  # pick the turn to go back to before
        elif word in ("undo", "redo", "rewind"):
            self.take_back(word, rest)
        elif word == "reroll":
            self.reroll()
        elif word == "save":
            self.save(rest)
        elif word == "load":  # ("/load NAME": that save, straight away)
            await self.app.run_action(f"load_game({rest.strip()!r})")
        else:
            self.notify(unknown_command(word, "F1 shows them all."), severity="warning")

    def switch_dm(self, rest: str) -> None:
        """``/dm [offline|ai]``: said in the story; the top bar names the DM now playing. A
        turn that failed goes to the new DM at once, its actions still queued."""
        reply = dmswitch.dm_command(self.session, rest)
        self.query_one(StoryPane).add_note(reply.text, "note" if reply.ok else "alert")
        if not reply.ok or not rest.strip():
            return
        self.dm_label = dmnames.dm_label(self.session.brain)
        self.show_panels(self._last)
        if self.failed and self.session.can_advance():
            self.start_turns()

    def safety(self, word: str, rest: str) -> None:
        """``/veil [TOPIC]`` and ``/unveil TOPIC``: the list goes to the story pane, a
        change is confirmed in a notice."""
        if word == "veil" and not rest.strip():
            story = self.query_one(StoryPane)
            for text in veiling.safety_text(self.session).splitlines():
                story.add_note(text)
            return
        reply = (
            veiling.veil(self.session, rest)
            if word == "veil"
            else veiling.unveil(self.session, rest)
        )
        self.notify(reply.text, severity="information" if reply.ok else "warning")

    def level_up(self, rest: str) -> None:
        """``/levelup [NAME]``: the level-up dialog for the first character who can take a
        level (or the one named); ``/levelup Thorin roll str+2`` takes it at once."""
        found = levelling.dialog_for(self.session, rest)
        if isinstance(found, levelling.LevelReply):
            if found.events:
                self.show_level(found)
            else:
                self.notify(found.text, severity="information" if found.ok else "warning")
            return
        cid, plan = found

        def attempt(choice: LevelChoice) -> str | None:
            reply = levelling.take(
                self.session, cid, hp=choice.hp, asi=choice.asi, spells=choice.spells
            )
            if not reply.ok:
                return reply.text
            self.show_level(reply)
            return None

        self.app.push_screen(LevelUpScreen(plan, attempt))

    def show_level(self, reply: levelling.LevelReply) -> None:
        """A level taken: the hit-point roll and the news into the log, the news into the
        story, the new numbers into the party panel."""
        log = self.query_one(DiceLog)
        story = self.query_one(StoryPane)
        for event in reply.events:
            log.add_entries(self.table_log.record(self.session.state, event))
            if isinstance(event, StateChange):
                story.add_note(event.description)
        self.refresh_all()

    def roll(self, formula: str) -> None:
        """A player's own roll, from the game's dice, into the log (not while the DM is
        rolling from the same dice: the replay would differ)."""
        if self.thinking:
            self.notify("Wait until the DM has answered, then roll.", severity="warning")
            return
        try:
            result = declaring.roll_for_table(self.session, formula)
        except DiceError as error:
            where = f"{error.caret()}\n" if error.position is not None else ""
            # Not markup: the formula is the player's text, and "[fire" is a label, not a style.
            self.notify(f"{where}{error}", title="Bad dice formula", severity="error", markup=False)
            return

        line = Text("🎲 you rolled ", style="bold")
        line.append_text(views.roll_line(result))
        self.query_one(DiceLog).add_entries(self.table_log.keep(self.session.state, [line]))
        # kept at once, as this turn's checkpoint too: the dice it drew are not drawn again
        # after a crash, nor by an undo or rewind after a resume
        self.autosave_now(checkpoint=self.session.settled)

"""Line-by-line play in any terminal (or a pipe): the same GameSession and event stream the
full-screen interface uses, printed as it happens.

Type ``Name: action`` (or just the action, for the character you last played), and
``/help`` for the commands (``/status``, ``/prompt``, ``/roll``, ``/retry``, ``/quit`` …).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from contextlib import aclosing
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from rich.console import Console

from app.actions.events import (
    ErrorEvent,
    NarrativeChunk,
    SessionEvent,
    StateChange,
    TurnEnd,
    TurnRetold,
)
from app.actions.position_tools import positions_line
from app.actions.reactions import AskPolicy, Question
from app.console import commanding
from app.console.reacting import ask_reaction
from app.console.reading import read_while_ticking
from app.console.takingback import take_back
from app.display.screentext import plain
from app.display.tablelog import TableLog, window_entries
from app.dm.safety import veil_text
from app.saves import SAVES_DIR, SaveError
from app.session import declaring, presence, retelling, takingback, turnlog, turntaking, veiling
from app.session.hygiene import clean_line
from app.session.keeping import (
    START_ADVICE,
    Keeper,
    fallback_folders,
    folder_problem,
    place,
    resume_hint,
    save_failure,
    save_somewhere,
)
from app.session.reply import Reply
from app.session.session import GameSession
from app.world.companions import travelling
from app.world.readied import readied_line
from app.world.view import scene_description


@dataclass
class ConsoleGame:
    """One sitting at the console."""

    session: GameSession
    console: Console
    read: Callable[[str], str]
    save_as: str | None = None
    """Autosave name (``None``: no autosave)."""
    saves: Path = SAVES_DIR
    loaded_from: Path | None = None
    """The save this game was resumed from (``None``: a new game, saved at once so its
    name is taken and ``--continue`` finds it)."""
    interactive: bool = True
    """A person answers questions (False when input is piped: the engine decides, and
    says what it decided)."""
    unsaved: str = ""
    """Why the game as it stands is not saved (empty once a save succeeds)."""
    open_line: bool = False
    """Narration is mid-line (a question printed now starts on a new line)."""
    failed: bool = False
    """The last turn failed (the DM could not be reached): only ``/retry`` or a new line
    runs it again, never a command."""
    table_log: TableLog = field(init=False)
    """Makes the dice and combat log's entries (round markers need the fight's history)."""
    keeper: Keeper = field(init=False)
    """Where the game saves, and which save files it wrote itself."""
    saved: bool = True
    """False once leaving found nowhere to save the game (the command exits non-zero)."""
    held: list[str] = field(default_factory=list)
    """Lines typed at a reaction question for later (a command, another character's line):
    read before the next line typed."""

    def __post_init__(self) -> None:
        self.table_log = TableLog(self.session.state)
        self.keeper = Keeper(self.saves, self.save_as)
        if self.loaded_from is not None:
            self.keeper.adopt(self.loaded_from)

    @property
    def current(self) -> str | None:
        """The character a bare line is for, kept in the game (``GameState.speaking``): a
        resume, an undo or a rewind agree on it with the game as it was (in a game saved
        before the game kept it: whoever the story shows played last)."""
        return self.session.state.speaking or declaring.last_played(self.session.state)

    @current.setter
    def current(self, character: str | None) -> None:
        self.session.state.speaking = character

    async def autosave(self, checkpoint: bool | None = None) -> bool:
        """Write the save off the event loop (the turn's checkpoint too, when the players
        are asked to act next, unless ``checkpoint`` says); a failure is reported, never
        fatal."""
        mark = self.session.settled if checkpoint is None else checkpoint
        if self.keeper.name is None:
            if mark:  # no save: the checkpoint in memory is still the game as it stands
                self.session.checkpoint_kept()
            return True
        try:
            kept = await asyncio.to_thread(
                partial(self.keeper.autosave, checkpoint=mark),
                self.session.state,
            )
        except (SaveError, OSError) as error:
            failure = save_failure(error, self.keeper.folder)
            if failure != self.unsaved:  # said once, not after every turn
                self.console.print(plain(failure, style="red"))
            self.unsaved = failure
            return False
        if mark:
            self.session.checkpoint_kept()
        for note in kept.notes if kept else []:
            self.console.print(plain(note, style="yellow"))
        self.unsaved = ""
        return True

    async def first_save(self) -> None:
        """A new game is saved at once (its name is then its own); a resumed one only checks
        its folder. Either way a folder that cannot be written is said once, at the start."""
        if self.keeper.name is None:
            return
        problem = folder_problem(self.keeper.folder)
        if not problem and self.loaded_from is None and not await self.autosave():
            return  # the failure is said (a full disk passes the folder check)
        if problem:
            self.unsaved = problem
            self.console.print(plain(f"{problem} {START_ADVICE}", style="red"))

    def ending_lines(self, told: bool = False) -> list[str]:
        """What the table can do once the story is over (``told``: its ending just was)."""
        return [
            "The story is over." if told else f"{self.session.ended()}. The story is over.",
            "/story reviews it, /status shows the party, /undo takes the last turn back, "
            "/rewind goes further back, /quit leaves (dungeon play starts a new game).",
        ]

    def show_scene(self) -> None:
        """The read-aloud text of the current scene."""
        state = self.session.state
        topics = self.session.safety_topics()  # the adventure's words may name a veil
        self.console.print(plain(veil_text(state.scene.name, topics), style="bold"))
        description = veil_text(scene_description(state, state.campaign), topics)
        if description:
            self.console.print(plain(description))
        self.console.print()

    def status_lines(self) -> list[str]:
        """Banner and party hit points."""
        state = self.session.state
        lines = [self.prompt()]
        for sheet in state.party.values():
            readied = readied_line(state.encounter.readied, sheet.id) if state.encounter else []
            life = [] if sheet.vitals.state == "alive" else [str(sheet.vitals.state)]  # dead
            conds = ", ".join(life + [c.condition.value for c in sheet.conditions] + readied)
            extra = f" ({conds})" if conds else ""
            lines.append(f"  {sheet.name}: {sheet.vitals.hp}/{sheet.vitals.max_hp} HP, "
                         f"AC {sheet.armor_class}{extra}")  # fmt: skip
        for ally in travelling(state):  # companions who fight beside the party
            down = "" if ally.vitals.hp else ", down"
            lines.append(f"  {ally.name} (ally): {ally.vitals.hp}/{ally.vitals.max_hp} HP, "
                         f"AC {ally.ac}{down}")  # fmt: skip
        if state.encounter is not None:
            lines.append(f"  {positions_line(state)}")
        topics = self.session.safety_topics()  # a veiled foe is veiled here too
        return [veil_text(line, topics) for line in lines]

    async def play_turns(self) -> None:
        """Run every turn that is ready, printing events as they come. The turn is closed
        at once if printing fails, so it is rolled back and never left running."""
        self.open_line = False
        ending = False
        async with aclosing(self.session.run_until_players()) as events:
            async for event in events:
                ending = await self.show_event(event) or ending
        if self.open_line:
            self.console.print()
        if ending:  # its title and words were the line before: not said twice
            for line in self.ending_lines(told=True):
                self.console.print(plain(line, style="bold green"))

    async def show_event(self, event: SessionEvent) -> bool:
        """Print one event (autosaving after a turn); True when the story ended."""
        if isinstance(event, NarrativeChunk):
            self.console.print(plain(event.text), end="", highlight=False)
            self.open_line = True
            return False
        if self.open_line:
            self.console.print()
            self.open_line = False
        if isinstance(event, TurnEnd):
            self.console.print()
            for alert in event.alerts:  # once per crossing; play goes on
                self.console.print(plain(f"⚠ {alert}", style="yellow"))
            await self.autosave()
            return False
        if isinstance(event, ErrorEvent):
            self.console.print(plain(event.message, style="red"))
        else:  # the same words as the full-screen game's log, never ids; kept for Continue
            entries = self.table_log.entries(self.session.state, event)
            self.table_log.keep(self.session.state, entries)
            for entry in entries:
                self.console.print(entry)
        if isinstance(event, ErrorEvent) and event.recoverable:
            self.failed = True
            self.console.print(plain("Type /retry to run the turn again.", style="yellow"))
        return isinstance(event, StateChange) and event.kind == "ending"

    def command(self, line: str) -> bool:
        """Handle a /command (:func:`app.console.commanding.command`); False means quit."""
        return commanding.command(self, line)

    def say(self, reply: Reply) -> None:
        """Print a command's answer (refusals in yellow)."""
        if reply.text:
            self.console.print(plain(reply.text, style="" if reply.ok else "yellow"))

    def act(self, line: str) -> None:
        """Queue an action from ``Name: action`` or a bare action (for the character of
        the player whose turn it is)."""
        if self.session.state.ending:  # (a question the game can answer is answered)
            _, _, answer = declaring.after_the_end(self.session, line, self.current)
            for text in [answer] if answer else self.ending_lines():
                self.console.print(plain(text, style="yellow"))
            return
        actor = declaring.default_actor(self.session, self.current)
        reply, character = declaring.declare(self.session, line, actor)
        if reply.notice:
            self.console.print(plain(reply.notice, style="yellow"))
        if character is None:
            self.current = reply.asked_as or self.current  # ("Wren: can I …?": Wren's now)
            self.say(reply)
            return
        self.current = character

    def ask(self, player: str, question: Question) -> str:
        """A reaction prompt for the player concerned (:mod:`app.console.reacting`); what
        is typed there for later waits in ``held``."""
        if self.open_line:
            self.console.print()
            self.open_line = False
        state = self.session.state
        topics = self.session.safety_topics()

        def veil(text: str) -> str:  # the table's veils, on the question as on the story
            return veil_text(text, topics)

        for entry in window_entries(state, veil):
            self.console.print(entry)
        return ask_reaction(self.console, self.read, state, veil, player, question,
                            self.interactive, self.held)  # fmt: skip

    async def keep_before_leaving(self) -> bool:
        """Save before leaving; True to leave, False to keep playing. When the save fails
        the player is told why and asked where else to save it; with nobody to ask (piped
        input, end of input) the game goes to a fallback folder and says where."""
        if await self.autosave():
            return True
        self.console.print(plain(f"The game is not saved. {self.unsaved}", style="red"))
        fallbacks = fallback_folders(self.keeper.folder)
        while self.interactive:
            try:
                answer = self.read(
                    "Save it elsewhere: type a folder or a save name, Enter for "
                    f"{fallbacks[0]}, 'back' to keep playing, 'lose' to quit without saving: "
                ).strip()
            except (EOFError, KeyboardInterrupt):
                break  # nobody left to ask: the fallback folders
            if answer.lower() in ("back", "b"):
                return False
            if answer.lower() == "lose":
                self.console.print(plain("Left without saving.", style="red"))
                return True
            if not answer:
                break
            if await self.save_at(answer):
                return True
        rescue = await asyncio.to_thread(save_somewhere, self.session.state, self.keeper, fallbacks)
        self.console.print(plain(rescue.report(), style="red" if rescue.kept is None else "yellow"))
        self.saved = rescue.kept is not None
        return True

    async def save_at(self, answer: str) -> bool:
        """Save where the player typed (the game keeps saving there); say how it went."""
        home, name = self.keeper.folder, self.keeper.name
        folder = home
        try:
            folder, new_name = place(answer, self.keeper)
            self.keeper.move(folder, new_name)
            kept = await asyncio.to_thread(self.keeper.autosave, self.session.state)
        except (SaveError, OSError) as error:
            self.keeper.move(home, name)
            self.console.print(plain(save_failure(error, folder), style="red"))
            return False
        notes = [*kept.notes, resume_hint(kept.path)] if kept else []
        where = kept.path if kept else folder
        self.console.print(plain(" ".join([f"Saved the game to {where}.", *notes])))
        self.unsaved = ""
        return True

    def prompt(self) -> str:
        """The banner, and at a shared keyboard everyone's state this round."""
        table = turnlog.table_line(self.session.state)
        banner = self.session.status().banner
        return f"{banner}   {table}" if table else banner

    async def handle(self, line: str) -> bool:
        """One typed line; False means quit. A change of turn it made (a declaration, a
        pass, a join …) is saved at once when no DM turn follows to save it."""
        before = turntaking.turn_mark(self.session)
        if line.startswith("/"):
            if line.lower().startswith("/retry"):
                if not self.session.can_advance():  # (said, as on the full screen)
                    self.console.print(plain("There is no turn waiting to run.", style="yellow"))
                    return True
                self.failed = False
                await self.play_turns()
                return True
            word, _, rest = line[1:].partition(" ")
            if word.lower() in takingback.WORDS:
                await take_back(self, word.lower(), rest)
                return True
            if line.lower().split()[0] == "/reroll":
                await self.reroll()
                return True
            seated = self.session.brain
            if not self.command(line):
                return not await self.keep_before_leaving()
            if self.session.brain is not seated and self.failed and self.session.can_advance():
                self.failed = False  # /dm: the turn that failed goes to the new DM at once,
                await self.play_turns()  # as the message says (and the full screen does)
                return True
        else:
            self.failed = False  # a new line: the turn is played again, with it
            self.act(line)
        if self.session.can_advance() and not self.failed:  # a /pass may complete the round
            await self.autosave(checkpoint=False)  # the line kept before the DM answers
            await self.play_turns()
        elif turntaking.turn_mark(self.session) != before or line.startswith("/"):
            await self.autosave()  # (a /roll, a player away: kept now, as the checkpoint too)
        return True

    async def reroll(self) -> None:
        """``/reroll``: the last turn told again, printed as it comes; saved after."""
        state = self.session.state
        who = state.controller_of(self.current) if self.current else None
        who = (who or presence.player_up(state) or "") if len(state.players) > 1 else ""
        problem = retelling.why_not(self.session)
        if problem:
            self.console.print(plain(problem, style="yellow"))
            return
        self.console.print(plain(retelling.asking_line(self.session, who), style="italic"))
        self.open_line = False
        async with aclosing(retelling.retell(self.session, who)) as events:
            async for event in events:
                if isinstance(event, NarrativeChunk):
                    self.console.print(plain(event.text), end="", highlight=False)
                    self.open_line = True
                    continue
                if self.open_line:
                    self.console.print()
                    self.open_line = False
                if isinstance(event, TurnRetold):
                    self.console.print(plain(retelling.retold_line(event), style="italic"))
                    await self.autosave()
                elif isinstance(event, ErrorEvent):
                    self.console.print(plain(event.message, style="yellow"))

    async def keep_time(self) -> None:
        """Before asking for a line: a fight turn whose player is away or out of time
        passes (and the DM plays on, until a turn someone at the table may take comes up:
        the next may be the away player's again). Said, and saved."""
        for _ in range(turntaking.MAX_PASSES):
            before = turntaking.turn_mark(self.session)
            notice = turntaking.keep_time(self.session)
            if notice:
                self.console.print(plain(notice, style="yellow"))
            if not (notice and self.session.can_advance()):
                break
            await self.play_turns()
        if turntaking.turn_mark(self.session) != before:
            await self.autosave()

    async def run(self) -> None:
        """The read–act–resolve loop until /quit or end of input."""
        self.session.state.set_reaction_policy(AskPolicy(self.ask, choices=True))
        self.show_scene()
        if (fight := self.session.state.encounter) is not None:  # resumed mid-fight: said so
            self.console.print(plain(f"A fight is on (round {fight.round}).", style="bold"))
            for told in self.status_lines()[1:]:
                self.console.print(plain(told))
        if warning := veiling.config_warning(self.session):
            self.console.print(plain(warning, style="bold yellow"))
        await self.first_save()
        if self.session.state.ending:
            for text in self.ending_lines():
                self.console.print(plain(text, style="bold green"))
        self.console.print(plain("Type /help for commands.", style="dim"))
        if self.session.can_advance():  # actions restored from a save, or a foe is up
            await self.survive(self.play_turns())  # (a turn that fails is said, as in play)
        while True:
            if not await self.survive(self.keep_time()):
                break
            try:
                raw = self.held.pop(0) if self.held else None
                if raw is not None:  # typed at a reaction question, for now
                    self.console.print(plain(f"> {raw}", style="dim"))
                else:
                    raw = await self.read_line(f"{self.prompt()}\n> ")
            except (EOFError, KeyboardInterrupt, asyncio.CancelledError):
                interrupted = asyncio.current_task()
                if interrupted is not None and interrupted.cancelling():
                    interrupted.uncancel()  # ctrl+c cancels the game's task: leave as /quit
                if await self.keep_before_leaving():
                    break
                continue
            line = clean_line(raw)
            if not line.ok:
                self.console.print(plain(f"{line.problem} Nothing was sent.", style="yellow"))
                continue
            if not line.text:
                continue
            if not await self.survive(self.handle(line.text)):
                break

    async def read_line(self, prompt: str) -> str:
        """A line typed, while the table's clock (``--timer``) runs: a player out of time
        passes, said, and who is up now is asked."""
        timed = bool(self.session.state.turn_order.timer_seconds)
        return await read_while_ticking(self.read, prompt, self.tick if timed else None)

    async def tick(self) -> None:
        mark = turntaking.turn_mark(self.session)
        if await self.survive(self.keep_time()) and turntaking.turn_mark(self.session) != mark:
            self.console.print(plain(f"{self.prompt()}\n> "), end="")

    async def survive(self, step: Awaitable[bool | None]) -> bool:
        """Run one step of play; False means quit. The table survives any bug in a turn:
        it is said, and the game goes on."""
        try:
            return await step is not False
        except (KeyboardInterrupt, asyncio.CancelledError):  # ctrl+c while the DM answers
            interrupted = asyncio.current_task()
            if interrupted is not None and interrupted.cancelling():
                interrupted.uncancel()
            self.console.print(plain("Interrupted: that turn was not played.", style="yellow"))
            return not await self.keep_before_leaving()  # leave as /quit does: saved, said
        except Exception as error:
            self.console.print(
                plain(f"Something went wrong ({type(error).__name__}: {error}); "
                     "the game goes on. /status shows where it stands.", style="red")
            )  # fmt: skip
            return True

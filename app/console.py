"""Line-by-line play in any terminal (or a pipe): the same GameSession and event stream the
full-screen interface uses, printed as it happens.

Type ``Name: action`` (or just the action, for the character you last played), and
``/help`` for the commands: ``/status``, ``/prompt`` (the exact messages last sent to the
DM), ``/roll``, ``/retry``, ``/quit``.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.text import Text

from app import views
from app.dm.tools.reactions import AskPolicy
from app.saves import SAVES_DIR, SaveError, save_game
from app.session import commands
from app.session.events import ErrorEvent, NarrativeChunk, TurnEnd
from app.session.runner import render_event
from app.session.session import GameSession
from app.world.view import scene_description
from rules.dice import DiceError

HELP = commands.help_text()


@dataclass
class ConsoleGame:
    """One sitting at the console."""

    session: GameSession
    console: Console
    read: Callable[[str], str]
    current: str | None = None
    save_as: str | None = None
    """Autosave name (``None``: no autosave)."""
    saves: Path = SAVES_DIR

    async def autosave(self) -> None:
        """Write the save off the event loop; a failure is reported, never fatal."""
        if self.save_as is None:
            return
        try:
            await asyncio.to_thread(save_game, self.session.state, self.save_as, self.saves)
        except (SaveError, OSError) as error:
            self.console.print(Text(f"could not save: {error}", style="red"))

    def show_scene(self) -> None:
        """The read-aloud text of the current scene."""
        state = self.session.state
        self.console.print(Text(state.scene.name, style="bold"))
        description = scene_description(state, state.campaign)
        if description:
            self.console.print(description)
        self.console.print()

    def status_lines(self) -> list[str]:
        """Banner and party hit points."""
        state = self.session.state
        lines = [self.session.status().banner]
        for sheet in state.party.values():
            conds = ", ".join(c.condition.value for c in sheet.conditions)
            extra = f" ({conds})" if conds else ""
            lines.append(f"  {sheet.name}: {sheet.vitals.hp}/{sheet.vitals.max_hp} HP, "
                         f"AC {sheet.armor_class}{extra}")  # fmt: skip
        return lines

    async def play_turns(self) -> None:
        """Run every turn that is ready, printing events as they come."""
        open_line = False
        async for event in self.session.run_until_players():
            if isinstance(event, NarrativeChunk):
                self.console.print(event.text, end="", markup=False, highlight=False)
                open_line = True
                continue
            if open_line:
                self.console.print()
                open_line = False
            if isinstance(event, TurnEnd):
                self.console.print()
                await self.autosave()
                continue
            text = render_event(event)
            if text:
                style = "red" if isinstance(event, ErrorEvent) else "dim"
                self.console.print(Text(text.strip(), style=style))
            if isinstance(event, ErrorEvent) and event.recoverable:
                self.console.print(Text("Type /retry to run the turn again.", style="yellow"))
        if open_line:
            self.console.print()

    def command(self, line: str) -> bool:
        """Handle a /command; False means quit."""
        word, _, rest = line[1:].partition(" ")
        word = word.lower()
        if word in ("quit", "exit", "q"):
            return False
        if word == "help":
            self.console.print(HELP)
        elif word == "status":
            for text in self.status_lines():
                self.console.print(text)
        elif word == "prompt":
            if not self.session.last_messages:
                self.console.print("Nothing has been sent to the DM yet.")
            for message in self.session.last_messages:
                body = message.get("content") or json.dumps(message.get("tool_calls"))
                self.console.print(Text(f"[{message['role']}]", style="bold"))
                self.console.print(str(body), markup=False, highlight=False)
        elif word == "pass":
            self.say(commands.pass_turn(self.session, rest))
        elif word == "end":
            self.say(commands.end_turn(self.session, self.current))
        elif word == "join":
            self.say(commands.join(self.session, rest))
        elif word == "leave":
            self.say(commands.leave(self.session, rest))
        elif word == "save":
            self.say(
                commands.save(self.session, rest.strip() or self.save_as or "quicksave", self.saves)
            )
        elif word == "roll":
            try:
                result = commands.roll_for_table(self.session, rest)
            except DiceError as error:
                self.console.print(Text(f"{error.caret()}\n{error}", style="red"))
            else:
                self.console.print(views.roll_line(result, styled=self.console.is_terminal))
        else:
            self.console.print(f"Unknown command /{word}. Type /help.")
        return True

    def say(self, reply: commands.Reply) -> None:
        """Print a command's answer (refusals in yellow)."""
        if reply.text:
            self.console.print(Text(reply.text, style="" if reply.ok else "yellow"))

    def act(self, line: str) -> None:
        """Queue an action from ``Name: action`` or a bare action."""
        reply, character = commands.declare(self.session, line, self.current)
        if reply.notice:
            self.console.print(Text(reply.notice, style="yellow"))
        if character is None:
            self.say(reply)
            return
        self.current = character

    def ask(self, player: str, prompt: str, helps: bool) -> bool:
        """A reaction prompt for the player concerned: ``Cast Shield? [y/N]``."""
        try:
            answer = self.read(f"{prompt} [y/N] ")
        except (EOFError, KeyboardInterrupt):
            return False
        return answer.strip().lower().startswith("y")

    async def run(self) -> None:
        """The read–act–resolve loop until /quit or end of input."""
        self.session.state.set_reactions(AskPolicy(self.ask))
        self.show_scene()
        self.console.print(Text("Type /help for commands.", style="dim"))
        while True:
            try:
                line = (
                    await asyncio.to_thread(self.read, f"{self.session.status().banner}\n> ")
                ).strip()
            except (EOFError, KeyboardInterrupt):
                break
            if not line:
                continue
            if line.startswith("/"):
                if line.lower().startswith("/retry"):
                    await self.play_turns()
                    continue
                if not self.command(line):
                    await self.autosave()
                    break
                if self.session.can_advance():  # a /pass may complete the round
                    await self.play_turns()
                continue
            self.act(line)
            if self.session.can_advance():
                await self.play_turns()

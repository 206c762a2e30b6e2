"""The slash commands of the line game (``/status``, ``/story``, ``/sheet``, ``/pass``,
``/roll`` …): each answered from the session's handlers (:mod:`app.session.commands` names
them) and printed as the full-screen game shows it."""

from __future__ import annotations

from typing import Protocol

from rich.console import Console

from app.display import views
from app.display.screentext import plain
from app.display.tablelog import TableLog
from app.session import (
    commands,
    declaring,
    dmswitch,
    presence,
    seating,
    sheets,
    storyview,
    turnlog,
    turntaking,
    veiling,
)
from app.session.commands import unknown_command
from app.session.keeping import Keeper, save_now
from app.session.levelling import level_up_command
from app.session.reply import Reply
from app.session.session import GameSession
from rules.dice import DiceError

HELP = commands.help_text()


class Table(Protocol):
    """What the commands need of the line game (:class:`app.console.game.ConsoleGame`)."""

    session: GameSession
    console: Console
    current: str | None
    keeper: Keeper
    table_log: TableLog

    def status_lines(self) -> list[str]: ...

    def say(self, reply: Reply) -> None: ...


def command(game: Table, line: str) -> bool:
    """Handle a /command typed at the line game; False means quit."""
    word, _, rest = line[1:].partition(" ")
    word = word.lower()
    if word in ("quit", "exit", "q"):
        return False
    if word in ("help", "h", "?"):  # (as the guide and the full-screen game have them)
        game.console.print(plain(HELP))
    elif word == "status":
        for text in game.status_lines():
            game.console.print(plain(text))
    elif word == "story":
        game.console.print(plain(storyview.story_text(game.session, rest)))
    elif word == "usage":
        game.console.print(plain(sheets.usage_text(game.session)))
    elif word == "sheet":
        actor = declaring.default_actor(game.session, game.current) or game.current
        found, text = sheets.sheet_text(game.session, rest, actor)
        game.console.print(plain(text, style="" if found else "yellow"), highlight=False)
    elif word == "journal":
        game.console.print(plain(sheets.journal_text(game.session)), highlight=False)
    elif word == "people":
        game.console.print(plain(sheets.people_text(game.session)), highlight=False)
    elif word in ("veil", "unveil", "dm"):  # /dm: a queued turn goes to the new DM
        handler = {"veil": veiling.veil, "unveil": veiling.unveil, "dm": dmswitch.dm_command}
        game.say(handler[word](game.session, rest))
    elif word == "prompt":
        game.console.print(plain(sheets.prompt_text(game.session)), highlight=False)
    elif word == "pass":
        game.say(turntaking.pass_turn(game.session, rest))
    elif word == "end":
        game.say(turntaking.end_turn(game.session, game.current))
    elif word == "join":
        game.say(seating.join(game.session, rest))
    elif word == "leave":
        game.say(seating.leave(game.session, rest))
    elif word == "away":
        game.say(seating.away(game.session, rest, presence.player_up(game.session.state)))
    elif word == "back":
        game.say(seating.back(game.session, rest))
    elif word == "turns":
        game.console.print(plain(turnlog.log_text(game.session.state)), highlight=False)
    elif word == "save":
        game.say(save_now(game.session.state, game.keeper, rest))
    elif word == "levelup":
        level_up(game, rest)
    elif word == "roll":
        try:
            result = declaring.roll_for_table(game.session, rest)
        except DiceError as error:
            game.console.print(plain(f"{error.caret()}\n{error}", style="red"))
        else:
            game.console.print(views.roll_line(result, styled=game.console.is_terminal))
    else:
        game.console.print(plain(unknown_command(word, "Type /help.")))
    return True


def level_up(game: Table, rest: str) -> None:
    """``/levelup``: what the next levels offer, or a level taken (its hit-point roll and
    what changed go to the log, as in the full-screen game)."""
    reply = level_up_command(game.session, rest)
    if not reply.events:
        game.console.print(plain(reply.text, style="" if reply.ok else "yellow"))
    for event in reply.events:
        entries = game.table_log.entries(game.session.state, event)
        game.table_log.keep(game.session.state, entries)
        for entry in entries:
            game.console.print(entry)

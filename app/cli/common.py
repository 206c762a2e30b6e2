"""What every ``dungeon`` command shares: the consoles it prints on, how it refuses bad
input (one red ``error:`` line and exit code 2, never a traceback), how it loads a
campaign, and how it reads piped lines.

Start-up: ``dungeon --help`` imports every command module to read its options, so these
modules import at their top only what a command's signature needs (typer, paths); what a
command does (Rich, the campaign models, the session, the DM, Textual) is imported inside
the function that does it, so a command pays only for what it uses.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import typer

if TYPE_CHECKING:
    from rich.console import Console

    from app.saves import Loaded
    from app.world.campaign import Campaign
    from rules.dice import DiceError

EXIT_BAD_INPUT = 2
EXIT_INVALID_CAMPAIGN = 3
"""A campaign with a problem that stops it being played, whichever command found it
(``validate``, ``play``, ``simulate``, ``playtest``, ``balance``)."""
ECHO_CHARS = 200
"""How much of a piped line is echoed back (the whole line still goes to the game)."""
DEFAULT_CAMPAIGN = "crossroads"
MAX_SEED = 2**63 - 1
"""Seeds of the author commands are whole numbers from 0 to this (what a save can hold)."""


def console() -> Console:
    """Standard output, plain where it is not a terminal."""
    from rich.console import Console

    return Console(highlight=False, soft_wrap=False)


def err_console() -> Console:
    """Standard error, for messages about the command itself. Never wrapped: a message
    naming a long path must stay one line that can be copied (and read by a script)."""
    from rich.console import Console

    return Console(stderr=True, highlight=False, soft_wrap=True)


def refuse(message: str) -> NoReturn:
    """Print an error for bad input and exit 2."""
    raise bad(message)


def bad(message: str) -> typer.Exit:
    """Print ``error: message`` and give the exit to raise."""
    from app.display.screentext import plain

    err_console().print(plain(f"error: {message}", style="red"))
    return typer.Exit(EXIT_BAD_INPUT)


def output_file(
    path: Path, option: str, *, force: bool = False, same_kind: Callable[[str], bool] | None = None
) -> Path:
    """Check, before any work starts, that a report can be written at ``path`` (given with
    ``option``): not a folder, in a folder that exists and may be written, never a game's
    or a campaign's own file, and an existing file only with ``force`` — or when it is a
    report of the same kind, which ``same_kind`` recognises from its first 4 KB (writing
    the schema again). Exit 2 with the reason otherwise — better than learning it after
    minutes of work, and nothing lost."""
    folder = path.parent
    if path.is_dir():
        raise bad(f"{path} is a folder: give {option} a file name")
    kept = game_file(path)
    if kept is not None:
        raise bad(f"{path} is {kept}, never written over: choose another {option}")
    if path.exists() and not force and not (same_kind is not None and same_kind(_head(path))):
        raise bad(f"{path} exists: add --force to write over it, or choose another {option}")
    if not folder.exists():
        raise bad(f"{path}: there is no folder {folder}")
    if not folder.is_dir():
        raise bad(f"{path}: {folder} is a file, not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise bad(f"{path}: cannot write in {folder} (permission denied)")
    return path


def game_file(path: Path) -> str | None:
    """What of a game or a campaign ``path`` is, if it is one ("a saved game", "part of a
    saved game's story", "a campaign file"): files no report may take the place of, with
    or without ``--force``. ``None`` for any other path."""
    try:
        if any(p.name.endswith(".story") for p in path.resolve().parents):
            return "part of a saved game's story"
        if path.name == "campaign.toml" or path.resolve().name == "campaign.toml":
            return "a campaign file"  # (by name, or through a link to one)
        if path.with_suffix(".story").is_dir() or re.fullmatch(r".+\.toml\.\d+", path.name):
            return "a saved game"
        if path.is_file() and re.search(r"(?m)^schema_version\s*=", _head(path)):
            return "a saved game"
    except (OSError, RuntimeError, ValueError):
        return None
    return None


def _head(path: Path) -> str:
    """The first 4 KB of a file as text ("" when it cannot be read)."""
    try:
        with path.open("rb") as file:
            return file.read(4096).decode("utf-8", errors="replace")
    except OSError:
        return ""


def write_output(path: Path, text: str) -> None:
    """Write a report atomically (a reader never sees half of it); exit 2 with the reason
    when the system refuses."""
    from app.saves.files import write_atomically

    try:
        target = path.resolve() if path.is_symlink() else path  # a link: its file is written
    except (RuntimeError, OSError):  # (a link that leads round in a circle)
        raise bad(f"could not write {path} (its links lead round in a circle)") from None
    if os.path.lexists(target) and not target.is_file():  # a pipe, a device, a folder: never
        raise bad(f"could not write {path} (not a regular file: name a file to write)")
    try:
        write_atomically(target, text.encode("utf-8"), backups=0)
    except OSError as error:
        raise bad(f"could not write {path} ({(error.strerror or str(error)).lower()})") from None


def say(line: str) -> None:
    """Print a plain line of game text (names, narration) without its escape codes."""
    from app.world.printable import printable

    typer.echo(printable(line))


def load_story(campaign: str, *, playable: bool = True) -> Campaign:
    """Load a campaign: exit 2 when there is none by that name, 3 (with the loader's
    message, every problem at its line) when it is invalid. Every command that plays
    loads it ``playable`` (its references checked); ``validate`` reports them itself."""
    from app.display.screentext import plain
    from app.world.campaignfile import CampaignError, find_campaign, load_campaign

    try:
        folder = find_campaign(campaign)
    except CampaignError as error:
        raise bad(str(error)) from None
    try:
        return load_campaign(folder, playable=playable)
    except CampaignError as error:  # the campaign is there but invalid: exit 3, not 2
        err_console().print(plain(f"error: {error}", style="red"))
        raise typer.Exit(EXIT_INVALID_CAMPAIGN) from None


def load_saved(given: str, folder: Path) -> Loaded:
    """A saved game as ``--load`` names it: a save's name or a backup (``NAME.toml.1``) in
    ``folder``, or the path of a save file anywhere. Only read, never written. What the
    player should be told about the file goes to stderr as a note; a name that finds no
    save, or a save that cannot be read, exits 2 with the reason."""
    from app.display.screentext import plain
    from app.saves import SaveError, load_named

    name = given.strip(" ")
    if not name:
        refuse("name a save (dungeon saves list shows them)")
    if os.sep in name or (os.altsep is not None and os.altsep in name):
        folder, name = Path(name).parent, Path(name).name  # a file anywhere, by its path
    try:
        loaded = load_named(name, folder)
    except SaveError as error:
        refuse(str(error))
    except (OSError, ValueError) as error:  # a name the file system cannot even look up
        refuse(f"cannot read {name!r}: {error}")
    for note in loaded.notes:
        err_console().print(plain(f"note: {note}", style="yellow"))
    return loaded


def report_dice_error(error: DiceError) -> None:
    """A bad formula: the caret under where it went wrong, then the reason."""
    from app.display.screentext import plain

    err = err_console()
    if error.expression and error.position is not None:
        err.print(plain(error.caret()))
    err.print(plain(f"error: {error}", style="red"))


def reader(out: Console) -> Callable[[str], str]:
    """Read a line: with a prompt on a terminal, echoed when input is piped in."""
    from rich.markup import escape

    from app.display.screentext import plain
    from app.session.hygiene import strip_controls

    if sys.stdin.isatty():
        return lambda prompt: out.input(f"[bold cyan]{escape(prompt)}[/]")

    def piped(prompt: str) -> str:
        line = piped_line()
        shown = strip_controls(line)  # never echo escapes back to the terminal
        if len(shown) > ECHO_CHARS:
            shown = f"{shown[:ECHO_CHARS]}… ({len(shown):,} characters)"
        out.print(plain(f"> {shown}", style="dim"))
        return line

    return piped


def piped_line() -> str:
    """One line of piped input. Bytes that are not UTF-8 (a binary file, another encoding)
    become "\ufffd" instead of ending the program with a decoding error."""
    raw = getattr(sys.stdin, "buffer", None)
    if raw is None:
        return input()
    data: bytes = raw.readline()
    if not data:
        raise EOFError
    return data.decode(sys.stdin.encoding or "utf-8", errors="replace").removesuffix("\n")


def interactive() -> bool:
    """Questions are asked only on a terminal; piped input must give every choice."""
    return sys.stdin.isatty()


def tell(text: str, style: str = "") -> None:
    """Print a line to the player of a command, in a style, wrapped to the terminal."""
    from rich.console import Console

    from app.display.screentext import plain

    Console(highlight=False, soft_wrap=True).print(plain(text, style=style))


def split_list(text: str | None) -> list[str]:
    """A comma-separated option as its entries ("str, dex" → ["str", "dex"])."""
    return [p.strip() for p in (text or "").split(",") if p.strip()]

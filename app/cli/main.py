"""The ``dungeon`` command line (Typer): play, and the tools for campaign authors.

``python -m app`` runs it too. Every command prints a clear message and a non-zero exit
code on bad input; none of them writes outside the folders it is given. This root holds
only ``--version`` and ``credits``; each command or group lives in a module of this folder
named for it: ``play``, ``dice`` (roll, dice), ``authoring`` (validate, simulate, schema,
list, new), ``playtest``, ``balance``, ``tool``, ``ledger``, ``saves``, ``character`` (with
``character_wizard`` and ``levelling``) and ``dmcheck`` (dm-check). Each imports at its top
only what ``--help`` reads (the options and their help), and the rest when its command runs
(``tests/test_startup.py`` holds every ``--help`` to that).
"""

from __future__ import annotations

import contextlib
import copy
import os
import sys
from collections.abc import Sequence
from typing import Annotated, NoReturn

import typer

from app import __version__
from app.cli import startup
from app.cli.authoring import (
    list_command,
    new_command,
    schema_command,
    simulate_command,
    validate_command,
)
from app.cli.balance import balance_command
from app.cli.campaigns import campaigns_command
from app.cli.character import character_app
from app.cli.common import console as _console
from app.cli.dice import dice_command, roll_command
from app.cli.dmcheck import dm_check_command
from app.cli.ledger import ledger_command
from app.cli.play import play
from app.cli.playtest import playtest_command
from app.cli.saves import saves_app
from app.cli.tool import tool_command

app = typer.Typer(
    name="dungeon",
    help="Dungeon Terminal: a tabletop RPG in your terminal. The DM narrates; the dice are real.",
    no_args_is_help=False,
    add_completion=False,
    rich_markup_mode=None,
)


def _tolerant_output() -> None:
    """Print what cannot be encoded as escapes instead of failing: a folder or file name
    given in bytes that are not UTF-8 (or a terminal that is not UTF-8) must not turn an
    error message into a traceback."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):  # a stream already closed
                reconfigure(errors="backslashreplace")


@app.callback(invoke_without_command=True)
def _root(
    ctx: typer.Context,
    version: Annotated[bool, typer.Option("--version", help="Print the version.")] = False,
) -> None:
    """Run ``dungeon play`` when no command is given."""
    _tolerant_output()
    if version:
        typer.echo(f"dungeon-terminal {__version__}")
        raise typer.Exit()
    if ctx.invoked_subcommand is None:
        ctx.invoke(play)


app.command("roll")(roll_command)
app.command("dice")(dice_command)
app.command("play")(play)
app.command("campaigns")(campaigns_command)
app.command("dm-check")(dm_check_command)


app.add_typer(saves_app, name="saves")
app.add_typer(character_app, name="character")


app.command("simulate")(simulate_command)
app.command("balance")(balance_command)
app.command("validate")(validate_command)
app.command("schema")(schema_command)
app.command("list")(list_command)
app.command("new")(new_command)
app.command("playtest")(playtest_command)
app.command("tool")(tool_command)
app.command("ledger")(ledger_command)


@app.command("credits")
def credits_command() -> None:
    """Show the licence notices for the SRD 5.1 material and the meaning model."""
    from app.display.screentext import plain
    from app.world.meaning import MODEL_ATTRIBUTION
    from rules.srd import SRD_ATTRIBUTION

    console = _console()
    console.print(plain(f"Dungeon Terminal {__version__}", style="bold"))
    console.print(SRD_ATTRIBUTION)
    console.print(MODEL_ATTRIBUTION)


def for_args(args: Sequence[str]) -> typer.Typer:
    """The command line that runs ``dungeon ARGS``: the root with only the command they
    name (``play`` when they name none), or the whole of it when their first word is an
    option (``--help``, ``--version``) or no command, or a shell asks for completions.

    Typer reads the signature of every command it holds before it runs any of them; for
    the one command in hand the others are waste (some twenty milliseconds of every start,
    ``dungeon play``'s included). What the command does, says and refuses is unchanged:
    its own help and errors name only itself."""
    name = args[0] if args else "play"  # no command: the root runs play
    completing = any(key.startswith("_") and key.endswith("_COMPLETE") for key in os.environ)
    commands = [c for c in app.registered_commands if c.name == name]
    groups = [g for g in app.registered_groups if g.name == name]
    if completing or not (commands or groups):
        return app
    one = copy.copy(app)
    one.registered_commands, one.registered_groups = commands, groups
    return one


def main() -> None:
    """Console-script entry point. ``dungeon play`` starts without the garbage collector
    (:mod:`app.cli.startup`).

    The game uses no pydantic plugins, and looking for them (when the first model is
    built) reads the metadata of every installed package: that search is skipped unless
    ``PYDANTIC_DISABLE_PLUGINS`` is set otherwise."""
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    for size in ("COLUMNS", "LINES"):  # ("COLUMNS=0" would silence every line, errors too)
        value = os.environ.get(size)
        if value is not None and not (value.strip().isdigit() and int(value) > 0):
            del os.environ[size]  # the terminal's own size is asked instead
    args = sys.argv[1:]
    if sys.stdout is None:  # started with its output closed ("dungeon … >&-")
        _unwritable("standard output is closed")
    if (args[0] if args else "play") == "play":
        startup.pause()  # the game resumes collecting garbage once it has loaded
    try:
        for_args(args)()
    except OSError as error:  # output that cannot be written (a full disk, a gone terminal):
        _unwritable(error.strerror or str(error))  # said in a line, never a traceback
    finally:
        startup.resume()


def _unwritable(why: str) -> NoReturn:
    """Leave with a line on the error stream (when it can be written at all), exit 1."""
    with contextlib.suppress(Exception):
        print(f"dungeon: could not write its output ({why}).", file=sys.stderr, flush=True)
    sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - what is left unwritten goes nowhere,
    sys.exit(1)  # not into a second error at exit

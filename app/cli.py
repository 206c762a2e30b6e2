"""The ``dungeon`` command line (Typer): play, and the tools for campaign authors.

``python -m app`` runs it too. Every command prints a clear message and a non-zero exit
code on bad input; none of them writes outside the folders it is given.
"""

from __future__ import annotations

import random
import sys
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from app import __version__, views
from app.tray import DiceTray
from rules.dice import Advantage, DiceError, formula_stats, roll
from rules.srd import SRD_ATTRIBUTION

app = typer.Typer(
    name="dungeon",
    help="Dungeon Terminal: a tabletop RPG in your terminal. The DM narrates; the dice are real.",
    no_args_is_help=False,
    add_completion=False,
    rich_markup_mode=None,
)

EXIT_BAD_INPUT = 2


def _console() -> Console:
    return Console(highlight=False, soft_wrap=False)


def _err_console() -> Console:
    return Console(stderr=True, highlight=False)


def _report_dice_error(error: DiceError) -> None:
    err = _err_console()
    if error.expression and error.position is not None:
        err.print(Text(error.caret()))
    err.print(Text(f"error: {error}", style="red"))


@app.callback(invoke_without_command=True)
def _root(
    ctx: typer.Context,
    version: Annotated[bool, typer.Option("--version", help="Print the version.")] = False,
) -> None:
    """Run ``dungeon play`` when no command is given."""
    if version:
        typer.echo(f"dungeon-terminal {__version__}")
        raise typer.Exit()
    if ctx.invoked_subcommand is None:
        ctx.invoke(play)


@app.command("roll")
def roll_command(
    expression: Annotated[str, typer.Argument(help="Dice formula, e.g. 4d6kh3 or 1d20+5.")],
    seed: Annotated[int | None, typer.Option(help="Seed the dice for a repeatable roll.")] = None,
    adv: Annotated[bool, typer.Option("--adv", help="Roll the d20 with advantage.")] = False,
    dis: Annotated[bool, typer.Option("--dis", help="Roll the d20 with disadvantage.")] = False,
    stats: Annotated[
        bool, typer.Option("--stats", help="Show minimum, maximum, mean and DC chances.")
    ] = False,
    dc: Annotated[int | None, typer.Option(help="Difficulty class to compare against.")] = None,
    times: Annotated[int, typer.Option("--times", "-n", min=1, max=100, help="Roll N times.")] = 1,
) -> None:
    """Roll dice and print every die, or with --stats the exact odds."""
    if adv and dis:
        _err_console().print("error: choose --adv or --dis, not both", style="red")
        raise typer.Exit(EXIT_BAD_INPUT)
    mode = Advantage.ADVANTAGE if adv else Advantage.DISADVANTAGE if dis else Advantage.NORMAL
    console = _console()
    try:
        if stats:
            console.print(views.stats_table(expression, formula_stats(expression, mode), dc))
            return
        actual_seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
        rng = random.Random(actual_seed)
        for _ in range(times):
            result = roll(expression, rng, mode)
            console.print(views.roll_line(result, dc, styled=console.is_terminal))
        if seed is None:
            console.print(f"seed {actual_seed}", style="dim")
    except DiceError as error:
        _report_dice_error(error)
        raise typer.Exit(EXIT_BAD_INPUT) from None


@app.command("play")
def play(
    seed: Annotated[int | None, typer.Option(help="Seed the dice.")] = None,
) -> None:
    """Open the dice tray: roll, check the odds, look up monsters and spells."""
    actual_seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
    console = _console()
    tray = DiceTray(actual_seed, styled=console.is_terminal)
    interactive = sys.stdin.isatty()
    console.print(Text("Dungeon Terminal — dice tray", style="bold"))
    console.print(Text(f"seed {actual_seed} · type help for commands, quit to leave", style="dim"))
    while True:
        try:
            line = console.input("[bold cyan]🎲 [/]") if interactive else input()
        except (EOFError, KeyboardInterrupt):
            break
        if not interactive:
            console.print(Text(f"> {line}", style="dim"))
        shown = tray.handle(line)
        if shown is None:
            break
        for renderable in shown:
            console.print(renderable)
    console.print(Text("Farewell, adventurer.", style="dim"))


@app.command("credits")
def credits_command() -> None:
    """Show the licence notice for the SRD 5.1 material in the game."""
    console = _console()
    console.print(Text(f"Dungeon Terminal {__version__}", style="bold"))
    console.print(SRD_ATTRIBUTION)


def main() -> None:
    """Console-script entry point."""
    app()

"""The ``dungeon`` command line (Typer): play, and the tools for campaign authors.

``python -m app`` runs it too. Every command prints a clear message and a non-zero exit
code on bad input; none of them writes outside the folders it is given.
"""

from __future__ import annotations

import asyncio
import random
import sys
from collections.abc import Callable
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from app import __version__, views
from app.console import ConsoleGame
from app.dm.config import ConfigError, load_dm_config
from app.dm.openai_brain import OpenAIBrain
from app.session.session import GameSession
from app.tray import DiceTray
from app.world.sandbox import sandbox_state
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


def _reader(console: Console) -> Callable[[str], str]:
    """Read a line: with a prompt on a terminal, echoed when input is piped in."""
    if sys.stdin.isatty():
        return lambda prompt: console.input(f"[bold cyan]{prompt}[/]")

    def piped(prompt: str) -> str:
        line = input()
        console.print(Text(f"> {line}", style="dim"))
        return line

    return piped


def _dice_tray(console: Console, seed: int) -> None:
    tray = DiceTray(seed, styled=console.is_terminal)
    console.print(Text("Dungeon Terminal — dice tray", style="bold"))
    console.print(Text(f"seed {seed} · type help for commands, quit to leave", style="dim"))
    read = _reader(console)
    while True:
        try:
            line = read("🎲 ")
        except (EOFError, KeyboardInterrupt):
            break
        shown = tray.handle(line)
        if shown is None:
            break
        for renderable in shown:
            console.print(renderable)
    console.print(Text("Farewell, adventurer.", style="dim"))


@app.command("dice")
def dice_command(
    seed: Annotated[int | None, typer.Option(help="Seed the dice.")] = None,
) -> None:
    """Open the dice tray: roll, check the odds, look up monsters and spells."""
    _dice_tray(_console(), seed if seed is not None else random.SystemRandom().randrange(2**32))


@app.command("play")
def play(
    seed: Annotated[int | None, typer.Option(help="Seed the dice for a repeatable game.")] = None,
    model: Annotated[str | None, typer.Option(help="DM model name.")] = None,
    base_url: Annotated[
        str | None, typer.Option(help="OpenAI-compatible endpoint, e.g. http://localhost:11434/v1")
    ] = None,
    api_key: Annotated[str | None, typer.Option(help="API key (or DUNGEON_DM_API_KEY).")] = None,
) -> None:
    """Play: with an AI DM when one is configured, else the dice tray."""
    console = _console()
    actual_seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
    try:
        config = load_dm_config(model=model, base_url=base_url, api_key=api_key)
    except ConfigError as error:
        _err_console().print(f"error: {error}", style="red")
        raise typer.Exit(EXIT_BAD_INPUT) from None
    if not config.configured:
        console.print(
            Text(
                "No AI DM is configured (set DUNGEON_DM_API_KEY, or DUNGEON_DM_BASE_URL for a "
                "local server such as Ollama). Opening the dice tray.",
                style="yellow",
            )
        )
        _dice_tray(console, actual_seed)
        return
    session = GameSession(sandbox_state(seed=actual_seed), OpenAIBrain(config))
    console.print(
        Text(f"Dungeon Terminal — DM: {config.describe()} · seed {actual_seed}", style="dim")
    )
    game = ConsoleGame(session, console, _reader(console))
    asyncio.run(game.run())
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

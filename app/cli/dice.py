"""``dungeon roll`` and ``dungeon dice``: dice at the command line, one formula at a time
or in the dice tray (rolls, odds, monsters and spells looked up)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Annotated

import typer

from app.cli.common import (
    EXIT_BAD_INPUT,
    MAX_SEED,
    console,
    err_console,
    reader,
    report_dice_error,
)

if TYPE_CHECKING:
    from rich.console import Console


def roll_command(
    expression: Annotated[
        str,
        typer.Argument(
            help="Dice formula, e.g. 4d6kh3 or 1d20+5 (one starting with '-' goes after --: "
            "dungeon roll -- -1d4+2)."
        ),
    ],
    seed: Annotated[
        int | None, typer.Option(min=0, max=MAX_SEED, help="Seed the dice for a repeatable roll.")
    ] = None,
    adv: Annotated[bool, typer.Option("--adv", help="Roll the d20 with advantage.")] = False,
    dis: Annotated[bool, typer.Option("--dis", help="Roll the d20 with disadvantage.")] = False,
    stats: Annotated[
        bool, typer.Option("--stats", help="Show minimum, maximum, mean and DC chances.")
    ] = False,
    dc: Annotated[int | None, typer.Option(help="Difficulty class to compare against.")] = None,
    times: Annotated[int, typer.Option("--times", "-n", min=1, max=100, help="Roll N times.")] = 1,
) -> None:
    """Roll dice and print every die, or with --stats the exact odds."""
    from app.display import views
    from rules.dice import Advantage, DiceError, formula_stats, roll

    if adv and dis:
        err_console().print("error: choose --adv or --dis, not both", style="red")
        raise typer.Exit(EXIT_BAD_INPUT)
    mode = Advantage.ADVANTAGE if adv else Advantage.DISADVANTAGE if dis else Advantage.NORMAL
    out = console()
    try:
        if stats:
            out.print(views.stats_table(expression, formula_stats(expression, mode), dc))
            return
        actual_seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
        rng = random.Random(actual_seed)
        for _ in range(times):
            result = roll(expression, rng, mode)
            out.print(views.roll_line(result, dc, styled=out.is_terminal))
        if seed is None:
            out.print(f"seed {actual_seed}", style="dim")
    except DiceError as error:
        report_dice_error(error)
        raise typer.Exit(EXIT_BAD_INPUT) from None


def _dice_tray(out: Console, seed: int) -> None:
    from app.console.tray import DiceTray
    from app.display.screentext import plain

    tray = DiceTray(seed, styled=out.is_terminal)
    out.print(plain("Dungeon Terminal — dice tray", style="bold"))
    out.print(plain(f"seed {seed} · type help for commands, quit to leave", style="dim"))
    read = reader(out)
    while True:
        try:
            line = read("🎲 ")
        except (EOFError, KeyboardInterrupt):
            break
        shown = tray.handle(line)
        if shown is None:
            break
        for renderable in shown:
            out.print(renderable)
    out.print(plain("Farewell, adventurer.", style="dim"))


def dice_command(
    seed: Annotated[int | None, typer.Option(min=0, max=MAX_SEED, help="Seed the dice.")] = None,
) -> None:
    """Open the dice tray: roll, check the odds, look up monsters and spells."""
    _dice_tray(console(), seed if seed is not None else random.SystemRandom().randrange(2**32))

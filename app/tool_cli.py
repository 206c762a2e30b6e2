"""``dungeon tool``: the function check. An author runs one DM tool — as the DM would call
it — in a fresh game and sees the result the DM would read and the events the players
would see."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from app.cli_common import DEFAULT_CAMPAIGN, MAX_SEED, console, load_story
from app.dm.brain import ToolCall
from app.dm.tools.sets import ALL_TOOLS
from app.screentext import plain
from app.session.runner import render_event
from app.world.newgame import new_game


def tool_command(
    name: Annotated[str, typer.Argument(help="Tool name, e.g. roll_dice.")],
    arguments: Annotated[str, typer.Argument(help="Arguments as JSON.")] = "{}",
    campaign: Annotated[str, typer.Option(help="Campaign id or folder.")] = DEFAULT_CAMPAIGN,
    seed: Annotated[
        int, typer.Option(min=0, max=MAX_SEED, help="Seed of the game the tool runs in.")
    ] = 0,
) -> None:
    """Run one DM tool in a fresh game and print its result: the function check."""
    out = console()
    state = new_game(load_story(campaign), seed=seed)
    outcome = ALL_TOOLS.execute(ToolCall("cli", name, arguments), state)
    out.print_json(json.dumps(outcome.result, ensure_ascii=False))
    for event in outcome.events:
        line = render_event(event)
        if line:
            out.print(plain(line.strip(), style="dim"))
    if not outcome.ok:
        raise typer.Exit(1)

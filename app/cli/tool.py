"""``dungeon tool``: the function check. An author runs one DM tool — as the DM would call
it — in a fresh game, a saved one, or a chosen scene with chosen flags, and sees the result
the DM would read and the events the players would see.

The game is set up first: ``--flag`` values are set, ``--scene`` walks the party in (its
restriction applies and its fight starts on a first visit, as in play), then the campaign's
triggers run as they do at the end of a turn. A loaded save is only read, never written.
Exit codes: 0 the tool did it, 1 the tool refused (as the DM would be told), 2 bad input.
The check itself is in :mod:`app.cli.tool_check`, loaded when the command runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from app.cli.common import DEFAULT_CAMPAIGN, MAX_SEED
from app.world.folders import SAVES_DIR


def tool_command(
    name: Annotated[
        str | None, typer.Argument(help="Tool name, e.g. roll_dice (--list shows them).")
    ] = None,
    arguments: Annotated[
        list[str] | None,
        typer.Argument(
            help="Arguments: one JSON object, as the DM sends it, or key=value pairs "
            "(dc=12 skill=stealth character_ids=mira,thorin)."
        ),
    ] = None,
    campaign: Annotated[
        str | None, typer.Option(help=f"Campaign id or folder (default: {DEFAULT_CAMPAIGN}).")
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(min=0, max=MAX_SEED, help="Seed of the fresh game the tool runs in (0)."),
    ] = None,
    load_save: Annotated[
        str | None,
        typer.Option(
            "--load",
            help="Run it in a saved game instead: a save name (a backup too: NAME.toml.1) or "
            "the path of a .toml file. The save is only read, never written.",
        ),
    ] = None,
    saves_dir: Annotated[Path, typer.Option(help="Folder of save files.")] = SAVES_DIR,
    scene: Annotated[
        str | None,
        typer.Option(
            help="First walk the party into this scene, as in play: its restriction applies "
            "and its fight starts on a first visit. Not out of a fight."
        ),
    ] = None,
    flags: Annotated[
        list[str] | None,
        typer.Option(
            "--flag",
            help="First set a story flag, KEY=VALUE: true, false, a whole number or text "
            "(repeatable). After --flag and --scene the campaign's triggers run.",
        ),
    ] = None,
    list_tools: Annotated[
        bool, typer.Option("--list", help="List the DM's tools in each game state.")
    ] = False,
    schema: Annotated[
        bool, typer.Option("--schema", help="Print the tool's schema as the DM is sent it.")
    ] = False,
) -> None:
    """Run one DM tool in a fresh or saved game and print its result and events: the
    function check. Exit 1 when the tool refuses, 2 on bad input."""
    from app.cli.tool_check import run_check

    run_check(
        name,
        arguments or [],
        campaign=campaign,
        seed=seed,
        load_save=load_save,
        saves_dir=saves_dir,
        scene=scene,
        flags=flags or [],
        list_tools=list_tools,
        schema=schema,
    )

"""``dungeon saves``: list, show, delete and export saved games. Bad names and damaged files
get one clear line and exit 2; a delete asks first, and never touches another game's files."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from app.cli.common import EXIT_BAD_INPUT
from app.cli.common import err_console as _err_console
from app.cli.common import refuse as _refuse
from app.cli.common import say as _say
from app.world.folders import SAVES_DIR

saves_app = typer.Typer(help="List, show and delete saved games.", no_args_is_help=True)


@saves_app.command("list")
def saves_list(
    saves_dir: Annotated[Path, typer.Option(help="Folder of save files.")] = SAVES_DIR,
) -> None:
    """Saved games, newest first; a file that cannot be loaded is marked with why."""
    from app.saves import clean_orphans, list_saves

    clean_orphans(saves_dir)  # temp files of a game killed mid-save
    found = list_saves(saves_dir)
    if not found:
        typer.echo(f"no saves in {saves_dir}")
        return
    for info in found:
        if info.problem:
            typer.echo(f"{info.name:<20} {info.label}")
            continue
        when = info.saved.strftime("%Y-%m-%d %H:%M") if info.saved else "?"
        turn = "?" if info.turn is None else str(info.turn)
        held = f"  in use ({info.held_by})" if info.held_by else ""
        typer.echo(f"{info.name:<20} {info.label:<36} turn {turn:<5} {when}{held}")


@saves_app.command("show")
def saves_show(
    name: Annotated[str, typer.Argument(help="Save name.")],
    saves_dir: Annotated[Path, typer.Option(help="Folder of save files.")] = SAVES_DIR,
    turns: Annotated[
        bool, typer.Option("--turns", help="Also print the turn log (who, why, how long).")
    ] = False,
) -> None:
    """Where a saved game stands (a backup too: ``NAME.toml.1``)."""
    from app.display.screentext import plain
    from app.saves import SaveError, load_named
    from app.session import turnlog

    try:
        loaded = load_named(name, saves_dir)
    except SaveError as error:
        _err_console().print(plain(f"error: {error}", style="red"))
        raise typer.Exit(EXIT_BAD_INPUT) from None
    state = loaded.state
    for note in loaded.notes:
        _say(f"note: {note}")
    _say(f"{state.title} ({state.campaign_id}) — turn {state.turn}, {state.scene.name}")
    for sheet in state.party.values():
        _say(f"  {sheet.name}: {sheet.vitals.hp}/{sheet.vitals.max_hp} HP")
    if state.ending:
        _say(f"  ending reached: {state.ending}")
    if turns:
        _say("")
        _say(turnlog.log_text(state))


@saves_app.command("delete")
def saves_delete(
    name: Annotated[str, typer.Argument(help="Save name.")],
    saves_dir: Annotated[Path, typer.Option(help="Folder of save files.")] = SAVES_DIR,
    yes: Annotated[
        bool, typer.Option("--yes", "-y", help="Delete without asking (needed when piped).")
    ] = False,
) -> None:
    """Delete a save and its backups (or only one backup: NAME.toml.1). There is no undo,
    so it asks first; with input piped in, --yes says it."""
    from app.display.screentext import plain
    from app.saves import SaveError, delete_save, resolve_save

    if not yes:
        try:
            target = resolve_save(name, saves_dir)
        except SaveError as error:
            _refuse(str(error))
        if not target.path.exists():
            _refuse(f"{target.path}: no such save")
        what = (
            f"the backup {target.path.name}" if target.backup else f"{target.name} and its backups"
        )
        if not sys.stdin.isatty():
            _refuse(f"deleting {what} cannot be undone: add --yes to delete it")
        if not typer.confirm(f"Delete {what}? This cannot be undone.", default=False):
            typer.echo("Nothing deleted.")
            return
    try:
        removed = delete_save(name, saves_dir)
    except SaveError as error:
        _err_console().print(plain(f"error: {error}", style="red"))
        raise typer.Exit(EXIT_BAD_INPUT) from None
    typer.echo(f"deleted {', '.join(str(p) for p in removed)}")


@saves_app.command("export")
def saves_export(
    name: Annotated[str, typer.Argument(help="Save name (or a backup: NAME.toml.1).")],
    out: Annotated[
        str | None,
        typer.Option("--out", "-o", help="File to write (default NAME.md here); - for stdout."),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
    saves_dir: Annotated[Path, typer.Option(help="Folder of save files.")] = SAVES_DIR,
) -> None:
    """Write a saved game's story as Markdown, for sharing: the party, every turn (actions,
    narration, rolls) and the ending."""
    from app.cli.story import export_story

    export_story(name, out, force=force, saves_dir=saves_dir)

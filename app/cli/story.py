"""``dungeon saves export``: a saved game's story as a Markdown file (or on stdout).

The save is only read. An existing file is never overwritten unless asked (``--force``),
and a file that cannot be written is reported in plain words, never as a traceback.
"""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from app.cli.common import EXIT_BAD_INPUT, err_console, game_file, refuse, say
from app.display.screentext import plain
from app.saves import SaveError, load_named, resolve_save
from app.saves.joining import campaign_for
from app.session.export import story_markdown


def export_story(name: str, out: str | None, *, force: bool, saves_dir: Path) -> None:
    """Load the save ``name`` from ``saves_dir`` and write its story to ``out`` (default
    ``NAME.md`` in the current folder; ``-`` prints it)."""
    try:
        target = resolve_save(name, saves_dir)
        loaded = load_named(name, saves_dir)
    except SaveError as error:
        err_console().print(plain(f"error: {error}", style="red"))
        raise typer.Exit(EXIT_BAD_INPUT) from None
    state = loaded.state
    try:  # the campaign names the ending and itself; the story is whole without it
        state.attach(campaign_for(state, target.label, saves=saves_dir))
    except SaveError:
        state.attach(None)
    text = story_markdown(state)
    if out == "-":
        for note in loaded.notes:  # stdout holds the page alone
            err_console().print(plain(f"note: {note}"))
        sys.stdout.write(text)
        return
    path = Path(out) if out else Path(f"{target.label}.md")
    if path.is_dir():
        refuse(f"{path} is a folder: give a file name with --out")
    kept = game_file(path)
    if kept is not None:  # (not even with --force: the game itself would be lost)
        refuse(f"{path} is {kept}, never written over: choose another --out")
    try:
        with path.open("w" if force else "x", encoding="utf-8", newline="\n") as file:
            file.write(text)
    except FileExistsError:
        refuse(f"{path} exists: add --force to overwrite it, or choose another --out")
    except OSError as error:
        refuse(f"could not write {path} ({(error.strerror or str(error)).lower()})")
    for note in loaded.notes:
        say(f"note: {note}")
    say(f"wrote the story of {target.label} ({len(state.history)} turns) to {path}")

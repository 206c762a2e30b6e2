"""``dungeon character``: make, list and show the player's own characters.

``character new`` asks its questions on a terminal; every answer is also a flag, so a
script can make a character in one line (``--yes`` saves it without asking). Every mistake
is one line and exit code 2 — never a traceback. The wizard itself is in
:mod:`app.cli.character_wizard`, loaded when ``new`` runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from app.cli.common import refuse, tell
from app.cli.levelling import level_up_command
from app.world.folders import CHARACTERS_DIR

EXIT_BAD_INPUT = 2
MAX_SEED = 2**63 - 1

character_app = typer.Typer(
    help="Make, list, show and level up your own characters.", no_args_is_help=True
)
character_app.command("level-up")(level_up_command)

FolderOption = Annotated[Path, typer.Option("--characters-dir", help="Folder of character files.")]


@character_app.command("new")
def new_command(
    name: Annotated[str | None, typer.Option(help="The character's name.")] = None,
    species: Annotated[str | None, typer.Option(help="Species: dwarf, elf, halfling, …")] = None,
    class_name: Annotated[
        str | None, typer.Option("--class", help="Class: fighter, wizard, rogue, …")
    ] = None,
    background: Annotated[str | None, typer.Option(help="Background: acolyte, …")] = None,
    scores: Annotated[
        str | None, typer.Option(help="How scores are made: standard, pointbuy or roll.")
    ] = None,
    assign: Annotated[
        str | None, typer.Option(help="Base scores before species increases: str=15,dex=14,…")
    ] = None,
    increase: Annotated[
        str | None, typer.Option(help="Abilities your species lets you raise by 1: dex,con")
    ] = None,
    skills: Annotated[str | None, typer.Option(help="Skills you choose, comma-separated.")] = None,
    expertise: Annotated[
        str | None, typer.Option(help="Skills for Expertise (rogues), comma-separated.")
    ] = None,
    pack: Annotated[
        int | None,
        typer.Option(min=1, max=9, help="Equipment pack of your class: 1 or 2 (piped: 1)."),
    ] = None,
    cantrips: Annotated[str | None, typer.Option(help="Cantrips, comma-separated.")] = None,
    spells: Annotated[str | None, typer.Option(help="Level-1 spells, comma-separated.")] = None,
    languages: Annotated[
        str | None, typer.Option(help="Languages you choose (the rest are filled in).")
    ] = None,
    choose: Annotated[
        list[str] | None,
        typer.Option(help="A feature choice, e.g. fighting_style=defense (repeatable)."),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(min=0, max=MAX_SEED, help="Seed the dice of rolled scores.")
    ] = None,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Save without asking.")] = False,
    folder: FolderOption = CHARACTERS_DIR,
) -> None:
    """Make a level-1 character: species, class, background, scores, skills, equipment and
    spells; review the sheet, then save it as a TOML file."""
    from app.cli.character_wizard import make_character
    from app.world.characters import CharacterFileError
    from rules.choosing import CreationError

    try:
        make_character(
            name, species, class_name, background, scores, assign, increase, skills, expertise,
            pack, cantrips, spells, languages, choose or [], seed, yes, folder,
        )  # fmt: skip
    except (CreationError, CharacterFileError) as error:
        refuse(str(error))


@character_app.command("list")
def list_command(folder: FolderOption = CHARACTERS_DIR) -> None:
    """Your characters, one a line; a file that cannot be read is listed with why."""
    from app.world.characters import list_characters

    found = list_characters(folder)
    if not found:
        typer.echo(f"no characters in {folder} (make one: dungeon character new)")
        return
    for entry in found:
        if entry.sheet is None:
            tell(f"{entry.path.name:<24} cannot be read: {entry.problem}")
            continue
        sheet = entry.sheet
        what = " ".join(p for p in (sheet.species, sheet.character_class) if p)
        tell(f"{sheet.id:<24} {sheet.name} — level {sheet.level} {what}")


@character_app.command("show")
def show_command(
    name: Annotated[str, typer.Argument(help="A character's name, id or file.")],
    folder: FolderOption = CHARACTERS_DIR,
) -> None:
    """A character's sheet."""
    from app.world.characters import CharacterFileError, find_character
    from app.world.sheettext import sheet_lines

    try:
        path, sheet = find_character(name, folder)
    except CharacterFileError as error:
        refuse(str(error))
    tell(str(path), "dim")
    for line in sheet_lines(sheet):
        tell(line)

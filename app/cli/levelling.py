"""``dungeon character level-up FILE``: take a character file one level up.

A character file is a TOML character sheet (the keys of ``[[characters]]`` in a campaign).
The level is taken by the same rules as ``/levelup`` in play: hit points rolled (on a
seeded RNG, so ``--seed`` repeats a roll) or the average, the class's features, spell slots,
an Ability Score Improvement where the level grants one, and new spells from the class's
list. The file is rewritten atomically, every earlier level kept (``FILE.1`` the level
before, ``FILE.2`` the one before that …); a refusal names
the problem and leaves the file as it was. Outside a campaign nobody awards experience, so
the character's XP is raised to the new level's threshold.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

import typer

if TYPE_CHECKING:
    from rules.abilities import Ability
    from rules.advancement import LevelUp
    from rules.character import CharacterSheet

EXIT_BAD_INPUT = 2
MAX_CHARACTER_BYTES = 256 << 10
"""A character file larger than 256 KB is refused: a real sheet is a few KB."""
MAX_SEED = 2**63 - 1
LEVELS_KEPT = 19
"""Earlier versions of a levelled file kept beside it: one for each level up to the 20th."""
_ASI = re.compile(r"^([a-zA-Z]+)\+([12])$")


class LevelFileError(ValueError):
    """A character file or an option that cannot be used; the message says which and why."""


def read_sheet(path: Path) -> CharacterSheet:
    """The character sheet in ``path`` (read as every character file is), or
    :class:`LevelFileError` naming what is wrong."""
    from app.world.characters import CharacterFileError, read_character

    try:
        return read_character(path)
    except CharacterFileError as error:
        raise LevelFileError(str(error)) from None


def parse_asi(items: list[str]) -> dict[Ability, int]:
    """``["str+2"]`` or ``["dex+1", "con+1"]`` (also ``dex+1,con+1``) as points by ability."""
    from rules.abilities import Ability

    chosen: dict[Ability, int] = {}
    for item in (part for text in items for part in text.split(",") if part.strip()):
        match = _ASI.match(item.strip())
        if match is None:
            raise LevelFileError(f"--asi {item!r}: write it as str+2, or dex+1 con+1")
        ability = Ability.parse(match.group(1))
        chosen[ability] = chosen.get(ability, 0) + int(match.group(2))
    return chosen


def write_sheet(path: Path, sheet: CharacterSheet) -> None:
    """Write the sheet as a readable TOML character file, atomically."""
    from app.saves.files import write_atomically
    from app.world.characters import character_text

    # every earlier level is kept (.1 the one before, .2 the one before that): a second
    # level-up must not overwrite the only copy of the first
    write_atomically(path, character_text(sheet).encode("utf-8"), backups=LEVELS_KEPT)


def level_up_file(
    path: Path,
    rng: random.Random,
    *,
    hp: Literal["roll", "average"],
    asi: dict[Ability, int],
    spells: list[str],
) -> LevelUp:
    """Level the character in ``path`` up and write it back; :class:`LevelFileError` says
    why not, and the file is untouched."""
    from rules.advancement import level_up, xp_for_level
    from rules.outcomes import Impossible

    sheet = read_sheet(path)
    result = level_up(sheet, rng, hp=hp, asi=asi, spells=spells)
    if isinstance(result, Impossible):
        raise LevelFileError(f"{path}: {result.reason}")
    left = result.left_to_choose()
    if left:  # (a choice not made now could never be made: the level is taken whole)
        raise LevelFileError(f"{path}: {left} (--spells)")
    result.sheet.xp = max(result.sheet.xp, xp_for_level(result.new_level))
    try:
        write_sheet(path, result.sheet)
    except OSError as error:
        raise LevelFileError(f"{path}: could not write it ({error.strerror or error})") from None
    return result


def level_up_command(
    file: Annotated[
        Path, typer.Argument(help="The character: a TOML file, or its name or id in characters/.")
    ],
    hp: Annotated[
        str, typer.Option("--hp", help="roll the hit die, or take the average.")
    ] = "roll",
    asi: Annotated[
        list[str] | None,
        typer.Option("--asi", help="Ability Score Improvement: str+2, or dex+1 con+1."),
    ] = None,
    spells: Annotated[
        list[str] | None,
        typer.Option("--spells", help="Spells to learn, by id or name (repeatable)."),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(min=0, max=MAX_SEED, help="Seed the hit-point roll.")
    ] = None,
) -> None:
    """Take the next level: hit points, features, slots, an ASI, new spells."""
    from rich.console import Console

    from app.display import views
    from app.display.screentext import plain
    from app.world.characters import CharacterFileError, find_character

    out = Console(highlight=False, soft_wrap=True)
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    if hp not in ("roll", "average"):
        err.print(plain(f"error: --hp is roll or average, not {hp!r}", style="red"))
        raise typer.Exit(EXIT_BAD_INPUT)
    used = seed if seed is not None else random.SystemRandom().randrange(MAX_SEED)
    if not file.exists() and file.suffix != ".toml":  # a name or id from the characters folder
        try:
            file = find_character(str(file))[0]
        except CharacterFileError as error:
            err.print(plain(f"error: {error}", style="red"))
            raise typer.Exit(EXIT_BAD_INPUT) from None
    try:
        result = level_up_file(
            file, random.Random(used), hp="roll" if hp == "roll" else "average",
            asi=parse_asi(asi or []), spells=[s for s in spells or [] for s in s.split(",") if s],
        )  # fmt: skip
    except (LevelFileError, ValueError) as error:
        err.print(plain(f"error: {error}", style="red"))
        raise typer.Exit(EXIT_BAD_INPUT) from None
    if result.hp_roll is not None:
        line = plain(f"hit points for level {result.new_level}: ")
        line.append_text(views.roll_line(result.hp_roll, styled=out.is_terminal))
        line.append(f"  (--seed {used} repeats it)")
        out.print(line)
    out.print(plain(result.summary()))
    out.print(plain(f"saved {file} (the previous version is {file.name}.1)"))

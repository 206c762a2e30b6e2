"""Character files: the player's own characters as TOML they can read and keep
(``characters/<id>.toml`` by default).

Written atomically like saves (:mod:`app.saves.characters`) and read here through the
game's one safe reader, so a folder, a pipe, a huge or broken file is a
:class:`CharacterFileError` naming the file and the key — never a traceback and never a
hang.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import tomli_w
from pydantic import ValidationError

from app.world import folders
from app.world.userfiles import UserFileError, read_toml
from rules.character import CharacterSheet
from rules.sheet_sense import sheet_nonsense

if TYPE_CHECKING:
    from app.world.campaign import Campaign

CHARACTERS_DIR = folders.CHARACTERS_DIR
"""Where ``dungeon character`` keeps characters unless told otherwise."""
MAX_CHARACTER_BYTES = 256 * 1024
"""A character file is a few KB; anything past this is not one."""
MOST_LISTED = 500
"""Character files listed from one folder, at most."""
HEADER = (
    "# A Dungeon Terminal character. Edit with care: the game checks every value when it\n"
    "# reads this file, and names the key it cannot use.\n"
)
_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")


class CharacterFileError(ValueError):
    """A character file that cannot be used; the message names the file and the key."""


def character_text(sheet: CharacterSheet) -> str:
    """The TOML a character file holds (names as a campaign's pregens write them)."""
    data = sheet.model_dump(mode="json", by_alias=True, exclude_none=True)
    return HEADER + tomli_w.dumps(data)


def character_path(character_id: str, folder: Path = CHARACTERS_DIR) -> Path:
    """Where the character with this id is kept."""
    if not _ID.fullmatch(character_id):
        raise CharacterFileError(f"{character_id!r} is not a character id")
    return folder / f"{character_id}.toml"


def read_character(path: Path) -> CharacterSheet:
    """The character in a file; ``CharacterFileError`` naming the file and the key."""
    try:
        data = read_toml(path, MAX_CHARACTER_BYTES)
    except UserFileError as error:
        raise CharacterFileError(str(error)) from None
    try:
        sheet = CharacterSheet.model_validate(data)
    except ValidationError as error:
        problems = [
            f"{'.'.join(str(p) for p in item['loc']) or '(top level)'}: {item['msg']}"
            for item in error.errors(include_url=False)
        ]
        raise CharacterFileError(f"{path}: {_listed(problems)}") from None
    # a sheet no rule leaves one in (21 of 5 hit points, alive at 0) would play on into a
    # save that no game loads again: refused here, naming the key
    nonsense = [f"{found.key}: {found.why}" for found in sheet_nonsense(sheet)]
    if nonsense:
        raise CharacterFileError(f"{path}: {_listed(nonsense)}")
    return sheet


def _listed(problems: list[str]) -> str:
    """The first five problems, and how many more there are."""
    more = len(problems) - 5
    extra = f" (and {more} more problem{'s' * (more > 1)})" if more > 0 else ""
    return f"{'; '.join(problems[:5])}{extra}"


@dataclass(frozen=True, slots=True)
class Listed:
    """One file of the characters folder: its character, or why it cannot be read."""

    path: Path
    sheet: CharacterSheet | None
    problem: str = ""


def list_characters(folder: Path = CHARACTERS_DIR) -> list[Listed]:
    """The character files of a folder, by name; a broken one is listed with its problem."""
    try:
        paths = sorted(p for p in folder.glob("*.toml") if not p.name.startswith("."))
    except OSError:
        return []
    found: list[Listed] = []
    for path in paths[:MOST_LISTED]:
        try:
            found.append(Listed(path, read_character(path)))
        except CharacterFileError as error:
            found.append(Listed(path, None, str(error).removeprefix(f"{path}: ")))
    return found


def find_character(name: str, folder: Path = CHARACTERS_DIR) -> tuple[Path, CharacterSheet]:
    """A character by file path, by id in ``folder`` or by name; ``CharacterFileError``
    saying which characters there are when none matches."""
    text = name.strip()
    if not text:
        raise CharacterFileError("name a character (its name, its id or its file)")
    given = Path(text)
    if text.endswith(".toml") or given.exists():
        return given, read_character(given)
    if _ID.fullmatch(text) and (folder / f"{text}.toml").is_file():
        path = folder / f"{text}.toml"
        return path, read_character(path)
    listed = list_characters(folder)
    for entry in listed:
        if entry.sheet is not None and entry.sheet.name.casefold() == text.casefold():
            return entry.path, entry.sheet
    names = ", ".join(e.sheet.name for e in listed if e.sheet is not None) or "none yet"
    raise CharacterFileError(f"no character {text!r} in {folder} (characters there: {names})")


def level_fits(sheet: CharacterSheet, campaign: Campaign) -> str | None:
    """Why a character cannot join this campaign (its level is outside the campaign's
    range), or ``None`` when it can."""
    low, high = campaign.campaign.levels
    if low <= sheet.level <= high:
        return None
    wanted = f"level {low}" if low == high else f"levels {low}-{high}"
    if sheet.level < low:
        return (
            f"{sheet.name} is level {sheet.level}; {campaign.campaign.title} is for {wanted} "
            f"characters: level it up first — {low - sheet.level} level"
            f"{'s' * (low - sheet.level > 1)}, with dungeon character level-up {sheet.id} "
            "(once per level)"
        )
    return f"{sheet.name} is level {sheet.level}; {campaign.campaign.title} is for {wanted}"


def cast_party(
    campaign: Campaign,
    by_slot: dict[str, CharacterSheet] | None = None,
    in_order: list[CharacterSheet] | None = None,
) -> dict[str, CharacterSheet]:
    """Which pregen each of the players' own characters replaces: ``by_slot`` names the
    pregen (``mira``), ``in_order`` fills the campaign's party from its first member on
    (pregens not replaced stay). ``CharacterFileError`` for a pregen the campaign lacks, too
    many characters, a character given twice, or a level outside the campaign's range."""
    slots = list(campaign.campaign.party)
    cast: dict[str, CharacterSheet] = {}
    for slot, sheet in (by_slot or {}).items():
        if slot not in slots:
            raise CharacterFileError(
                f"{slot!r} is not a character of {campaign.campaign.title} "
                f"(its party: {', '.join(slots)})"
            )
        cast[slot] = sheet
    free = [s for s in slots if s not in cast]
    extra = in_order or []
    if len(extra) > len(free):
        raise CharacterFileError(
            f"{campaign.campaign.title} has a party of {len(slots)}: "
            f"{len(extra)} characters do not fit in the {len(free)} places left"
        )
    cast.update(zip(free, extra, strict=False))
    seen: dict[str, str] = {}
    for slot, sheet in cast.items():
        if sheet.id in seen:
            raise CharacterFileError(f"{sheet.name} is given twice ({seen[sheet.id]} and {slot})")
        seen[sheet.id] = slot
        why = level_fits(sheet, campaign)
        if why is not None:
            raise CharacterFileError(why)
    names: dict[str, str] = {}  # the party as it will stand: every name its own
    for slot in slots:
        name = (cast[slot].name if slot in cast else campaign.character(slot).name).casefold()
        if name in names:
            raise CharacterFileError(
                f"two characters would be called {name.title()} ({names[name]} and {slot}): "
                "the game and the players tell them apart by name — rename one"
            )
        names[name] = slot
    return cast

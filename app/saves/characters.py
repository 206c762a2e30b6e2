"""Writing the player's character files the way saves are written: atomically, so a crash
at any moment leaves the old file or the new one, whole. (Reading them is
:mod:`app.world.characters`'s, below the saves.)"""

from __future__ import annotations

from pathlib import Path

from app.saves.files import write_atomically
from app.world.characters import (
    CHARACTERS_DIR,
    CharacterFileError,
    character_path,
    character_text,
)
from rules.character import CharacterSheet


def taken_text(path: Path, sheet: CharacterSheet) -> str:
    """Why a new character cannot be kept at ``path``: another is kept there already. A
    name with no letters or digits of its own ("🙂") is kept under a stand-in file name
    ("hero"), which is said, so nobody wonders who "hero" is."""
    bare = sheet.id.lower().replace("-", "").replace("_", "")
    own = bare in "".join(ch for ch in sheet.name.lower() if ch.isalnum())
    whose = (
        f"a character named {sheet.id}"
        if own
        else (
            f"a character (the file name {path.name} stands for {sheet.name!r}, which has no "
            "letters or digits of its own)"
        )
    )
    return f"{path}: {whose} is already kept there; choose another name"


def write_character(
    sheet: CharacterSheet, folder: Path = CHARACTERS_DIR, *, replace: bool = False
) -> Path:
    """Save a character as ``folder/<id>.toml``; ``CharacterFileError`` if one of that id
    exists and ``replace`` is not set, or the folder cannot be written."""
    path = character_path(sheet.id, folder)
    if path.exists() and not replace:
        raise CharacterFileError(taken_text(path, sheet))
    try:
        write_atomically(path, character_text(sheet).encode("utf-8"), backups=1)
    except OSError as error:
        text = (error.strerror or type(error).__name__).lower()
        raise CharacterFileError(f"{path}: cannot write it ({text})") from None
    return path

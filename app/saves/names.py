"""Save names and the folder they live in: a name can never reach outside its folder."""

from __future__ import annotations

import re
from pathlib import Path

BACKUPS = 3
"""Older versions kept beside a save, as ``<name>.toml.1`` … ``.N``."""
SAVES_DIR = Path("saves")
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}$")
_RESERVED = {
    "con",
    "prn",
    "aux",
    "nul",
    *(f"com{i}" for i in range(1, 10)),
    *(f"lpt{i}" for i in range(1, 10)),
}


class SaveError(ValueError):
    """A save that cannot be written or read. ``backup`` is the newest backup that loads."""

    def __init__(self, message: str, backup: Path | None = None) -> None:
        super().__init__(message)
        self.backup = backup


def save_path(name: str, folder: Path = SAVES_DIR) -> Path:
    """The file for a save name, refusing anything that could escape the folder."""
    clean = name.strip()
    if clean.endswith(".toml"):
        clean = clean[: -len(".toml")]
    if not _NAME.match(clean) or ".." in clean or clean.lower().split(".")[0] in _RESERVED:
        raise SaveError(
            f"bad save name {name!r}: use letters, digits, spaces, '-', '_' or '.', "
            "at most 64 characters, no folders"
        )
    return folder / f"{clean}.toml"

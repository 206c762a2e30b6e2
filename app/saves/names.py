"""Save names and the folder they live in: a name can never reach outside its folder.

A save called ``fuzz`` is the file ``fuzz.toml``; its older versions are ``fuzz.toml.1`` …
``fuzz.toml.N`` beside it. :func:`save_path` turns a name into the file a game is written
to; :func:`resolve_save` also accepts the name of a backup, so a backup an error message
names (``fuzz.toml.1``) can be loaded, shown or deleted by that very name.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

BACKUPS = 3
"""Older versions kept beside a save, as ``<name>.toml.1`` … ``.N``."""
SAVES_DIR = Path("saves")
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}")
# what a backup's file name looks like; a save may not be named like one, or its file
# ``x.toml.1.toml`` would be mistaken for a backup
_BACKUP = re.compile(r"(?P<base>.*)\.toml\.(?P<n>[0-9]+)")
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


class StaleCheckpoint(SaveError):
    """A checkpoint file of a branch of the story this game no longer has (turns taken
    back and played again another way): never this game's to go back to."""


class NotASaveFile(SaveError):
    """The path is not something a save could be: a folder, a device, a pipe, a file far
    larger than any save, or a name the game would never write."""


def _bad_name(name: str) -> SaveError:
    return SaveError(
        f"bad save name {name!r}: use letters, digits, spaces, '-', '_' or '.', "
        "at most 64 characters, no folders"
    )


def save_path(name: str, folder: Path = SAVES_DIR) -> Path:
    """The file for a save name, refusing anything that could escape the folder.

    Only spaces are trimmed: a newline, tab or any other control character makes the name
    bad (``$`` in a pattern matches before a final newline, hence ``fullmatch``)."""
    clean = name.strip(" ")
    if clean.endswith(".toml"):
        clean = clean[: -len(".toml")]
    if _NAME.fullmatch(clean) is None or ".." in clean or clean.lower().split(".")[0] in _RESERVED:
        raise _bad_name(name)
    if _BACKUP.fullmatch(clean):
        raise SaveError(
            f"bad save name {name!r}: names ending in .toml.N belong to backups; "
            "pick a name without it"
        )
    return folder / f"{clean}.toml"


@dataclass(frozen=True)
class Target:
    """A save file named by a player: the save itself or one of its backups."""

    path: Path
    name: str
    """The save's own name (``fuzz`` for ``fuzz.toml`` and ``fuzz.toml.2`` alike)."""
    backup: int = 0
    """0 for the save itself, N for its backup ``.N``."""

    @property
    def label(self) -> str:
        """How messages name it: ``fuzz`` or ``fuzz.toml.2``."""
        return self.path.name if self.backup else self.name


def resolve_save(name: str, folder: Path = SAVES_DIR) -> Target:
    """The file a player means by ``name``: ``fuzz``, ``fuzz.toml`` or a backup
    ``fuzz.toml.N`` (N from 1 to :data:`BACKUPS`), always inside ``folder``. The path of a
    file in ``folder`` names it too, as an error message shows it (``saves/fuzz.toml.1``);
    a path elsewhere is refused with how to load it."""
    given = name.strip(" ")
    if os.sep in given or (os.altsep and os.altsep in given):
        path = Path(given)
        try:
            inside = path.parent.resolve() == folder.resolve()
        except (OSError, RuntimeError, ValueError):  # a loop of links, a NUL byte
            inside = False
        if not inside:
            raise SaveError(
                f"bad save name {name!r}: a save is named without its folder; one in another "
                f"folder loads with --saves-dir {path.parent} --load {path.name}"
            )
        name = given = path.name
    match = _BACKUP.fullmatch(given)
    if match is None:
        path = save_path(name, folder)
        return Target(path, path.name[: -len(".toml")])
    base = save_path(match["base"], folder)
    digits = match["n"]
    number = int(digits) if len(digits) <= 3 else 0
    if not 1 <= number <= BACKUPS:
        raise SaveError(
            f"bad save name {name!r}: a save keeps its backups as {base.name}.1 to "
            f"{base.name}.{BACKUPS}"
        )
    return Target(base.with_name(f"{base.name}.{number}"), base.name[: -len(".toml")], number)


def target_of(path: Path) -> Target:
    """Which save (and which backup of it) a file in the saves folder is."""
    match = _BACKUP.fullmatch(path.name)
    if match is not None and len(match["n"]) <= 3 and match["base"]:
        return Target(path, match["base"], int(match["n"]))
    name = path.name[: -len(".toml")] if path.name.endswith(".toml") else path.name
    return Target(path, name)


MAX_SUFFIX = 9999
"""``name-2`` … ``name-9999``; past that a fresh name carries the time instead."""


def same_but_case(path: Path) -> Path | None:
    """Another entry in ``path``'s folder whose name differs from it only in case
    (``MyGame.toml`` beside ``mygame.toml``): on a disk that ignores case — macOS and
    Windows by default — writing one would overwrite the other."""
    try:
        names = os.listdir(path.parent)
    except OSError:
        return None
    wanted = path.name.casefold()
    for entry in names:
        if entry != path.name and entry.casefold() == wanted:
            return path.with_name(entry)
    return None


def _taken(name: str, folder: Path) -> bool:
    """A name is taken by its save or by any of its backups (a save written under it would
    rotate those backups away), also when they differ from it only in case — or by a story
    folder of that name that holds anything (see :func:`story_kept`)."""
    path = save_path(name, folder)
    names = [path, *(path.with_name(f"{path.name}.{n}") for n in range(1, BACKUPS + 1))]
    return story_kept(name, folder) or any(
        os.path.lexists(p) or same_but_case(p) is not None for p in names
    )


def story_kept(name: str, folder: Path) -> bool:
    """Whether ``<name>.story`` in the folder holds a story or checkpoints: another game's,
    whose save was renamed (it still names that folder) or lost (``--load`` restores it
    from its checkpoints). A new game under that name would write over them."""
    story = folder / f"{name}.story"
    try:
        with os.scandir(story) as entries:
            return any(True for _ in entries)
    except OSError:  # no such folder (or its own folder is none), or a file in its way
        return os.path.lexists(story)


def fresh_name(base: str, folder: Path = SAVES_DIR) -> str:
    """``base`` if no save or backup uses it in ``folder``, else the first free ``base-2``,
    ``base-3`` …. A base that is no save name (a campaign id always is) becomes ``game``."""
    try:
        save_path(base, folder)
    except SaveError:
        base = "game"
    base = base.strip()[:58].rstrip(" .")
    if not _taken(base, folder):
        return base
    for n in range(2, MAX_SUFFIX + 1):
        name = f"{base}-{n}"
        if not _taken(name, folder):
            return name
    return f"{base}-{datetime.now().strftime('%Y%m%d-%H%M%S')}"


def restored_name(name: str, folder: Path = SAVES_DIR) -> str:
    """A free save name for a game resumed from a backup of ``name``: ``fuzz-restored``,
    then ``fuzz-restored-2`` … so the save and its backups are left as they are."""
    return fresh_name(f"{name[:49].rstrip(' .')}-restored", folder)

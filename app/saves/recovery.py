"""A save whose file is gone while its copies remain: its backups (``<name>.toml.1`` …)
and the checkpoints kept in its story folder (each the autosave of a turn, under a second
name). Nothing is lost while one of them loads: the newest good copy is put back under the
save's own name when the save is loaded, and the saves listing shows the save meanwhile.

The newest copy is chosen by the turn it holds (a checkpoint is often newer than the
first backup: the backup is the save before last)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from app.saves.checkpoints import checkpoints_of
from app.saves.document import _read, load_save
from app.saves.files import write_atomically
from app.saves.names import BACKUPS, SaveError


@dataclass(frozen=True)
class Copy:
    """A good copy of a save: the file, and the turn it holds."""

    path: Path
    turn: int


def _turn(path: Path) -> int | None:
    """The turn a copy holds, or ``None`` when it is not a readable save."""
    try:
        turn = _read(path).get("turn")
    except (SaveError, RecursionError):
        return None
    return turn if isinstance(turn, int) and not isinstance(turn, bool) else None


def newest_copy(save: Path) -> Copy | None:
    """The newest copy of ``save`` that loads, among its backups and checkpoints."""
    found: list[tuple[int, float, Path]] = []
    backups = [save.with_name(f"{save.name}.{n}") for n in range(1, BACKUPS + 1)]
    checkpoints = [c.path for c in checkpoints_of(save)]
    for path in [*backups, *checkpoints]:
        if not path.is_file():
            continue
        turn = _turn(path)
        if turn is not None:
            found.append((turn, path.stat().st_mtime, path))
    for turn, _, path in sorted(found, reverse=True):
        try:
            load_save(path)
        except SaveError:
            continue
        return Copy(path, turn)
    return None


def orphans(folder: Path) -> list[str]:
    """Names of saves in ``folder`` whose own file is gone but whose backups remain."""
    try:
        names = {e.name for e in os.scandir(folder)}
    except OSError:
        return []
    stems = {
        n.rsplit(".toml.", 1)[0]
        for n in names
        if ".toml." in n and n.rsplit(".", 1)[-1].isdigit() and not n.startswith(".")
    }
    return sorted(s for s in stems if f"{s}.toml" not in names)


def restore(save: Path) -> str:
    """Put the newest good copy of a missing save back under its name; what the player is
    told (empty when the save is there, or no copy loads)."""
    if os.path.lexists(save):
        return ""
    copy = newest_copy(save)
    if copy is None:
        return ""
    write_atomically(save, copy.path.read_bytes(), backups=0)
    where = "checkpoint" if copy.path.parent.name == "checkpoints" else f"backup {copy.path.name}"
    return (
        f"The save file {save.name} was missing; it is restored from its newest good copy "
        f"(the {where}, turn {copy.turn})."
    )

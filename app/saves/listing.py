"""The saves folder as the title screen and ``dungeon saves`` show it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from app.saves.document import _read
from app.saves.names import SAVES_DIR, SaveError, save_path


@dataclass(frozen=True)
class SaveInfo:
    """What ``saves list`` shows."""

    name: str
    path: Path
    campaign: str
    title: str
    turn: int
    saved: datetime | None


def list_saves(folder: Path = SAVES_DIR) -> list[SaveInfo]:
    """Saves in a folder, newest first; damaged ones are listed with what is known."""
    infos = []
    for path in folder.glob("*.toml"):
        try:
            data = _read(path)
            saved = data.get("saved")
            infos.append(
                SaveInfo(
                    path.stem,
                    path,
                    str(data.get("campaign", "?")),
                    str(data.get("title", "")),
                    int(data.get("turn", 0)),
                    saved if isinstance(saved, datetime) else None,
                )
            )
        except SaveError:
            infos.append(SaveInfo(path.stem, path, "?", "(damaged)", 0, None))
    return sorted(infos, key=lambda i: i.path.stat().st_mtime, reverse=True)


def delete_save(name: str, folder: Path = SAVES_DIR) -> list[Path]:
    """Remove a save and its backups; returns the files removed."""
    path = save_path(name, folder)
    if not path.exists():
        raise SaveError(f"{path}: no such save")
    removed = []
    for candidate in [path, *(path.with_name(f"{path.name}.{n}") for n in range(1, 10))]:
        if candidate.exists():
            candidate.unlink()
            removed.append(candidate)
    return removed

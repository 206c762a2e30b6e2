"""Writing a file so that a crash at any moment leaves the old version or the new one."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from app.saves.names import BACKUPS


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):  # not every platform can fsync a directory
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_atomically(path: Path, data: bytes, backups: int = BACKUPS) -> None:
    """Write ``data`` to ``path`` so that a crash at any moment leaves either the old file
    or the new one, whole; the replaced versions rotate into ``.1`` … ``.backups``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    if path.exists() and backups > 0:
        for n in range(backups - 1, 0, -1):
            older = path.with_name(f"{path.name}.{n}")
            if older.exists():
                os.replace(older, path.with_name(f"{path.name}.{n + 1}"))
        # hard-link keeps the current save in place until the rename below
        first = path.with_name(f"{path.name}.1")
        with contextlib.suppress(FileNotFoundError):
            first.unlink()
        try:
            os.link(path, first)
        except OSError:
            first.write_bytes(path.read_bytes())
    os.replace(tmp, path)
    _fsync_dir(path.parent)

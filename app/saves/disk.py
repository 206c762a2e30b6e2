"""Every change a game makes on disk while saving — each write, flush to disk, rename, link
and removal of a save, its story and its checkpoints — goes through this module.

Keeping them in one place is what lets a save be proved safe: a test installs a fault hook
(:func:`set_fault_hook`) that stops the game dead at any chosen step, or makes one fail as a
full disk would, and then checks that what is on disk still loads as the game before the
change or the game after it. The game itself never installs a hook; with none, each helper
is the plain system call.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

FaultHook = Callable[[str, Path, bytes], None]
"""Called before each step with what it does (``write``, ``fsync``, ``rename``, ``link``,
``unlink``, ``mkdir``), the file it does it to, and for a write the bytes to be written."""

_hook: FaultHook | None = None


def set_fault_hook(hook: FaultHook | None) -> FaultHook | None:
    """Install ``hook`` (``None`` removes it); returns the one it replaces."""
    global _hook
    previous, _hook = _hook, hook
    return previous


def _step(kind: str, path: Path | str, data: bytes = b"") -> None:
    if _hook is not None:
        _hook(kind, Path(path), data)


def write(handle: BinaryIO, data: bytes, path: Path) -> None:
    """Write ``data`` to the open file ``handle`` (which is ``path``)."""
    _step("write", path, data)
    handle.write(data)


def sync(handle: BinaryIO, path: Path) -> None:
    """Flush the open file ``handle`` (which is ``path``) to the disk."""
    _step("fsync", path)
    handle.flush()
    os.fsync(handle.fileno())


def replace(source: Path | str, target: Path | str) -> None:
    """Rename ``source`` to ``target``, over whatever ``target`` was (atomic)."""
    _step("rename", Path(target))
    os.replace(source, target)


def link(source: Path | str, target: Path | str) -> None:
    """A second name, ``target``, for the file ``source``."""
    _step("link", Path(target))
    os.link(source, target)


def unlink(path: Path | str) -> None:
    """Remove the file ``path``."""
    _step("unlink", Path(path))
    os.unlink(path)


def mkdir(path: Path) -> None:
    """Make the folder ``path`` (and its parents) unless it is there."""
    if not path.is_dir():
        _step("mkdir", path)
    path.mkdir(parents=True, exist_ok=True)

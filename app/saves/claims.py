"""One game per save at a time: a save being played is claimed by the process playing it.

Two games writing one save — the same save continued in two terminals — would append to
one story and rotate one set of backups, and could leave nothing that loads. So the game
that resumes or first writes a save claims it: an operating-system lock on a small file
beside it (``.<name>.toml.lock``, through the ``filelock`` package), which the system lets
go of when the process ends, however it ends — a crashed game never leaves a save locked.
A second process is refused, and told which game holds the save (its process id, and since
when), read from a note the holder writes beside the lock (``.<name>.toml.in-use``).

Within one process a claim is held once: claiming a save this process holds is a no-op, so
a game resumed, saved and resumed again in one sitting never locks itself out.
"""

from __future__ import annotations

import contextlib
import os
import socket
import threading
from datetime import datetime
from pathlib import Path

from filelock import FileLock, Timeout

from app.saves.names import SaveError
from app.world.userfiles import UserFileError, read_bytes


class SaveInUse(SaveError):
    """Another game (another process) is playing this save right now."""


_held: dict[str, FileLock] = {}
_guard = threading.Lock()


def _lock_file(save: Path) -> Path:
    return save.with_name(f".{save.name}.lock")


def _note_file(save: Path) -> Path:
    return save.with_name(f".{save.name}.in-use")


def _key(save: Path) -> str:
    return os.path.abspath(save)


def _holder(save: Path) -> str:
    """Who holds a save, as the holder wrote it (empty when there is no readable note)."""
    with contextlib.suppress(UserFileError, UnicodeDecodeError):
        return read_bytes(_note_file(save), 512).decode("utf-8").strip()
    return ""


def claim(save: Path) -> None:
    """Claim ``save`` for this process (nothing to do when it already holds it). Raises
    :class:`SaveInUse` naming the other game when another process holds it. A folder where
    no lock can be made (read-only, a file system without locks) claims nothing: the game
    then plays as before, and its saves say what fails."""
    key = _key(save)
    with _guard:
        if key in _held:
            return
        lock = FileLock(_lock_file(save), timeout=0, thread_local=False)
        try:
            lock.acquire()
        except Timeout:
            who = _holder(save)
            raise SaveInUse(
                f"{save}: this save is being played in another window"
                f"{f' ({who})' if who else ''}; go on with it there, or close that game "
                "first (a game that crashed lets go of it by itself)"
            ) from None
        except OSError:
            return
        _held[key] = lock
        note = f"process {os.getpid()} on {socket.gethostname()}, since {_now()}"
        with contextlib.suppress(OSError):
            _note_file(save).write_text(note + "\n", encoding="utf-8")


def _now() -> str:
    return datetime.now().strftime("%H:%M on %d %b")


def release(save: Path) -> None:
    """Let go of ``save`` (nothing to do when this process does not hold it)."""
    with _guard:
        lock = _held.pop(_key(save), None)
        if lock is None:
            return
        with contextlib.suppress(OSError):
            _note_file(save).unlink()
        with contextlib.suppress(OSError):
            lock.release()


def in_use(save: Path) -> str | None:
    """Who holds ``save`` when another process does (``None`` when it is free or ours)."""
    if _key(save) in _held or not os.path.lexists(_lock_file(save)):
        return None  # a game that holds a save has made its lock file
    lock = FileLock(_lock_file(save), timeout=0, thread_local=False)
    try:
        lock.acquire()
    except Timeout:
        return _holder(save) or "another game"
    except OSError:
        return None
    with contextlib.suppress(OSError):
        lock.release()
    return None


def forget_claim(save: Path) -> list[Path]:
    """Remove the lock file of a save that is gone (deleted, and played by nobody)."""
    removed = []
    for path in (_lock_file(save), _note_file(save)):
        with contextlib.suppress(OSError):
            path.unlink()
            removed.append(path)
    return removed

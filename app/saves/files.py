"""Save files on disk: written so that a crash at any moment leaves the old version or
the new one, read so that nothing in the saves folder (a pipe, a device, a loop of links, a
huge file) can hang or crash the game, and temp files of killed writers cleaned up."""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path

from app.saves import disk
from app.saves.names import BACKUPS, NotASaveFile, SaveError
from app.world.userfiles import NotAFile, UserFileError, read_bytes

Identity = tuple[int, int, int, int]
"""A file as it was left: device, inode, size, modification time."""


def identity(path: Path) -> Identity | None:
    """The file at ``path`` as it is now (``None`` when there is none): a game compares it
    with what it last wrote to tell its own file from one someone else wrote since."""
    try:
        st = path.lstat()
    except OSError:
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):  # not every platform can fsync a directory
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def files_named(folder: Path, pattern: re.Pattern[str]) -> list[tuple[re.Match[str], Path]]:
    """The plain files in ``folder`` whose whole name matches ``pattern``, with the match
    (links, folders and anything else are passed over; a folder that cannot be read has
    none)."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    found = []
    for entry in entries:
        match = pattern.fullmatch(entry.name)
        with contextlib.suppress(OSError):
            if match and entry.is_file(follow_symlinks=False):
                found.append((match, Path(entry.path)))
    return found


def write_atomically(path: Path, data: bytes, backups: int = BACKUPS) -> None:
    """Write ``data`` to ``path`` so that a crash at any moment leaves either the old file
    or the new one, whole; the replaced versions rotate into ``.1`` … ``.backups``."""
    disk.mkdir(path.parent)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "wb") as handle:
            disk.write(handle, data, tmp)
            disk.sync(handle, tmp)
    except OSError:  # a full disk, a lost device: nothing half-written left behind to
        with contextlib.suppress(OSError):  # eat the little space there is
            tmp.unlink()
        raise
    if path.exists() and backups > 0:
        for n in range(backups - 1, 0, -1):
            older = path.with_name(f"{path.name}.{n}")
            if older.exists():
                disk.replace(older, path.with_name(f"{path.name}.{n + 1}"))
        # hard-link keeps the current save in place until the rename below
        first = path.with_name(f"{path.name}.1")
        with contextlib.suppress(FileNotFoundError):
            disk.unlink(first)
        try:
            disk.link(path, first)
        except OSError:  # a file system without hard links: a copy, written whole first
            write_atomically(first, path.read_bytes(), backups=0)
    disk.replace(tmp, path)
    _fsync_dir(path.parent)


MAX_SAVE_BYTES = 16 * 1024 * 1024
"""The largest file read as a save. A long campaign's save is well under a megabyte; a file
past this is not a save, and reading it whole would only stall the game."""


def read_save_text(path: Path, limit: int = MAX_SAVE_BYTES) -> str:
    """The text of a save file, read through the game's one safe reader (a regular file
    only, at most ``limit`` bytes, never a hang on a pipe or a device). Anything else is a
    :class:`SaveError` naming the file and the reason — :class:`NotASaveFile` when what is
    there is no save at all — never a traceback."""
    try:
        data = read_bytes(path, limit)
    except NotAFile as error:
        raise NotASaveFile(f"{path}: not a save file — {error.what}") from None
    except UserFileError as error:
        text = str(error).removeprefix(f"{path}: ")
        if text == "no such file":
            raise SaveError(f"{path}: no such save") from None
        raise SaveError(f"{path}: {text.replace('cannot read (', 'cannot read it (')}") from None
    try:
        return data.decode("utf-8").removeprefix("\ufeff")  # an editor's byte-order mark
    except UnicodeDecodeError as error:
        raise SaveError(
            f"{path}: the file is damaged — not UTF-8 text (byte {error.start})"
        ) from None


_TEMP = re.compile(r"\.(?P<save>.+\.toml)\.(?P<pid>[1-9][0-9]{0,9})\.tmp")
"""The temporary file :func:`write_atomically` writes before its rename."""


def _running(pid: int) -> bool:
    """Whether a process with this id exists (conservatively: yes when unsure)."""
    if os.name == "nt":  # os.kill(pid, 0) would terminate it there
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):  # PermissionError: it exists, and is someone else's
        return True
    return True


def clean_orphans(folder: Path) -> list[Path]:
    """Remove the temporary files that writers killed mid-save left in ``folder`` (a
    SIGKILL or a power cut between writing and renaming); returns what was removed.

    Only files named as :func:`write_atomically` names them, and only when the process
    that wrote one is gone: a live process may be another game saving right now. A folder
    that cannot be read is left alone, quietly — nothing in it is at stake."""
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        match = _TEMP.fullmatch(entry.name)
        if match is None or int(match["pid"]) == os.getpid() or _running(int(match["pid"])):
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            disk.unlink(entry.path)
        except OSError:
            continue
        removed.append(Path(entry.path))
    return removed

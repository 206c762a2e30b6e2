"""Reading the files a user hands the game: campaigns, the config file, scripts and
recorded DM replies.

Whatever is at the path — a folder, a FIFO that nobody writes to, ``/dev/zero``, a file
of gigabytes, bytes that are not UTF-8, TOML nested a thousand levels deep — the answer
is either the text (or TOML data) or a :class:`UserFileError` whose message names the
file and says what is wrong with it. Nothing here blocks, and nothing reads more than the
limit it is given.
"""

from __future__ import annotations

import errno
import os
import stat
import tomllib
from pathlib import Path
from typing import Any

MAX_DEPTH = 40
"""Tables and arrays inside each other, at most: deeper than any real file, shallow enough
that no recursive check (pydantic's, the condition evaluators') can run out of stack."""


class UserFileError(ValueError):
    """A file that cannot be used; the message starts with its path."""


def _size(count: int) -> str:
    if count >= 1 << 20:
        return f"{count / (1 << 20):.3g} MB"
    return f"{count / 1024:.0f} KB" if count >= 1024 else f"{count} bytes"


class NotAFile(UserFileError):
    """Something at the path that is not a regular file, or a file far larger than what it
    claims to be. ``what`` says which, in a few words (``a folder``, ``over 16 MB``)."""

    def __init__(self, message: str, what: str) -> None:
        super().__init__(message)
        self.what = what


_OPEN_FLAGS = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
# O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever; on a
# regular file it changes nothing. O_NOCTTY: a terminal device never becomes ours.


def reason(error: OSError) -> str:
    """Why a file could not be opened or read, in a player's words."""
    if error.errno == errno.ELOOP:
        return "a symbolic link that loops"
    if isinstance(error, PermissionError):
        return "permission denied"
    return (error.strerror or type(error).__name__).lower()


def read_bytes(path: Path, limit: int) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes.

    Opened without blocking (a FIFO with no writer would otherwise wait forever) and
    checked to be a regular file before a byte is read (a symbolic link is followed only to
    one); never reads more than ``limit + 1`` bytes, so a file that grows or lies about its
    size is caught too."""
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except FileNotFoundError:
        try:
            target = os.readlink(path)  # a broken link: say where it points
        except OSError:
            raise UserFileError(f"{path}: no such file") from None
        raise UserFileError(f"{path}: a link to {target!r}, which does not exist") from None
    except OSError as error:
        raise UserFileError(f"{path}: cannot read ({reason(error)})") from None
    except ValueError:  # a name with a NUL byte in it
        raise UserFileError(f"{path}: cannot read (not a usable file name)") from None
    chunks: list[bytes] = []
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise NotAFile(f"{path}: is a folder, not a file", "a folder")
        if not stat.S_ISREG(info.st_mode):
            what = "a device, pipe or socket"
            raise NotAFile(f"{path}: is not a regular file ({what})", what)
        total = 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as error:
        raise UserFileError(f"{path}: cannot read ({reason(error)})") from None
    finally:
        os.close(fd)
    if total > limit:
        raise NotAFile(
            f"{path}: too large (more than {_size(limit)}; files this game reads are far smaller)",
            f"over {_size(limit)}",
        )
    return b"".join(chunks)


def decode(data: bytes, path: Path) -> str:
    """UTF-8 text (a byte-order mark is allowed and dropped); the error gives the line."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise UserFileError(
            f"{path}: line {line}: not UTF-8 text (byte {error.start + 1} cannot be read); "
            "save the file as UTF-8"
        ) from None


def read_text(path: Path, limit: int) -> str:
    """A UTF-8 text file of at most ``limit`` bytes."""
    return decode(read_bytes(path, limit), path)


def _where(keys: list[str | int]) -> str:
    text = ""
    for key in keys:
        text += f"[{key}]" if isinstance(key, int) else (f".{key}" if text else str(key))
    return text or "(top level)"


Chain = tuple[str | int, "Chain"] | None
"""A key path as a linked list, innermost key first: cheap to extend at every table."""


def too_deep(data: object, limit: int = MAX_DEPTH) -> str | None:
    """Where ``data`` (TOML or JSON values) nests tables and arrays more than ``limit``
    deep, or ``None``. Walks without recursion, so any depth can be measured, and does
    next to nothing per plain value (a file of a million numbers is walked in a blink)."""
    if not isinstance(data, dict | list):
        return None
    stack: list[tuple[dict[Any, Any] | list[Any], int, Chain]] = [(data, 0, None)]
    while stack:
        value, depth, chain = stack.pop()
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, child in items:
            if depth >= limit:
                keys: list[str | int] = []
                link: Chain = (key, chain)
                while link is not None:
                    keys.append(link[0])
                    link = link[1]
                keys.reverse()
                shown = [*keys[:6], "…", *keys[-2:]] if len(keys) > 10 else keys
                return _where(shown)
            if isinstance(child, dict | list):
                stack.append((child, depth + 1, (key, chain)))
    return None


def parse_toml(text: str, path: Path, depth: int = MAX_DEPTH) -> dict[str, Any]:
    """TOML data, nested at most ``depth`` deep; errors name the file and the line."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise UserFileError(f"{path}: not valid TOML: {error}") from None
    except RecursionError:
        raise UserFileError(
            f"{path}: not valid TOML here: arrays or tables nested too deeply to read "
            f"(at most {depth} levels)"
        ) from None
    where = too_deep(data, depth)
    if where is not None:
        raise UserFileError(f"{path}: {where}: nested more than {depth} levels deep")
    return data


def read_toml(path: Path, limit: int, depth: int = MAX_DEPTH) -> dict[str, Any]:
    """A TOML file of at most ``limit`` bytes, nested at most ``depth`` deep."""
    return parse_toml(read_text(path, limit), path, depth)

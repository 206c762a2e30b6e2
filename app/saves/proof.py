"""The last line of a save, which proves the file is whole.

Every save ends with one comment line::

    # end of save · sha256 <64 hex digits>

The digest is the SHA-256 of every line above it except the ``saved = …`` timestamp, so it
names the game rather than the moment it was written: two saves of the same game carry the
same digest, which is how an identical autosave is recognised without parsing the old file
(see :func:`sealed_digest`).

A file cut short — by a crash of the disk, a copy that stopped, an editor that truncated
it — has lost this line, and is refused: TOML alone cannot tell a file cut at a line
boundary from a whole one. A file whose line is there but whose digest no longer matches
was changed after it was written: a hand edit (or damage), which is loaded only if it passes
every sense check, and the player is told. The line is a comment, so the file stays plain
TOML that any editor can open; an editor only has to keep the last line.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

MARKER = "# end of save · sha256 "
"""How the proof line begins."""
_LINE = re.compile(r"# end of save · sha256 ([0-9a-f]{64})[ \t]*")
_SAVED = re.compile(r"^saved[ \t]*=[^\n]*\n", re.MULTILINE)
_TAIL_BYTES = 256
"""Enough of the file's end to hold the proof line (it is 88 bytes)."""


class Wholeness(StrEnum):
    """What the proof line says about a file."""

    WHOLE = "whole"
    """The line is there and the digest matches: the file is exactly what the game wrote."""
    EDITED = "edited"
    """The line is there but the digest differs: changed after it was written."""
    MISSING = "missing"
    """No proof line at the end: cut short (or written before saves carried one)."""


@dataclass(frozen=True)
class Proof:
    """A save's text split into its TOML body and what its last line proves."""

    body: str
    wholeness: Wholeness


def _header_end(body: str) -> int:
    """Where the top-level keys end (the first table header), so that only the top-level
    ``saved`` key is left out of the digest, never a line of a table."""
    index = body.find("\n[")
    return len(body) if index < 0 else index + 1


def digest(body: str) -> str:
    """SHA-256 of a save's body without its ``saved`` timestamp line."""
    end = _header_end(body)
    header = _SAVED.sub("", body[:end], count=1)
    hasher = hashlib.sha256(header.encode("utf-8"))
    hasher.update(body[end:].encode("utf-8"))
    return hasher.hexdigest()


def seal(body: str) -> tuple[str, str]:
    """The body with its proof line appended, and the digest it carries."""
    if not body.endswith("\n"):
        body += "\n"
    found = digest(body)
    return f"{body}{MARKER}{found}\n", found


def examine(text: str) -> Proof:
    """Split a save's text into body and proof. Blank lines after the proof line are
    allowed (an editor may add one); anything else after it means the line is not the last
    one, which counts as missing."""
    stripped = text.rstrip()
    start = stripped.rfind("\n") + 1
    match = _LINE.fullmatch(stripped[start:])
    if match is None:
        return Proof(text, Wholeness.MISSING)
    body = text[:start]
    matches = digest(body) == match.group(1)
    return Proof(body, Wholeness.WHOLE if matches else Wholeness.EDITED)


def _regular(path: Path) -> bool:
    """A plain file (opening a FIFO or a device to compare it would block or never end)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def sealed_digest(path: Path) -> str | None:
    """The digest a save's proof line carries, read from the file's last bytes only
    (``None`` if there is no file or no proof line). It says what the game wrote, not what
    the file holds now: confirm with :func:`is_whole` before relying on it."""
    if not _regular(path):
        return None
    try:
        with open(path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            handle.seek(max(0, size - _TAIL_BYTES))
            tail = handle.read(_TAIL_BYTES)
    except OSError:
        return None
    lines = tail.decode("utf-8", errors="replace").rstrip().rsplit("\n", 1)
    match = _LINE.fullmatch(lines[-1])
    return match.group(1) if match else None


def is_whole(path: Path, expected: str) -> bool:
    """Whether the file is whole and its content has digest ``expected``."""
    if not _regular(path):
        return False
    try:
        text = path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    proof = examine(text)
    return proof.wholeness is Wholeness.WHOLE and digest(proof.body) == expected

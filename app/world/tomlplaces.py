"""Where each key of a TOML file is: line and column, so a campaign's problems can point at
the very place an author must change.

``tomllib`` returns values without positions, and no small PyPI parser exposes them, so
this module scans the text once more, recording where each key path begins: table
headers (``[scenes.inn]``), arrays of tables (``[[endings]]``, counted), ``key = value``
lines, dotted keys, inline tables and arrays spread over several lines. It reads only
what ``tomllib`` has already accepted, so it does not judge the syntax: on anything it
does not follow it stops and keeps what it found.

A key path is a tuple of table keys and array indexes — ``("scenes", "inn", "exits", 0,
"to")``, the same shape as a pydantic error's ``loc``. :func:`place` falls back to the
nearest enclosing key that was found, so a missing key points at its table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

Path = tuple[str | int, ...]

_BARE = re.compile(r"[A-Za-z0-9_-]+")
_SCALAR_END = re.compile(r"[,\]}\n#]")


class _Stop(Exception):
    """The text took a turn this scanner does not follow; keep what was found."""


@dataclass
class Places:
    """The positions of one file's keys (1-based line and column)."""

    found: dict[Path, tuple[int, int]] = field(default_factory=dict)

    def place(self, path: Path) -> tuple[int, int] | None:
        """Where ``path`` is, or its nearest enclosing key that is; None if none is."""
        for end in range(len(path), 0, -1):
            spot = self.found.get(tuple(path[:end]))
            if spot is not None:
                return spot
        return None


class _Scanner:
    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0
        self.places = Places()
        self.table: Path = ()
        self.counts: dict[Path, int] = {}
        """Arrays of tables: path (with indexes resolved) -> elements so far."""
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

    # -- positions ----------------------------------------------------------------------
    def where(self, index: int) -> tuple[int, int]:
        lo, hi = 0, len(self.line_starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.line_starts[mid] <= index:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1, index - self.line_starts[lo] + 1

    def mark(self, path: Path, index: int) -> None:
        self.places.found.setdefault(path, self.where(index))

    # -- characters ---------------------------------------------------------------------
    def peek(self, n: int = 1) -> str:
        return self.text[self.i : self.i + n]

    def skip_blank(self, newlines: bool) -> None:
        """Spaces, tabs, comments and (when ``newlines``) line breaks."""
        while self.i < len(self.text):
            c = self.text[self.i]
            if c in " \t\r" or (newlines and c == "\n"):
                self.i += 1
            elif c == "#":
                end = self.text.find("\n", self.i)
                self.i = len(self.text) if end < 0 else end
            else:
                return

    # -- keys ---------------------------------------------------------------------------
    def key(self) -> list[tuple[str, int]]:
        """A dotted key: each part with where it starts."""
        parts = []
        while True:
            self.skip_blank(False)
            start = self.i
            if self.peek() in ('"', "'"):
                parts.append((self.string_value(), start))
            else:
                match = _BARE.match(self.text, self.i)
                if match is None:
                    raise _Stop
                parts.append((match.group(), start))
                self.i = match.end()
            self.skip_blank(False)
            if self.peek() != ".":
                return parts
            self.i += 1

    def string_value(self) -> str:
        quote = self.peek()
        if self.peek(3) == quote * 3:
            end = self.text.find(quote * 3, self.i + 3)
            if end < 0:
                raise _Stop
            while self.text[end + 3 : end + 4] == quote:  # """a"""" ends one quote later
                end += 1
            value = self.text[self.i + 3 : end]
            self.i = end + 3
            return value
        j = self.i + 1
        while j < len(self.text) and self.text[j] != quote:
            if self.text[j] == "\n":
                raise _Stop
            j += 2 if quote == '"' and self.text[j] == "\\" else 1
        value = self.text[self.i + 1 : j]
        self.i = j + 1
        return value

    # -- values -------------------------------------------------------------------------
    def value(self, path: Path) -> None:
        self.skip_blank(False)
        c = self.peek()
        if c in ('"', "'"):
            self.string_value()
        elif c == "[":
            self.array(path)
        elif c == "{":
            self.inline_table(path)
        else:
            match = _SCALAR_END.search(self.text, self.i)
            self.i = len(self.text) if match is None else match.start()

    def array(self, path: Path) -> None:
        self.i += 1
        n = 0
        while True:
            self.skip_blank(True)
            if self.peek() == "]":
                self.i += 1
                return
            if not self.peek():
                raise _Stop
            self.mark((*path, n), self.i)
            self.value((*path, n))
            n += 1
            self.skip_blank(True)
            if self.peek() == ",":
                self.i += 1

    def inline_table(self, path: Path) -> None:
        self.i += 1
        while True:
            self.skip_blank(True)
            if self.peek() == "}":
                self.i += 1
                return
            if not self.peek():
                raise _Stop
            self.key_value(path)
            self.skip_blank(True)
            if self.peek() == ",":
                self.i += 1

    def key_value(self, table: Path) -> None:
        parts = self.key()
        path = table
        for name, start in parts:
            path = (*path, name)
            self.mark(path, start)
        self.skip_blank(False)
        if self.peek() != "=":
            raise _Stop
        self.i += 1
        self.value(path)

    # -- tables -------------------------------------------------------------------------
    def resolve(self, names: list[str]) -> Path:
        """A header's path with the index of each array of tables it passes through."""
        path: Path = ()
        for name in names:
            path = (*path, name)
            if path in self.counts:
                path = (*path, self.counts[path] - 1)
        return path

    def header(self) -> None:
        start = self.i
        double = self.peek(2) == "[["
        self.i += 2 if double else 1
        names = [name for name, _ in self.key()]
        self.skip_blank(False)
        if self.peek(2 if double else 1) != ("]]" if double else "]"):
            raise _Stop
        self.i += 2 if double else 1
        if double:
            parent = self.resolve(names[:-1])
            base = (*parent, names[-1])
            index = self.counts.get(base, 0)
            self.counts[base] = index + 1
            self.mark(base, start)
            self.table = (*base, index)
        else:
            self.table = self.resolve(names)
        for end in range(1, len(self.table) + 1):  # tables only implied by this header
            self.mark(self.table[:end], start)

    def document(self) -> Places:
        try:
            while True:
                self.skip_blank(True)
                if self.i >= len(self.text):
                    break
                if self.peek() == "[":
                    self.header()
                else:
                    self.key_value(self.table)
        except (_Stop, IndexError):
            pass  # keep what was found: a place for most keys beats none
        return self.places


def locate(text: str) -> Places:
    """The positions of every key in a TOML document."""
    return _Scanner(text).document()


_STEP = re.compile(r"\[(\d+)\]|\.?([^.\[\s]+)")


def parse_path(where: str) -> Path:
    """A key path as the validator writes it (``scenes.inn.exits[1].to``, with any
    ``(id)`` note dropped) as a tuple (``("scenes", "inn", "exits", 1, "to")``)."""
    where = re.sub(r"\s*\([^)]*\)", "", where)
    path: list[str | int] = []
    for match in _STEP.finditer(where):
        index, name = match.groups()
        path.append(int(index) if index is not None else name)
    return tuple(path)


def dotted(path: Path) -> str:
    """A key path written as an author reads it: ``scenes.inn.exits[1].to``."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out

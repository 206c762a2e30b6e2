"""Text from files made safe to print: no escape sequences, no control characters.

A terminal obeys what it prints. Campaign text, saved games and names given on the command
line are written by people (or by a model) the game does not control, and a ``\\x1b[2J`` in
a title would clear the screen, an OSC sequence would retitle the window. Campaigns refuse
such text with the file and the key named (:func:`controls_in`); saves and anything else
are cleaned (:func:`printable`) — line breaks and tabs are kept, they are part of prose.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

ESCAPES = re.compile(
    r"(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f]).*?(?:\x07|\x1b\\|\x9c|$)"
    r"|(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?"
    r"|\x1b[ -/]*[0-~]?",
    re.DOTALL,
)
"""ECMA-48 sequences, 7-bit and 8-bit: control strings (OSC, DCS, SOS, PM, APC — ended by
BEL or ST, or cut off by the end of the text), control sequences (CSI … final byte), and
two-character escapes. Matching whole sequences keeps their parameters ("31m", a window
title) from leaking into the text once the ESC itself is gone."""

PROSE = frozenset("\n\t")
"""Controls that prose legitimately holds."""

_ALLOWED_IN_FILES = PROSE | {"\r"}
"""A campaign written on Windows may keep its carriage returns; they are never printed."""

_WITHOUT_PROSE = str.maketrans("", "", "".join(PROSE))
"""Deletes prose's line breaks and tabs: what is left of clean prose is all printable (an
escape sequence, a control or a hidden format character never is)."""


HIDDEN = frozenset(
    "\u00ad\u061c\u180e\u200b\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
    "\u2060\u2061\u2062\u2063\u2064\u2066\u2067\u2068\u2069\ufeff"
)
"""Format characters that only hide or reorder what is shown: the bidirectional overrides
and isolates (U+202E turns "txt.exe" round), zero-width spaces and joiners of words, the
soft hyphen and byte-order marks. They are removed like controls. (The zero-width joiner
and non-joiner stay: emoji sequences and several scripts need them.)"""


def _control(char: str) -> bool:
    return char in HIDDEN or unicodedata.category(char) in ("Cc", "Cs")


def printable(text: str) -> str:
    """``text`` without escape sequences or control characters, line breaks and tabs kept
    (a carriage return is dropped: it would move the cursor back over the line)."""
    if text.isprintable() or text.translate(_WITHOUT_PROSE).isprintable():
        return text  # the common case (prose: printable but for its line breaks and tabs)
    text = ESCAPES.sub("", text)
    return "".join(c for c in text if c in PROSE or not _control(c))


def first_control(text: str) -> str | None:
    """The first escape or control character in ``text`` (line breaks, tabs and carriage
    returns allowed) as ``U+001B``, or ``None``."""
    if text.isprintable():
        return None
    for char in text:
        if char not in _ALLOWED_IN_FILES and _control(char):
            return f"U+{ord(char):04X}"
    return None


def _where(path: tuple[str | int, ...]) -> str:
    text = ""
    for key in path:
        text += f"[{key}]" if isinstance(key, int) else (f".{key}" if text else str(key))
    return text or "(top level)"


def controls_in(data: Any, limit: int = 20) -> list[str]:
    """Where ``data`` (TOML values) holds a key or a string with a control character, as
    ``scenes.cellar.description: U+001B`` — at most ``limit`` places. Walks without
    recursion, so any depth is safe."""
    found: list[str] = []
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(data, ())]
    while stack and len(found) < limit:
        value, path = stack.pop()
        if isinstance(value, str):
            char = first_control(value)
            if char is not None:
                found.append(f"{_where(path)}: {char}")
        elif isinstance(value, dict):
            for key, child in reversed(list(value.items())):
                char = first_control(str(key))
                if char is not None:
                    found.append(f"{_where((*path, printable(str(key))))}: {char} in the key")
                stack.append((child, (*path, printable(str(key)))))
        elif isinstance(value, list):
            stack.extend((child, (*path, i)) for i, child in reversed(list(enumerate(value))))
    return found[:limit]


def scrub(data: Any) -> list[str]:
    """Make every string value in ``data`` (TOML or JSON tables and arrays) :func:`printable`
    in place; returns where text was changed (keys are kept: ids are checked where they are
    used). Walks without recursion, so any depth is safe."""
    changed: list[str] = []
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(data, ())]
    while stack:
        value, path = stack.pop()
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, child in list(items):
            if isinstance(child, str):
                clean = printable(child)
                if clean != child:
                    value[key] = clean
                    changed.append(_where((*path, key)))
            elif isinstance(child, dict | list):
                stack.append((child, (*path, key)))
    return changed


__all__ = ["ESCAPES", "PROSE", "controls_in", "first_control", "printable", "scrub"]

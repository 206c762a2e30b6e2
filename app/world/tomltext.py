"""TOML text as the game writes it: ``tomli_w``'s output, byte for byte, made faster.

``tomli_w`` quotes every string one character at a time in Python, and a save holds
hundreds of strings (the dice log alone keeps 400 entries): quoting was most of an
autosave's time. Almost no string the game writes needs an escape, so a string without any
is quoted here at once (one search in C); the rest go through ``tomli_w``'s own quoting.
The text is the same as ``tomli_w.dumps`` would write (a test compares them).
"""

from __future__ import annotations

import re
from typing import Any

import tomli_w
from tomli_w import _writer

_NEEDS_ESCAPE = re.compile(r'[\x00-\x08\x0a-\x1f\x7f"\\]')
"""What a TOML basic string cannot hold as it is (tab may stand; newlines are escaped or
make a multi-line string, which only a string holding one can become)."""

_tomli_w_quote = getattr(_writer, "format_string", None)


def _quote(s: str, *, allow_multiline: bool) -> str:
    if _NEEDS_ESCAPE.search(s) is None:
        return f'"{s}"'
    assert _tomli_w_quote is not None
    return _tomli_w_quote(s, allow_multiline=allow_multiline)  # type: ignore[no-any-return]


if _tomli_w_quote is not None:  # a later tomli_w that is organised otherwise: left as it is
    _writer.format_string = _quote


def dumps(data: dict[str, Any]) -> str:
    """The TOML text of ``data`` (``tomli_w.dumps``)."""
    return tomli_w.dumps(data)

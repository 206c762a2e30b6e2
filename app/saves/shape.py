"""A save's tables hold every key the game writes, with the types it writes.

The game state's models fill a missing key with its default and read ``"3"`` as ``3``,
which is right for a campaign author's hand-written sheet but wrong for a save: a save
missing ``wis`` would come back with WIS 10 instead of 12, a save missing ``spell_slots``
with none. The writer always writes every key (every field that is not ``None``), so a key
the loaded model would write but the file lacks was lost, and a value the model holds with
another type was coerced. Comparing the loaded model's own dump with the file's tables finds
both, generically, for every model the state holds — now and as models grow.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time
from typing import Any


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a save: the dotted key and what is wrong with its value."""

    key: str
    text: str


def _kind(value: object) -> str:
    """The TOML name of a value's type, for messages."""
    names = {bool: "a boolean", int: "an integer", float: "a float", str: "a string"}
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, (datetime, date, time)):
        return "a date-time"
    return names.get(type(value), type(value).__name__)


def _same_scalar_type(raw: object, dumped: object) -> bool:
    """Whether the file's value has the type the game writes for it. Dates are written as
    TOML date-times and dumped as text, and an integer is a sound float."""
    if isinstance(raw, (datetime, date, time)):
        return isinstance(dumped, str)
    if isinstance(dumped, bool) or isinstance(raw, bool):
        return type(raw) is type(dumped)
    if isinstance(dumped, float):
        return isinstance(raw, (int, float))
    return type(raw) is type(dumped)


def gaps(raw: object, dumped: object, where: str, limit: int = 5) -> list[Problem]:
    """Keys the dump has and the file lacks, and values whose type the model changed,
    depth-first in the order the writer writes them (at most ``limit``)."""
    found: list[Problem] = []
    stack: list[tuple[object, object, str]] = [(raw, dumped, where)]
    while stack and len(found) < limit:
        have, want, key = stack.pop()
        if isinstance(want, dict):
            if not isinstance(have, dict):
                found.append(Problem(key, f"is {_kind(have)}, the game writes a table here"))
                continue
            later = []
            for name, value in want.items():
                if name not in have:
                    found.append(_missing(f"{key}.{name}", value))
                    if len(found) >= limit:
                        break
                else:
                    later.append((have[name], value, f"{key}.{name}"))
            stack.extend(reversed(later))
        elif isinstance(want, list):
            if isinstance(have, list) and len(have) != len(want):
                have = [h for h in have if not (isinstance(h, str) and not h.strip())]
                # (a blank entry is nothing: a sheet drops a blank item it is given)
            if not isinstance(have, list):
                found.append(Problem(key, f"is {_kind(have)}, the game writes an array here"))
            elif len(have) != len(want):
                found.append(
                    Problem(key, f"has {len(have)} entries where the game reads {len(want)}")
                )
            else:
                pairs = enumerate(zip(have, want, strict=True))
                stack.extend(reversed([(h, w, f"{key}.{i}") for i, (h, w) in pairs]))
        elif not _same_scalar_type(have, want):
            found.append(Problem(key, f"{have!r} is {_kind(have)}, the game writes {_kind(want)}"))
    return found


def _missing(key: str, value: Any) -> Problem:
    shown = "" if isinstance(value, (dict, list)) else f" (it would have become {value!r})"
    return Problem(key, f"missing — every save holds this key{shown}")

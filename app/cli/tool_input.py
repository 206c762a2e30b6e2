"""What a campaign author types to ``dungeon tool``, made into what the DM would send.

Arguments come as one JSON object (exactly as a DM sends them) or as ``key=value`` pairs,
each value read by the type the tool's field takes: ``dc=12`` is a number,
``character_id=12`` stays text, ``present=false`` is a boolean, ``character_ids=mira,thorin``
a list, and any value may be written as JSON (``rolls=[{"formula": "1d20"}]``).
``--flag KEY=VALUE`` values read as a campaign's flags do: ``true``/``false``, a whole
number, else text. Every mistake is an :class:`InputError` whose message says how to
write it right; nothing here touches a game.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from typing import Any

from pydantic import BaseModel
from rapidfuzz import fuzz, process

from app.world.printable import printable
from app.world.spec import FlagValue
from app.world.strictness import json_type

FLAG_KEY = re.compile(r"[a-z0-9_]{1,40}")
"""A flag's name, as ``set_flag`` takes it."""
MAX_FLAG_TEXT = 200
"""Characters of a text flag value: flags are short facts (``door = "open"``)."""
INT_RANGE = (-(2**63), 2**63 - 1)
"""Whole numbers a save can hold."""
SHOWN = 60
"""Characters of a bad argument quoted back in a message."""
MAX_GUESSED = 80
"""Longer words get no did-you-mean: no name is that long, and comparing costs time."""


class InputError(ValueError):
    """Arguments or flags written wrongly; the message says how to write them."""


def closest(word: str, choices: Iterable[str]) -> str | None:
    """The choice ``word`` most likely meant (a typo, a missing underscore), if any is
    close enough to suggest. A word of one or two letters suggests nothing: it is part of
    too many names to point at one; nor does a word longer than any name."""
    if not 3 <= len(word.strip()) <= MAX_GUESSED:
        return None
    found = process.extractOne(word.casefold(), list(choices), scorer=fuzz.WRatio, score_cutoff=70)
    return None if found is None else str(found[0])


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` — did you mean 'x'?`` or nothing."""
    guess = closest(word, choices)
    return f" — did you mean {guess!r}?" if guess is not None else ""


def shown(text: str) -> str:
    """A piece of what was typed, safe and short enough to quote in a message."""
    return repr(printable(text[:SHOWN]) + ("…" if len(text) > SHOWN else ""))


def is_json_object(arguments: Sequence[str]) -> bool:
    """Whether the arguments are one JSON object (passed on to the tool as it is)."""
    return len(arguments) == 1 and arguments[0].lstrip().startswith("{")


def tool_arguments(tool: str, model: type[BaseModel], given: Sequence[str]) -> str:
    """The JSON arguments a DM would send for ``given``: one JSON object as it is (the
    tool judges it, as it would a DM's), or ``key=value`` pairs read by the tool's fields."""
    if not given:
        return "{}"
    if is_json_object(given):
        return given[0]
    if any(arg.lstrip().startswith("{") for arg in given):
        raise InputError("give the arguments as one JSON object or as key=value pairs, not both")
    fields = _fields(model)
    raw: dict[str, Any] = {}
    for arg in given:
        key, sep, text = arg.partition("=")
        key = key.strip()
        if not sep or not key:
            raise InputError(
                f"bad argument {shown(arg)}: write key=value (fields of {tool}: "
                f"{', '.join(fields) or 'none'}) or one JSON object"
            )
        if key not in fields:
            raise InputError(
                f"{tool} has no field {shown(key)}{did_you_mean(key, fields)} "
                f"(fields: {', '.join(fields) or 'none'})"
            )
        if key in raw:
            raise InputError(f"{key} is given twice")
        raw[key] = _value(text, fields[key])
    return json.dumps(raw, ensure_ascii=False)


def _fields(model: type[BaseModel]) -> dict[str, set[str]]:
    """Each field a tool takes (by the name the DM writes) and the JSON types its value
    may have (empty: any)."""
    schema = model.model_json_schema()
    defs = schema.get("$defs", {})
    return {name: _types(node, defs, 0) for name, node in schema.get("properties", {}).items()}


def _types(node: Any, defs: dict[str, Any], depth: int) -> set[str]:
    """The JSON types a schema node admits (empty: any)."""
    if not isinstance(node, dict) or depth > 8:
        return set()
    if "$ref" in node:
        return _types(defs.get(str(node["$ref"]).rsplit("/", 1)[-1]), defs, depth + 1)
    if "type" in node:
        kind = node["type"]
        return set(kind) if isinstance(kind, list) else {str(kind)}
    if "enum" in node:
        return {json_type(value) for value in node["enum"]}
    found: set[str] = set()
    for key in ("anyOf", "oneOf", "allOf"):
        for option in node.get(key, []):
            more = _types(option, defs, depth + 1)
            if not more:
                return set()
            found |= more
    return found


def _value(text: str, types: set[str]) -> Any:
    """One ``key=value`` value, read by the types its field takes."""
    try:
        parsed = json.loads(text)
    except (ValueError, RecursionError):  # not JSON: plain text (or a list, see below)
        if "array" in types and "string" not in types:
            return [part.strip() for part in text.split(",") if part.strip()]
        return text
    if isinstance(parsed, str):
        return parsed
    kind = json_type(parsed)
    if not types or kind in types or (kind == "integer" and "number" in types):
        return parsed
    if "array" in types and "string" not in types:
        return [text]
    return text  # a number or true where text is wanted: the text as typed


def flag_values(specs: Sequence[str]) -> dict[str, FlagValue]:
    """``--flag KEY=VALUE`` options, in order: true/false, a whole number, else text
    (quoted text keeps what looks like a number as text: ``code='"042"'``)."""
    flags: dict[str, FlagValue] = {}
    for spec in specs:
        key, sep, text = spec.partition("=")
        key = key.strip()
        if not sep:
            raise InputError(f"bad --flag {shown(spec)}: write KEY=VALUE, e.g. trapdoor_open=true")
        if not FLAG_KEY.fullmatch(key):
            raise InputError(
                f"bad --flag {shown(spec)}: a flag's name is 1 to 40 lowercase letters, "
                "digits or '_'"
            )
        if key in flags:
            raise InputError(f"--flag {key} is given twice")
        flags[key] = _flag_value(spec, text.strip())
    return flags


def _flag_value(spec: str, text: str) -> FlagValue:
    if text in ("true", "false"):
        return text == "true"
    if re.fullmatch(r"[+-]?[0-9]{1,30}", text):
        number = int(text)
        if not INT_RANGE[0] <= number <= INT_RANGE[1]:
            raise InputError(f"bad --flag {shown(spec)}: a number flag is at most 2^63 - 1")
        return number
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        text = text[1:-1]
    if not text:
        raise InputError(
            f"bad --flag {shown(spec)}: give a value: true, false, a whole number or text"
        )
    if len(text) > MAX_FLAG_TEXT or not text.isprintable():
        raise InputError(
            f"bad --flag {shown(spec)}: a text flag is one line of at most "
            f"{MAX_FLAG_TEXT} characters"
        )
    return text

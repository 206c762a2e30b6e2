"""The schema's complaints about a campaign file, in an author's words: one line per key,
a misspelt key named with the key it was most likely meant to be (and the "required"
complaint about that key folded into it), a hint for the usual slips."""

from __future__ import annotations

import difflib
from types import UnionType
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from app.world.tomlplaces import Path

_HINTS = {
    "extra_forbidden": "not a key this table accepts — check the spelling",
    "missing": "this key is required",
    "string_pattern_mismatch": "ids use lowercase letters, digits, '-' and '_'",
    "enum": "use one of the listed values",
    "literal_error": "use one of the listed values",
}


_PATTERN_WORDS = {
    r"\S": "is blank — write the name players will read",
    r"^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$": "is no language code — write one such as 'en'",
}
"""What a pattern that is no id's asks for, in an author's words."""


def schema_errors(error: ValidationError, root: type[BaseModel]) -> list[tuple[Path, str]]:
    """The schema's complaints, one per key. A misspelt key is one line, at that key, with
    the key it was most likely meant to be ("unknown key 'provoked' — did you mean
    'provoked_by'?"), and the "required" complaint about that key goes with it."""
    items = [
        (tuple(p for p in item["loc"] if isinstance(p, (str, int))), item)
        for item in error.errors(include_url=False)
    ]
    missing = {loc for loc, item in items if item["type"] == "missing"}
    meant: set[Path] = set()
    found: list[tuple[Path, str]] = []
    for loc, item in items:
        if item["type"] == "extra_forbidden" and loc and isinstance(loc[-1], str):
            key, parent = loc[-1], loc[:-1]
            known = fields_at(root, parent)
            near = [k for k in known if (*parent, k) in missing and k.startswith(key)]
            near += difflib.get_close_matches(key, known, n=1, cutoff=0.6)
            if near:
                meant.add((*parent, near[0]))
                found.append((loc, f"unknown key {key!r} — did you mean {near[0]!r}?"))
                continue
            listed = f" (keys here: {', '.join(known)})" if 0 < len(known) <= 12 else ""
            found.append((loc, f"unknown key {key!r}{listed} — check the spelling"))
            continue
        mismatch = item["type"] == "string_pattern_mismatch"
        pattern = item.get("ctx", {}).get("pattern") if mismatch else None
        if pattern in _PATTERN_WORDS:
            found.append((loc, _PATTERN_WORDS[pattern]))
            continue
        hint = _HINTS.get(item["type"], "")
        found.append((loc, item["msg"] + (f" — {hint}" if hint else "")))
    return [(loc, message) for loc, message in found if loc not in meant]


def fields_at(root: type[BaseModel], path: Path) -> list[str]:
    """The keys the table at ``path`` of a file read as ``root`` accepts (none when the
    path leads nowhere one model answers for)."""
    node: Any = root
    for part in path:
        node = _step(node, part)
        if node is None:
            return []
    node = _unwrap(node)
    if isinstance(node, type) and issubclass(node, BaseModel):
        return list(node.model_fields)
    return []


def _unwrap(node: Any) -> Any:
    """The one model or container a type stands for (``X | None``, ``Annotated[X, …]``)."""
    while True:
        origin = get_origin(node)
        if origin is Annotated:
            node = get_args(node)[0]
        elif origin in (Union, UnionType):
            options = [a for a in get_args(node) if a is not type(None)]
            if len(options) != 1:
                return node
            node = options[0]
        else:
            return node


def _step(node: Any, part: str | int) -> Any:
    """The type one key (or index) further into ``node``."""
    node = _unwrap(node)
    origin = get_origin(node)
    if origin in (list, tuple) and isinstance(part, int):
        return get_args(node)[0]
    if origin is dict:
        return get_args(node)[1]
    if isinstance(node, type) and issubclass(node, BaseModel) and isinstance(part, str):
        field = node.model_fields.get(part)
        return field.annotation if field is not None else None
    return None

"""The references of a campaign file the schema refused, checked all the same: the parts
the schema complained of are set aside (a bad key dropped, an entry missing what it needs
left out), the rest is read, and its broken references are listed beside the schema's
complaints — an author mends both in one go instead of learning of the second only after
the first.

A reference to something set aside is not reported (it is there, only broken), and an
entry of an array of tables keeps the index and id it has in the file.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ValidationError

from app.world.references import Problem
from app.world.tomlplaces import Path, parse_path

ROUNDS = 6
"""Times the rest is read again, each setting aside what the last reading refused."""

_INDEXED = re.compile(r"^(?P<table>[a-z_]+)\[(?P<n>\d+)\]")


def references_despite(
    data: dict[str, Any],
    model: type[BaseModel],
    check: Callable[[Any], list[Problem]],
) -> list[tuple[Path, Problem]]:
    """The broken references of what the schema did not refuse (``check`` finds them in
    the model read), each with its key path in the file; none when too little can be read."""
    rest = copy.deepcopy(data)
    kept = {k: list(range(len(v))) for k, v in rest.items() if isinstance(v, list)}
    aside: set[str] = set()
    tried: set[Path] = set()
    for _ in range(ROUNDS):
        try:
            campaign = model.model_validate(rest)
        except ValidationError as error:
            for item in error.errors(include_url=False):
                loc = tuple(p for p in item["loc"] if isinstance(p, (str, int)))
                again = loc in tried  # dropping the key did not mend it: the whole entry
                tried.add(loc)
                _set_aside(rest, loc, item["type"] == "missing" or again, aside)
            for table, order in kept.items():
                entries = rest.get(table)
                if isinstance(entries, list):
                    kept[table] = [n for n, e in zip(order, entries, strict=False) if e is not None]
                    rest[table] = [e for e in entries if e is not None]
            continue
        found = []
        for problem in check(campaign):
            named = problem.subject.partition(":")[2]
            if named and named in aside:
                continue  # it exists: only its own table is broken
            found.append((parse_path(_in_file(problem.where, kept)), problem))
        return found
    return []


def _set_aside(rest: dict[str, Any], loc: Path, missing: bool, aside: set[str]) -> None:
    """Drop the key a complaint is about — or, when the complaint is that a key is
    missing (or the key is an entry's very id), the entry it belongs to."""
    if not loc or loc[0] not in rest:
        return
    table = rest[loc[0]]
    if len(loc) >= 2 and isinstance(table, dict) and isinstance(loc[1], str):
        entry_at: Path = loc[:2]  # scenes.<id>, challenges.<id> …
        aside.add(loc[1])
    elif len(loc) >= 2 and isinstance(table, list) and isinstance(loc[1], int):
        entry_at = loc[:2]  # triggers[3] …
        entry = table[loc[1]] if loc[1] < len(table) else None
        if isinstance(entry, dict) and isinstance(entry.get("id"), str):
            aside.add(entry["id"])
    else:
        rest.pop(loc[0], None)
        return
    target = entry_at if missing or len(loc) == 2 else loc
    parent: Any = rest
    for part in target[:-1]:
        try:
            parent = parent[part]
        except (KeyError, IndexError, TypeError):
            return
    last = target[-1]
    if isinstance(parent, list) and isinstance(last, int) and last < len(parent):
        if len(target) == 2:
            parent[last] = None  # removed after the round, its file index remembered
        else:
            parent.pop(last)
    elif isinstance(parent, dict) and last in parent:
        parent.pop(last)


def _in_file(where: str, kept: dict[str, list[int]]) -> str:
    """A key path of the rest read, with the index its entry has in the file."""
    found = _INDEXED.match(where)
    if found is None or found["table"] not in kept:
        return where
    order = kept[found["table"]]
    n = int(found["n"])
    original = order[n] if n < len(order) else n
    return f"{found['table']}[{original}]{where[found.end() :]}"

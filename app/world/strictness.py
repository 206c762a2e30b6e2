"""Values of the wrong type, before pydantic quietly converts them.

Pydantic's lax mode turns ``dc = "12"`` into 12 and ``retry = "yes"`` into ``true``: kind
to a program, unkind to an author, whose typo (or misunderstanding of TOML) then changes
the game without a word. Strict mode cannot be switched on for the whole campaign,
because TOML has no tuples or sets and the stat blocks use them. So the raw TOML data is
walked against the campaign's JSON Schema — the same schema ``dungeon schema`` writes and
the format reference documents — and every scalar whose TOML type the schema does not
allow there is reported with what to write instead. The rest (ranges, patterns, required
keys) is pydantic's to judge.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

from app.world.schemafile import campaign_schema
from app.world.tomlplaces import Path, dotted

_TOML = {"string": "a string", "integer": "a whole number", "number": "a number",
         "boolean": "true or false", "array": "an array", "object": "a table"}  # fmt: skip


def json_type(value: Any) -> str:
    """The JSON Schema type a parsed TOML (or JSON) value has; ``other`` for TOML's dates
    and times, which no schema type names."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return "other"  # dates and times: no campaign key takes them, pydantic says so


def _accepts(wanted: str, found: str) -> bool:
    return wanted == found or (wanted == "number" and found == "integer")


class _Walker:
    def __init__(self, schema: dict[str, Any]) -> None:
        self.root = schema
        self.defs: dict[str, Any] = schema.get("$defs", {})

    def resolve(self, node: dict[str, Any]) -> dict[str, Any]:
        while "$ref" in node:
            node = self.defs[node["$ref"].rsplit("/", 1)[-1]]
        return node

    def branches(self, node: dict[str, Any]) -> list[dict[str, Any]]:
        """The alternatives a value may match (one, unless ``anyOf``/``oneOf``)."""
        node = self.resolve(node)
        options = node.get("anyOf") or node.get("oneOf")
        if options:
            return [b for option in options for b in self.branches(option)]
        if "allOf" in node and len(node["allOf"]) == 1:
            return self.branches(node["allOf"][0])
        return [node]

    def types(self, node: dict[str, Any]) -> set[str] | None:
        kind = node.get("type")
        if isinstance(kind, str):
            return {kind}
        if isinstance(kind, list):
            return set(kind)
        if "enum" in node or "const" in node:
            values = node.get("enum", [node.get("const")])
            return {json_type(v) for v in values}
        if "properties" in node or "additionalProperties" in node:
            return {"object"}
        return None  # anything goes

    def walk(self, value: Any, node: dict[str, Any], path: Path) -> Iterator[tuple[Path, str]]:
        found = json_type(value)
        options = self.branches(node)
        fitting = []
        wanted: set[str] = set()
        for option in options:
            types = self.types(option)
            if types is None:
                return  # an untyped branch accepts anything
            wanted |= types
            if any(_accepts(t, found) for t in types):
                fitting.append(option)
        if not fitting:
            if found in ("array", "object") or found == "other":
                return  # a table for a scalar is a shape error pydantic words well
            yield path, _message(path, value, found, wanted)
            return
        if len(fitting) > 1 and found in ("array", "object"):
            return  # several shapes fit: pydantic picks, and says what is wrong
        option = fitting[0]
        if found == "object":
            props = option.get("properties", {})
            extra = option.get("additionalProperties")
            patterns = list(option.get("patternProperties", {}).values())
            if patterns and not isinstance(extra, dict):
                extra = patterns[0]  # keyed tables (ids): the key's pattern is pydantic's
            for key, child in value.items():
                if key in props:
                    yield from self.walk(child, props[key], (*path, key))
                elif isinstance(extra, dict):
                    yield from self.walk(child, extra, (*path, key))
        elif found == "array":
            prefix = option.get("prefixItems", [])
            items = option.get("items")
            for n, child in enumerate(value):
                schema = prefix[n] if n < len(prefix) else items
                if isinstance(schema, dict):
                    yield from self.walk(child, schema, (*path, n))


def _message(path: Path, value: Any, found: str, wanted: set[str]) -> str:
    key = str(path[-1]) if path and isinstance(path[-1], str) else dotted(path) or "value"
    want = " or ".join(sorted(_TOML[w] for w in wanted if w in _TOML and w != "null"))
    shown = f'the string "{value}"' if found == "string" else f"{_TOML.get(found, found)} {value}"
    if found == "string" and wanted & {"integer", "number"}:
        try:
            number = int(value) if "integer" in wanted else float(value)
            return f"{key} is {want}, not {shown} — write {key} = {number} (no quotes)"
        except ValueError:
            pass
    if found == "string" and "boolean" in wanted and value.strip().lower() in _TRUTHY:
        word = "true" if value.strip().lower() in _TRUE else "false"
        return f"{key} is {want}, not {shown} — write {key} = {word} (no quotes)"
    if found == "number" and "integer" in wanted and float(value).is_integer():
        return f"{key} is {want}, not {shown} — write {key} = {int(value)}"
    if found in ("integer", "number", "boolean") and "string" in wanted:
        return f'{key} is {want}, not {shown} — write {key} = "{value}" (in quotes)'
    return f"{key} is {want}, not {shown}"


_TRUE = {"yes", "true", "on", "1", "y"}
_TRUTHY = _TRUE | {"no", "false", "off", "0", "n"}


@cache
def _campaign_walker() -> _Walker:
    return _Walker(campaign_schema())


def coercions(data: dict[str, Any]) -> list[tuple[Path, str]]:
    """Every scalar of a raw campaign whose type its key does not take, with a message
    saying what to write instead (key path, message)."""
    walker = _campaign_walker()
    return list(walker.walk(data, walker.root, ()))

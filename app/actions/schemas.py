"""OpenAI function schemas made from the tools' pydantic argument models, in two variants
from the same source (the models, their docstrings and field docs):

- **plain**: compact — ``$ref``s inlined, ``X | None`` flattened, an optional property is
  simply left out of ``required``. Every server accepts it.
- **strict**: what OpenAI's Structured Outputs accept with ``"strict": true`` on the
  function — every object has ``additionalProperties: false`` and lists *all* its
  properties in ``required``; an optional property is nullable instead (``"type":
  ["string", "null"]``, ``null`` added to an enum, or ``{"type": "null"}`` added to an
  ``anyOf``), so the DM sends ``null`` for what it leaves out. Only the keywords strict mode
  supports are kept (``minLength``/``maxLength`` are not among them).

Both drop what is not worth its tokens: titles, defaults, length and range limits,
patterns — pydantic still enforces every one of them when a call is validated, and its
error result tells the DM what to fix. :func:`without_nulls` is the other half of strict
mode: a ``null`` sent for an optional property means "not given", at every nesting level.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, get_args

from pydantic import BaseModel

_DROPPED = frozenset(
    {
        "title",
        "$defs",
        "additionalProperties",
        "default",
        "minLength",
        "maxLength",
        "minItems",
        "maxItems",
        "pattern",
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
    }
)
"""Schema keys not worth their tokens: pydantic enforces them when validating, and a
field that is not required is visibly optional without its default."""

_NULL = {"type": "null"}


def _resolve(node: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    """``node`` with its ``$ref`` replaced by the definition (its own keys win)."""
    while "$ref" in node:
        target = defs[node["$ref"].rsplit("/", 1)[-1]]
        node = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
    return node


def _compact(node: Any, defs: dict[str, Any]) -> Any:
    """Inline ``$ref``s, drop what is not worth its tokens, flatten ``X | None``."""
    if isinstance(node, list):
        return [_compact(item, defs) for item in node]
    if not isinstance(node, dict):
        return node
    node = _resolve(node, defs)
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key in _DROPPED:
            continue
        if key == "description" and "enum" in node:
            continue  # enum docstrings are long; the values speak for themselves
        if key in ("properties", "$defs"):
            out[key] = {name: _compact(sub, defs) for name, sub in value.items()}
        else:
            out[key] = _compact(value, defs)
    options = out.get("anyOf")
    if isinstance(options, list):
        real = [o for o in options if o != _NULL]
        if len(real) == 1 and len(real) < len(options):
            out.pop("anyOf")
            out = {**real[0], **out}
    return out


def _nullable(node: dict[str, Any]) -> dict[str, Any]:
    """``node`` that also accepts ``null`` (how strict mode spells "optional")."""
    out = dict(node)
    if "anyOf" in out:
        if _NULL not in out["anyOf"]:
            out["anyOf"] = [*out["anyOf"], _NULL]
        return out
    kind = out.get("type")
    if isinstance(kind, str):
        out["type"] = [kind, "null"]
    elif isinstance(kind, list) and "null" not in kind:
        out["type"] = [*kind, "null"]
    elif kind is None:
        return {"anyOf": [out, _NULL]}
    if "enum" in out and None not in out["enum"]:
        out["enum"] = [*out["enum"], None]
    return out


def _strictly(node: Any) -> Any:
    """A compacted schema as strict mode wants it: closed objects, every property required,
    the optional ones nullable."""
    if isinstance(node, list):
        return [_strictly(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {
        key: ({k: _strictly(v) for k, v in value.items()} if key == "properties" else
              _strictly(value))
        for key, value in node.items()
    }  # fmt: skip
    if out.get("type") == "object":
        properties: dict[str, Any] = out.setdefault("properties", {})
        given = set(out.get("required", []))
        for name, sub in properties.items():
            if name not in given:
                properties[name] = _nullable(sub)
        out["required"] = list(properties)
        out["additionalProperties"] = False
    return out


def strict_variant(schema: dict[str, Any]) -> dict[str, Any]:
    """The strict form of a plain function schema (as :func:`function_schema` with
    ``strict`` makes it from the model): for comparing what strict mode costs."""
    function = dict(schema["function"])
    params = function.pop("parameters")
    function["strict"] = True
    function["parameters"] = _strictly(params)
    return {**schema, "function": function}


def parameters(model: type[BaseModel], *, strict: bool = False) -> dict[str, Any]:
    """The ``parameters`` schema of a tool whose arguments are ``model``."""
    raw = model.model_json_schema()
    params: dict[str, Any] = _compact(raw, raw.get("$defs", {}))
    params.pop("description", None)  # the tool's description says it
    params.setdefault("properties", {})
    if strict:
        params = _strictly(params)
    return params


def describe(model: type[BaseModel], fallback: str) -> str:
    """A tool's description: its argument model's docstring, on one line."""
    return " ".join((model.__doc__ or fallback).split())


def function_schema(name: str, model: type[BaseModel], *, strict: bool = False) -> dict[str, Any]:
    """The OpenAI function-calling schema of the tool ``name`` taking ``model``."""
    function: dict[str, Any] = {"name": name, "description": describe(model, name)}
    if strict:
        function["strict"] = True
    function["parameters"] = parameters(model, strict=strict)
    return {"type": "function", "function": function}


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    """The argument models an annotation holds (``Spec``, ``list[Spec]``, ``Spec | None``)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in get_args(annotation) for m in _models_in(arg)]


@lru_cache(maxsize=1024)
def _models_of(annotation: Any) -> tuple[type[BaseModel], ...]:
    """:func:`_models_in`, kept per annotation: an annotation never changes, and every
    field of every call is looked at."""
    return tuple(_models_in(annotation))


def _inner(annotation: Any, value: Any) -> Any:
    try:
        models = _models_of(annotation)
    except TypeError:  # an annotation that cannot be a key (none of the tools has one)
        models = tuple(_models_in(annotation))
    if len(models) != 1:
        return value
    if isinstance(value, dict):
        return without_nulls(models[0], value)
    if isinstance(value, list):
        return [without_nulls(models[0], v) if isinstance(v, dict) else v for v in value]
    return value


def without_nulls(model: type[BaseModel], raw: dict[str, Any]) -> dict[str, Any]:
    """``raw`` without the ``null``s given for optional fields, at every nesting level: in
    strict mode the DM must send every property, and ``null`` is how it leaves one out, so
    the field takes its default exactly as if it had not been sent. A ``null`` for a
    required field, and unknown keys, are kept for validation to refuse."""
    out: dict[str, Any] = {}
    for key, value in raw.items():
        field = model.model_fields.get(key)
        if field is None:
            out[key] = value
        elif value is None and not field.is_required():
            continue
        else:
            out[key] = _inner(field.annotation, value)
    return out

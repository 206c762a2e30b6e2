"""The JSON Schema of the campaign format: generated from the pydantic models, shipped
beside them (``campaign.schema.json``) so that loading a campaign need not build it, and
checked against the models by a test so it cannot drift.

One schema serves three readers: ``dungeon schema`` writes it for editors (taplo, Even
Better TOML complete and check campaign files with it), the validator walks it to refuse
values of the wrong type (:mod:`app.world.strictness`), and the format reference is
written from the same models.
"""

from __future__ import annotations

import ast
import inspect
import itertools
import json
import textwrap
from functools import cache
from pathlib import Path
from typing import Any, get_args

from pydantic import BaseModel

from app.world.campaign import Campaign

SCHEMA_FILE = Path(__file__).with_name("campaign.schema.json")
SCHEMA_ID = "https://dungeon-terminal.invalid/campaign.schema.json"
"""The schema's ``$id``: a name for editors' caches, never fetched."""


def _field_docs(model: type[BaseModel]) -> dict[str, str]:
    """A model's field docstrings (the string under each field), by the key an author
    writes. Read from the source here, not by pydantic's ``use_attribute_docstrings``,
    which would read every model's source at every start-up."""
    docs: dict[str, str] = {}
    for cls in reversed(model.__mro__):
        if not (isinstance(cls, type) and issubclass(cls, BaseModel)) or cls is BaseModel:
            continue
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
        except (OSError, TypeError, SyntaxError):
            continue
        body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
        for node, after in itertools.pairwise(body):
            if (
                isinstance(node, ast.AnnAssign)
                and isinstance(node.target, ast.Name)
                and isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)
            ):
                field = model.model_fields.get(node.target.id)
                key = (field.alias if field is not None and field.alias else None) or node.target.id
                docs[key] = inspect.cleandoc(after.value.value)
    return docs


def _models(root: type[BaseModel]) -> dict[str, type[BaseModel]]:
    """Every model reachable from ``root``'s fields, by class name (the schema's ``$defs``)."""
    found: dict[str, type[BaseModel]] = {}
    todo: list[Any] = [root]
    while todo:
        kind = todo.pop()
        if isinstance(kind, type) and issubclass(kind, BaseModel):
            if kind.__name__ in found:
                continue
            found[kind.__name__] = kind
            todo += [f.annotation for f in kind.model_fields.values()]
        else:
            todo += list(get_args(kind))
    return found


def generate() -> dict[str, Any]:
    """The schema, built from :class:`app.world.campaign.Campaign` now, with every field's
    docstring as its description."""
    schema = Campaign.model_json_schema(mode="validation")
    models = _models(Campaign)
    for name, node in [("Campaign", schema), *schema.get("$defs", {}).items()]:
        model = models.get(name)
        if model is None:
            continue
        docs = _field_docs(model)
        for key, prop in node.get("properties", {}).items():
            if key in docs and not prop.get("description"):
                prop["description"] = docs[key]
    monster = schema.get("$defs", {}).get("Monster", {})
    if "id" in monster.get("required", []):  # a [monsters.<id>] table's key is its id
        monster["required"] = [key for key in monster["required"] if key != "id"]
    sheet = schema.get("$defs", {}).get("CharacterSheet", {})
    derived = ("vitals", "hit_dice")  # a pregen leaving them out gets its level's
    sheet["required"] = [key for key in sheet.get("required", []) if key not in derived]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        **schema,
        "title": "Dungeon Terminal campaign",
    }


def render(schema: dict[str, Any]) -> str:
    """The schema as the shipped file holds it (sorted keys, two-space indent)."""
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


@cache
def campaign_schema() -> dict[str, Any]:
    """The shipped schema (built afresh if the file is missing, as in a source tree being
    edited)."""
    try:
        loaded: dict[str, Any] = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return generate()
    return loaded

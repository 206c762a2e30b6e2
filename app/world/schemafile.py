"""The JSON Schema of the campaign format: generated from the pydantic models, shipped
beside them (``campaign.schema.json``) so that loading a campaign need not build it, and
checked against the models by a test so it cannot drift.

One schema serves three readers: ``dungeon schema`` writes it for editors (taplo, Even
Better TOML complete and check campaign files with it), the validator walks it to refuse
values of the wrong type (:mod:`app.world.strictness`), and the format reference is
written from the same models.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

SCHEMA_FILE = Path(__file__).with_name("campaign.schema.json")
SCHEMA_ID = "https://dungeon-terminal.invalid/campaign.schema.json"
"""The schema's ``$id``: a name for editors' caches, never fetched."""


def generate() -> dict[str, Any]:
    """The schema, built from :class:`app.world.campaign.Campaign` now."""
    from app.world.campaign import Campaign  # noqa: PLC0415 (loading a campaign reads this)

    schema = Campaign.model_json_schema(mode="validation")
    monster = schema.get("$defs", {}).get("Monster", {})
    if "id" in monster.get("required", []):  # a [monsters.<id>] table's key is its id
        monster["required"] = [key for key in monster["required"] if key != "id"]
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

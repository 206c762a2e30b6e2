"""What changed between two versions of a campaign, in the words of its file.

An author who edits ``campaign.toml`` while playing is told what the game took in:
``scenes.cellar changed``, ``items.rope added``, ``triggers.rats_gone removed``. Tables of
things by id (``[scenes.<id>]``) and arrays of things with ids (``[[triggers]]``) are
compared entry by entry; a single table (``[campaign]``, ``[events]``) as a whole. Two
campaigns that read the same (an edited comment, a key moved) have no changes.
"""

from __future__ import annotations

from typing import Any, get_origin

from app.world.campaign import Campaign

SHOWN = 5
"""Changes named in one line; the rest are counted."""


def _by_id(entries: list[Any]) -> dict[str, Any] | None:
    """An array's entries by their ids (``None`` when they have none, or share one)."""
    found: dict[str, Any] = {}
    for entry in entries:
        eid = entry.get("id") if isinstance(entry, dict) else None
        if not isinstance(eid, str) or eid in found:
            return None
        found[eid] = entry
    return found


def _entries(key: str, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """Each entry of a collection added, removed or changed, in the new file's order."""
    changes = [
        f"{key}.{eid} {'changed' if eid in before else 'added'}"
        for eid, value in after.items()
        if before.get(eid) != value
    ]
    changes += [f"{key}.{eid} removed" for eid in before if eid not in after]
    return changes


def campaign_changes(old: Campaign, new: Campaign) -> list[str]:
    """What ``new`` changes in ``old``, one entry per scene, NPC, trigger … (empty when the
    two play the same)."""
    before = old.model_dump(mode="json")
    after = new.model_dump(mode="json")
    changes: list[str] = []
    for key, field in Campaign.model_fields.items():
        was, now = before.get(key), after.get(key)
        if was == now:
            continue
        if get_origin(field.annotation) is dict and isinstance(was, dict) and isinstance(now, dict):
            changes += _entries(key, was, now)
            continue
        if isinstance(was, list) and isinstance(now, list):
            old_ids, new_ids = _by_id(was), _by_id(now)
            if old_ids is not None and new_ids is not None:
                changes += _entries(key, old_ids, new_ids) or [f"{key} reordered"]
                continue
        changes.append(f"[{key}] changed")
    return changes


def summary(changes: list[str]) -> str:
    """``3 changes: scenes.mill changed, items.rope added, …`` (or ``no changes``)."""
    if not changes:
        return "no changes"
    named = ", ".join(changes[:SHOWN])
    more = f", and {len(changes) - SHOWN} more" if len(changes) > SHOWN else ""
    count = "1 change" if len(changes) == 1 else f"{len(changes)} changes"
    return f"{count}: {named}{more}"

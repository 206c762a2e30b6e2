"""Upgrading a save written by an older version of the game, one schema step at a time.

A save of the current schema must hold every key the game writes (:mod:`app.saves.shape`
refuses one that lost a key), so a model that grows a key raises the schema and says here
what an older save had instead: the key's value in a game played before it existed.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from rules.effects import Effect

Document = dict[str, Any]


def _from_schema_1(data: Document) -> Document:
    """Schema 1 had the same tables and no proof line: nothing to convert."""
    return data


ADDED_IN_3: dict[str, dict[str, Any]] = {
    "party": {
        "choices": {},
        "resources": {},
        "effects": [],
        "background": "",
        "xp": 0,
        "hp_drained": 0,
        "languages": [],
        "proficiencies": [],
    },
    "creatures": {"effects": [], "resources": {}},
    "encounter": {"spells_cast": {}, "positions": {}, "off_hand_ready": [], "thrown": []},
    "state": {"deaths": {}, "own_characters": []},
}
"""Keys schema 3 added, by the table that holds them: ``party`` and ``creatures`` are every
character sheet and every creature, ``encounter`` the fight in progress. The values are what
a game of schema 2 had in their place (no feature uses spent, no lasting effects …);
``state`` is the game state itself (nobody's death on record)."""


def _fill(table: Any, added: dict[str, Any]) -> None:
    if isinstance(table, dict):
        for key, value in added.items():
            table.setdefault(key, copy.deepcopy(value))


def _fill_members(state: Document, added: dict[str, dict[str, Any]]) -> None:
    """Fill the keys a schema added to every character sheet and every creature."""
    for group in ("party", "creatures"):
        members = state.get(group)
        if isinstance(members, dict):
            for member in members.values():
                _fill(member, added[group])


MARKERS_TO_EFFECTS: dict[str, dict[str, Any]] = {
    "dodging": {"id": "dodge", "name": "Dodging", "attacks_against": "disadvantage",
                "save_advantage": ["dex"], "ends": "start_of_own_turn", "rounds": 1},
    "disengaged": {"id": "disengaged", "name": "Disengaged", "ends": "end_of_own_turn",
                   "rounds": 1},
    "helped": {"id": "help", "name": "Helped", "own_attacks": "advantage",
               "consumed_by": "own_attack", "ends": "never"},
    "hidden": {"id": "hidden", "name": "Hidden", "own_attacks": "advantage",
               "consumed_by": "own_attack", "ends": "never"},
    "shielded": {"id": "shield", "name": "Shielded", "ac_bonus": 5,
                 "ends": "start_of_own_turn", "rounds": 1},
}  # fmt: skip
"""Schema 2 kept the fight's Dodge, Disengage, Help, Hide and Shield as lists of ids on the
encounter; schema 3 keeps them as lasting effects on the creatures themselves. An effect
converted from a Help has no known helper, so it lasts until the ally's next attack."""


def _markers_to_effects(state: Document) -> None:
    encounter = state.get("encounter")
    if not isinstance(encounter, dict):
        return
    for marker, spec in MARKERS_TO_EFFECTS.items():
        listed = encounter.pop(marker, [])
        for cid in listed if isinstance(listed, list) else []:
            for group in ("party", "creatures"):
                members = state.get(group)
                member = members.get(cid) if isinstance(members, dict) else None
                if isinstance(member, dict) and isinstance(member.get("effects"), list):
                    source = None if spec["id"] == "help" else cid
                    effect = Effect.model_validate({**spec, "source": source})
                    member["effects"].append(effect.model_dump(mode="json", exclude_none=True))


def _from_schema_2(data: Document) -> Document:
    """Schema 3 adds class features, lasting effects and experience to sheets and
    creatures: an older game had none spent, none on, none earned. The fight's markers
    (dodging, helped …) become lasting effects on those they were about."""
    state = data.get("state")
    if not isinstance(state, dict):
        return data  # the checks that follow say what is wrong with it
    _fill_members(state, ADDED_IN_3)
    _fill(state.get("encounter"), ADDED_IN_3["encounter"])
    encounter = state.get("encounter")
    economy = encounter.get("economy") if isinstance(encounter, dict) else None
    for spent in economy.values() if isinstance(economy, dict) else ():
        _fill(spent, {"extra_actions": 0})  # nobody had surged before the key existed
    _markers_to_effects(state)
    _fill(state, ADDED_IN_3["state"])
    return data


_NO_USAGE = {"prompt_tokens": 0, "completion_tokens": 0, "calls": 0}
"""Tokens a turn or a game of schema 3 had on record: none were counted."""

ADDED_IN_4: dict[str, dict[str, Any]] = {
    "state": {
        "reactions": {"turn": 0, "counters": {}, "windows": [], "subturns": [], "resolving": []},
        "usage": _NO_USAGE,
        "usage_turns": 0,
        "usage_alerts": [],
    },
    "turn_order": {"away": []},
    "encounter": {"readied": []},
    "history": {
        "usage": _NO_USAGE,
    },
    "party": {},
    "creatures": {},
}
"""Keys schema 4 added (the reaction queue, the turn manager's per-player record, what the
DM has spent), by the table that holds them: ``turn_order`` is the hotseat order,
``history`` every finished turn's record. The values are what a schema-3 game had."""


def _from_schema_3(data: Document) -> Document:
    """Schema 4 adds the reaction queue, per-player turn records and token usage: a game
    of schema 3 had no reaction pending, no durations kept and nothing counted."""
    state = data.get("state")
    if not isinstance(state, dict):
        return data
    _fill_members(state, ADDED_IN_4)
    _fill(state.get("encounter"), ADDED_IN_4["encounter"])
    _fill(state.get("turn_order"), ADDED_IN_4["turn_order"])
    history = state.get("history")
    for record in history if isinstance(history, list) else ():
        _fill(record, ADDED_IN_4["history"])
    _fill(state, ADDED_IN_4["state"])
    return data


def _from_schema_4(data: Document) -> Document:
    """Schema 5 keeps the story apart from the live state (:mod:`app.saves.story`): a
    schema-4 save's history moves, as it is, into its ``[story]`` table, and is written to
    a story file beside the save the next time the game is saved."""
    state = data.get("state")
    if isinstance(state, dict) and "story" not in data:
        history = state.pop("history", [])
        data["story"] = {"records": history}
    return data


EMPTY_TRUTH: dict[str, Any] = {
    "seq": 0, "index": {}, "turn_start": 0, "scene_start": 0, "fresh": [], "judgments": [],
    "judged": 0, "scores": {}, "deferred": [], "shifts": [], "next_turn": [],
    "last_fired": {}, "revised": [], "moved": {}, "veils": [],
}  # fmt: skip
"""The truth set of a game from before the event system: nothing recorded, nothing judged,
every score at its start."""


def _from_schema_5(data: Document) -> Document:
    """Schema 6 adds the event system's truth set (:mod:`app.world.truth`); a schema-5
    game starts it empty. Its earlier turns have no ledger events: what happened before
    is still in the story, and the flags, visits and fights it left still count."""
    state = data.get("state")
    if isinstance(state, dict):
        state.setdefault("truth", copy.deepcopy(EMPTY_TRUTH))
    return data


def _from_schema_6(data: Document) -> Document:
    """Schema 7 keeps the scene each creature stands in (a fight fled from waits there):
    a schema-6 game's creatures in the fight going on stand in the party's scene; the
    others are where the party is, as they were then."""
    state = data.get("state")
    if not isinstance(state, dict):
        return data
    creatures = state.get("creatures")
    encounter = state.get("encounter")
    order = encounter.get("order", []) if isinstance(encounter, dict) else []
    fighting = {c.get("id") for c in order if isinstance(c, dict)}
    scene = state.get("scene")
    here = scene.get("id", "") if isinstance(scene, dict) else ""
    for cid, creature in creatures.items() if isinstance(creatures, dict) else ():
        if isinstance(creature, dict):
            creature.setdefault("scene", here if cid in fighting else "")
    return data


def _from_schema_7(data: Document) -> Document:
    """Schema 8 keeps Haste's additional action apart from the turn's own (one weapon
    attack, Dash, Disengage or Hide): a schema-7 fight counted it as a further attack
    already, so nobody's turn has one left to spend otherwise."""
    state = data.get("state")
    encounter = state.get("encounter") if isinstance(state, dict) else None
    economy = encounter.get("economy") if isinstance(encounter, dict) else None
    for spent in economy.values() if isinstance(economy, dict) else ():
        _fill(spent, {"limited_actions": 0})
    return data


def _from_schema_8(data: Document) -> Document:
    """Schema 9 keeps the blows that began a fight, each for its striker's first turn
    (:mod:`app.session.declared`): a schema-8 fight had none waiting."""
    state = data.get("state")
    _fill(state.get("encounter") if isinstance(state, dict) else None, {"declared": {}})
    return data


MIGRATIONS: dict[int, Callable[[Document], Document]] = {
    1: _from_schema_1,
    2: _from_schema_2,
    3: _from_schema_3,
    4: _from_schema_4,
    5: _from_schema_5,
    6: _from_schema_6,
    7: _from_schema_7,
    8: _from_schema_8,
}
"""``version -> step`` upgrading a save document from that version to the next one. A change
of format adds its step here (and a test with a real file of the older version); a new key
in a model needs one too, since a save missing a key the game writes is refused."""

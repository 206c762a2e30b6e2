"""The ids a DM's tool call names: offered as enums where the set is small, and read
leniently before a call is refused.

- :func:`with_ids` puts the valid ids into a tool's schema as an ``enum`` where the set is
  small and known from the game as it stands — the creatures in the fight, the exits here,
  the challenges here, the people here — so a server that constrains its output cannot name
  anything else, and any model sees the choice.
- :func:`normalise` rewrites the ids of a call's arguments to the game's own before they
  are validated: case, ``_`` for ``-`` or spaces (``giant_rat_1`` for ``giant-rat-1``),
  display names (``Goblin 1``, ``Berta``, ``the trapdoor`` for an exit), skill and ability
  names (``Sleight of Hand``, ``Dexterity``). Only a value that names exactly one id is
  rewritten; anything else is left for validation to refuse with its own message.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from app.world import view
from app.world.state import GameState
from rules.abilities import Ability
from rules.skills import Skill

MOST_ENUM = 12
"""Ids listed as an enum at most: a larger set costs more tokens than it saves."""

Names = dict[str, list[str]]
"""An id and the names it may be given by."""


def _fighters(state: GameState) -> Names:
    """Everyone in the fight, in initiative order (empty out of a fight)."""
    if state.encounter is None:
        return {}
    return {c.id: [c.name] for c in state.encounter.order}


def _exits(state: GameState) -> Names:
    """The scenes the ways out of this one lead to (hidden ways still shut left out)."""
    campaign = state.campaign
    if campaign is None:
        return {e: [state.scenes[e].name] if e in state.scenes else [] for e in state.scene.exits}
    found: Names = {}
    for way in view.exits_here(state, campaign):
        names = [way.name, *way.aliases]
        if way.to in campaign.scenes:
            names.append(campaign.scenes[way.to].name)
        found.setdefault(way.to, []).extend(names)
    return found


def _challenges(state: GameState) -> Names:
    campaign = state.campaign
    if campaign is None:
        return {}
    return {k: [c.name] for k, c in campaign.challenges.items() if c.scene == state.scene.id}


def _people(state: GameState) -> Names:
    campaign = state.campaign
    if campaign is None:
        return {}
    return {
        n: [campaign.npcs[n].name, *campaign.npcs[n].aliases]
        for n in view.npcs_here(state, campaign)
    }


ENUMS: dict[str, dict[str, Callable[[GameState], Names]]] = {
    "attack": {"attacker_id": _fighters, "target_id": _fighters},
    "take_action": {"scene_id": _exits},
    "move_scene": {"scene_id": _exits},
    "attempt_challenge": {"challenge_id": _challenges},
    "talk_to": {"npc_id": _people},
}
"""Per tool, the properties whose valid ids are listed in its schema, and where from. (The
acting creature of ``move`` and ``take_action`` is whoever is up: listing everyone again
would cost more than it helps.)"""


def _listed(prop: dict[str, Any], ids: list[str], strict: bool) -> dict[str, Any]:
    """``prop`` (a string property) allowing only ``ids`` (and ``null`` where strict mode
    made it nullable: an enum must list every value its type allows)."""
    kind = prop.get("type")
    nullable = strict and isinstance(kind, list) and "null" in kind
    return prop | {"enum": [*ids, None] if nullable else ids}


def with_ids(schema: dict[str, Any], state: GameState, *, strict: bool) -> dict[str, Any]:
    """``schema`` with its id properties limited to the ids valid now (a copy; the schema
    itself when nothing applies)."""
    function = schema["function"]
    wanted = ENUMS.get(function["name"])
    if not wanted:
        return schema
    properties = dict(function["parameters"].get("properties", {}))
    changed = False
    for prop, source in wanted.items():
        ids = list(source(state))
        if prop in properties and 0 < len(ids) <= MOST_ENUM:
            properties[prop] = _listed(properties[prop], ids, strict)
            changed = True
    if not changed:
        return schema
    parameters = function["parameters"] | {"properties": properties}
    return schema | {"function": function | {"parameters": parameters}}


def key_of(text: str) -> str:
    """``giant_rat_1`` for ``Giant-Rat 1``: lowercased, runs of spaces, ``-`` and ``_`` as
    one ``_``, a leading "the" dropped."""
    key = re.sub(r"[\s\-_]+", "_", text.strip().casefold()).strip("_")
    return key.removeprefix("the_")


def resolve(value: str, names: Names) -> str:
    """The one id ``value`` names (an id or a name, spelt loosely), or ``value`` itself."""
    if value in names or not value.strip():
        return value
    wanted = key_of(value)
    found = {i for i, aliases in names.items() for n in (i, *aliases) if key_of(n) == wanted}
    return found.pop() if len(found) == 1 else value


def _who(state: GameState) -> Names:
    names: Names = {cid: [sheet.name] for cid, sheet in state.party.items()}
    for cid, creature in state.creatures.items():
        names.setdefault(cid, []).append(creature.name)
    return names


def _scenes(state: GameState) -> Names:
    names: Names = {sid: [scene.name] for sid, scene in state.scenes.items()}
    for sid, aliases in _exits(state).items():  # "the trapdoor" leads to the cellar
        names.setdefault(sid, []).extend(aliases)
    return names


def _npcs(state: GameState) -> Names:
    campaign = state.campaign
    if campaign is None:
        return {}
    return {k: [n.name, *n.aliases] for k, n in campaign.npcs.items()}


def _encounters(state: GameState) -> Names:
    campaign = state.campaign
    return {} if campaign is None else {k: [e.name] for k, e in campaign.encounters.items()}


def _all_challenges(state: GameState) -> Names:
    campaign = state.campaign
    return {} if campaign is None else {k: [c.name] for k, c in campaign.challenges.items()}


SKILLS: Names = {s.value: [s.label] for s in Skill}
ABILITIES: Names = {a.value: [a.full_name] for a in Ability}

_READERS: dict[str, Callable[[GameState], Names]] = {
    "character_id": _who,
    "target_id": _who,
    "attacker_id": _who,
    "creature_id": _who,
    "caster_id": _who,
    "character_ids": _who,
    "target_ids": _who,
    "reactor_ids": _who,
    "challenge_id": _all_challenges,
    "scene_id": _scenes,
    "npc_id": _npcs,
    "about": _npcs,
    "encounter": _encounters,
    "skill": lambda state: SKILLS,
    "ability": lambda state: ABILITIES,
}
"""Argument names that hold ids, and the ids (with their names) each may hold."""


def normalise(raw: dict[str, Any], state: GameState) -> dict[str, Any]:
    """``raw`` arguments with every loosely spelt id replaced by the game's own (top level
    only: every id argument of the tools is there)."""
    out = dict(raw)
    for key, value in raw.items():
        reader = _READERS.get(key)
        if reader is None:
            continue
        if isinstance(value, str):
            out[key] = resolve(value, reader(state))
        elif isinstance(value, list) and all(isinstance(v, str) for v in value):
            names = reader(state)
            out[key] = [resolve(v, names) for v in value]
    return out

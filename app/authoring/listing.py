"""``dungeon list``: the ids a campaign may use, beside the names players see — monsters,
spells, weapons, armour, conditions, skills, abilities and damage types — so an author
writes ``monster = "goblin_boss"`` without opening the data files."""

from __future__ import annotations

from collections.abc import Callable

from rules.abilities import Ability
from rules.conditions import Condition
from rules.damage import DamageType
from rules.skills import Skill
from rules.srd import srd

Row = tuple[str, str, str]
"""(id, name, what else an author needs to choose it)."""


def _monsters() -> list[Row]:
    return [
        (k, m.name, f"CR {m.cr}, {m.type}, AC {m.ac}") for k, m in srd().monsters.entries.items()
    ]


def _spells() -> list[Row]:
    return [
        (k, s.name, f"{'cantrip' if s.level == 0 else f'level {s.level}'}, {s.school}")
        for k, s in srd().spells.entries.items()
    ]


def _weapons() -> list[Row]:
    return [
        (k, w.name, f"{w.damage or '-'} {w.damage_type.value if w.damage_type else ''}".strip())
        for k, w in srd().weapons.entries.items()
    ]


def _armor() -> list[Row]:
    return [(k, a.name, f"AC {a.base_ac}") for k, a in srd().armor.entries.items()]


def _enum(kind: type[Ability] | type[Condition] | type[DamageType] | type[Skill]) -> list[Row]:
    return [(m.value, m.value.replace("_", " ").title(), "") for m in kind]


KINDS: dict[str, Callable[[], list[Row]]] = {
    "monsters": _monsters,
    "spells": _spells,
    "weapons": _weapons,
    "armor": _armor,
    "conditions": lambda: _enum(Condition),
    "skills": lambda: _enum(Skill),
    "abilities": lambda: _enum(Ability),
    "damage-types": lambda: _enum(DamageType),
}
"""What ``dungeon list`` can list, in the order the help names them."""


def rows(kind: str, search: str = "") -> list[Row]:
    """The rows of one kind whose id, name or details contain ``search`` (any case),
    sorted by id. ``KeyError`` for a kind not in :data:`KINDS`."""
    found = KINDS[kind]()
    needle = search.strip().lower()
    return sorted(r for r in found if not needle or needle in " ".join(r).lower())

"""How many spells a caster of the SRD 5.1 knows at each level, and which ones it may learn.

Three ways of having spells: *known* casters (bard, ranger, sorcerer, warlock) know a fixed
number from a table; the wizard copies two spells of its choice into its spellbook at each
level; *prepared* casters (cleric, druid, paladin) choose from their whole class list a
number of spells equal to their spellcasting modifier plus their level (half their level for
a paladin). Cantrips are known from a table by every class that has them. A character
sheet's ``spells`` holds what the character can cast: cantrips and the spells known,
written in the spellbook or prepared.
"""

from __future__ import annotations

from rules.spelldata import Spell
from rules.srd import srd

# Cantrips known at levels 1-3, 4-9 and 10-20.
CANTRIPS_KNOWN: dict[str, tuple[int, int, int]] = {
    "bard": (2, 3, 4),
    "cleric": (3, 4, 5),
    "druid": (2, 3, 4),
    "sorcerer": (4, 5, 6),
    "warlock": (2, 3, 4),
    "wizard": (3, 4, 5),
}
# Spells known (of level 1 and up) at character levels 1-20.
# fmt: off
SPELLS_KNOWN: dict[str, tuple[int, ...]] = {
    "bard": (4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 15, 16, 18, 19, 19, 20, 22, 22, 22),
    "ranger": (0, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11),
    "sorcerer": (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 12, 13, 13, 14, 14, 15, 15, 15, 15),
    "warlock": (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15),
}
# fmt: on
SPELLBOOK_PER_LEVEL = 2
"""Spells a wizard adds to its spellbook on reaching each level after the first."""
PREPARED_CASTERS = {"cleric": 1, "druid": 1, "paladin": 2}
"""Classes that prepare spells, and the divisor of their level in the number prepared."""


def cantrips_known(class_name: str, level: int) -> int:
    """Cantrips a character of this class and level knows (0 for classes without)."""
    table = CANTRIPS_KNOWN.get(class_name.lower())
    if table is None:
        return 0
    return table[0] if level < 4 else table[1] if level < 10 else table[2]


def prepared_count(class_name: str, level: int, modifier: int) -> int:
    """Spells a preparing caster prepares: its spellcasting modifier plus its level (half
    its level, rounded down, for a paladin), at least one; 0 for other classes and for a
    paladin before it casts at level 2."""
    divisor = PREPARED_CASTERS.get(class_name.lower())
    if divisor is None or level // divisor == 0:
        return 0
    return max(1, modifier + level // divisor)


def new_cantrips(class_name: str, old_level: int, new_level: int) -> int:
    """Cantrips learned going from one level to the next."""
    return max(0, cantrips_known(class_name, new_level) - cantrips_known(class_name, old_level))


def new_spells(
    class_name: str, old_level: int, new_level: int, old_modifier: int, new_modifier: int
) -> int:
    """Spells of level 1 and up a character may add to ``spells`` on reaching ``new_level``:
    the growth of its spells-known table, two spellbook spells for a wizard, or the growth
    of its number of prepared spells (which a better spellcasting modifier raises too)."""
    name = class_name.lower()
    if name in SPELLS_KNOWN:
        table = SPELLS_KNOWN[name]
        return max(0, table[new_level - 1] - table[old_level - 1])
    if name == "wizard":
        return SPELLBOOK_PER_LEVEL * max(0, new_level - old_level)
    before = prepared_count(name, old_level, old_modifier)
    return max(0, prepared_count(name, new_level, new_modifier) - before)


def learnable(class_name: str, highest_slot: int, known: list[str]) -> list[tuple[str, Spell]]:
    """``(id, spell)`` of the class's list this character could learn now: cantrips, and
    spells of a level it has slots for, not already known; in catalogue order."""
    name = class_name.lower()
    return [
        (sid, spell)
        for sid, spell in srd().spells.entries.items()
        if name in spell.classes and spell.level <= highest_slot and sid not in known
    ]

"""Improvised weapons: a fireplace poker, a chair leg, a bone off a shelf, swung at a foe.

SRD 5.1 (Improvised Weapons), in our words: an object that is no weapon deals 1d4 damage
of a type the DM judges fitting for the object, and a character adds no proficiency bonus
to hit with it, since nobody is trained in fighting with a stool. (A DM may let an object
that is much like a real weapon — a table leg like a club — count as that weapon; the game
leaves that to the one who names a real weapon instead.) Strength drives the blow, as with
any melee weapon that is not finesse.

Pure rules: the attack tool asks this what the blow is, and rolls it like any other.
"""

from __future__ import annotations

from rules.abilities import Ability
from rules.character import CharacterSheet, WeaponAttack
from rules.damage import DamageType

IMPROVISED = "improvised"
"""The id an improvised weapon is attacked with."""
IMPROVISED_NAMES = frozenset({IMPROVISED, "improvised weapon", "improvised_weapon"})
"""What a DM may call an improvised weapon in the attack tool's ``weapon``."""
IMPROVISED_DIE = "1d4"
"""SRD: what an object that is no weapon deals."""


def is_improvised(weapon: str | None) -> bool:
    """Whether ``weapon`` names an improvised weapon rather than a weapon of the tables."""
    return weapon is not None and weapon.strip().lower() in IMPROVISED_NAMES


def improvised_strike(sheet: CharacterSheet) -> WeaponAttack:
    """A melee blow with an improvised weapon: Strength to hit with no proficiency bonus,
    1d4 + Strength bludgeoning damage, within 5 feet."""
    mod = sheet.modifier(Ability.STR)
    damage = IMPROVISED_DIE if mod == 0 else f"{IMPROVISED_DIE}{mod:+d}"
    return WeaponAttack(
        IMPROVISED, "Improvised weapon", mod, damage, DamageType.BLUDGEONING, Ability.STR, 5, None
    )

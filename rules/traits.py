"""The numbers behind monster traits and the combat options anyone may take: recharge
rolls, Undead Fortitude, Regeneration, and the size limits of grapples and shoves.

Small pure functions: they roll only on the RNG they are given and change nothing; the
tools apply what they return.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from dataclasses import dataclass

from rules.checks import MAX_DC
from rules.damage import DamageType
from rules.dice import RollResult, roll
from rules.species import species_catalog

SIZES = ("tiny", "small", "medium", "large", "huge", "gargantuan")
"""Creature sizes from smallest to largest."""

SMALL_SPECIES = frozenset({"halfling", "gnome"})
"""SRD species of Small size; the others are Medium."""


@dataclass(frozen=True, slots=True)
class Recharge:
    """A recharge roll at the start of a monster's turn: the d6 and whether it came back."""

    roll: RollResult
    recharged: bool


def recharge_roll(rng: random.Random, recharge: str) -> Recharge:
    """Roll a d6 for a spent "Recharge 5-6" ability: it is usable again when the die shows
    a number in the range."""
    low = int(recharge.partition("-")[0])
    rolled = roll("1d6", rng)
    return Recharge(rolled, rolled.total >= low)


def kind_words(text: str) -> frozenset[str]:
    """Words for what a creature is, from its species (``elf``) or its type (``humanoid
    (goblinoid)``: humanoid, goblinoid): what a rider's ``spares`` are matched against."""
    return frozenset(re.findall(r"[a-z][a-z-]*", text.lower()))


def undead_fortitude_dc(damage: int) -> int:
    """SRD: a creature with Undead Fortitude dropped to 0 hit points saves with CON against
    DC 5 + the damage taken — never past the highest DC a check takes (:data:`MAX_DC`):
    a blow of 36 or more is past saving either way."""
    return min(MAX_DC, 5 + max(0, damage))


def undead_fortitude_applies(damage_type: DamageType, critical: bool) -> bool:
    """Undead Fortitude does not hold against radiant damage or a critical hit."""
    return damage_type is not DamageType.RADIANT and not critical


def regenerates(amount: int, stopped_by: Iterable[DamageType], taken: Iterable[str]) -> int:
    """Hit points regained at the start of the turn: ``amount``, or nothing if the creature
    took damage of a type that stops it (a troll burnt or splashed with acid) since its
    last turn."""
    stoppers = {t.value for t in stopped_by}
    return 0 if stoppers & set(taken) else amount


def size_rank(size: str) -> int:
    """Position of a size on the scale (tiny 0 … gargantuan 5)."""
    return SIZES.index(size)


def species_size(species: str) -> str:
    """A character's size from its species, named by id, by name or with its subrace
    (``halfling``, ``Halfling (lightfoot)``, ``stout halfling``): the species data's size,
    else Small for a halfling or gnome of any subrace, else Medium."""
    base = species.partition("(")[0]
    try:
        return species_catalog().get(base).size
    except KeyError:
        return "small" if kind_words(species) & SMALL_SPECIES else "medium"


def can_grapple_or_shove(own_size: str, target_size: str) -> bool:
    """SRD: a grapple or a shove works on a target no more than one size larger."""
    return size_rank(target_size) <= size_rank(own_size) + 1

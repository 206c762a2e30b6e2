"""The six abilities, their modifiers, proficiency bonuses, and challenge ratings."""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from functools import cache

from pydantic import BaseModel, ConfigDict, Field


class Ability(StrEnum):
    """An ability, by its usual three-letter abbreviation."""

    STR = "str"
    DEX = "dex"
    CON = "con"
    INT = "int"
    WIS = "wis"
    CHA = "cha"

    @property
    def full_name(self) -> str:
        """``Strength``, ``Dexterity``, …"""
        return _FULL_NAMES[self]

    @classmethod
    def parse(cls, text: str) -> Ability:
        """Accept ``dex``, ``DEX``, ``dexterity`` alike; raise ``ValueError`` otherwise."""
        key = text.strip().lower()
        for ability in cls:
            if key in (ability.value, ability.full_name.lower()):
                return ability
        names = ", ".join(a.value for a in cls)
        raise ValueError(f"unknown ability {text!r} (one of {names})")


_FULL_NAMES = {
    Ability.STR: "Strength",
    Ability.DEX: "Dexterity",
    Ability.CON: "Constitution",
    Ability.INT: "Intelligence",
    Ability.WIS: "Wisdom",
    Ability.CHA: "Charisma",
}


_FIELDS = {ability: name.lower() for ability, name in _FULL_NAMES.items()}
"""Each ability's field of :class:`AbilityScores` (``strength``, …), looked up once."""


def ability_modifier(score: int) -> int:
    """Modifier of an ability score: (score - 10) / 2, rounded down (10-11 -> +0, 8-9 -> -1)."""
    return (score - 10) // 2


def proficiency_bonus(level: int) -> int:
    """Proficiency bonus of a character level 1-20: +2 at 1-4, rising by 1 every 4 levels."""
    if not 1 <= level <= 20:
        raise ValueError(f"character level must be 1-20, not {level}")
    return 2 + (level - 1) // 4


@cache
def parse_cr(cr: str | int | float | Fraction) -> Fraction:
    """A challenge rating as a fraction: ``"1/4"``, ``0.25`` and ``Fraction(1, 4)`` agree.
    Kept per rating written (a handful of them): a monster's XP and proficiency bonus read
    it, and parsing a fraction costs more than the rest of either."""
    try:
        value = Fraction(cr.strip()) if isinstance(cr, str) else Fraction(cr).limit_denominator(8)
    except ZeroDivisionError:  # "1/0": no rating, said as a bad value
        raise ValueError(f"challenge rating must be 0-30, not {cr}") from None
    if value < 0 or value > 30:
        raise ValueError(f"challenge rating must be 0-30, not {cr}")
    return value


def proficiency_bonus_for_cr(cr: str | int | float | Fraction) -> int:
    """Proficiency bonus of a monster: +2 up to CR 4, +3 at 5-8, … +9 at 29-30."""
    value = parse_cr(cr)
    if value <= 4:
        return 2
    whole = int(value) if value.denominator == 1 else int(value) + 1
    return 2 + (whole - 1) // 4


# fmt: off
_XP_WHOLE_CR = [
    200, 450, 700, 1100, 1800, 2300, 2900, 3900, 5000, 5900,
    7200, 8400, 10000, 11500, 13000, 15000, 18000, 20000, 22000, 25000,
    33000, 41000, 50000, 62000, 75000, 90000, 105000, 120000, 135000, 155000,
]
# fmt: on
_XP_BY_CR: dict[Fraction, int] = {
    Fraction(0): 10,
    Fraction(1, 8): 25,
    Fraction(1, 4): 50,
    Fraction(1, 2): 100,
    **{Fraction(cr): xp for cr, xp in enumerate(_XP_WHOLE_CR, start=1)},
}


def xp_for_cr(cr: str | int | float | Fraction) -> int:
    """Experience points a monster of this challenge rating is worth."""
    value = parse_cr(cr)
    if value not in _XP_BY_CR:
        raise ValueError(f"no such challenge rating: {cr}")
    return _XP_BY_CR[value]


def format_cr(cr: Fraction) -> str:
    """``1/4``, ``1/2``, ``3``."""
    return str(cr.numerator) if cr.denominator == 1 else f"{cr.numerator}/{cr.denominator}"


class AbilityScores(BaseModel):
    """The six scores of a creature (1-30), written ``str = 15`` etc. in data files."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    strength: int = Field(10, ge=1, le=30, alias="str")
    dexterity: int = Field(10, ge=1, le=30, alias="dex")
    constitution: int = Field(10, ge=1, le=30, alias="con")
    intelligence: int = Field(10, ge=1, le=30, alias="int")
    wisdom: int = Field(10, ge=1, le=30, alias="wis")
    charisma: int = Field(10, ge=1, le=30, alias="cha")

    def score(self, ability: Ability) -> int:
        """The score of one ability."""
        value: int = getattr(self, _FIELDS[ability])
        return value

    def modifier(self, ability: Ability) -> int:
        """The modifier of one ability."""
        return ability_modifier(self.score(ability))

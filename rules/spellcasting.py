"""Spell slots for full casters, half casters and pact magic, spellcasting numbers, cantrip
scaling and concentration."""

from __future__ import annotations

import random

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.abilities import Ability
from rules.checks import MAX_DC, CheckResult, RollContext, RollKind, d20_test
from rules.dice import Advantage
from rules.outcomes import Impossible, Outcome, Success

# Slots per spell level (1st..9th) for a full caster (bard, cleric, druid, sorcerer, wizard)
# at character levels 1-20.
# fmt: off
FULL_CASTER_SLOTS: dict[int, tuple[int, ...]] = {
    1: (2,),
    2: (3,),
    3: (4, 2),
    4: (4, 3),
    5: (4, 3, 2),
    6: (4, 3, 3),
    7: (4, 3, 3, 1),
    8: (4, 3, 3, 2),
    9: (4, 3, 3, 3, 1),
    10: (4, 3, 3, 3, 2),
    11: (4, 3, 3, 3, 2, 1),
    12: (4, 3, 3, 3, 2, 1),
    13: (4, 3, 3, 3, 2, 1, 1),
    14: (4, 3, 3, 3, 2, 1, 1),
    15: (4, 3, 3, 3, 2, 1, 1, 1),
    16: (4, 3, 3, 3, 2, 1, 1, 1),
    17: (4, 3, 3, 3, 2, 1, 1, 1, 1),
    18: (4, 3, 3, 3, 3, 1, 1, 1, 1),
    19: (4, 3, 3, 3, 3, 2, 1, 1, 1),
    20: (4, 3, 3, 3, 3, 2, 2, 1, 1),
}
# fmt: on


def full_caster_slots(level: int) -> dict[int, int]:
    """``{spell level: slots}`` for a full caster of this character level."""
    if level not in FULL_CASTER_SLOTS:
        raise ValueError(f"character level must be 1-20, not {level}")
    return dict(enumerate(FULL_CASTER_SLOTS[level], start=1))


# Slots per spell level for a half caster (paladin, ranger): none at level 1, spells from 2.
# fmt: off
HALF_CASTER_SLOTS: dict[int, tuple[int, ...]] = {
    1: (), 2: (2,), 3: (3,), 4: (3,), 5: (4, 2), 6: (4, 2), 7: (4, 3), 8: (4, 3),
    9: (4, 3, 2), 10: (4, 3, 2), 11: (4, 3, 3), 12: (4, 3, 3), 13: (4, 3, 3, 1),
    14: (4, 3, 3, 1), 15: (4, 3, 3, 2), 16: (4, 3, 3, 2), 17: (4, 3, 3, 3, 1),
    18: (4, 3, 3, 3, 1), 19: (4, 3, 3, 3, 2), 20: (4, 3, 3, 3, 2),
}
# Pact magic (warlock): (number of slots, the one level they all have) by warlock level.
PACT_MAGIC_SLOTS: dict[int, tuple[int, int]] = {
    1: (1, 1), 2: (2, 1), 3: (2, 2), 4: (2, 2), 5: (2, 3), 6: (2, 3), 7: (2, 4), 8: (2, 4),
    9: (2, 5), 10: (2, 5), 11: (3, 5), 12: (3, 5), 13: (3, 5), 14: (3, 5), 15: (3, 5),
    16: (3, 5), 17: (4, 5), 18: (4, 5), 19: (4, 5), 20: (4, 5),
}
# fmt: on


def slots_for(caster: str, level: int) -> dict[int, int]:
    """``{spell level: slots}`` of a class's casting kind (``full``, ``half``, ``pact`` or
    ``none``) at this character level: what a character of that class has when rested."""
    if not 1 <= level <= 20:
        raise ValueError(f"character level must be 1-20, not {level}")
    if caster == "full":
        return full_caster_slots(level)
    if caster == "half":
        return dict(enumerate(HALF_CASTER_SLOTS[level], start=1))
    if caster == "pact":
        count, slot_level = PACT_MAGIC_SLOTS[level]
        return {slot_level: count}
    if caster == "none":
        return {}
    raise ValueError(f"unknown kind of caster {caster!r} (full, half, pact or none)")


def spell_save_dc(proficiency_bonus: int, ability_modifier: int) -> int:
    """8 + proficiency bonus + spellcasting ability modifier."""
    return 8 + proficiency_bonus + ability_modifier


def spell_attack_bonus(proficiency_bonus: int, ability_modifier: int) -> int:
    """Proficiency bonus + spellcasting ability modifier."""
    return proficiency_bonus + ability_modifier


def cantrip_dice_multiplier(character_level: int) -> int:
    """Damage cantrips grow: one die at levels 1-4, two at 5, three at 11, four at 17."""
    if character_level >= 17:
        return 4
    if character_level >= 11:
        return 3
    if character_level >= 5:
        return 2
    return 1


MOST_SLOTS = 9
"""More slots of one level than any caster of the rules has (a full caster has at most 4)."""


class SpellSlots(BaseModel):
    """Slots per spell level and how many are spent."""

    model_config = ConfigDict(extra="forbid")

    maximum: dict[int, int] = Field(default_factory=dict)
    expended: dict[int, int] = Field(default_factory=dict)
    created: dict[int, int] | None = None
    """Slots made beyond the maximum (a sorcerer's Font of Magic); gone at a long rest.
    ``None`` while there are none, so a save of a game without them needs no such key."""

    @model_validator(mode="after")
    def _check(self) -> SpellSlots:
        for level, count in {**self.maximum, **self.expended, **(self.created or {})}.items():
            if not 1 <= level <= 9:
                raise ValueError(f"spell slot level must be 1-9, not {level}")
            if not 0 <= count <= MOST_SLOTS:
                raise ValueError(f"slot counts are 0-{MOST_SLOTS}, not {count}")
        for level, used in self.expended.items():
            if used > self.maximum.get(level, 0) + self.made(level):
                raise ValueError(f"more level-{level} slots spent than the caster has")
        return self

    @classmethod
    def for_full_caster(cls, level: int) -> SpellSlots:
        """All slots of a full caster of this level, none spent."""
        return cls(maximum=full_caster_slots(level))

    def remaining(self, level: int) -> int:
        """Unspent slots of one level."""
        return self.maximum.get(level, 0) + self.made(level) - self.expended.get(level, 0)

    def spend(self, level: int) -> Outcome:
        """Spend one slot of exactly this level; ``Impossible`` if none is left."""
        if not 1 <= level <= 9:
            return Impossible(f"there are no level-{level} spell slots")
        if self.remaining(level) <= 0:
            return Impossible(f"no level-{level} spell slot left")
        self.expended[level] = self.expended.get(level, 0) + 1
        return Success(f"level-{level} slot spent, {self.remaining(level)} left")

    def held(self) -> dict[int, int]:
        """Slots of each level the caster has in all, spent or not: the maximum and the
        slots made beyond it."""
        levels = sorted(set(self.maximum) | set(self.created or {}))
        return {lv: self.maximum.get(lv, 0) + self.made(lv) for lv in levels}

    def made(self, level: int) -> int:
        """Slots of this level made beyond the maximum."""
        return (self.created or {}).get(level, 0)

    def create(self, level: int) -> Outcome:
        """One more slot of this level, beyond the maximum (Font of Magic)."""
        if not 1 <= level <= 9:
            return Impossible(f"there are no level-{level} spell slots")
        if self.remaining(level) >= MOST_SLOTS:
            return Impossible(f"no more level-{level} slots can be held")
        self.created = {**(self.created or {}), level: self.made(level) + 1}
        return Success(f"a level-{level} slot made, {self.remaining(level)} left")

    def recover_all(self) -> None:
        """A long rest: every slot comes back, and slots made beyond the maximum vanish."""
        self.expended = {}
        self.created = None


def concentration_dc(damage: int) -> int:
    """The Constitution save to keep concentrating after damage: 10 or half the damage,
    whichever is higher — never past the highest DC a check takes (:data:`MAX_DC`)."""
    return min(MAX_DC, max(10, damage // 2))


def concentration_check(
    rng: random.Random,
    con_save_modifier: int,
    damage: int,
    *,
    advantage: Advantage = Advantage.NORMAL,
    context: RollContext | None = None,
    bonus: str = "",
) -> CheckResult:
    """Roll the Constitution save that keeps a concentration spell going after damage
    (``bonus``: dice added to the save, such as Bless's d4)."""
    return d20_test(
        rng,
        con_save_modifier,
        min(concentration_dc(damage), 40),
        kind=RollKind.CONCENTRATION,
        ability=Ability.CON,
        advantage=advantage,
        context=context,
        bonus=bonus,
        reason=f"keep concentrating after {damage} damage",
    )

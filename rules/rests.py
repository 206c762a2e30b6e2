"""Short and long rests: hit dice, hit points, spell slots, exhaustion."""

from __future__ import annotations

import random
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.damage import LifeState, Vitals, heal
from rules.dice import RollResult, roll
from rules.spellcasting import SpellSlots


class HitDice(BaseModel):
    """A character's pool of hit dice (one per level, of the class's die size)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    die: int = Field(ge=4, le=12, description="Sides: 6, 8, 10 or 12")
    total: int = Field(ge=1, le=20)
    remaining: int = Field(ge=0, le=20)

    @model_validator(mode="after")
    def _check(self) -> HitDice:
        if self.die not in (6, 8, 10, 12):
            raise ValueError(f"hit dice are d6, d8, d10 or d12, not d{self.die}")
        if self.remaining > self.total:
            raise ValueError("more hit dice remaining than the character has")
        return self


@dataclass(frozen=True, slots=True)
class ShortRestResult:
    """Hit dice spent on a short rest, each roll, and the healing they gave."""

    rolls: tuple[RollResult, ...]
    healed: int
    vitals: Vitals
    hit_dice: HitDice


def short_rest(
    rng: random.Random,
    vitals: Vitals,
    hit_dice: HitDice,
    con_modifier: int,
    dice_to_spend: int,
    *,
    worth: int = 1,
) -> ShortRestResult:
    """Spend up to ``dice_to_spend`` hit dice; each heals its roll + CON modifier (at least 0).

    Stops early at full hit points, when the pool is empty, or when fewer than ``worth``
    hit points are missing (a die is not spent to heal one point). The dead do not rest, and
    a creature at 0 HP must be stable first.
    """
    if vitals.state in (LifeState.DEAD, LifeState.DYING):
        return ShortRestResult((), 0, vitals, hit_dice)
    rolls: list[RollResult] = []
    healed = 0
    remaining = hit_dice.remaining
    current = vitals
    formula = f"1d{hit_dice.die}{con_modifier:+d}" if con_modifier else f"1d{hit_dice.die}"
    for _ in range(max(0, dice_to_spend)):
        if remaining == 0 or current.max_hp - current.hp < max(1, worth):
            break
        result = roll(formula, rng)
        rolls.append(result)
        remaining -= 1
        outcome = heal(current, max(0, result.total))
        current = outcome.vitals
        healed += outcome.restored
    return ShortRestResult(
        tuple(rolls), healed, current, hit_dice.model_copy(update={"remaining": remaining})
    )


@dataclass(frozen=True, slots=True)
class LongRestResult:
    """What a long rest gave back."""

    vitals: Vitals
    hit_dice: HitDice
    hit_dice_regained: int
    exhaustion: int
    slots: SpellSlots | None


def long_rest(
    vitals: Vitals,
    hit_dice: HitDice,
    exhaustion: int = 0,
    slots: SpellSlots | None = None,
    *,
    ate_and_drank: bool = True,
) -> LongRestResult:
    """All hit points back, half the hit dice (at least one), every spell slot, and one
    level of exhaustion less if the character had food and water. A creature needs at
    least 1 HP to benefit; the dead get nothing."""
    if vitals.state is LifeState.DEAD or vitals.hp == 0:
        return LongRestResult(vitals, hit_dice, 0, exhaustion, slots)
    regain = min(max(1, hit_dice.total // 2), hit_dice.total - hit_dice.remaining)
    new_vitals = vitals.model_copy(
        update={"hp": vitals.max_hp, "temp_hp": 0, "death_successes": 0, "death_failures": 0}
    )
    return LongRestResult(
        new_vitals,
        hit_dice.model_copy(update={"remaining": hit_dice.remaining + regain}),
        regain,
        max(0, exhaustion - 1) if ate_and_drank else exhaustion,
        None if slots is None else slots.model_copy(update={"expended": {}, "created": None}),
    )


def slots_after_short_rest(slots: SpellSlots, pact_magic: bool) -> SpellSlots:
    """SRD (Pact Magic): a warlock regains every expended slot at the end of a short rest;
    other casters' slots wait for a long rest."""
    return slots.model_copy(update={"expended": {}}) if pact_magic else slots

"""Damage types and defences, hit points, dying, death saves, stabilising and healing.

Every function takes the current :class:`Vitals` and returns an outcome value holding the
new ``Vitals``: nothing is mutated, so a caller can show what would happen before it does.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, field_serializer

from rules.checks import RollKind
from rules.dice import Advantage, RollResult, roll


class DamageType(StrEnum):
    """The thirteen damage types."""

    ACID = "acid"
    BLUDGEONING = "bludgeoning"
    COLD = "cold"
    FIRE = "fire"
    FORCE = "force"
    LIGHTNING = "lightning"
    NECROTIC = "necrotic"
    PIERCING = "piercing"
    POISON = "poison"
    PSYCHIC = "psychic"
    RADIANT = "radiant"
    SLASHING = "slashing"
    THUNDER = "thunder"


class Defenses(BaseModel):
    """Damage resistances, vulnerabilities and immunities of a creature."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    resistances: frozenset[DamageType] = frozenset()
    vulnerabilities: frozenset[DamageType] = frozenset()
    immunities: frozenset[DamageType] = frozenset()

    @field_serializer("resistances", "vulnerabilities", "immunities")
    def _sorted(self, value: frozenset[DamageType]) -> list[DamageType]:
        # Sorted, so the same creature is written the same way whatever the hash seed.
        return sorted(value)


@dataclass(frozen=True, slots=True)
class AdjustedDamage:
    """Damage after defences: ``amount`` is what reaches hit points."""

    raw: int
    amount: int
    damage_type: DamageType
    note: str = ""
    """``resisted``, ``vulnerable``, ``immune`` or empty."""


def adjust_damage(
    amount: int, damage_type: DamageType, defenses: Defenses, *, resist_all: bool = False
) -> AdjustedDamage:
    """Apply immunity (none), resistance (half, rounded down), vulnerability (double).

    Resistance applies before vulnerability, and several resistances count once.
    """
    amount = max(0, amount)
    if not (resist_all or defenses.immunities or defenses.resistances or defenses.vulnerabilities):
        return AdjustedDamage(amount, amount, damage_type)  # most creatures: it all lands
    if damage_type in defenses.immunities:
        return AdjustedDamage(amount, 0, damage_type, "immune")
    result, notes = amount, []
    if damage_type in defenses.resistances or resist_all:
        result //= 2
        notes.append("resisted")
    if damage_type in defenses.vulnerabilities:
        result *= 2
        notes.append("vulnerable")
    return AdjustedDamage(amount, result, damage_type, " and ".join(notes))


MOST_HP = 10_000
"""More hit points than any creature of the rules has (the tarrasque has 676): a bound that
keeps a damaged or hand-edited number from turning into arithmetic on huge integers."""


class LifeState(StrEnum):
    """Where a creature stands between fighting fit and dead."""

    ALIVE = "alive"
    DYING = "dying"
    """At 0 HP, unconscious, making death saves."""
    STABLE = "stable"
    """At 0 HP, unconscious, no longer making death saves."""
    DEAD = "dead"


class Vitals(BaseModel):
    """Hit points, temporary hit points and death saves of one creature."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    hp: int = Field(ge=0, le=MOST_HP)
    max_hp: int = Field(ge=1, le=MOST_HP)
    temp_hp: int = Field(default=0, ge=0, le=MOST_HP)
    death_successes: int = Field(default=0, ge=0, le=3)
    death_failures: int = Field(default=0, ge=0, le=3)
    state: LifeState = LifeState.ALIVE

    @property
    def conscious(self) -> bool:
        """Alive with hit points left."""
        return self.state is LifeState.ALIVE

    @classmethod
    def full(cls, max_hp: int) -> Vitals:
        """A creature at full health."""
        return cls(hp=max_hp, max_hp=max_hp)


@dataclass(frozen=True, slots=True)
class DamageResult:
    """What a hit did: to temporary HP, to HP, to the death-save track."""

    before: Vitals
    vitals: Vitals
    damage: AdjustedDamage
    absorbed: int
    """Taken by temporary hit points."""
    dropped_to_zero: bool = False
    instant_death: bool = False
    """Massive damage: what was left after 0 HP reached the hit point maximum."""
    failures_added: int = 0
    critical: bool = False
    """It came from a critical hit (Undead Fortitude does not hold against one)."""

    @property
    def hp_lost(self) -> int:
        """Hit points (not temporary) actually lost."""
        return self.before.hp - self.vitals.hp

    @property
    def killed(self) -> bool:
        """The creature is dead after this damage."""
        return self.vitals.state is LifeState.DEAD and self.before.state is not LifeState.DEAD


def apply_damage(
    vitals: Vitals,
    amount: int,
    damage_type: DamageType,
    defenses: Defenses | None = None,
    *,
    critical: bool = False,
    dies_at_zero: bool = False,
    resist_all: bool = False,
    knock_out: bool = False,
) -> DamageResult:
    """Deal damage: defences, then temporary HP, then HP; 0 HP means dying (or dead).

    Characters drop to 0 and start dying; ``dies_at_zero`` is for monsters that simply die.
    ``knock_out``: a melee blow meant to subdue — whoever it drops to 0 is knocked out,
    unconscious and stable, instead of dying. A monster is knocked out however hard the
    blow (the rule of instant death from massive damage is a character's, and a monster
    dying at 0 is the DM's custom the attacker's choice sets aside); a character the blow
    takes past its hit point maximum still dies outright.
    Damage left over after reaching 0 that equals the hit point maximum kills outright.
    Damage to a creature already at 0 HP is a failed death save (two on a critical hit),
    and kills outright if it reaches the hit point maximum.
    """
    adjusted = adjust_damage(amount, damage_type, defenses or Defenses(), resist_all=resist_all)
    dmg = adjusted.amount
    if vitals.state is LifeState.DEAD or dmg == 0:
        return DamageResult(vitals, vitals, adjusted, 0)
    absorbed = min(vitals.temp_hp, dmg)
    rest = dmg - absorbed
    temp_left = vitals.temp_hp - absorbed
    if vitals.hp == 0:
        # Already dying or stable: each hit is a failed death save.
        if rest == 0:
            return DamageResult(
                vitals, vitals.model_copy(update={"temp_hp": temp_left}), adjusted, absorbed
            )
        if rest >= vitals.max_hp:
            new = vitals.model_copy(update={"temp_hp": temp_left, "state": LifeState.DEAD})
            return DamageResult(vitals, new, adjusted, absorbed, instant_death=True)
        added = 2 if critical else 1
        failures = min(3, vitals.death_failures + added)
        state = LifeState.DEAD if failures >= 3 else LifeState.DYING
        # A stable creature that is hit starts dying again.
        new = vitals.model_copy(
            update={"temp_hp": temp_left, "death_failures": failures, "state": state}
        )
        return DamageResult(vitals, new, adjusted, absorbed, failures_added=added)
    if rest < vitals.hp:
        new = vitals.model_copy(update={"temp_hp": temp_left, "hp": vitals.hp - rest})
        return DamageResult(vitals, new, adjusted, absorbed)
    overflow = rest - vitals.hp
    if knock_out and (dies_at_zero or overflow < vitals.max_hp):
        new = vitals.model_copy(
            update={"temp_hp": temp_left, "hp": 0, "state": LifeState.STABLE,
                    "death_successes": 0, "death_failures": 0}
        )  # fmt: skip
        return DamageResult(vitals, new, adjusted, absorbed, dropped_to_zero=True)
    if overflow >= vitals.max_hp or dies_at_zero:
        new = vitals.model_copy(update={"temp_hp": temp_left, "hp": 0, "state": LifeState.DEAD})
        return DamageResult(
            vitals, new, adjusted, absorbed, dropped_to_zero=True,
            instant_death=overflow >= vitals.max_hp,
        )  # fmt: skip
    new = vitals.model_copy(
        update={"temp_hp": temp_left, "hp": 0, "state": LifeState.DYING,
                "death_successes": 0, "death_failures": 0}
    )  # fmt: skip
    return DamageResult(vitals, new, adjusted, absorbed, dropped_to_zero=True)


@dataclass(frozen=True, slots=True)
class HealResult:
    """Healing done: ``restored`` is the hit points actually regained (never past the max)."""

    before: Vitals
    vitals: Vitals
    restored: int

    @property
    def revived(self) -> bool:
        """The creature was at 0 HP and is conscious again."""
        return self.before.hp == 0 and self.vitals.hp > 0


def heal(vitals: Vitals, amount: int) -> HealResult:
    """Regain hit points up to the maximum; at 0 HP this wakes the creature and clears its
    death saves. The dead are not healed (0 restored)."""
    if vitals.state is LifeState.DEAD or amount <= 0:
        return HealResult(vitals, vitals, 0)
    restored = min(amount, vitals.max_hp - vitals.hp)
    if restored == 0:
        return HealResult(vitals, vitals, 0)
    new = vitals.model_copy(
        update={"hp": vitals.hp + restored, "state": LifeState.ALIVE,
                "death_successes": 0, "death_failures": 0}
    )  # fmt: skip
    return HealResult(vitals, new, restored)


def grant_temp_hp(vitals: Vitals, amount: int) -> Vitals:
    """Temporary hit points do not stack: keep the larger pool."""
    return vitals.model_copy(update={"temp_hp": max(vitals.temp_hp, amount, 0)})


def stabilize(vitals: Vitals) -> Vitals:
    """A dying creature becomes stable: still at 0 HP and unconscious, no more death saves."""
    if vitals.state is not LifeState.DYING:
        return vitals
    return vitals.model_copy(
        update={"state": LifeState.STABLE, "death_successes": 0, "death_failures": 0}
    )


@dataclass(frozen=True, slots=True)
class DeathSaveResult:
    """One death saving throw and where it left the creature."""

    kind: RollKind
    roll: RollResult
    before: Vitals
    vitals: Vitals
    success: bool

    @property
    def natural(self) -> int:
        """The d20 face (death saves add no modifier)."""
        return self.roll.natural or 0

    @property
    def regained_consciousness(self) -> bool:
        """A natural 20: back up with 1 hit point."""
        return self.vitals.hp > 0


def death_save(
    rng: random.Random, vitals: Vitals, advantage: Advantage = Advantage.NORMAL
) -> DeathSaveResult:
    """Roll a death save: 10+ succeeds, a natural 20 brings back 1 HP, a natural 1 counts as
    two failures; three successes stabilise, three failures kill.

    Raises ``ValueError`` when the creature is not dying.
    """
    if vitals.state is not LifeState.DYING:
        raise ValueError(f"only a dying creature makes death saves (this one is {vitals.state})")
    result = roll("1d20", rng, advantage)
    natural = result.natural or 0
    if natural == 20:
        new = vitals.model_copy(
            update={"hp": 1, "state": LifeState.ALIVE, "death_successes": 0, "death_failures": 0}
        )
        return DeathSaveResult(RollKind.DEATH_SAVE, result, vitals, new, True)
    if natural >= 10:
        successes = vitals.death_successes + 1
        if successes >= 3:
            new = stabilize(vitals)
        else:
            new = vitals.model_copy(update={"death_successes": successes})
        return DeathSaveResult(RollKind.DEATH_SAVE, result, vitals, new, True)
    failures = min(3, vitals.death_failures + (2 if natural == 1 else 1))
    state = LifeState.DEAD if failures >= 3 else LifeState.DYING
    new = vitals.model_copy(update={"death_failures": failures, "state": state})
    return DeathSaveResult(RollKind.DEATH_SAVE, result, vitals, new, False)

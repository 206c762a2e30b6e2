"""SRD 5.1 spells as typed data (``rules/data/spells.toml``): school, level, casting time,
range, save or attack, damage and its upcasting, the conditions and lasting effects a spell
leaves. :func:`rules.srd.srd` loads the table once per process. Facts from the SRD 5.1
(CC-BY-4.0), in our own words."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator

from rules.abilities import Ability
from rules.conditions import Condition
from rules.damage import DamageType
from rules.effects import Effect
from rules.srddata import SrdData, dice_or_none

# -- spells --------------------------------------------------------------------------------


School = Literal[
    "abjuration", "conjuration", "divination", "enchantment", "evocation", "illusion",
    "necromancy", "transmutation",
]  # fmt: skip


class SpellEffect(Effect):
    """A lasting effect a spell leaves on each creature it takes hold of (a willing
    target, one it hits, one that fails its save): the :class:`rules.effects.Effect` it
    becomes, with the caster as its source, the spell behind it when it needs concentration,
    and the slot it was cast with."""

    only_types: tuple[str, ...] = ()
    """Creature types it takes hold of (Chill Touch's dread falls on undead only); empty:
    any creature."""

    def on(self, source: str, spell: str | None, level: int, dc: int, extra: str = "") -> Effect:
        """The effect as it lands: from ``source``, tied to the concentration ``spell``, of
        slot ``level``; periodic damage saved against the caster's ``dc`` and grown by the
        upcast dice ``extra``."""
        periodic = self.periodic
        if periodic is not None:
            damage = periodic.damage + extra
            periodic = periodic.model_copy(update={"dc": periodic.dc or dc, "damage": damage})
        data = self.model_dump(exclude={"only_types", "periodic"})
        return Effect.model_validate(
            {**data, "source": source, "spell": spell, "level": level, "periodic": periodic}
        )


class Spell(SrdData):
    """A spell: what it costs, what it rolls, what it does."""

    name: str
    level: int = Field(ge=0, le=9)
    school: School
    casting_time: Literal["action", "bonus_action", "reaction", "1_minute", "10_minutes"]
    range_ft: int = Field(ge=0)
    """0 for self, 5 for touch."""
    touch: bool = False
    components: tuple[Literal["V", "S", "M"], ...]
    duration: str
    concentration: bool = False
    ritual: bool = False
    classes: tuple[str, ...]
    attack: Literal["melee", "ranged"] | None = None
    save: Ability | None = None
    save_success: Literal["half", "none"] | None = None
    """What a successful save leaves: half damage, or nothing."""
    damage: str | None = None
    damage_type: DamageType | None = None
    heal: str | None = None
    add_modifier: bool = False
    """Healing (or damage) adds the caster's spellcasting modifier."""
    upcast: str | None = None
    """Extra dice per slot level above the spell's own (or per ``upcast_every`` levels)."""
    upcast_every: int = Field(default=1, ge=1, le=8)
    """Slot levels per step of ``upcast`` dice: Spiritual Weapon gains 1d8 for every two."""
    beams: int = Field(default=0, ge=0, le=10)
    """Darts, beams or rays of one casting (Magic Missile 3), each aimed at its own target
    and resolved on its own: an attack roll per beam for attack spells, a sure hit for
    darts. A cantrip with ``cantrip_scaling`` gains beams, not dice, as its caster levels."""
    beams_upcast: int = Field(default=0, ge=0, le=3)
    """More beams per slot level above the spell's own (Magic Missile: one dart)."""
    creature_types: tuple[str, ...] = ()
    """The only creature types it affects (Hold Person: humanoids); empty: any."""
    stabilizes: bool = False
    """A dying creature it touches becomes stable (Spare the Dying)."""
    hp_pool: str | None = None
    """Spells like Sleep: roll this pool and affect the weakest creatures it covers."""
    cantrip_scaling: bool = False
    """Damage dice multiply at character levels 5, 11 and 17."""
    area: str | None = None
    targets: int = Field(default=1, ge=0)
    """Creatures targeted (0 for an area or self)."""
    conditions: tuple[Condition, ...] = ()
    save_repeats: bool = True
    """A target held by the spell's conditions repeats its save at the end of each of its
    turns (Hold Person); false when only the first save counts (Charm Person)."""
    more_targets: bool = False
    """One more target per slot level above the spell's own (Bless, Hold Person, Magic
    Missile's darts)."""
    effects: tuple[SpellEffect, ...] = ()
    """Lasting effects on each creature the spell takes hold of: a willing target, one its
    attack hits, one that fails its save (Bless, Ray of Frost's chill, Haste)."""
    hostile: bool = False
    """Aimed at foes although it neither attacks nor forces a save (Spirit Guardians)."""
    rolls: int = Field(default=1, ge=1, le=10)
    """Separate attack rolls one casting makes, each at a chosen target (Scorching Ray: 3)."""
    more_rolls: Literal["", "caster_level", "slot"] = ""
    """How the rolls grow: one more at caster levels 5, 11 and 17 (Eldritch Blast's beams),
    or one more per slot level above the spell's own (Scorching Ray)."""
    miss_half: bool = False
    """A missed attack still deals half the damage (Acid Arrow), and nothing else."""
    advantage_vs_metal: bool = False
    """The attack has advantage against a target wearing metal armour (Shocking Grasp)."""
    no_effect_on: tuple[str, ...] = ()
    """Creature types the spell does nothing to (Cure Wounds: undead, constructs)."""
    revive_within: int | None = Field(default=None, ge=1, le=1000)
    """Raises a creature dead for at most this many rounds, at 1 hit point (Revivify: 10)."""
    consumes: str | None = None
    """A material the caster must carry, used up by the casting (Revivify's diamond): the
    name of an inventory item, matched by word."""
    dispels: bool = False
    """Ends spells on its target (Dispel Magic)."""
    beam: bool = False
    """Its area stays at a place its caster chose and may move (Moonbeam): its lasting
    effect stays with the caster as a :class:`rules.effects.Beam`, and it burns whoever
    enters it or starts a turn in it. The first target is where it falls; the others
    must stand at that one's side."""
    teleport_ft: int = Field(default=0, ge=0, le=1000)
    """The caster vanishes and reappears this far away, out of every foe's reach."""
    push_ft: int = Field(default=0, ge=0, le=100)
    """A creature that fails the save is pushed this far away from the caster (Thunderwave:
    10 feet), out of its reach: their engagement ends."""
    srd: bool = True
    """False for a spell that is not in the SRD 5.1 (Absorb Elements): kept in our own words
    for the reactions the game prices, and marked so nobody mistakes it for SRD text."""
    summary: str

    _check = field_validator("damage", "heal", "upcast", "hp_pool")(dice_or_none)

    @property
    def harmful(self) -> bool:
        """Aimed at foes: it attacks, forces a save, deals damage, imposes conditions (not
        one a friend is glad of: Invisibility hides whom it touches)."""
        hindering = any(c is not Condition.INVISIBLE for c in self.conditions)
        return bool(self.attack or self.save or self.damage or hindering or self.hostile)

    def roll_count(self, caster_level: int, slot: int) -> int:
        """Attack rolls one casting makes at this caster level and slot."""
        if self.more_rolls == "caster_level":
            return self.rolls + sum(caster_level >= lv for lv in (5, 11, 17))
        if self.more_rolls == "slot":
            return self.rolls + max(0, slot - self.level)
        return self.rolls

    @model_validator(mode="after")
    def _consistent(self) -> Spell:
        if (self.damage is None) != (self.damage_type is None):
            raise ValueError("damage and damage_type go together")
        if self.save is not None and self.save_success is None:
            raise ValueError("a saving-throw spell says what a success does (save_success)")
        if self.cantrip_scaling and self.level != 0:
            raise ValueError("only cantrips scale with character level")
        if (self.upcast or self.beams_upcast) and self.level == 0:
            raise ValueError("cantrips are not cast with slots, so they cannot be upcast")
        if self.more_rolls and not self.attack:
            raise ValueError("only attack spells make several attack rolls")
        if self.miss_half and not (self.attack and self.damage):
            raise ValueError("miss_half is for attack spells that deal damage")
        return self

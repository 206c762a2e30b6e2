"""SRD 5.1 facts as typed data: weapons, armour, monsters, spells (and conditions).

The numbers and names come from the System Reference Document 5.1 by Wizards of the Coast,
used under CC-BY-4.0; every description is written in our own words. The TOML files live in
``rules/data/``; :func:`srd` loads and validates them once per process.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from rules.abilities import (
    Ability,
    AbilityScores,
    parse_cr,
    proficiency_bonus_for_cr,
    xp_for_cr,
)
from rules.conditions import Condition, ConditionRule, condition_rules
from rules.damage import MOST_HP, DamageType, Defenses
from rules.datafiles import DataError, read_toml, validate_table
from rules.economy import MOST_FEET
from rules.skills import Skill
from rules.spelldata import Spell
from rules.srddata import Catalog, SrdData, T, dice_or_none

SRD_ATTRIBUTION = (
    'This work includes material taken from the System Reference Document 5.1 ("SRD 5.1") '
    "by Wizards of the Coast LLC and available at https://dnd.wizards.com/resources/"
    "systems-reference-document. The SRD 5.1 is licensed under the Creative Commons "
    "Attribution 4.0 International License available at "
    "https://creativecommons.org/licenses/by/4.0/legalcode."
)


# -- weapons -----------------------------------------------------------------------------


WeaponProperty = Literal[
    "ammunition", "finesse", "heavy", "light", "loading", "reach", "special", "thrown",
    "two_handed", "versatile",
]  # fmt: skip


class Weapon(SrdData):
    """A simple or martial weapon."""

    name: str
    category: Literal["simple", "martial"]
    kind: Literal["melee", "ranged"]
    damage: str | None = None
    """Damage dice, e.g. ``1d8``; ``None`` for the net, which deals none."""
    damage_type: DamageType | None = None
    properties: tuple[WeaponProperty, ...] = ()
    versatile: str | None = None
    """Damage when wielded with two hands."""
    range: tuple[int, int] | None = None
    """Normal and long range in feet, for ranged and thrown weapons."""
    cost_cp: int = Field(ge=0)
    weight_lb: float = Field(ge=0)

    _check_damage = field_validator("damage", "versatile")(dice_or_none)

    @model_validator(mode="after")
    def _consistent(self) -> Weapon:
        if (self.damage is None) != (self.damage_type is None):
            raise ValueError("damage and damage_type go together")
        if ("versatile" in self.properties) != (self.versatile is not None):
            raise ValueError("versatile weapons need a two-handed damage, others must not")
        ranged = self.kind == "ranged" or "thrown" in self.properties
        if ranged != (self.range is not None):
            raise ValueError("ranged and thrown weapons need a range, others must not")
        return self

    @property
    def finesse(self) -> bool:
        """May use DEX instead of STR."""
        return "finesse" in self.properties

    @property
    def reach(self) -> int:
        """Melee reach in feet."""
        return 10 if "reach" in self.properties else 5


# -- armour --------------------------------------------------------------------------------


class Armor(SrdData):
    """Armour or a shield. AC is ``base_ac`` + DEX modifier (capped by ``dex_cap``)."""

    name: str
    category: Literal["light", "medium", "heavy", "shield"]
    base_ac: int = Field(ge=0, le=20)
    """For a shield, the bonus it adds."""
    dex_cap: int | None = None
    """Most DEX modifier that counts: none for light armour, 2 for medium, 0 for heavy."""
    strength: int = 0
    """STR score below which the wearer's speed drops by 10 ft."""
    stealth_disadvantage: bool = False
    metal: bool = False
    """Made of metal (Shocking Grasp has advantage against its wearer)."""
    cost_cp: int = Field(ge=0)
    weight_lb: float = Field(ge=0)

    def armor_class(self, dex_modifier: int) -> int:
        """AC when worn by someone with this DEX modifier. Heavy armour (``dex_cap`` 0)
        neither adds the modifier nor takes a negative one away; light armour adds it
        whole, medium armour up to its cap (a negative one counts in both)."""
        if self.category == "shield":
            return self.base_ac
        if self.dex_cap == 0:
            return self.base_ac
        dex = dex_modifier if self.dex_cap is None else min(dex_modifier, self.dex_cap)
        return self.base_ac + dex


# -- monsters ------------------------------------------------------------------------------


TraitId = Literal[
    "pack_tactics", "nimble_escape", "regeneration", "aggressive", "martial_advantage",
    "sunlight_sensitivity", "sunlight_weakness", "undead_fortitude", "surprise_attack",
    "grappler",
]  # fmt: skip
"""Traits the engine applies in play; a trait without one is described to the DM only."""


class Trait(SrdData):
    """A special ability, summarised in our own words; ``id`` names the traits the engine
    applies (Pack Tactics, Regeneration …), with their numbers."""

    name: str
    text: str
    id: TraitId | None = None
    dice: str | None = None
    """Extra damage the trait deals (Martial Advantage: ``2d6``)."""
    amount: int | None = Field(default=None, ge=1, le=100)
    """Hit points regained at the start of each turn (Regeneration)."""
    stopped_by: frozenset[DamageType] = frozenset()
    """Damage types that stop the trait for a turn (a troll's Regeneration: acid, fire)."""

    _check = field_validator("dice")(dice_or_none)

    @model_validator(mode="after")
    def _numbers(self) -> Trait:
        if self.id in ("martial_advantage", "surprise_attack") and self.dice is None:
            raise ValueError(f"{self.id} needs its dice")
        if self.id == "regeneration" and self.amount is None:
            raise ValueError("regeneration needs the amount regained")
        return self


class MonsterAction(SrdData):
    """An attack or other action of a monster.

    Attacks have ``to_hit`` and ``damage``; save effects have ``save_ability``/``save_dc``
    with ``save_damage`` (halved on a success when ``save_half``) and/or a condition.
    """

    id: str
    """The action's id (``multiattack`` names these)."""
    name: str = Field(min_length=1, max_length=80, pattern=r"\S")
    """Its name in the log."""
    kind: Literal["melee", "ranged", "melee_or_ranged", "save", "other"]
    """What sort of action it is."""
    cost: Literal["action", "bonus_action", "reaction"] = "action"
    """What it costs: an action, a bonus action or a reaction."""
    to_hit: int | None = Field(default=None, ge=-20, le=30)
    """Attack bonus (``+4`` is written ``4``)."""
    reach: int | None = None
    """Melee reach in feet."""
    range: tuple[int, int] | None = None
    """Ranged attack range in feet: ``[normal, long]``."""
    damage: str | None = None
    """Damage formula on a hit (``1d6 + 2``)."""
    damage_type: DamageType | None = None
    """Damage type of ``damage``."""
    extra_damage: str | None = None
    """More damage on a hit (``2d6``, e.g. poison)."""
    extra_damage_type: DamageType | None = None
    """Damage type of ``extra_damage``."""
    save_ability: Ability | None = None
    """The saving throw it forces (``dex``, ``con``…)."""
    save_dc: int | None = Field(default=None, ge=1, le=30)
    """DC of that saving throw."""
    save_damage: str | None = None
    """Damage on a failed save (a formula)."""
    save_damage_type: DamageType | None = None
    """Damage type of ``save_damage``."""
    save_half: bool = False
    """Half damage on a successful save."""
    condition: Condition | None = None
    """Imposed on a hit (or on a failed save when the action has one)."""
    recharge: str | None = None
    """``5-6``: usable again when a d6 at the start of the monster's turn shows 5 or 6
    (``6``: only on a 6)."""
    area: str | None = None
    """``15-foot cone`` and the like: a save-based action with an area catches several
    targets (three at most, without a map); without one, it affects a single target."""
    condition_rounds: int | None = Field(default=None, ge=1, le=100)
    """How many of the victim's turns the condition lasts (``None``: until removed)."""
    repeat_save: bool = False
    """The victim repeats the save at the end of each of its turns, ending it on a success."""
    spares: tuple[str, ...] = ()
    """Kinds of creature the rider does not affect: ``elf``, ``undead`` (a ghoul's claws)."""
    drains_max_hp: bool = False
    """A hit whose save (``save_ability``) fails lowers the target's hit point maximum by
    the damage taken, until a long rest; at a maximum of 0 it dies (a specter's Life
    Drain)."""
    drains: Ability | None = None
    """An ability score a hit lowers by ``drain_dice``, until a short or long rest; at 0
    the target dies (a shadow's Strength Drain)."""
    drain_dice: str | None = None
    """How much a hit drains of ``drains`` (``1d4``)."""
    text: str = ""
    """Its rules in words, for the DM."""

    _check = field_validator("damage", "extra_damage", "save_damage", "drain_dice")(dice_or_none)

    @model_validator(mode="after")
    def _consistent(self) -> MonsterAction:
        attack = self.kind in ("melee", "ranged", "melee_or_ranged")
        if attack and self.to_hit is None:
            raise ValueError(f"attack {self.id!r} needs to_hit")
        if (self.damage is None) != (self.damage_type is None):
            raise ValueError(f"{self.id!r}: damage and damage_type go together")
        if (self.extra_damage is None) != (self.extra_damage_type is None):
            raise ValueError(f"{self.id!r}: extra_damage and extra_damage_type go together")
        if (self.save_ability is None) != (self.save_dc is None):
            raise ValueError(f"{self.id!r}: save_ability and save_dc go together")
        if self.save_damage is not None and self.save_ability is None:
            raise ValueError(f"{self.id!r}: save_damage needs a save")
        if self.drains_max_hp and self.save_ability is None:
            raise ValueError(f"{self.id!r}: drains_max_hp needs a save")
        if (self.drains is None) != (self.drain_dice is None):
            raise ValueError(f"{self.id!r}: drains and drain_dice go together")
        if self.kind in ("ranged", "melee_or_ranged") and self.range is None:
            raise ValueError(f"ranged attack {self.id!r} needs a range")
        if self.recharge is not None:
            low, dash, high = self.recharge.partition("-")
            high = high if dash else low  # "6" is "6-6"
            if not (low.isdigit() and high.isdigit() and 1 <= int(low) <= int(high) == 6):
                raise ValueError(f"{self.id!r}: recharge looks like '5-6' (or '6')")
        return self

    @property
    def is_attack(self) -> bool:
        """Makes an attack roll."""
        return self.to_hit is not None

    @property
    def has_rider(self) -> bool:
        """An attack whose hit forces a save with something to lose (a wolf's bite, a ghoul's
        claws) or imposes a condition outright (a mimic's pseudopod)."""
        return self.is_attack and (
            self.condition is not None
            or self.save_damage is not None
            or self.drains_max_hp
            or self.drains is not None
        )


class MonsterSpellcasting(SrdData):
    """A spellcasting monster's numbers and spells (slots are per rest, like a caster's)."""

    ability: Ability
    dc: int = Field(ge=1, le=30)
    attack_bonus: int
    level: int = Field(default=1, ge=1, le=20)
    """Caster level, for cantrip dice."""
    spells: tuple[str, ...]
    """Spell ids from the SRD spell list."""
    slots: dict[int, int] = Field(default_factory=dict)


Size = Literal["tiny", "small", "medium", "large", "huge", "gargantuan"]


class Monster(SrdData):
    """A monster's stat block."""

    id: str
    """The stat block's id (the table's key: you need not write it)."""
    name: str
    """Its name as players read it."""
    size: Size
    """Tiny, Small, Medium, Large, Huge or Gargantuan."""
    type: str
    """Creature type ("humanoid (goblinoid)")."""
    ac: int = Field(ge=1, le=30)
    """Armour class."""
    armor: str = ""
    """What gives the AC ("leather armor, shield")."""
    hp: int = Field(ge=1, le=MOST_HP)
    """Average hit points."""
    hit_dice: str
    """Hit dice formula (``2d6``)."""
    speed: int = Field(ge=0, le=MOST_FEET)
    """Walking speed in feet."""
    speeds: dict[
        Literal["climb", "fly", "swim", "burrow"], Annotated[int, Field(ge=0, le=MOST_FEET)]
    ] = Field(default_factory=dict)
    """Other speeds in feet: ``{ climb = 30, fly = 60 }``."""
    abilities: AbilityScores
    """Ability scores: ``{ str = 8, dex = 14, … }``."""
    saves: dict[Ability, int] = Field(default_factory=dict)
    """Saving throw bonuses by ability, where proficient: ``{ dex = 4 }``."""
    skills: dict[Skill, int] = Field(default_factory=dict)
    """Skill bonuses: ``{ stealth = 6 }``."""
    senses: dict[Literal["darkvision", "blindsight", "tremorsense", "truesight"], int] = Field(
        default_factory=dict
    )
    """Senses ("darkvision 60 ft.")."""
    passive_perception: int = Field(ge=1, le=40)
    """Passive Wisdom (Perception): the DC of hiding from it, so within a DC's bounds."""
    languages: tuple[str, ...] = ()
    """Languages it speaks or understands."""
    cr: str
    """Challenge rating (``"1/4"``, ``"2"``)."""
    resistances: frozenset[DamageType] = frozenset()
    """Damage types it resists (half damage)."""
    vulnerabilities: frozenset[DamageType] = frozenset()
    """Damage types that deal it double damage."""
    immunities: frozenset[DamageType] = frozenset()
    """Damage types that deal it none."""
    condition_immunities: frozenset[Condition] = frozenset()
    """Conditions it cannot suffer."""
    traits: tuple[Trait, ...] = ()
    """Special traits: ``{ name, text }`` tables; ``id`` names one the engine knows
    (``nimble_escape``)."""
    multiattack: tuple[str, ...] = ()
    """Action ids used together by the Multiattack action (repeat an id to use it twice)."""
    actions: tuple[MonsterAction, ...]
    """What it can do on its turn (attacks and save-based actions)."""
    spellcasting: MonsterSpellcasting | None = None
    """Its spellcasting, if it casts spells."""

    _check_hd = field_validator("hit_dice")(dice_or_none)

    @field_validator("cr")
    @classmethod
    def _check_cr(cls, value: str) -> str:
        xp_for_cr(value)
        return value

    @model_validator(mode="after")
    def _consistent(self) -> Monster:
        ids = [a.id for a in self.actions]
        if len(set(ids)) != len(ids):
            raise ValueError("action ids must be unique")
        unknown = [m for m in self.multiattack if m not in ids]
        if unknown:
            raise ValueError(f"multiattack names unknown actions {unknown}")
        return self

    @property
    def challenge(self) -> Fraction:
        """Challenge rating as a number."""
        return parse_cr(self.cr)

    @property
    def xp(self) -> int:
        """Experience points for defeating it."""
        return xp_for_cr(self.cr)

    @property
    def moving_speed(self) -> int:
        """Feet it covers in a turn across a fight: its walking speed, or its flying speed
        when that is faster (a specter has no walking speed, but flies 50 feet)."""
        return max(self.speed, self.speeds.get("fly", 0))

    @property
    def proficiency_bonus(self) -> int:
        """From the challenge rating."""
        return proficiency_bonus_for_cr(self.cr)

    @property
    def defenses(self) -> Defenses:
        """Resistances, vulnerabilities, immunities."""
        return Defenses(
            resistances=self.resistances,
            vulnerabilities=self.vulnerabilities,
            immunities=self.immunities,
        )

    def save_modifier(self, ability: Ability) -> int:
        """Listed save bonus, else the plain ability modifier."""
        return self.saves.get(ability, self.abilities.modifier(ability))

    def skill_modifier(self, skill: Skill) -> int:
        """Listed skill bonus, else the plain ability modifier."""
        return self.skills.get(skill, self.abilities.modifier(skill.ability))

    @property
    def keen_senses(self) -> frozenset[str]:
        """The senses its Keen traits sharpen (Keen Hearing and Smell: ``hearing``,
        ``smell``): advantage on Wisdom (Perception) checks that rely on them."""
        found: set[str] = set()
        for t in self.traits:
            name = t.name.lower()
            if name.startswith("keen "):
                found |= {s for s in ("hearing", "smell", "sight") if s in name}
        return frozenset(found)

    def trait(self, trait_id: TraitId) -> Trait | None:
        """The trait the engine applies under this id, if the monster has it."""
        return next((t for t in self.traits if t.id == trait_id), None)

    def action(self, action_id: str) -> MonsterAction:
        """An action by id; ``KeyError`` names the ones that exist."""
        for a in self.actions:
            if a.id == action_id:
                return a
        raise KeyError(f"{self.name} has no action {action_id!r} ({[a.id for a in self.actions]})")


# -- loading -------------------------------------------------------------------------------


@dataclass(frozen=True)
class SRD:
    """Every packaged fact table."""

    weapons: Catalog[Weapon]
    armor: Catalog[Armor]
    monsters: Catalog[Monster]
    spells: Catalog[Spell]
    conditions: dict[Condition, ConditionRule]


def _catalog(model: type[T], name: str, kind: str, with_id: bool = False) -> Catalog[T]:
    raw = read_toml(name)
    entries: dict[str, T] = {}
    for key, value in raw.items():
        if not isinstance(value, dict):
            raise DataError(f"rules/data/{name}: [{key}] must be a table")
        entries[key] = validate_table(model, name, key, {"id": key, **value} if with_id else value)
    return Catalog(kind, entries)


@cache
def srd() -> SRD:
    """Load and validate every data file once; raises :class:`DataError` naming the file."""
    return SRD(
        weapons=_catalog(Weapon, "weapons.toml", "weapon"),
        armor=_catalog(Armor, "armor.toml", "armour"),
        monsters=_catalog(Monster, "monsters.toml", "monster", with_id=True),
        spells=_catalog(Spell, "spells.toml", "spell"),
        conditions=condition_rules(),
    )

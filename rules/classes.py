"""The classes of the SRD 5.1 as data: hit die, saving throws, spellcasting, and the features
each level grants (``data/classes.toml``).

A character sheet names its class (``class = "Rogue"``); the features of that class up to the
character's level come from here, so a campaign author writing a level-3 rogue need not list
Sneak Attack — the engine knows a level-3 rogue has it. Classes the SRD does not have (an
author's own "Scout") grant nothing: their features are listed on the sheet.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from rules.abilities import Ability
from rules.datafiles import read_toml, validate_table
from rules.skills import Skill
from rules.srddata import Catalog

CasterKind = Literal["full", "half", "pact", "none"]
ArmorTraining = Literal["light", "medium", "heavy", "shield"]


class EquipmentPack(BaseModel):
    """One starting-equipment choice of a class: weapons and armour by SRD id, and gear."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    weapons: tuple[str, ...] = ()
    """Weapon ids from ``weapons.toml`` the character can attack with."""
    armor: str | None = None
    """An armour id from ``armor.toml`` worn from the start, or none."""
    shield: bool = False
    items: tuple[str, ...] = ()
    """Gear carried, in words (``explorer's pack``, ``20 arrows``)."""


class ClassCreation(BaseModel):
    """What a new level-1 character of a class chooses and starts with."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    skill_count: int = Field(ge=0, le=6)
    """How many skills the class lets a new character choose."""
    skill_options: tuple[Skill, ...] = ()
    """The skills to choose from; empty means any skill (the bard)."""
    armor: tuple[ArmorTraining, ...] = ()
    """Armour categories the class is trained with (``shield`` for shields)."""
    weapons: tuple[str, ...] = ()
    """Weapons it is trained with: ``simple``, ``martial`` or single weapon ids."""
    tools: tuple[str, ...] = ()
    """Tools it is trained with (a rogue's thieves' tools)."""
    cantrips: int = Field(default=0, ge=0, le=6)
    """Cantrips known at level 1."""
    spells: int = Field(default=0, ge=0, le=10)
    """Level-1 spells known at level 1 (classes that know a fixed number)."""
    prepares: bool = False
    """Prepares its spells each day: ability modifier + level of them, at least one."""
    packs: tuple[EquipmentPack, ...] = Field(min_length=1)
    """Starting equipment, one to choose."""

    def skill_choices(self) -> tuple[Skill, ...]:
        """The skills a new character may pick from."""
        return self.skill_options or tuple(Skill)


class ClassSpec(BaseModel):
    """One class: what every member of it has."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    hit_die: int = Field(ge=6, le=12)
    saving_throws: tuple[Ability, Ability]
    spellcasting_ability: Ability | None = None
    caster: CasterKind = "none"
    subclass: str
    """The SRD's one subclass of this class, whose features ``features`` includes."""
    features: dict[int, tuple[str, ...]] = Field(default_factory=dict)
    """Character level -> ids of the features gained at that level."""
    creation: ClassCreation | None = None
    """Skills, training, spells and equipment of a new character of this class."""

    @field_validator("features", mode="before")
    @classmethod
    def _levels(cls, value: object) -> object:
        # TOML table keys are strings ("1"); the levels are numbers.
        if isinstance(value, dict):
            return {
                int(k) if isinstance(k, str) and k.isdigit() else k: v for k, v in value.items()
            }
        return value

    def features_up_to(self, level: int) -> tuple[str, ...]:
        """Every feature id gained at this level or below, in the order gained."""
        found: list[str] = []
        for at in sorted(self.features):
            if at <= level:
                found.extend(f for f in self.features[at] if f not in found)
        return tuple(found)


@cache
def classes() -> Catalog[ClassSpec]:
    """Every class, loaded and validated once."""
    raw = read_toml("classes.toml")
    entries = {
        key: validate_table(ClassSpec, "classes.toml", key, value) for key, value in raw.items()
    }
    return Catalog("class", entries)


def class_spec(name: str) -> ClassSpec | None:
    """The SRD class of this name (``Rogue``, ``rogue``), or ``None`` for an author's own."""
    try:
        return classes().get(name)
    except KeyError:
        return None


@cache
def granted_features(class_name: str, level: int) -> tuple[str, ...]:
    """Feature ids a character of this class and level has from the class alone (cached:
    every attack and armour class asks)."""
    spec = class_spec(class_name)
    return spec.features_up_to(level) if spec is not None else ()

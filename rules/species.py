"""The species of the SRD 5.1 as data (``data/species.toml``): what being a dwarf or a
halfling adds to a new character — ability increases, size, speed, languages, skills,
weapon training and the ids of its traits (whose rules live with the other features)."""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.abilities import Ability
from rules.damage import DamageType
from rules.datafiles import read_toml, validate_table
from rules.skills import Skill
from rules.srddata import Catalog


class Species(BaseModel):
    """One species (its SRD subrace, where it has them)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    size: Literal["small", "medium"]
    speed: int = Field(ge=20, le=40)
    increases: dict[Ability, int] = Field(default_factory=dict)
    """Fixed ability score increases (``con = 2``)."""
    choose_increases: int = Field(default=0, ge=0, le=3)
    """Other abilities (not those of ``increases``) the player raises by 1 each."""
    languages: tuple[str, ...] = ()
    extra_languages: int = Field(default=0, ge=0, le=3)
    """Languages of the player's choice on top of ``languages``."""
    skills: tuple[Skill, ...] = ()
    """Skills every member is proficient in (an elf's Perception)."""
    skill_choices: int = Field(default=0, ge=0, le=3)
    """Skills of the player's choice (the half-elf's Skill Versatility)."""
    weapons: tuple[str, ...] = ()
    """Weapon ids the species is trained with."""
    resistance: DamageType | None = None
    """A damage type every member resists (a tiefling's fire)."""
    ancestries: dict[str, DamageType] = Field(default_factory=dict)
    """Choices of ancestry and the damage type each brings (dragonborn)."""
    traits: tuple[str, ...] = ()
    """Trait ids, added to the sheet's ``features``."""
    summary: str = ""


@cache
def species_catalog() -> Catalog[Species]:
    """Every species, loaded and validated once."""
    raw = read_toml("species.toml")
    entries = {
        key: validate_table(Species, "species.toml", key, value) for key, value in raw.items()
    }
    return Catalog("species", entries)


def species_id(name: str) -> str:
    """The id of a species named by id or name (``half-orc``, ``Half-orc``, ``dwarf``);
    ``KeyError`` with near names otherwise."""
    found = species_catalog().get(name)
    return next(k for k, v in species_catalog().entries.items() if v is found)

"""Backgrounds for new characters (``data/backgrounds.toml``): the skills, tools, languages
and gear a character's life before adventuring gives them."""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel, ConfigDict, Field

from rules.datafiles import read_toml, validate_table
from rules.skills import Skill
from rules.srddata import Catalog


class Background(BaseModel):
    """One background."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    skills: tuple[Skill, Skill]
    tools: tuple[str, ...] = ()
    languages: int = Field(default=0, ge=0, le=3)
    """Languages of the player's choice."""
    items: tuple[str, ...] = ()
    feature: str = ""
    """What the background opens in the world, in a sentence."""
    summary: str = ""


@cache
def backgrounds() -> Catalog[Background]:
    """Every background, loaded and validated once."""
    raw = read_toml("backgrounds.toml")
    entries = {
        key: validate_table(Background, "backgrounds.toml", key, value)
        for key, value in raw.items()
    }
    return Catalog("background", entries)

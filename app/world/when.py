"""Conditions over the world (``when`` tables) and the campaign text that depends on them.

A :class:`Fact` is the one condition language of a campaign: triggers, endings, text
variants and the comings and goings of people all use it, so an author learns it once and
the validator checks it in one way. Whether a fact holds is decided in
:mod:`app.world.facts`; which text the players see is decided in :mod:`app.world.view`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from app.world.state import FlagValue


class Spec(BaseModel):
    """A campaign table: unknown keys are errors."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)


_KINDS = ("all", "any", "not_", "in_scene", "has_item", "flag", "defeated", "killed",
          "surrendered", "fled", "passed", "failed")  # fmt: skip


class Fact(Spec):
    """A condition over the world. Exactly one of its keys is set; ``all`` / ``any`` / ``not``
    combine others."""

    all: list[Fact] | None = None
    any: list[Fact] | None = None
    not_: Fact | None = Field(default=None, alias="not")
    in_scene: str | None = None
    has_item: str | None = None
    flag: str | None = None
    equals: FlagValue | None = None
    """With ``flag``: the value it must have (default: any truthy value)."""
    defeated: str | None = None
    """An encounter id whose foes are all out of the fight, by any means: dead, fled or
    surrendered."""
    killed: str | None = None
    """An encounter id whose foes are all dead (none fled, none surrendered)."""
    surrendered: str | None = None
    """An encounter id that is defeated with at least one foe alive at the party's mercy
    (it surrendered)."""
    fled: str | None = None
    """An encounter id that is defeated with at least one foe run away."""
    passed: str | None = None
    """A challenge id that was passed."""
    failed: str | None = None
    """A challenge id that was failed."""

    @model_validator(mode="after")
    def _one_kind(self) -> Fact:
        kinds = [k for k in _KINDS if getattr(self, k) is not None]
        if len(kinds) != 1:
            names = ", ".join(k.rstrip("_") for k in _KINDS)
            found = ", ".join(k.rstrip("_") for k in kinds) or "none"
            raise ValueError(f"a condition needs exactly one of {names} (found {found})")
        if self.equals is not None and self.flag is None:
            raise ValueError("'equals' goes with 'flag'")
        return self

    def encounter(self) -> str | None:
        """The encounter id an encounter fact names (``defeated``, ``killed``, …)."""
        return self.defeated or self.killed or self.surrendered or self.fled


class SceneVariant(Spec):
    """How a scene reads once something has happened. The first variant whose ``when``
    holds is used; what it leaves out comes from the scene itself."""

    when: Fact
    description: str | None = None
    """Read-aloud text instead of the scene's ``description``."""
    notes: str | None = None
    """DM-only notes instead of the scene's ``notes``."""

    @model_validator(mode="after")
    def _says_something(self) -> SceneVariant:
        if self.description is None and self.notes is None:
            raise ValueError("a scene variant needs a description or notes")
        return self


class FeatureVariant(Spec):
    """What examining a feature shows once something has happened (first match wins)."""

    when: Fact
    text: str


class NPCVariant(Spec):
    """Who a person is once something has happened (first match wins): each key given
    replaces the person's own; ``topics`` are added to theirs (the same keyword: this
    answer)."""

    when: Fact
    attitude: Literal["friendly", "indifferent", "hostile"] | None = None
    description: str | None = None
    greeting: str | None = None
    topics: dict[str, str] = Field(default_factory=dict)


class Appearance(Spec):
    """A scene where a person can be found, while ``when`` holds (always, without it)."""

    scene: str
    when: Fact | None = None

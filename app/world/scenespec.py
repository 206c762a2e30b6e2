"""A campaign's places (``[scenes.<id>]``): what is read when the party arrives, the ways
out and what locks them, the things to examine, who is there, and the goals the party can
meet there. Which text the players see in which state of the world is decided in
:mod:`app.world.view`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from app.world.challengespec import Effects
from app.world.eventspec import GoalSpec
from app.world.spec import Key, Name
from app.world.spec import Spec as _Spec
from app.world.when import Fact, FeatureVariant, SceneVariant


class ExitVariant(_Spec):
    """What players read at a shut way once something has happened (first match wins)."""

    when: Fact
    """The condition under which this text is shown."""
    locked_text: str
    """What players read when they try the way while it is shut."""


class Exit(_Spec):
    """A way out of a scene."""

    to: str
    """The scene id it leads to."""
    name: Name
    """What players call it ("trapdoor", "front door")."""
    aliases: list[str] = Field(default_factory=list)
    """Other words for it ("down", "stairs"). One of the referee's own words (``camp`` is a
    rest) wins only in this scene: validate warns of it."""
    requires_flag: str | None = None
    """A flag that must be set before anyone can pass."""
    locked_text: str = "The way is shut."
    """What players read when they try it while it is shut."""
    when: Fact | None = None
    """The way is open only while this holds (any condition: ``{ any = [{ flag = "key" },
    { passed = "force_door" }] }``); with ``requires_flag`` too, both must hold."""
    variants: list[ExitVariant] = Field(default_factory=list)
    """Other locked texts for other states of the world; the first whose ``when`` holds is
    shown."""
    hidden: bool = False
    """A secret way: while it is shut, players are not told of it and cannot try it (no
    locked text); once its ``requires_flag``/``when`` hold it shows like any other exit."""

    @model_validator(mode="after")
    def _hidden_needs_a_lock(self) -> Exit:
        if self.hidden and self.requires_flag is None and self.when is None:
            raise ValueError("a hidden exit needs requires_flag or when (else it is never hidden)")
        return self


class Feature(_Spec):
    """Something to examine."""

    name: Name
    """What players call it."""
    aliases: list[str] = Field(default_factory=list)
    """Other words for it. Words that differ from another thing's of the scene only as
    singular and plural (``palm``, ``palms``) are told apart only by the exact word:
    validate warns of them."""
    text: str
    """What examining it shows."""
    reveal: str | None = None
    """A fact the players learn by examining it."""
    when: Fact | None = None
    """The feature is there only while this holds (always, without it)."""
    variants: list[FeatureVariant] = Field(default_factory=list)
    """Other texts for other states of the world; the first whose ``when`` holds is shown."""
    cover: Literal["half", "three_quarters", "total"] | None = None
    """In a fight, a creature can take cover behind it: half (+2 AC and Dexterity saves),
    three-quarters (+5), or total (it cannot be targeted). Without it, it gives none."""
    effects: Effects | None = None
    """What follows the first time someone examines it (a flag set, an item found, a
    trap sprung), as a trigger's effects do."""


class SceneSpec(_Spec):
    """One place."""

    name: Name
    """The scene's title, shown to players."""
    description: str
    """Read aloud when the party arrives."""
    notes: str = ""
    """For the DM only: secrets, motives, what happens if…"""
    exits: list[Exit] = Field(default_factory=list)
    """Ways out (an array of tables: ``to``, ``name``…)."""
    features: dict[Key, Feature] = Field(default_factory=dict)
    """Things to examine, by id."""
    npcs: list[str] = Field(default_factory=list)
    """People always here (see ``[npcs.<id>] appears`` for people who come and go)."""
    items: list[str] = Field(default_factory=list)
    """Item ids lying here for the taking."""
    restrict_to: list[str] | None = None
    """Character ids who alone may act here (a narrow crawl, a parley)."""
    restrict_reason: str = ""
    """Why only they may act, told to the players."""
    encounter: str | None = None
    """Starts when the party enters (once)."""
    called: list[Annotated[str, Field(min_length=1, max_length=60)]] = Field(default_factory=list)
    """Words that name this place, declared as places ("camp", "the oasis"): a line that
    goes there by one of them ("go back to camp") is a move to this scene by the way
    that leads here, never read as an action the word also means (a long rest).
    """
    sunlight: bool = False
    """Lit by direct sunlight: creatures with Sunlight Sensitivity fight at a disadvantage."""
    variants: list[SceneVariant] = Field(default_factory=list)
    """Other descriptions (and notes) for other states of the world; the first whose
    ``when`` holds is used."""
    goals: dict[Key, GoalSpec] = Field(default_factory=dict)
    """What the party can achieve here (``goal = "<id>"`` holds once it is met)."""

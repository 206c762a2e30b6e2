"""The campaign tables of the event system: what the game watches for in what players say
(``[judgments.<id>]``), how people feel and who hears of what (``[npcs.<id>]`` ``start`` and
``ties``), scene goals, counters, safety lines and veils, and the
limits of the trigger engine (``[events]``).

They are read by the truth set (:mod:`app.world.truth`), the sensitivity map
(:mod:`app.world.sensitivity`) and the trigger engine (:mod:`app.session.triggers`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from app.world.fields import unknown_field
from app.world.spec import Spec
from app.world.truth import JudgmentCategory
from app.world.when import Fact

Name = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=40)]

DIMENSIONS = ("trust", "affection")
"""Relationship dimensions every campaign has (``[events] dimensions`` adds more)."""


class EventSettings(Spec):
    """``[events]``: how the event system weighs and bounds what happens."""

    min_confidence: float = Field(default=0.5, ge=0.0, le=1.0)
    """Interpretive judgments below this confidence do not count towards any condition."""
    cascade_depth: int = Field(default=4, ge=1, le=16)
    """Rounds of triggers one event may set off; what is still ready after them waits for
    the scene boundary (deferred, never lost)."""
    cascade_firings: int = Field(default=16, ge=1, le=256)
    """Firings in one cascade; more wait for the scene boundary."""
    ripple_depth: int = Field(default=3, ge=0, le=6)
    """How many links of the social graph word of a relationship change travels."""
    ripple_floor: float = Field(default=0.25, ge=0.0, le=10.0)
    """Changes smaller than this are not passed on."""
    dimensions: list[Name] = Field(default_factory=lambda: list(DIMENSIONS), max_length=8)
    """Relationship dimensions scored for each NPC (``trust`` and ``affection`` at least)."""
    friendly_at: float = Field(default=3.0, ge=-100, le=100)
    """An NPC whose affection for the party is at least this is friendly."""
    hostile_at: float = Field(default=-3.0, ge=-100, le=100)
    """… at most this, hostile (in between: indifferent)."""
    damp_revised: bool = True
    """At the scene boundary, undo the score changes of triggers that fired on a judgment
    refinement later contradicted."""

    @model_validator(mode="after")
    def _sane(self) -> EventSettings:
        for must in DIMENSIONS:
            if must not in self.dimensions:
                raise ValueError(f"dimensions must include {must!r}")
        if self.hostile_at >= self.friendly_at:
            raise ValueError("hostile_at must be below friendly_at")
        return self


class JudgmentSpec(Spec):
    """``[judgments.<id>]``: a meaning the game watches for in the players' words.

    Each is an entry of the scene's sensitivity map while it applies (its NPC is present,
    or the party is in one of its ``scenes``). A line that contains one of its
    ``keywords`` becomes a provisional judgment with ``confidence`` (a question weakens
    it, emphasis strengthens it, a negation drops it — or makes it the ``negated``
    judgment instead); an AI DM may refine it. While it counts, ``judged = "<id>"`` holds,
    and its ``shift`` moves the NPC's scores.
    """

    category: JudgmentCategory
    about: Name | None = None
    """The NPC it concerns (an id of ``[npcs]``)."""
    direction: Literal["up", "down"] | None = None
    """For ``*_shift`` categories: which way the relationship moves. Also what the game
    hears as it when no word of it is said: ``up`` kind words, ``down`` hostile ones."""
    keywords: list[Annotated[str, Field(min_length=1, max_length=80)]] = Field(
        default_factory=list, max_length=200
    )
    """Words and phrases that suggest it, any case; ``*`` at the end of a word matches
    any ending (``promis*``: promise, promised, promising); a ``.`` at the end matches
    only words said on their own — ending a clause, or before a word of address
    (``whatever.``: "ugh, whatever.", "whatever lady", not "whatever it takes")."""
    confidence: float = Field(default=0.7, ge=0.0, le=1.0)
    """How sure a keyword match makes the game (before questions and emphasis)."""
    fields: list[Name] = Field(default_factory=list, max_length=12)
    """Built-in semantic fields that suggest it too (``reassurance``, ``insult``… — see
    :mod:`app.world.fields`): paraphrase the keywords did not foresee."""
    field_confidence: float = Field(default=0.6, ge=0.0, le=1.0)
    """How sure a field match makes the game: less than a keyword the author chose. A
    line heard by its meaning (nearest to one of ``examples``, the ``description``, a
    keyword phrase or a field's built-in examples) counts this much too."""
    examples: list[Annotated[str, Field(min_length=1, max_length=200)]] = Field(
        default_factory=list, max_length=100
    )
    """Whole sentences a player might say that mean it ("the sea took them, keeper, not
    you"): a line worded differently but meaning the same is heard too, by the meaning
    model (:mod:`app.world.meaning`), not by its words. A dozen or so, written from the
    description in players' own voices (a promise, a gesture, words reported: "Mira tells
    her the lad will be fine", a hasty lower-case line), hear far more paraphrase than the
    description alone."""
    negated: Name | None = None
    """Another judgment a negated match counts as ("I *don't* trust you"); without it a
    negated match is dropped."""
    scenes: list[Name] = Field(default_factory=list)
    """Where it is watched for; by default wherever ``about`` is present (everywhere, with
    no ``about``)."""
    shift: dict[Name, float] = Field(default_factory=dict)
    """Score changes while it counts: a dimension of ``about`` (``trust = 1``: the party's
    and the speaker's trust) or a counter."""
    description: str = ""
    """What it means, in words (the DM is told; the ledger shows it)."""
    reply: str = ""
    """What ``about`` says (or does) when a line said to them is judged so, in their own
    words: ``"'Threats? In my own house?' Malik's hand drifts to the bell."``. Without it
    the game says for them how they took it ("Malik's face closes: that will be
    remembered.")."""
    excludes: list[Name] = Field(default_factory=list)
    """Judgments a line cannot be at the same time ("a threat is not mercy": ``excludes =
    ["mercy"]``). When one line is heard as both, only the surer is made — on equal
    confidence, this one. Either judgment may say it; it holds both ways."""

    @field_validator("fields")
    @classmethod
    def _known_fields(cls, names: list[str]) -> list[str]:
        for name in names:
            why = unknown_field(name)
            if why is not None:
                raise ValueError(why)
        return names

    @model_validator(mode="after")
    def _listens(self) -> JudgmentSpec:
        if not self.keywords and not self.fields:
            raise ValueError("give it keywords, fields, or both: it must listen for something")
        return self


class GoalSpec(Spec):
    """``[scenes.<id>.goals.<goal>]``: something the party can achieve in a scene."""

    text: str
    """What it is, for the DM and the journal."""
    when: Fact
    """When it is met (checked with the triggers)."""


class CounterSpec(Spec):
    """``[counters.<id>]``: an author's score (``noise``, ``rumours``), moved by ``shift``."""

    start: float = Field(default=0.0, ge=-10_000, le=10_000)
    description: str = ""
    marks: list[float] = Field(default_factory=list, max_length=20)
    """Values whose crossing is an event (``crossed.<id>``)."""


class SafetySpec(Spec):
    """``[safety]``: lines (never in the story) and veils (off-screen: never described)."""

    lines: list[Annotated[str, Field(min_length=2, max_length=60)]] = Field(
        default_factory=list, max_length=100
    )
    veils: list[Annotated[str, Field(min_length=2, max_length=60)]] = Field(
        default_factory=list, max_length=100
    )

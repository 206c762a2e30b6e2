"""Conditions over the world (``when`` tables) and the campaign text that depends on them.

A :class:`Fact` is the one condition language of a campaign: triggers, endings, text
variants and the comings and goings of people all use it, so an author learns it once and
the validator checks it in one way. Whether a fact holds is decided in
:mod:`app.world.facts`; which text the players see is decided in :mod:`app.world.view`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cached_property
from typing import Literal

from pydantic import Field, field_validator, model_validator

from app.world.spec import FlagValue, Spec

_KINDS = ("all", "any", "not_", "threshold", "in_scene", "has_item", "flag", "defeated",
          "killed", "surrendered", "fled", "passed", "failed", "present", "visited", "met",
          "goal", "spoke_to", "examined", "attacked", "happened", "judged", "compare", "gave",
          "showed", "spared", "bound", "executed")  # fmt: skip

COMPARE = re.compile(r"^\s*(?P<key>[a-z0-9][a-z0-9_.-]*)\s*(?P<op><=|>=|==|!=|<|>)\s*"
                     r"(?P<value>-?\d+(?:\.\d+)?)\s*$")  # fmt: skip
"""``trust.berta <= -2``: a score, a comparison, a number."""
MOMENTS = ("spoke_to", "examined", "attacked")
"""Momentary atoms: true in the turn it happened (or ``within`` a span)."""
READ_ORDER = ("all", "any", "not_", "threshold", "judged", "flag", "happened", *MOMENTS,
              "spared", "bound", "executed", "gave", "showed", "in_scene", "has_item",
              "compare", "present", "visited", "met", "goal", "defeated", "killed",
              "surrendered", "fled", "passed", "failed")  # fmt: skip
"""The kinds of condition in the order :mod:`app.world.facts` asks which one a condition
is (a condition has exactly one, so the order only settles a malformed one)."""


class Threshold(Spec):
    """``threshold = { min = 2, of = [...] }``: enough of several conditions. Each counts
    1 when a fact holds, its confidence when it is an interpretive judgment (0 below the
    campaign's minimum); the threshold holds when they sum to ``min`` or more."""

    min: float = Field(gt=0, le=100)
    """The sum the conditions' strengths must reach."""
    of: list[Fact] = Field(min_length=1, max_length=50)
    """The conditions, each counting 1 (or a judgment's confidence)."""


class Fact(Spec):
    """A condition over the world. Exactly one of its keys is set; ``all`` / ``any`` / ``not``
    combine others."""

    all: list[Fact] | None = None
    """Every one of these conditions holds."""
    any: list[Fact] | None = None
    """At least one of these holds."""
    not_: Fact | None = Field(default=None, alias="not")
    """This condition does not hold (written ``not = { … }``)."""
    in_scene: str | None = None
    """The party is in this scene id."""
    has_item: str | None = None
    """Someone in the party carries this item id."""
    flag: str | None = None
    """This flag is set (truthy, or ``equals``)."""
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
    threshold: Threshold | None = None
    """Enough of several conditions, summing confidences (see :class:`Threshold`)."""
    present: str | None = None
    """An NPC id who is in the party's scene now."""
    visited: str | None = None
    """A scene id the party has entered at some time."""
    met: str | None = None
    """An NPC id the party has spoken with."""
    goal: str | None = None
    """A scene goal id that has been met."""
    spoke_to: str | None = None
    """An NPC id someone spoke to — this turn, or ``within`` a span."""
    examined: str | None = None
    """A feature (or NPC, item) id someone examined — this turn, or ``within`` a span."""
    attacked: str | None = None
    """A creature or NPC id someone attacked — this turn, or ``within`` a span."""
    happened: str | None = None
    """A proposition of the ledger (``fired.tam_found``, ``entered.cellar``,
    ``spoke_to.berta``, ``judged.berta_reassured``, ``shifted_down.trust.berta``,
    ``crossed.affection.berta.friendly``): ever, or ``within`` a span, or ``after``
    another."""
    judged: str | None = None
    """A campaign judgment (``[judgments.<id>]``) that counts now: made in this scene,
    not contradicted, at the campaign's minimum confidence or ``confidence``."""
    compare: str | None = None
    """A score against a number: ``"trust.berta <= -2"``, ``"noise >= 3"`` (operators
    ``< <= > >= == !=``). Scores: ``<dimension>.<npc>`` (the party's),
    ``<dimension>.<npc>.<character>`` (one character's) or a counter's id."""
    gave: str | None = None
    """An item id a character gave to someone of the story (``to`` names whom): ``{ gave =
    "locket", to = "wendel" }``. The item leaves the party."""
    showed: str | None = None
    """An item id a character showed to someone of the story (``to`` names whom): ``{
    showed = "receipt", to = "malik" }``. Giving something shows it too."""
    to: str | None = None
    """With ``gave`` or ``showed``: the NPC id it was given or shown to (anyone, without
    it)."""
    spared: str | None = None
    """An encounter (or NPC) id whose surrendered foe the party let go (``decide_fate``:
    "let him go")."""
    bound: str | None = None
    """An encounter (or NPC) id whose surrendered foe the party tied up ("bind him")."""
    executed: str | None = None
    """An encounter (or NPC) id whose surrendered foe the party put to death ("execute
    him"); the foe is dead, so ``killed`` may hold too."""
    within: int | Literal["scene"] | None = Field(default=None)
    """With ``spoke_to``, ``examined``, ``attacked``, ``happened``, ``judged``: only if
    it happened in the last N turns (0: this turn) or in this ``"scene"``."""
    after: str | None = None
    """With ``happened``: only if it happened after this proposition first did."""
    confidence: float | None = Field(default=None, ge=0.0, le=1.0)
    """With ``judged``: the minimum confidence (instead of the campaign's)."""

    @field_validator("within")
    @classmethod
    def _span(cls, value: int | str | None) -> int | str | None:
        if isinstance(value, int) and not 0 <= value <= 10_000:
            raise ValueError('within is a number of turns from 0 to 10000, or "scene"')
        return value

    @model_validator(mode="after")
    def _one_kind(self) -> Fact:
        kinds = [k for k in _KINDS if getattr(self, k) is not None]
        if len(kinds) != 1:
            names = ", ".join(k.rstrip("_") for k in _KINDS)
            found = ", ".join(k.rstrip("_") for k in kinds) or "none"
            raise ValueError(f"a condition needs exactly one of {names} (found {found})")
        if self.equals is not None and self.flag is None:
            raise ValueError("'equals' goes with 'flag'")
        if self.within is not None and kinds[0] not in (*MOMENTS, "happened", "judged"):
            raise ValueError("'within' goes with spoke_to, examined, attacked, happened or judged")
        if self.to is not None and self.gave is None and self.showed is None:
            raise ValueError("'to' goes with 'gave' or 'showed'")
        if self.after is not None and self.happened is None:
            raise ValueError("'after' goes with 'happened'")
        if self.confidence is not None and self.judged is None:
            raise ValueError("'confidence' goes with 'judged'")
        if self.compare is not None and COMPARE.match(self.compare) is None:
            raise ValueError(
                f'compare {self.compare!r} should read like "trust.berta >= 2" '
                "(a score, one of < <= > >= == !=, a number)"
            )
        return self

    @cached_property
    def kind(self) -> str:
        """Which kind of condition this is (the first of :data:`READ_ORDER` it sets; ``""``
        for none): found once, as a condition is read many times a turn. A condition is
        never changed once made (nothing assigns to its fields), so it stays true."""
        return next((k for k in READ_ORDER if getattr(self, k) is not None), "")

    def atoms(self) -> Iterator[Fact]:
        """This condition and every condition inside it (``all``, ``any``, ``not``,
        ``threshold.of``), depth first."""
        yield self
        parts = [*(self.all or ()), *(self.any or ())]
        parts += [self.not_] if self.not_ is not None else []
        parts += self.threshold.of if self.threshold is not None else []
        for part in parts:
            yield from part.atoms()

    def comparison(self) -> tuple[str, str, float]:
        """For ``compare``: (score key, operator, number)."""
        match = COMPARE.match(self.compare or "")
        if match is None:
            raise ValueError("not a comparison")
        return match["key"], match["op"], float(match["value"])

    def encounter(self) -> str | None:
        """The encounter id an encounter fact names (``defeated``, ``killed``, …)."""
        return self.defeated or self.killed or self.surrendered or self.fled


class SceneVariant(Spec):
    """How a scene reads once something has happened. The first variant whose ``when``
    holds is used; what it leaves out comes from the scene itself."""

    when: Fact
    """The condition under which this variant is used."""
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
    """The condition under which this text is shown."""
    text: str
    """What examining the feature shows instead."""


class EncounterVariant(Spec):
    """What is read when a fight starts, where (or when) something holds (first match
    wins): ``{ when = { in_scene = "cistern" }, text = "…" }``."""

    when: Fact
    """The condition under which this text is read (``in_scene`` for where it starts)."""
    text: str
    """Read when the fight starts, instead of the encounter's ``text``."""


class NPCVariant(Spec):
    """Who a person is once something has happened (first match wins): each key given
    replaces the person's own; ``topics`` are added to theirs (the same keyword: this
    answer)."""

    when: Fact
    """The condition under which this variant applies."""
    attitude: Literal["friendly", "indifferent", "hostile"] | None = None
    """Their attitude instead."""
    description: str | None = None
    """What the party sees instead."""
    greeting: str | None = None
    """What they say when first spoken to instead."""
    unknown: str | None = None
    """What they say instead to a question their topics do not cover."""
    topics: dict[str, str] = Field(default_factory=dict)
    """Answers added to (or replacing) theirs, by keyword."""


class Appearance(Spec):
    """A scene where a person can be found, while ``when`` holds (always, without it)."""

    scene: str
    """A scene id where they can be found."""
    when: Fact | None = None
    """Only while this holds (always, without it)."""


Threshold.model_rebuild()

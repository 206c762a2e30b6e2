"""What a player's line means: one :class:`Intent` value, the same for every brain.

The offline referee acts on it; the LLM DM is shown it as a hint. Ambiguity is a value
(``kind="ask"`` with the readings it could not choose between), never a guess.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

IntentKind = Literal[
    "question", "talk", "move", "examine", "attack", "cast", "use", "take", "drop", "give",
    "rest", "challenge", "manoeuvre", "hold", "inventory", "help", "ask", "foreign", "refuse",
    "feature", "improvise",
]  # fmt: skip
"""Every kind of thing a line can mean (the corpus labels use exactly these names)."""

ACTING: frozenset[str] = frozenset(
    {"move", "attack", "cast", "use", "take", "drop", "give", "rest", "challenge", "manoeuvre",
     "hold", "feature", "improvise"}
)  # fmt: skip
"""Kinds that change the game when carried out."""

CONFIDENT = 0.6
"""Below this, an acting intent is not carried out: the referee says what it understood
and asks (the one threshold the referee and the validator's phrase check share)."""


@dataclass(frozen=True)
class Reading:
    """One way to understand a line, offered back to the player when it is unclear."""

    kind: IntentKind
    target: str | None
    """The id it would act on (challenge, npc, scene, creature, item…), if any."""
    label: str
    """How to say it to the player: "pick the lock", "ask Berta about the key"."""
    spell: str | None = None
    """For ``cast``: the spell it casts ("cast fire bolt at Giant Rat 2")."""


@dataclass(frozen=True)
class Intent:
    """One action line, understood."""

    kind: IntentKind
    text: str
    """The line as typed."""
    actor: str | None = None
    """The character the line is typed as."""
    targets: tuple[str, ...] = ()
    """Resolved ids, most important first: npc, scene, feature, creature, item, challenge,
    party member."""
    spell: str | None = None
    """For ``cast``: the spell's id."""
    topic: str | None = None
    """For ``talk`` and ``question``: what it is about (an NPC's topic when one matches)."""
    action: str | None = None
    """A manoeuvre (withdraw, dodge, grapple, shove_prone…), a rest (short, long), the item
    verb (drink), how an attack is made (thrown, two_handed, both), or the feature used
    (``second_wind``)."""
    item: str | None = None
    """For item intents: the item (a campaign item id, or the carried item's name)."""
    character: str | None = None
    """A character the line names as the one acting ("Thorin attacks…"), if any."""
    confidence: float = 1.0
    alternatives: tuple[Reading, ...] = ()
    """For ``ask``: the readings it could not choose between."""
    language: str = "en"
    """The language the line seems to be in."""
    note: str = ""
    """Why it asks back or refuses, in plain words (e.g. an unknown name)."""
    extra: tuple[str, ...] = field(default=())
    """More words that matter to the handler (e.g. an unknown spell's words)."""
    then: tuple[Intent, ...] = ()
    """The line's further clauses, in the order they happen ("drink the potion *and
    attack*"): each read on its own words, in the world as the line was typed (the referee
    reads each again when its turn comes, as the world then stands)."""

    @property
    def target(self) -> str | None:
        """The first resolved id, if any."""
        return self.targets[0] if self.targets else None

    @property
    def acts(self) -> bool:
        """Whether carrying this out changes the game."""
        return self.kind in ACTING

    def summary(self, name_of: dict[str, str] | None = None) -> str:
        """A short plain description: "question about Berta", "attack Giant Rat 2"."""
        names = name_of or {}
        what: str = self.kind
        if self.kind == "question":
            what = "question"
        parts = [what]
        if self.spell:
            parts.append(self.spell.replace("_", " "))
        if self.action and self.kind in ("manoeuvre", "rest", "feature"):
            parts.append(self.action)
        if self.targets:
            joined = ", ".join(names.get(t, t) for t in self.targets)
            parts.append(("about " if self.kind == "question" else "") + joined)
        if self.topic and self.kind in ("talk", "question"):
            parts.append(f"(topic: {self.topic})")
        if self.alternatives:
            parts.append("or ".join(f"{r.label} " for r in self.alternatives).strip())
        return " then ".join([" ".join(parts), *(t.summary(names) for t in self.then)])


TAKES_NO_TIME = frozenset({"question", "help", "inventory", "ask", "foreign", "refuse"})
"""Readings that play nothing in the story: a question, table talk, a line asked back."""


def asks_only(intent: Intent) -> bool:
    """The line, every clause of it, only asks or talks at the table: no time passes for it
    in the story (no poison wears off, nobody dying rolls a death save)."""
    return all(c.kind in TAKES_NO_TIME for c in (intent, *intent.then))

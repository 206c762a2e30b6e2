"""What the sensitivity map listens for in the party's scene, and what it heard in a line:
an :class:`Entry` is one of the campaign's judgments with what it serves there, a
:class:`Match` a line's match of one. The map (:mod:`app.world.sensitivity`) builds and
matches them; the rule of judgments that exclude each other (:mod:`app.world.exclusion`)
chooses among them; neither is imported here.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.world.eventspec import JudgmentSpec


@dataclass(frozen=True)
class Entry:
    """One thing the scene listens for, and what it serves."""

    id: str
    """The campaign judgment id (``berta_reassured``)."""
    spec: JudgmentSpec
    triggers: tuple[str, ...] = ()
    """Triggers (not yet spent) whose condition names it with ``judged``."""
    goals: tuple[str, ...] = ()
    """This scene's goals (not yet met) whose condition names it."""


@dataclass(frozen=True)
class Match:
    """A line's match of an entry (after its context modifiers)."""

    entry: Entry
    confidence: float
    keyword: str
    """The keyword or phrase the line contained."""
    negated_from: str | None = None
    """When a negated match of another entry became this one: that entry's id."""
    loose: bool = False
    """Heard by a loose reading (a field's word, an example's meaning, the intent head)
    rather than by a keyword the campaign wrote: only a loose reading is open to the
    intent head's doubt (:mod:`app.world.intent`)."""

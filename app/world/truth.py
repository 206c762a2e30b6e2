"""The truth set: what is true in the game now, as trigger conditions ask it.

Three kinds of truth live here, all in the saved game state and all small however long
the game runs:

- **The temporal index** of factual propositions (``spoke_to.berta``, ``fired.tam_found``):
  for each, the first and last ledger ``seq`` and the last turn it was made true, and how
  many times. "Ever", "this turn", "this scene", "within N turns" and "after" are answered
  from it, so old ledger events can stay in the story file unread. Persistent facts
  (present, holding, flag, defeated, visited) are read from the game state itself
  (:mod:`app.world.facts`).
- **Interpretive judgments** (:class:`Judgment`), each with a confidence in [0, 1]; they
  count towards a condition only at or above the campaign's minimum confidence.
- **Scores** (accumulators): per-NPC relationship dimensions for the party
  (``trust.berta``) and for one character (``trust.berta.mira``), and author-named
  counters (``noise``).

It also holds the event system's queues: this turn's ledger events (moved into the turn's
record when it closes), firings deferred to the scene boundary, firings owed to the next
turn, and when each ongoing trigger last fired (refractory periods).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from app.world.ledger import LedgerEvent

MAX_JUDGMENTS = 200
"""Judgments kept in the truth set (the oldest of the scene go first); all are in the
ledger."""
MAX_QUEUE = 500
"""Deferred firings a scene may hold (a runaway campaign cannot grow a save without bound)."""

JudgmentCategory = Literal[
    "trust_shift", "affection_shift", "respect_shift", "tone", "intent", "deception",
    "emotion", "vulnerability",
]  # fmt: skip
"""What an interpretive judgment is about."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Judgment(_Model):
    """One interpretive judgment: what a line (or a turn) meant, and how sure of it we are."""

    id: str
    """``j1``, ``j2``, … in the order they were made (unique in a game)."""
    turn: int = Field(ge=0)
    scene: str
    category: JudgmentCategory
    watch: str | None = None
    """The campaign judgment (``[judgments.<id>]``) it matched, if any."""
    about: str | None = None
    """The NPC it concerns."""
    speaker: str | None = None
    """The character whose words (or deeds) it judges."""
    direction: Literal["up", "down"] | None = None
    """For shifts: which way."""
    confidence: float = Field(ge=0.0, le=1.0)
    status: Literal["provisional", "refined", "contradicted", "damped"] = "provisional"
    source: Literal["sensitivity", "dm", "interpreter"] = "sensitivity"
    evidence: list[int] = Field(default_factory=list, max_length=20)
    """``seq`` of the ledger events it rests on (the speech act, first)."""
    description: str = Field(default="", max_length=400)
    shifted: dict[str, float] = Field(default_factory=dict)
    """Score changes it made (key -> delta), so a refinement or damping can adjust them."""
    fired: list[str] = Field(default_factory=list, max_length=50)
    """Triggers that fired while their condition rested on this judgment being provisional
    (if refinement contradicts it, they are marked revised)."""


class Seen(_Model):
    """When a proposition was made true: first and last ``seq``, last turn, how often."""

    first: int = Field(ge=0)
    last: int = Field(ge=0)
    turn: int = Field(ge=0)
    count: int = Field(default=1, ge=1)


class Deferred(_Model):
    """A firing held for the scene boundary (a deferred trigger, or one over the cascade
    limit), in the order it became ready."""

    trigger: str
    seq: int = Field(ge=0)
    """The ledger ``seq`` at the moment it became ready (the order they resolve in)."""
    reason: Literal["deferred", "limit", "ripple"] = "deferred"
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)
    provisional: list[str] = Field(default_factory=list)


class Shift(_Model):
    """A relationship change of this scene, kept to ripple through the social graph at the
    scene boundary."""

    npc: str
    dimension: str
    delta: float
    seq: int = Field(ge=0)
    reason: str = ""


class Truth(_Model):
    """The truth set and the event system's queues (see the module docstring)."""

    seq: int = Field(default=0, ge=0)
    """Ledger events recorded so far in the game (the next event's ``seq``)."""
    index: dict[str, Seen] = Field(default_factory=dict)
    """The temporal index: proposition -> when it was made true."""
    turn_start: int = Field(default=0, ge=0)
    """The first ``seq`` of the current turn ("this turn")."""
    scene_start: int = Field(default=0, ge=0)
    """The first ``seq`` of the current scene ("within this scene")."""
    fresh: list[LedgerEvent] = Field(default_factory=list)
    """Events of the turn in progress (and of set-up, before turn 1): moved into the turn's
    record when it closes."""
    judgments: list[Judgment] = Field(default_factory=list)
    """Judgments of the current scene (older ones are in the ledger; their score changes
    stay)."""
    judged: int = Field(default=0, ge=0)
    """Judgments made so far (the next id is ``j{judged + 1}``)."""
    scores: dict[str, float] = Field(default_factory=dict)
    """Accumulators: ``trust.berta``, ``trust.berta.mira``, counters by name."""
    deferred: list[Deferred] = Field(default_factory=list, max_length=MAX_QUEUE)
    """Firings waiting for the scene boundary, oldest first."""
    shifts: list[Shift] = Field(default_factory=list, max_length=MAX_QUEUE)
    """This scene's relationship changes, for the ripple at the boundary."""
    next_turn: list[Deferred] = Field(default_factory=list, max_length=MAX_QUEUE)
    """Firings owed to the next turn (a refined judgment fired them after the narration)."""
    last_fired: dict[str, int] = Field(default_factory=dict)
    """Ongoing triggers: the turn each last fired (refractory periods)."""
    revised: list[str] = Field(default_factory=list)
    """Triggers fired this scene on a provisional judgment that refinement contradicted
    (damped at the scene boundary when the campaign says so)."""
    present: list[str] = Field(
        default_factory=list, max_length=MAX_QUEUE, exclude_if=lambda found: not found
    )
    """Who was present in the party's scene at the last look (the NPCs there, the players
    at the table): arrivals and departures are told against it. Left out of a save while
    empty, so a save from before it was kept reads as it was."""
    present_in: str = Field(default="", exclude_if=lambda scene: not scene)
    """The scene :attr:`present` was taken in (empty: not yet taken)."""
    met_at: dict[str, str] = Field(default_factory=dict, exclude_if=lambda found: not found)
    """Where each campaign NPC was first present with the party (npc id -> scene id), for
    the journal's "met at". Left out of a save while empty: a save from before it was kept
    has the journal place people as it did."""
    moved: dict[str, dict[str, float]] = Field(default_factory=dict)
    """This scene's score changes by trigger (trigger id -> key -> delta), so a firing
    revised at the scene boundary can be undone."""
    veils: list[str] = Field(default_factory=list, max_length=100)
    """Topics a player veiled this game (``/veil``): kept out of the narration."""

    def place(self, turn: int, scene: str) -> dict[str, Any]:
        """Where the next event goes (``seq``, turn, scene): an event made with it is
        recorded by :meth:`add` as it is, rather than copied into its place."""
        return {"seq": self.seq, "turn": turn, "scene": scene}

    def add(self, event: LedgerEvent, turn: int, scene: str) -> LedgerEvent:
        """Record an event: give it its place (``seq``, turn, scene), keep it with this
        turn's events and index what it makes true. Returns the recorded event (``event``
        itself when it was made in its place: events are frozen, so nothing can tell)."""
        placed = (
            event
            if event.seq == self.seq and event.turn == turn and event.scene == scene
            else event.model_copy(update={"seq": self.seq, "turn": turn, "scene": scene})
        )
        self.seq += 1
        self.fresh.append(placed)
        for prop in placed.props():
            seen = self.index.get(prop)
            if seen is None:
                self.index[prop] = Seen(first=placed.seq, last=placed.seq, turn=turn)
            else:
                seen.last, seen.turn, seen.count = placed.seq, turn, seen.count + 1
        return placed

    def seen(
        self, prop: str, *, within: int | Literal["scene", "turn"] | None = None, turn: int = 0
    ) -> bool:
        """Whether ``prop`` was made true: ever (``within=None``), this turn, this scene,
        or within the last ``within`` turns of ``turn`` (0: this turn)."""
        seen = self.index.get(prop)
        if seen is None:
            return False
        if within is None:
            return True
        if within == "turn":
            return seen.last >= self.turn_start
        if within == "scene":
            return seen.last >= self.scene_start
        return turn - seen.turn <= within

    def after(self, prop: str, earlier: str) -> bool:
        """Whether ``prop`` was made true (at least once) after ``earlier`` first was."""
        seen, first = self.index.get(prop), self.index.get(earlier)
        return seen is not None and first is not None and seen.last > first.first

    def score(self, key: str) -> float:
        """An accumulator's value (0 when nothing has moved it)."""
        return self.scores.get(key, 0.0)

    def take_fresh(self) -> list[LedgerEvent]:
        """This turn's events, handed over to the turn's record (and forgotten here)."""
        events, self.fresh = self.fresh, []
        return events

    def next_judgment_id(self) -> str:
        """A new judgment id."""
        self.judged += 1
        return f"j{self.judged}"

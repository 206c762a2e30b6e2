"""Whose turn it is at one keyboard, kept in the game state so a save — or a crash —
resumes at the same player with the same actions queued."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, PrivateAttr


def _aware(moment: datetime) -> datetime:
    """A moment with its time zone: one written without (a hand-edited save) is UTC, as the
    game writes them — never one that cannot be compared with the clock."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


Moment = Annotated[datetime, AfterValidator(_aware)]
"""A moment of the table's clock, always with its time zone."""

Reason = Literal[
    "TURN_COMPLETE",
    "PASSED",
    "TIMEOUT",
    "REMOVED",
    "RECOVERY",
    "JOINED",
    "ROUND_START",
    "AWAY",
    "BACK",
    "SKIPPED",
]
"""Why the turn changed: a player declared an action (``TURN_COMPLETE``), passed, ran out
of time, left, joined, stepped away or came back; play resumed after loading; a new round
began; or a fight turn passed because its player was away (``SKIPPED``)."""

HISTORY_KEPT = 200

PlayerState = Literal["waiting", "active", "done", "away"]
"""Where a player stands this round: yet to act, up now, acted or passed, away from the
table."""


class TurnChange(BaseModel):
    """One change of turn, and why — the turn result: how long the turn that ended took
    and who is up next."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    turn: int
    player: str
    reason: Reason
    at: Moment
    seconds: int | None = None
    """How long the turn that ended here took (``None``: no turn was being timed, e.g. a
    join, or the entry came from an older save)."""
    next: str | None = None
    """Who was up after this change (``None``: nobody — the DM answers, or everyone is
    away)."""


class TurnOrder(BaseModel):
    """Round-robin order of players in exploration (combat follows initiative instead)."""

    model_config = ConfigDict(extra="forbid")

    active: str | None = None
    """The player whose turn it is to declare an action."""
    acted: list[str] = Field(default_factory=list)
    """Players who have acted or passed this round."""
    history: list[TurnChange] = Field(default_factory=list)
    timer_seconds: int | None = Field(default=None, ge=5, le=3600)
    """Optional time limit per player turn (off by default)."""
    turn_started: Moment | None = None
    companions: list[str] = Field(default_factory=list)
    """Characters whose player left: the DM runs them."""
    away: list[str] = Field(default_factory=list)
    """Players who stepped away from the table: their turns are skipped until they are
    back."""
    timing: str | None = None
    """In a fight, which combatant's turn ``turn_started`` belongs to (``round.index.id``),
    so the clock restarts when initiative moves on."""
    _resumed: datetime | None = PrivateAttr(default=None)
    """When this game was loaded: a turn's clock never counts the break before it."""

    def clock_started(self) -> datetime | None:
        """When the current turn's clock started: its start, or the moment the game was
        resumed if that is later (a save left for hours does not time anyone out)."""
        if self.turn_started is None:
            return self._resumed
        if self._resumed is not None and self._resumed > self.turn_started:
            return self._resumed
        return self.turn_started

    def resume_clock(self, now: datetime) -> None:
        """The game was loaded at ``now``: the current turn's clock restarts. Kept out of
        the save, so resuming and leaving again writes nothing new."""
        self._resumed = now

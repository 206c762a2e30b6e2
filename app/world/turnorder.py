"""Whose turn it is at one keyboard, kept in the game state so a save — or a crash —
resumes at the same player with the same actions queued."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Reason = Literal["TURN_COMPLETE", "TIMEOUT", "REMOVED", "RECOVERY", "JOINED", "ROUND_START"]
HISTORY_KEPT = 200


class TurnChange(BaseModel):
    """One change of turn, and why."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    turn: int
    player: str
    reason: Reason
    at: datetime


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
    turn_started: datetime | None = None
    companions: list[str] = Field(default_factory=list)
    """Characters whose player left: the DM runs them."""

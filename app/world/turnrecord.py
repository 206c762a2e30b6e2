"""A finished turn as the story keeps it: what the players did, what the DM said, what was
rolled and what it cost. Records are frozen: the story only grows, so a record once made is
shared by every rollback point and checkpoint instead of being copied."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from app.world.ledger import LedgerEvent
from app.world.usage import Usage


class TurnRecord(BaseModel):
    """A finished turn: what the players did, what the DM said, what was rolled.

    Frozen: history is append-only, which lets snapshots share old records.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    number: int
    actions: list[str]
    narrative: str
    rolls: list[str] = Field(default_factory=list)
    usage: Usage = Field(default_factory=Usage)
    """Tokens the DM spent on this turn (nothing for the offline referee)."""
    retold: int = Field(default=0, ge=0, exclude_if=lambda times: times == 0)
    """How many times the turn was told again (``/reroll``): the same dice and results, in
    other words. Left out of the saved text while 0, so records that were never retold
    read exactly as before."""
    events: list[LedgerEvent] = Field(default_factory=list, exclude_if=lambda found: not found)
    """The ledger events of this turn, in order (left out of the saved text when there
    are none, so records from before the ledger read as they were)."""

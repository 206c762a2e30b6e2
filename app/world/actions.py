"""What a player does: one line of intent for one character."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class PlayerAction(BaseModel):
    """``Mira (as Thorin): I try the door``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    character_id: str
    text: str = Field(min_length=1, max_length=2000)
    player: str = ""
    """Who typed it (hotseat); empty for a solo player."""

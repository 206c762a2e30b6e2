"""What a player does: one line of intent for one character."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

MAX_ACTION_CHARS = 2000
"""The longest action text a character may declare (front ends refuse longer lines)."""


class PlayerAction(BaseModel):
    """``Mira (as Thorin): I try the door``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    character_id: str
    text: str = Field(min_length=1, max_length=MAX_ACTION_CHARS)
    player: str = ""
    """Who typed it (hotseat); empty for a solo player."""

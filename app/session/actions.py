"""What a player does (the model lives with the world state, which keeps the queue)."""

from __future__ import annotations

from app.world.actions import PlayerAction

__all__ = ["PlayerAction"]

"""The words that ask a shared keyboard to be passed for a moment: a reaction is asked of
the player whose character may react, who may not be the one typing."""

from __future__ import annotations

from app.world.state import GameState


def passing(state: GameState, player: str, holder: str | None) -> str:
    """``"Pass the keyboard to Cy (then back to Ann). "`` when several players share the
    keyboard and ``holder``, who has it now, is not ``player``, who is asked; else ``""``."""
    if len(state.players) < 2 or holder is None or holder == player:
        return ""
    return f"Pass the keyboard to {player} (then back to {holder}). "

"""Understanding players: a line of free text becomes an :class:`Intent` — what the
player means, to what, and how sure the game is — for every brain."""

from __future__ import annotations

from app.understanding.intent import ACTING, Intent, IntentKind, Reading
from app.understanding.leading import leader_named
from app.understanding.line import understand

__all__ = ["ACTING", "Intent", "IntentKind", "Reading", "leader_named", "understand"]

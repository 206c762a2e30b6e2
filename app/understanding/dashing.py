"""A dash in a fight is the Dash action, not the party leaving: "dash for the stairs", "I
dash back to the cellar" move the dasher (twice the speed, towards the way), and the fight
goes on — to leave it is to flee or run away, said so."""

from __future__ import annotations

import re
from dataclasses import replace

from app.understanding.intent import Intent
from app.world.state import GameState

_DASH = re.compile(r"\bdash(?:es|ing)?\b")


def dashed(clauses: list[Intent], state: GameState) -> list[Intent]:
    """The clauses, each going somewhere by a dash in a fight read as the Dash action."""
    if state.encounter is None:
        return clauses
    return [_dash(c) if c.kind == "move" and _DASH.search(c.text.lower()) else c for c in clauses]


def _dash(clause: Intent) -> Intent:
    return replace(clause, kind="manoeuvre", action="dash", targets=(), note="",
                   confidence=max(clause.confidence, 0.8))  # fmt: skip

"""Who goes first, when a line of going says so ("down we go, Thorin first with the torch",
"Aria in front with a light", "we head out, Mira takes point"): the party goes together,
led by the one named rather than by whoever typed the line."""

from __future__ import annotations

import re

from app.world.state import GameState

_FIRST = (
    r"(?:\s+(?:\w+\s+){0,2}?)?(?:first|in front|up front|at the front|at the head|leads|"
    r"leading|in the lead|takes? (?:the )?(?:lead|point)|goes? first|on point)\b"
)
"""What follows a name that puts them at the head of the party."""
_NEGATED = re.compile(r"\b(?:not|never|don't|dont|doesn't|doesnt)\s*$", re.IGNORECASE)


def leader_named(text: str, state: GameState) -> str | None:
    """The party member the line puts at the head of the going, or ``None``."""
    for cid, sheet in state.party.items():
        for name in {sheet.name, sheet.name.split()[-1]}:
            found = re.search(rf"\b{re.escape(name)}\b{_FIRST}", text, re.IGNORECASE)
            if found is not None and not _NEGATED.search(text[: found.start()]):
                return cid
    return None

"""Outcome values for actions that may be refused: ``Success | Impossible``.

Rules never raise for a move the game forbids (a second action, no slot left); they return
:class:`Impossible` with a reason a player can read, and change nothing.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Success:
    """The action happened; ``detail`` says what it did."""

    detail: str = ""

    def __bool__(self) -> bool:
        return True


@dataclass(frozen=True, slots=True)
class Impossible:
    """The action was refused and nothing changed; ``reason`` says why."""

    reason: str

    def __bool__(self) -> bool:
        return False


Outcome = Success | Impossible

"""A prisoner tied hand and foot: restrained and incapacitated, both noted ``tied up`` —
alive and awake, able to talk and to struggle, but out of the fight (its turns pass, its
encounter counts as beaten)."""

from __future__ import annotations

from app.world.state import Creature
from rules.conditions import Condition

BOUND = "tied up"
"""The note of the conditions a prisoner tied hand and foot is under."""


def bound(creature: Creature) -> bool:
    """Whether the creature is tied hand and foot."""
    return any(
        c.condition is Condition.INCAPACITATED and c.note == BOUND for c in creature.conditions
    )

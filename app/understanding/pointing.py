"""A foe pointed at in stars: "*points at the second rat* fire bolt", "*nods toward goblin
2* I swing": the gesture names whom the blow or the spell is for."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from app.understanding.intent import Intent

_POINTING = re.compile(
    r"\b(?:points?|pointing|gestures?|gesturing|nods?|nodding|jabs?|jabbing|jerks?|glares?|"
    r"aims?|aiming|levels? (?:a|her|his|my) (?:finger|hand|staff|wand)|stabs? a finger)\s+"
    r"(?:\w+\s+)?(?:at|to|toward|towards)\s+(?P<whom>.+)$"
)
"""A gesture towards someone, and whom."""


def pointed(said: Intent, starred: str, reread: Callable[[str], Intent]) -> Intent:
    """``said`` (a blow or a spell) aimed where the gesture in stars points, when it points
    at one creature; else as it was."""
    if said.kind not in ("attack", "cast") or not starred:
        return said
    found = _POINTING.search(starred.lower())
    if found is None:
        return said
    aimed = reread(f"attack {found.group('whom')}")
    if aimed.kind != "attack" or len(aimed.targets) != 1:
        return said
    return replace(said, targets=aimed.targets)

"""A spell of darts split as the player says: "magic missile, two darts at rat 3 and one at
rat 1", "cast magic missile: 2 darts at rat 2, 1 at rat 3", "split the missiles between
the two rats".

Such a line is one deed, not several: the commas and "and" only share the darts out. The
cast is read with one target per dart said (a foe named twice takes two darts), or, for
"split"/"spread", with the foes to share them between; the referee deals the darts the
slot gives from that list (:func:`app.referee.casting.spell_targets`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from app.understanding.intent import Intent
from rules.srd import srd

COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_SHARE = re.compile(
    r"\b(?P<n>[1-9]|one|two|three|four|five|six|an?)\s+(?:(?:magic\s+)?(?:darts?|missiles?|"
    r"bolts?)\s+)?(?:at|on|into|to|for|in)\s+(?P<who>[\w' -]+?)\s*(?=,|;|\.|!|\band\b|\bthen\b|$)",
    re.IGNORECASE,
)
_SPREAD = re.compile(
    r"\b(split|spread|share|divide)\b.*\b(between|among|across|amongst)\b"
    r"|\b(?:one|a) (?:(?:magic )?(?:dart|missile|bolt) )?(?:each|at each|apiece|for each)\b"
    r"|\b(?:darts?|missiles?) (?:at|on) (?:each|every)\b|\beach of them\b"
    r"|\b(?:at |on )?(?:each|every) (?:one of the |of the )?\w+s?\b(?! other)",
    re.IGNORECASE,
)
SPREAD = "spread"
"""The mark in ``Intent.extra`` of darts shared out between the foes read, in turn."""


def is_darts(spell_id: str | None) -> bool:
    """A spell of sure-hitting darts that may be aimed one by one (Magic Missile)."""
    spell = srd().spells.get(spell_id) if spell_id else None
    return spell is not None and bool(spell.damage) and not spell.save and not spell.attack


def shared_darts(text: str, whole: Intent, aim: Callable[[str], str | None]) -> Intent | None:
    """``whole`` (a cast of darts) with its targets as the line shares the darts out, or
    None when it does not. ``aim`` reads a phrase ("rat 3") as a creature's id."""
    if whole.kind != "cast" or not is_darts(whole.spell):
        return None
    counted: list[str] = []
    for match in _SHARE.finditer(text):
        who = aim(match.group("who"))
        if who is None:
            return None  # a share at something that is no foe: read the line as it was
        count = match.group("n").lower()
        counted += [who] * (int(count) if count.isdecimal() else COUNTS[count])
    if len(counted) > 1:
        return replace(whole, targets=tuple(counted), then=())
    if _SPREAD.search(text) is None:
        return None
    return replace(whole, extra=(*whole.extra, SPREAD), then=())

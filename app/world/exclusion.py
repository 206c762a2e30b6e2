"""Judgments that rule each other out: a threat is not mercy. A campaign says so with a
judgment's ``excludes``; when one line is heard as both, only one of them is made — the
surer one, or on equal confidence the one that names the other in its ``excludes``.

The rule is mutual whichever judgment names it: writing ``excludes = ["mercy"]`` on
``threat`` is enough for a line heard as both to be a threat only when the threat is the
surer reading, and mercy only when mercy is."""

from __future__ import annotations

from collections.abc import Sequence

from app.world.heard import Match


def _rules_out(one: Match, other: Match) -> bool:
    """Whether ``one`` and ``other`` cannot both be made, and ``one`` is kept."""
    first, second = one.entry.spec.excludes, other.entry.spec.excludes
    if other.entry.id not in first and one.entry.id not in second:
        return False
    if one.confidence != other.confidence:
        return one.confidence > other.confidence
    return other.entry.id in first  # on equal confidence, the one that names the other


def exclusive(matches: Sequence[Match]) -> list[Match]:
    """The matches of one line, less any another match rules out."""
    return [m for m in matches if not any(_rules_out(o, m) for o in matches if o is not m)]

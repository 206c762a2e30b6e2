"""The readings of an unclear line offered back to a player ("Did you mean to pick the lock
or force the trapdoor?") and the answer that picks one ("yes", "2", "the second"). The
offer is kept in the game (:attr:`GameState.offered`), not in the referee's memory, so a
resumed game, an undo or a rewind understands the answer as the game did then."""

from __future__ import annotations

import re
from typing import cast

from app.actions.reactions import option_picked
from app.understanding.intent import IntentKind, Reading
from app.understanding.words import is_yes
from app.world.state import GameState, Offer


def offered(state: GameState, actor: str) -> tuple[Reading, ...]:
    """The readings last offered back to ``actor``'s player."""
    return tuple(
        Reading(kind=cast(IntentKind, o.kind), target=o.target, label=o.label, spell=o.spell)
        for o in state.offered.get(actor, ())
    )


def offer(state: GameState, actor: str, readings: tuple[Reading, ...]) -> None:
    """Keep the readings offered back to ``actor``'s player (at most three)."""
    state.offered[actor] = [
        Offer(kind=r.kind, target=r.target, label=r.label[:200], spell=r.spell)
        for r in readings[:3]
    ]


def chosen_reading(text: str, offered: tuple[Reading, ...]) -> Reading | None:
    """Which of the readings the referee asked about an answer picks: "yes" when it asked
    about one, a number or "the second" among several. Anything else is a new line."""
    said = " ".join(text.lower().split()).strip(" !.?")
    if not offered or not said:
        return None
    if is_yes(said):
        return offered[0] if len(offered) == 1 else None
    said = _WHICHEVER.sub("", said).strip(" ,!.?") or said  # "whichever, the second"
    place = option_picked(said)
    if place is not None and said.isdecimal():  # "2" of "Giant Rat 2 or Giant Rat 3"
        numbered = [r for r in offered if r.label.endswith(f" {said}")]
        if len(numbered) == 1:
            return numbered[0]
    if place is not None and 0 < place <= len(offered):
        return offered[place - 1]
    return _by_its_verb(said, offered)


def _by_its_verb(said: str, offered: tuple[Reading, ...]) -> Reading | None:
    """The one reading a short answer names by its verb ("attack" of "attack the Grey
    Sister or talk to the Grey Sister", "talk to her"), in none but the reading's words and
    words that point; none when several share the verb."""
    words = said.split()
    if not words or len(words) > 4:
        return None
    picked = [
        r for r in offered
        if r.label.lower().split()[:1] == words[:1]
        and set(words) <= set(r.label.lower().split()) | _POINTING
    ]  # fmt: skip
    return picked[0] if len(picked) == 1 else None


_POINTING = frozenset({"her", "him", "it", "them", "that", "this", "one", "to", "at", "the"})
"""Words an answer may point with ("talk to her"): not a new line's words ("look around")."""


_WHICHEVER = re.compile(r"^(?:(?:whichever|either|any|um+|uh+|hmm+|ok(?:ay)?|well|oh)\W+)+")
"""Words before the choice itself ("whichever, the second", "um, 2")."""

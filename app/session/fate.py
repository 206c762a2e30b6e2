"""Fate after going back: what the dice do when a taken-back turn is played again.

A table that goes back with ``/undo`` or ``/rewind`` wants one of two things. Playing the
same again (a line retyped, a misclick undone) must not be a free second roll: the dice
fall exactly as they did. Trying something else (another offer instead of the failed
Persuasion) must not meet the old dice: they are drawn afresh. ``/redo`` is always the
exact replay. The fresh draw still comes from the game's own RNG — it is re-seeded from
where it stands and the new actions' words — so a save replays the same way every time.
"""

from __future__ import annotations

import hashlib
import re

from app.dm.safety import Topics, veil_words
from app.world.actions import PlayerAction
from app.world.state import GameState

FATE_NOTE = (
    "Play the same again and the dice fall as they did; do something else and they are "
    "rolled afresh."
)
"""What a rewind tells the table about the dice."""


def recorded(state: GameState, actions: list[PlayerAction], topics: Topics) -> list[str]:
    """The actions as the story records them: ``Mira: I pick the lock``, veiled word by
    word (who acted stays readable)."""
    return [veil_words(f"{state.name_of(a.character_id)}: {a.text}", topics) for a in actions]


def _same(line: str) -> str:
    """A recorded action as compared: case, spacing and punctuation do not count."""
    return " ".join(re.sub(r"[^\w\s:]", " ", line.casefold()).split())


def settle(state: GameState, lines: list[str]) -> bool:
    """Before a turn whose actions are ``lines`` (as :func:`recorded` words them): after
    a turn was taken back, draw the dice afresh unless the same is played again. Returns
    whether they were drawn afresh. A foe's turn (no actions) leaves it for the players'."""
    if not state.taken_back or not lines:
        return False
    before = sorted(_same(line) for line in state.taken_back)
    state.taken_back = []
    if sorted(_same(line) for line in lines) == before:
        return False
    mix = hashlib.sha256(repr(state.rng_state()).encode())
    for line in lines:
        mix.update(line.encode("utf-8", "replace"))
    state.rng.seed(int.from_bytes(mix.digest(), "big"))
    return True

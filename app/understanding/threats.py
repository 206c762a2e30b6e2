"""A threat (or a plea, or a bluff) shouted at foes, and whom it is at: "YIELD, GOBLIN!" in
Grubnak's hall is at Grubnak, the leader who can answer for the band; "YIELD, RAT 2!" is at
rat 2."""

from __future__ import annotations

from app.understanding.intent import Intent
from app.world.state import GameState


def threatened(called: list[str], address: list[Intent], state: GameState) -> tuple[str, ...]:
    """Whom a threat called by a word is at: the one named ("rat 2", "Grubnak"), else the
    foes' leader when one is fighting ("YIELD, GOBLIN!" in Grubnak's hall), else those the
    word fits."""
    standing = [t for t in called if state.creatures[t].vitals.hp > 0]
    called = standing or called  # ("your guards are dead!": at whoever still stands)
    named = [t for t in called if state.creatures[t].npc]
    numbered = any(ch.isdigit() for c in address for ch in c.text)
    leaders = [cid for cid, c in state.creatures.items()
               if c.npc and c.hostile and c.vitals.hp > 0 and not c.left]  # fmt: skip
    if not named and not numbered and called and len(leaders) == 1:
        named = leaders
    return tuple(dict.fromkeys(named or called))


SPOKEN_SKILLS = frozenset({"intimidation", "persuasion", "deception"})
"""The checks of a deed made in words (a threat, a plea, a bluff)."""

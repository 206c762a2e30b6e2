"""Readied actions: a creature uses its action to wait for something, and its reaction to
act when it happens. Kept in the fight (saved with it) until it fires, or lapses at the
start of the readier's next turn; the rules of firing are in :mod:`app.actions.readied`."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.srd import srd

ReadyWatch = Literal["approach", "move", "attack", "cast", "other"]
"""What the engine watches for: a creature coming within reach (or closer), moving at all,
attacking, casting; ``other``: only the DM can tell (a door opening, a signal)."""


class Readied(BaseModel):
    """One readied action, waiting for its trigger."""

    model_config = ConfigDict(extra="forbid")

    creature_id: str
    trigger: str = Field(min_length=1, max_length=200)
    """The player's words for when it fires: ``when the goblin comes through the door``."""
    watch: ReadyWatch = "other"
    watched: str | None = None
    """The creature whose doing fires it (id); ``None``: any foe."""
    target_id: str | None = None
    """Who the attack or spell goes at; ``None``: whoever set it off."""
    weapon: str | None = None
    """The weapon (or monster action) of a readied attack."""
    spell: str | None = None
    """A readied spell (id): cast when readied, held until released."""
    slot: int = Field(default=0, ge=0, le=9)
    """The slot spent on it when readied (0: a cantrip)."""

    def describe(self) -> str:
        """``an attack when the goblin comes close``, ``Sacred Flame at the first foe that
        moves``: what is readied, in the player's words."""
        what = srd().spells.get(self.spell).name if self.spell else "an attack"
        words = self.trigger.strip().rstrip(".")
        if words.lower().startswith(("the first", "whichever", "any ", "anyone", "anything")):
            words = f"at {words}"  # "the first rat that moves": whom it is loosed at
        elif not words.lower().startswith(("when", "if ", "as ", "once", "at ", "for ")):
            words = f"when {words}"
        return f"{what} {words}"


def readied_line(readied: list[Readied], cid: str, *, short: bool = False) -> list[str]:
    """What the party panel shows of ``cid``'s readied action, if any; ``short``: the one
    word the tracker has room for."""
    return [
        "readied" if short else f"readied — {r.describe()}" for r in readied
        if r.creature_id == cid
    ]  # fmt: skip

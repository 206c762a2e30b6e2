"""The kinds of reaction the game knows: when each resolves among its siblings, the words a
player uses for it, and how the log says it was taken or let pass.

A new reaction is one entry here plus the code that offers and resolves it. ``declared`` is
the kind of anything else a player declares in their own words: the engine cannot price it,
so the DM adjudicates it in its own subturn with its usual tools.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ReactionKind:
    """One kind of reaction."""

    rank: int
    """Timing: lower resolves first. A Counterspell stops the spell before it takes effect;
    Protection comes before the attack roll; Shield before the damage; Uncanny Dodge and
    Absorb Elements as it lands; Hellish Rebuke after it; what the DM adjudicates last."""
    words: tuple[str, ...]
    """Words that name it in a player's answer (``I cast Shield``, ``rebuke him``)."""
    taken: str
    """``casts Shield``."""
    passed: str
    """``does not cast Shield``."""


KINDS: dict[str, ReactionKind] = {
    "counterspell": ReactionKind(0, ("counterspell", "counter"), "casts Counterspell",
                                 "does not cast Counterspell"),
    "protection": ReactionKind(1, ("protection", "protect", "interpose", "cover"),
                               "uses Protection", "does not use Protection"),
    "shield": ReactionKind(2, ("shield",), "casts Shield", "does not cast Shield"),
    "uncanny_dodge": ReactionKind(3, ("uncanny", "dodge", "halve"), "uses Uncanny Dodge",
                                  "does not use Uncanny Dodge"),
    "deflect_missiles": ReactionKind(3, ("deflect", "catch", "missile", "arrow", "bolt"),
                                     "uses Deflect Missiles", "does not use Deflect Missiles"),
    "absorb_elements": ReactionKind(3, ("absorb", "elements"), "casts Absorb Elements",
                                    "does not cast Absorb Elements"),
    "opportunity_attack": ReactionKind(4, ("opportunity", "attack", "swing", "strike", "hit",
                                           "stab", "slash"),
                                       "makes an opportunity attack",
                                       "makes no opportunity attack"),
    "readied": ReactionKind(4, ("readied", "ready", "now", "fire", "loose", "release"),
                            "takes the readied action", "holds the readied action"),
    "hellish_rebuke": ReactionKind(5, ("rebuke", "hellish", "flames", "burn"),
                                   "casts Hellish Rebuke", "does not cast Hellish Rebuke"),
    "declared": ReactionKind(9, (), "reacts", "does not react"),
}  # fmt: skip


def kind_of(name: str) -> ReactionKind:
    """The kind, or a plain one for a name this version does not know (an older save)."""
    return KINDS.get(name) or ReactionKind(
        8, (), name.replace("_", " "), f"does not {name.replace('_', ' ')}"
    )

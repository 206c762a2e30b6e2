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
    meaning: str = ""
    """What it does, for a player who asks before answering ("what is hellish rebuke?")."""


KINDS: dict[str, ReactionKind] = {
    "counterspell": ReactionKind(
        0, ("counterspell", "counter"), "casts Counterspell", "does not cast Counterspell",
        "a 3rd-level spell that stops a spell being cast within 60 feet (one of 4th level "
        "or higher only on a good ability check)",
    ),
    "protection": ReactionKind(
        1, ("protection", "protect", "interpose", "cover"), "uses Protection",
        "does not use Protection",
        "with a shield raised, an attack on a friend within 5 feet is made at disadvantage",
    ),
    "shield": ReactionKind(
        2, ("shield",), "casts Shield", "does not cast Shield",
        "a 1st-level spell: +5 AC until your next turn, which may turn this hit into a miss",
    ),
    "uncanny_dodge": ReactionKind(
        3, ("uncanny", "dodge", "halve"), "uses Uncanny Dodge", "does not use Uncanny Dodge",
        "the damage of a hit from an attacker you can see is halved",
    ),
    "deflect_missiles": ReactionKind(
        3, ("deflect", "catch", "missile", "arrow", "bolt"), "uses Deflect Missiles",
        "does not use Deflect Missiles",
        "a ranged weapon's damage is cut by 1d10 + Dexterity + monk level; at 0 the "
        "missile is caught",
    ),
    "absorb_elements": ReactionKind(
        3, ("absorb", "elements"), "casts Absorb Elements", "does not cast Absorb Elements",
        "a 1st-level spell: the elemental damage that hit you is halved, and your next "
        "melee hit adds 1d6 of it",
    ),
    "opportunity_attack": ReactionKind(
        4, ("opportunity", "attack", "swing", "strike", "hit", "stab", "slash"),
        "makes an opportunity attack", "makes no opportunity attack",
        "one melee attack at a foe leaving your reach",
    ),
    "readied": ReactionKind(
        4,
        ("readied", "ready", "now", "fire", "loose", "release", "shoot", "burn", "blast", "zap",
         "fry", "hit", "strike", "attack", "stab", "swing", "cast", "bolt", "kill", "nail"),
        "takes the readied action",
        "holds the readied action", "the action you readied, taken now its moment has come",
    ),
    "hellish_rebuke": ReactionKind(
        5, ("rebuke", "hellish", "flames", "burn"), "casts Hellish Rebuke",
        "does not cast Hellish Rebuke",
        "a 1st-level spell: the one who hurt you takes 2d10 fire damage (half on a "
        "Dexterity save)",
    ),
    "declared": ReactionKind(
        9, (), "reacts", "does not react", "whatever you say you do, for the DM to rule on"
    ),
}  # fmt: skip


def kind_of(name: str) -> ReactionKind:
    """The kind, or a plain one for a name this version does not know (an older save)."""
    return KINDS.get(name) or ReactionKind(
        8, (), name.replace("_", " "), f"does not {name.replace('_', ' ')}"
    )

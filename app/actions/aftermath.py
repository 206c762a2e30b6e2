"""How a fight ended, in words a narrator can use as they are: who fell, who surrendered,
who fled, who still stands, and how the party came out of it — names, never ids."""

from __future__ import annotations

from collections.abc import Sequence

from app.world.state import GameState
from app.world.tied import bound
from rules.damage import LifeState


def names(items: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def foe_outcomes(state: GameState, foe_ids: Sequence[str]) -> dict[str, list[str]]:
    """The foes' names by how each left the fight: ``fell`` (dead), ``knocked out`` (at 0
    HP and stable), ``surrendered``, ``fled``, ``tied up`` (bound hand and foot) and
    ``standing`` (still in it)."""
    out: dict[str, list[str]] = {
        "fell": [], "knocked out": [], "surrendered": [], "fled": [], "tied up": [],
        "standing": [],
    }  # fmt: skip
    for fid in foe_ids:
        foe = state.creatures[fid]
        if foe.vitals.state is LifeState.DEAD:
            out["fell"].append(foe.name)
        elif foe.vitals.hp == 0:
            out["knocked out"].append(foe.name)
        elif foe.left:
            out[foe.left].append(foe.name)
        elif bound(foe):  # a prisoner, out of the fight: it does not "still stand"
            out["tied up"].append(foe.name)
        else:
            out["standing"].append(foe.name)
    return out


_VERBS = {
    "fell": "fell", "knocked out": "was knocked out", "surrendered": "surrendered",
    "fled": "fled", "tied up": "is tied up", "standing": "still stands",
}  # fmt: skip


def fight_summary(state: GameState, rounds: int, foe_ids: Sequence[str]) -> str:
    """``The fight lasted 3 rounds. Giant Rat 1 and Giant Rat 2 fell; Goblin 3 fled.
    Thorin is hurt (20/28 HP).``"""
    outcomes = foe_outcomes(state, foe_ids)
    clauses = []
    for kind, who in outcomes.items():
        if who:
            verb = _VERBS[kind]
            if len(who) > 1:
                verb = {"standing": "still stand", "knocked out": "were knocked out",
                        "tied up": "are tied up"}.get(kind, verb)  # fmt: skip
            clauses.append(f"{names(who)} {verb}")
    lasted = f"The fight lasted {rounds} round{'s' if rounds != 1 else ''}."
    foes = ("; ".join(clauses) + ".") if clauses else "No foe took part."
    foes = foes[:1].upper() + foes[1:]  # "the Grey Sister fell." starts a sentence
    # the party, and the companions who fought beside them
    side = [
        *((s.name, s.vitals) for s in state.party.values()),
        *((c.name, c.vitals) for c in state.creatures.values()
          if c.side == "party" and c.vitals.state is not LifeState.DEAD),
    ]  # fmt: skip
    down = [name for name, v in side if v.hp == 0]
    hurt = [f"{name} ({v.hp}/{v.max_hp} HP)" for name, v in side if 0 < v.hp < v.max_hp]
    party = []
    if down:
        party.append(f"{names(down)} {'is' if len(down) == 1 else 'are'} down.")
    if hurt:
        party.append(f"{names(hurt)} {'is' if len(hurt) == 1 else 'are'} hurt.")
    if not party:
        party.append("The party is unhurt.")
    return " ".join([lasted, foes, *party])

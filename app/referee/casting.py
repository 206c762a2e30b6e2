"""Whom the offline referee aims a spell at, from what the player said and what the spell
does: named allies for a blessing (or the party, up to the spell's count), the dead for
Revivify, whoever was named for Dispel Magic, distinct foes for Bane, every foe for an area,
the foe a moonbeam falls on, the caster for Misty Step."""

from __future__ import annotations

import re
from typing import Any

from app.actions.beams import beams
from app.actions.condition_tools import creature_type
from app.actions.position_tools import spell_reach
from app.actions.spell_tools import most_targets
from app.actions.striking import out_of_reach
from app.understanding import Intent
from app.understanding.darts import SPREAD
from app.understanding.targets import weakest
from app.world.companions import ally_id, side_of
from app.world.state import GameState
from rules.damage import LifeState
from rules.economy import ActionKind
from rules.spelldata import Spell


def _level(state: GameState, actor: str) -> int:
    sheet = state.party.get(actor)
    return sheet.level if sheet is not None else 1


def spell_targets(
    state: GameState, actor: str, intent: Intent, spell: Spell, slot: int, foes: list[str]
) -> list[str] | str:
    """The target ids for ``spell`` cast by ``actor``, or why there are none (words that
    follow the caster's name)."""
    named = [ally_id(state, t) for t in intent.targets]  # a companion: the one who fights
    most = most_targets(spell, slot, _level(state, actor))
    if spell.teleport_ft:
        return [actor]
    if spell.revive_within is not None:
        dead = [t for t in named if t in state.party] or [
            cid for cid, s in state.party.items() if s.vitals.state is LifeState.DEAD
        ]
        return dead[:1] or f"finds nobody fallen to bring back with {spell.name}"
    if spell.dispels:
        return named[:1] or f"must say whose spell {spell.name} should end"
    if spell.heal:
        allies = [t for t in named if side_of(state, t) == "party"]
        return (allies or [actor])[: most or 1]
    if not spell.harmful:  # a blessing: the named, else the caster and friends
        allies = [t for t in named if side_of(state, t) == "party"]
        if not allies:
            awake = [cid for cid, s in state.party.items() if s.vitals.conscious]
            allies = [actor, *(c for c in awake if c != actor)] if (most or 1) > 1 else [actor]
        return allies[: most or 1]
    if not foes:
        return f"finds no target for {spell.name}"
    if spell.beam:  # Moonbeam: on the foe named (else the weakest); the tool adds its fellows
        aimed = [t for t in named if t in foes]
        return aimed[:1] or [weakest((f, state.creatures[f].vitals.hp) for f in foes) or foes[0]]
    if most is None:  # an area: every foe in view it reaches (Thunderwave: those close by)
        reach = spell_reach(spell)
        near = [f for f in foes if reach is None or out_of_reach(state, actor, f, reach) is None]
        return near or f"has no foe within reach of {spell.name}"
    aimed = [t for t in named if t in foes]
    first = aimed or [weakest((f, state.creatures[f].vitals.hp) for f in foes) or foes[0]]
    if spell.attack:  # every ray or beam at the one named, unless several are
        return first[:most]
    if spell.damage and not spell.save:  # darts: all at the first, as a player means,
        return _darts(intent, aimed, first, foes, most)  # or shared out as they say
    # Bane on "the goblins": as many as it takes; Hold Person only on the kind it holds
    rest = [f for f in foes if f not in first and _holds(state, spell, f)]
    return (first + rest)[:most]


MOVING_BEAM = re.compile(
    r"\b(move|moves|moving|shift|shifts|swing|swings|steer|steers|drag|drags|point|points|"
    r"turn|turns|sweep|sweeps|slide|slides|bring|brings|onto|over to)\b",
    re.I,
)
"""Words that move a moonbeam already shining rather than cast another."""


def keeps_beam(state: GameState, actor: str) -> bool:
    """The caster keeps a beam up (Moonbeam) it could move."""
    return any(holder == actor for holder, _ in beams(state))


def beam_onto(state: GameState, intent: Intent, foes: list[str]) -> str | None:
    """Where a moved moonbeam falls: the creature named, else the weakest foe."""
    named = [t for t in intent.targets if t in foes or t in state.party]
    if named:
        return named[0]
    return weakest((f, state.creatures[f].vitals.hp) for f in foes) if foes else None


def _holds(state: GameState, spell: Spell, cid: str) -> bool:
    """The spell can touch ``cid`` by its kind (Hold Person: humanoids only)."""
    return not spell.creature_types or creature_type(state, cid) in spell.creature_types


def _darts(
    intent: Intent, aimed: list[str], first: list[str], foes: list[str], most: int
) -> list[str]:
    """Where each dart flies: as many at each foe as the line says ("two at rat 3 and one at
    rat 1", the rest at the first said), in turn between the foes named or all of them for
    "split them between the rats" or "at the goblins", else all at the first."""
    if len(aimed) > len(set(aimed)) or (len(aimed) > 1 and len(aimed) >= most):
        return (aimed + aimed[:1] * most)[:most]
    if SPREAD in intent.extra or len(aimed) > 1:  # ("magic missile at the goblins": in turn)
        shared = aimed if len(aimed) > 1 else [*first, *(f for f in foes if f not in first)]
        return [shared[n % len(shared)] for n in range(most)]
    return first[:1] * most


def lasting_lines(caster: str, target: str, spell: str, hit: dict[str, Any]) -> list[str]:
    """What the players hear of a spell that does more than damage or heal: a creature it
    cannot touch, one brought back, spells dispelled, a caster stepping through mist."""
    lines: list[str] = []
    if hit.get("no_effect"):
        lines.append(f"{str(hit['no_effect'])[:1].upper()}{str(hit['no_effect'])[1:]}.")
    if hit.get("revived"):
        lines.append(f"{target} gasps and returns to life with 1 hit point.")
    if hit.get("ended"):
        lines.append(f"{', '.join(hit['ended'])} on {target} unravels.")
    if hit.get("resisted"):
        lines.append(f"{', '.join(hit['resisted'])} on {target} holds against {spell}.")
    if "ended" in hit and not hit["ended"] and not hit.get("resisted"):
        lines.append(f"No spell lies on {target} to end.")
    if hit.get("teleported_ft"):
        lines.append(
            f"{caster} vanishes in silver mist and reappears {hit['teleported_ft']} feet away,"
            " out of reach."
        )
    if hit.get("splash"):
        lines.append(f"The {spell} misses {target}, but the acid splashes.")
    return lines


def still_has_action(state: GameState, actor: str) -> bool:
    """In a fight, ``actor`` has an action left this turn (it cast a bonus-action spell, or
    surged before acting)."""
    encounter = state.encounter
    if encounter is None or encounter.current.id != actor:
        return False
    economy = encounter.economy.get(actor)
    return economy is not None and economy.available(ActionKind.ACTION)

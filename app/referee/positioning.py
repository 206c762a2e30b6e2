"""How the offline referee moves creatures in a fight: which foe a fighter can reach, the
steps it takes before striking, and where a player's "I close with the archer" or "take
cover behind the barrels" puts them. Melee fighters close and engage; archers keep their
distance and shoot, stepping in only when nothing is in range.

Every function here only reads the state and says what to call (tool name and
arguments); the referee makes the calls, so the tools alone change the world.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.actions import beings as bg
from app.actions import position_tools as pt
from app.actions.hooks import Reach
from app.actions.striking import out_of_reach
from app.understanding.targets import weakest
from app.world.state import GameState
from rules import positions as p
from rules.class_powers import UNARMED
from rules.srd import srd

Call = tuple[str, dict[str, Any]]
"""A tool to call and its arguments."""


@dataclass
class Plan:
    """What a fighter does this turn: steps first, then (maybe) one attack."""

    steps: list[Call] = field(default_factory=list)
    target: str | None = None
    """Whom it attacks after its steps (``None``: it only moves)."""
    weapon: str | None = None
    """The weapon or action it attacks with (``None``: its usual one)."""
    thrown: bool = False
    """The weapon is thrown (a dagger at a foe beyond reach), not swung."""


def _hp(state: GameState, cid: str) -> int:
    return bg.vitals_of(state, cid).hp


def _attacks(state: GameState, cid: str) -> list[tuple[str, bool]]:
    """(weapon or action id, ranged) of what a fighter can attack with, its usual first."""
    if cid in state.party:  # any creature can punch: the last resort, or the only one
        sheet = state.party[cid]
        return [
            *((w, srd().weapons.get(w).kind == "ranged")
              for w in sheet.weapons if srd().weapons.get(w).damage),
            (UNARMED, False),
        ]  # fmt: skip
    creature = state.creatures[cid]
    if creature.monster is None:
        return []
    block = state.monster(creature.monster)
    return [(act.id, act.kind == "ranged") for act in block.actions if act.is_attack and act.damage]


def _reach(state: GameState, cid: str, weapon: str, ranged: bool) -> Reach:
    return pt.weapon_reach(state, cid, weapon, weapon, ranged=ranged)


def reachable(state: GameState, cid: str, target: str, weapon: str, ranged: bool) -> bool:
    """Whether ``cid`` can attack ``target`` with this weapon now (closing in as the attack
    tool does, when its movement allows)."""
    return out_of_reach(state, cid, target, _reach(state, cid, weapon, ranged)) is None


def plan_attack(
    state: GameState, cid: str, targets: list[str], wanted: str | None = None,
    *, shooting: bool = False, unarmed: bool = False, striking: bool = False,
) -> Plan:  # fmt: skip
    """How ``cid`` attacks one of ``targets`` (``wanted`` first, if named): with its usual
    weapon when that reaches; a foe already engaged with it before any other; otherwise the
    weakest it can reach; an archer shoots from where it stands. When nothing is in reach it
    moves toward the weakest (dashing when that is the only way there). ``shooting``: the
    player said "shoot" — a ranged weapon first, when the fighter has one. ``unarmed``: a
    punch or a kick, so only a foe within 5 feet (after closing in) will do. ``striking``:
    the player said "hit", "chop" or "stab" — a blade, never a bow, for one who has one
    (stepping in to the foe, as far as the move allows)."""
    arms = [(UNARMED, False)] if unarmed else _attacks(state, cid)
    blades = [(w, ranged) for w, ranged in arms if not ranged and w != UNARMED]
    if striking and blades:  # "hit it": a blade that reaches the one named (closing in),
        for weapon, _ in blades:  # before any bow
            for target in [wanted] if wanted in targets else targets:
                if target is not None and reachable(state, cid, target, weapon, False):
                    return Plan(target=target, weapon=None if weapon == arms[0][0] else weapon)
    if not arms or not targets:
        return Plan()
    usual, usual_ranged = arms[0]
    engaged = [t for t in pt.engaged_foes(state, cid) if t in targets]
    order = sorted(engaged, key=lambda t: (_hp(state, t), t)) + sorted(
        (t for t in targets if t not in engaged), key=lambda t: (_hp(state, t), t)
    )
    if wanted is not None and wanted in targets:  # the one named first, then who is in reach
        order = [wanted, *(t for t in order if t != wanted)]
    usual_first = [(usual, usual_ranged)] + [a for a in arms if a[0] != usual]
    if shooting and any(ranged for _, ranged in arms):
        usual_first.sort(key=lambda arm: not arm[1])  # "shoot the rat": the bow, not the blade
    elif shooting and (thrown := _throw(state, cid, order, wanted)) is not None:
        return thrown  # "shoot it" with no bow: a dagger thrown, never a blade swung
    elif engaged and usual_ranged:  # an archer at arm's length draws its blade if it has one
        usual_first.sort(key=lambda arm: arm[1])
    for target in order:
        for weapon, ranged in usual_first:
            if reachable(state, cid, target, weapon, ranged):
                chosen = None if weapon == usual and not shooting else weapon
                return Plan(target=target, weapon=chosen)
    bold = [t for t in order if not pt.afraid_to_move(state, cid, "engage", t)]  # not its fear
    aim = next((t for t in bold if t not in engaged), (bold or order)[0])
    if wanted is not None and engaged and wanted not in engaged:
        # the player named a foe across the melee: step over to it (it may provoke)
        step: Call = ("move", {"creature_id": cid, "to": "engage", "target_id": wanted})
        cost = p.closing_cost(pt.spots(state), cid, wanted)
        afraid = pt.afraid_to_move(state, cid, "engage", wanted)
        if cost <= bg.economy_of(state, cid).movement and afraid is None:
            return Plan([step], target=wanted)
    steps = _toward(state, cid, aim)
    if not steps:  # no way to close in this turn: throw what can be thrown, if anything
        return _throw(state, cid, order) or Plan()
    return Plan(steps)


def thrown_at(state: GameState, cid: str, target: str, weapon: str | None) -> bool:
    """A weapon named for a blow ("handaxe at skeleton 3") that can be thrown, at a foe its
    blade cannot reach this turn but a throw can: it is thrown, as a player means."""
    if weapon is None or weapon not in srd().weapons.entries:
        return False
    if "thrown" not in srd().weapons.get(weapon).properties:
        return False
    return not reachable(state, cid, target, weapon, False) and reachable(
        state, cid, target, weapon, True
    )


def shot(state: GameState, cid: str, plan: Plan) -> bool:
    """The plan's blow is made from afar: thrown, or with a ranged weapon."""
    arms = _attacks(state, cid)
    weapon = plan.weapon or (arms[0][0] if arms else "")
    return plan.thrown or any(w == weapon and ranged for w, ranged in arms)


def _throw(state: GameState, cid: str, order: list[str], wanted: str | None = None) -> Plan | None:
    """A thrown weapon the character carries (a dagger, a handaxe) at the first foe it
    reaches when thrown — for a fighter whose blade reaches nobody this turn, or one told
    to shoot who has no bow (at the foe named, if one was)."""
    if cid not in state.party:
        return None
    order = [wanted] if wanted is not None else order
    table = srd().weapons
    for weapon in state.party[cid].weapons:
        if "thrown" not in table.get(weapon).properties:
            continue
        for target in order:
            if reachable(state, cid, target, weapon, True):
                return Plan(target=target, weapon=weapon, thrown=True)
    return None


def _toward(state: GameState, cid: str, target: str) -> list[Call]:
    """Steps toward a target out of reach this turn: dash and close in if that gets there,
    else dash to come near."""
    if pt.afraid_to_move(state, cid, "engage", target):
        return []  # frightened of it: it will not close in
    economy = bg.economy_of(state, cid)
    cost = p.closing_cost(pt.spots(state), cid, target)
    steps: list[Call] = []
    if economy.action:
        steps.append(("take_action", {"creature_id": cid, "action": "dash"}))
        budget = economy.movement + economy.speed
    else:
        budget = economy.movement
    awake = [t for t in pt.engaged_foes(state, cid) if _hp(state, t) > 0]  # the fallen hold no one
    if cost <= budget and not awake:
        steps.append(("move", {"creature_id": cid, "to": "engage", "target_id": target}))
    elif p.spot(pt.spots(state), cid).band == "far" and not pt.afraid_to_move(state, cid, "near"):
        steps.append(("move", {"creature_id": cid, "to": "near"}))
    return steps if len(steps) > 1 or (steps and steps[0][0] == "move") else []


def foe_plan(state: GameState, cid: str, targets: list[str]) -> Plan:
    """A foe's (or a companion's) turn: melee fighters close in on the weakest they can
    reach, archers keep their distance and shoot. Closing in is a step of its own (the
    ``move`` tool), so whatever waits for a foe to come close — a readied attack — sees it."""
    plan = plan_attack(state, cid, [t for t in targets if _hp(state, t) > 0] or targets)
    if plan.target is None or plan.steps or plan.target in p.spot(pt.spots(state), cid).engaged:
        return plan
    arms = dict(_attacks(state, cid))
    weapon = plan.weapon or next(iter(arms), None)
    if weapon is not None and not arms.get(weapon, True):
        plan.steps.append(("move", {"creature_id": cid, "to": "engage", "target_id": plan.target}))
    return plan


def fallback(state: GameState, cid: str) -> Call | None:
    """Where "fall back" / "get away" takes a creature: out of its engagements (near), or
    from near to the edge of the fight (far); ``None`` if it is already far and free."""
    here = p.spot(pt.spots(state), cid)
    if here.engaged:
        return ("move", {"creature_id": cid, "to": "near"})
    if here.band == "near":
        return ("move", {"creature_id": cid, "to": "far"})
    return None


def weakest_of(state: GameState, ids: list[str]) -> str | None:
    """The one with the fewest hit points left (the referee's focus)."""
    return weakest((i, _hp(state, i)) for i in ids)

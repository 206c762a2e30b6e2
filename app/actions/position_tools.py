"""Where creatures stand in a fight, on the game's side: who is where and who threatens
whom, where a fight starts everyone, how far each attack and spell reaches, and the few
words the tracker, the console and the DM's context show. The model itself (bands,
engagement, cover) is :mod:`rules.positions`; what it does to rolls is
:mod:`app.actions.position_rules`; the ``move`` tool is :mod:`app.actions.moving`.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from app.actions import args as a
from app.actions import beings as bg
from app.actions.hooks import Reach
from app.world import view
from app.world.companions import side_of
from app.world.state import Creature, GameState
from rules import positions as p
from rules.class_powers import UNARMED
from rules.conditions import Condition, can_act, kept_away_from
from rules.damage import LifeState
from rules.spelldata import Spell
from rules.srd import srd

# -- who is where ------------------------------------------------------------------------------


def spots(state: GameState) -> dict[str, p.Spot]:
    """The fight's positions (a fight always has them)."""
    assert state.encounter is not None
    return state.encounter.positions


def present(state: GameState) -> set[str]:
    """Combatants still in the fight: not dead, not fled or surrendered."""
    if state.encounter is None:
        return set()
    return {
        c.id
        for c in state.encounter.order
        if bg.vitals_of(state, c.id).state is not LifeState.DEAD
        and not (c.id in state.creatures and state.creatures[c.id].left)
    }


def hostile(state: GameState, a_id: str, b_id: str) -> bool:
    """On opposite sides of the fight (a foe who gave up is nobody's enemy any more)."""
    if side_of(state, a_id) == side_of(state, b_id):
        return False
    foe = state.creatures.get(a_id if side_of(state, a_id) == "foes" else b_id)
    return foe is None or foe.hostile


def crawling(state: GameState, cid: str) -> bool:
    """Prone, so every foot it moves costs one more (SRD: crawling)."""
    return any(c.condition is Condition.PRONE for c in bg.conditions_of(state, cid))


def engaged_foes(state: GameState, cid: str) -> list[str]:
    """Hostile creatures engaged with ``cid`` that are still in the fight."""
    if state.encounter is None:
        return []
    here = p.spot(spots(state), cid)
    alive = present(state)
    return [o for o in here.engaged if o in alive and hostile(state, cid, o)]


def watching_foes(state: GameState, cid: str) -> list[str]:
    """Foes engaged with ``cid`` that can see it and are not incapacitated: nobody hides
    from a creature that sees them clearly, at arm's length in melee (SRD)."""
    return [
        f for f in engaged_foes(state, cid)
        if bg.why_cannot_act(state, f) is None
        and not any(c.condition is Condition.BLINDED for c in bg.conditions_of(state, f))
    ]  # fmt: skip


def afraid_to_move(
    state: GameState, mover: str, to: Literal["engage", "near", "far", "cover"],
    target: str | None = None, gap: int = p.MELEE_FT,
) -> str | None:  # fmt: skip
    """Why ``mover`` may not make this move (SRD, frightened: it can't willingly move closer
    to the source of its fear), else ``None``."""
    fears = kept_away_from(bg.conditions_of(state, mover))
    if fears:  # who is still in the fight is looked up only for a creature afraid of someone
        fears &= present(state)
    if not fears:
        return None
    where = spots(state)
    after = p.after_move(where, mover, to, target, gap)
    for fear in sorted(fears):
        if p.distance(after, mover, fear) < p.distance(where, mover, fear):
            return (
                f"{state.name_of(mover)} is frightened of {state.name_of(fear)} and cannot "
                "willingly move closer to it"
            )
    return None


def ally_beside(state: GameState, attacker: str, target: str) -> bool:
    """Another enemy of ``target`` — an ally of the attacker, able to act — stands within
    5 feet of it (engaged with it): what Sneak Attack and Pack Tactics ask for."""
    if state.encounter is None:
        return False
    for other in engaged_foes(state, target):
        if other == attacker or hostile(state, attacker, other):
            continue
        if bg.vitals_of(state, other).hp > 0 and can_act(bg.conditions_of(state, other)):
            return True
    return False


def threatens(state: GameState, reactor: str, mover: str) -> bool:
    """Whether ``mover`` leaving provokes an opportunity attack from ``reactor``: they are
    engaged and the gap is within the reactor's melee reach."""
    if state.encounter is None:
        return False
    gap = p.spot(spots(state), mover).engaged.get(reactor)
    return gap is not None and gap <= melee_reach(state, reactor)


def reactors(state: GameState, mover: str) -> set[str]:
    """Who may make an opportunity attack when ``mover`` leaves: engaged foes whose reach
    it is in."""
    return {o for o in engaged_foes(state, mover) if threatens(state, o, mover)}


def melee_reach(state: GameState, cid: str, weapon: str | None = None) -> int:
    """A creature's melee reach in feet: its weapon's (or its best), 5 or 10; an unarmed
    strike's is 5."""
    if weapon == UNARMED:
        return p.MELEE_FT
    if cid in state.party:
        sheet = state.party[cid]
        ids = [weapon] if weapon in sheet.weapons else list(sheet.weapons)
        melee = [srd().weapons.get(w) for w in ids if srd().weapons.get(w).kind == "melee"]
        return max((w.reach for w in melee), default=p.MELEE_FT)
    creature = state.creatures.get(cid)
    if creature is None or creature.monster is None:
        return p.MELEE_FT
    actions = list(state.monster(creature.monster).actions)
    if weapon is not None:
        actions = [act for act in actions if act.id == weapon] or actions
    reaches = [
        act.reach or p.MELEE_FT for act in actions if act.kind in ("melee", "melee_or_ranged")
    ]
    return max(reaches, default=p.MELEE_FT)


def weapon_reach(
    state: GameState, attacker: str, name: str, weapon: str | None, *, ranged: bool
) -> Reach:
    """How far one weapon or monster attack reaches."""
    if not ranged:
        return Reach(name, melee=True, reach_ft=melee_reach(state, attacker, weapon), approach=True)
    bounds: tuple[int, int] | None = None
    if attacker in state.party and weapon is not None:
        bounds = srd().weapons.get(weapon).range
    else:
        creature = state.creatures.get(attacker)
        if creature is not None and creature.monster is not None:
            act = next((c for c in state.monster(creature.monster).actions if c.id == weapon), None)
            bounds = act.range if act is not None else None
    normal, long = bounds or (p.FAR_FT, p.FAR_FT * 4)
    return Reach(name, melee=False, normal_ft=normal, long_ft=long)


_AREA = re.compile(r"(\d+)-(?:foot|ft)")


def spell_reach(spell: Spell) -> Reach | None:
    """How far a spell reaches; ``None`` for a spell on the caster alone."""
    if spell.touch or spell.range_ft == p.MELEE_FT:
        return Reach(spell.name, melee=True, approach=spell.attack is not None)
    if spell.range_ft > 0:
        return Reach(spell.name, melee=False, normal_ft=spell.range_ft)
    size = _AREA.search(spell.area or "")
    if size is None:
        return None  # Shield, Misty Step: the caster only
    return Reach(spell.name, melee=False, normal_ft=int(size.group(1)))


# -- where a fight starts ----------------------------------------------------------------------


def prefers_range(state: GameState, creature: Creature) -> bool:
    """A foe whose first attack is a ranged one (an archer) keeps its distance."""
    if creature.monster is None:
        return False
    attacks = [act for act in state.monster(creature.monster).actions if act.is_attack]
    return bool(attacks) and attacks[0].kind == "ranged"


def place(state: GameState, stands: dict[str, tuple[str | None, str | None]]) -> None:
    """Put everyone where a fight starts: the party near, foes near (archers far), or where
    the encounter's author says a group stands (``stands``: creature id -> (band or
    "engaged", the feature it is behind)). Foes set to "engaged" each take on a party
    member, in turn."""
    encounter = state.encounter
    assert encounter is not None
    where = encounter.positions
    party = [c.id for c in encounter.order if c.side == "party"]
    fighters = [cid for cid in party if bg.vitals_of(state, cid).hp > 0]
    turn = 0
    for c in encounter.order:
        where.setdefault(c.id, p.Spot())
        creature = state.creatures.get(c.id)
        if creature is None:
            continue
        at, behind = stands.get(c.id, (None, None))
        if at == "engaged" and fighters:
            p.engage(where, c.id, fighters[turn % len(fighters)])
            turn += 1
        else:
            far = at == "far" or (at is None and prefers_range(state, creature))
            where[c.id].band = "far" if far else "near"
        if behind:
            feature = cover_feature(state, behind)
            if feature is not None:
                where[c.id].cover, where[c.id].behind = feature


def place_new(state: GameState, joined: list[Creature], args: a.StartCombatArgs) -> None:
    """Where a new fight starts everyone: the groups of ``start_combat`` and of the
    campaign encounter it names, in the order their creatures joined."""
    groups: list[Any] = list(args.monsters)
    campaign = state.campaign
    if args.encounter is not None and campaign is not None:
        groups += campaign.encounters[args.encounter].monsters
    each = [g for g in groups for _ in range(g.count)]
    stands = {
        creature.id: (group.at, getattr(group, "behind", None))
        for creature, group in zip(joined, each, strict=False)
    }
    place(state, stands)


def cover_feature(state: GameState, wanted: str) -> tuple[p.CoverDegree, str] | None:
    """The cover a feature of the scene gives and its name, found by id or name."""
    features = view.features_here(state, state.campaign)
    key = wanted.strip().lower()
    for fid, feature in features.items():
        names = {fid, feature.name.lower(), *(n.lower() for n in feature.aliases)}
        if key in names or key.removeprefix("the ") in names:
            return (feature.cover or "none"), feature.name
    return None


def cover_here(state: GameState) -> list[str]:
    """Features of the scene that give cover, by name."""
    features = view.features_here(state, state.campaign)
    return [f.name for f in features.values() if f.cover]


def leave_fight(state: GameState, cid: str) -> None:
    """A creature that withdraws, flees or gives up stands engaged with nobody."""
    if state.encounter is not None:
        p.leave(spots(state), cid)


# -- what is shown -----------------------------------------------------------------------------


def _names(state: GameState) -> dict[str, str]:
    return {cid: state.name_of(cid) for cid in state.known_ids()}


def describe(state: GameState, cid: str) -> str:
    """``engaged with Goblin 1``, ``far, behind the cart (half cover)``."""
    return p.describe(spots(state), cid, _names(state), present(state))


def short(state: GameState, cid: str) -> str:
    """The tracker's column: ``⚔ Goblin 1``, ``near``, ``far ½``."""
    return p.short(spots(state), cid, _names(state), present(state))


def shorts(state: GameState) -> dict[str, str]:
    """The tracker's column of every combatant (:func:`short`), the names and who is still
    in the fight read once for them all."""
    assert state.encounter is not None
    placed, names, here = spots(state), _names(state), present(state)
    return {c.id: p.short(placed, c.id, names, here) for c in state.encounter.order}


def positions_line(state: GameState) -> str:
    """Everyone's position in one line for the DM: "Thorin engaged with Goblin 1; Goblin 3
    far, behind the cart (half cover)"."""
    if state.encounter is None:
        return ""
    alive = present(state)
    parts = [f"{c.name} {describe(state, c.id)}" for c in state.encounter.order if c.id in alive]
    return "Positions: " + "; ".join(parts) if parts else ""

"""How the offline referee fights. Focusing the weakest foe (:func:`weakest`, which the
reading of "the wounded one" shares, in :mod:`app.understanding.targets`) and the
choice of a save-based action (:func:`save_action_choice`) are shared with the fast fight
simulator behind ``dungeon balance``, so a balance run fights as a game does; the rest of
:func:`foe_moves` (healing, webs, Aggressive, Nimble Escape) plays in games, and the
simulator has its own copy of what it models.

A foe's turn, in order of preference: a ready save-based action (a breath, an engulf, a
gaze) when it catches two or more of the party or when nothing better is on offer; a healer
mends a badly hurt ally; a web on a foe not yet held; a caster's damaging cantrip;
otherwise its attack (its Multiattack, if it has one) on the weakest foe — with an orc's
Aggressive rush in the first round, and a hurt goblin's Nimble Escape into hiding after it
strikes. A foe with nothing to attack with and nothing else to do takes the Dodge action.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from app.understanding.targets import weakest
from app.world.state import GameState
from rules.conditions import ActiveCondition, Condition
from rules.damage import Vitals
from rules.dice import formula_stats
from rules.srd import Monster, MonsterAction, srd

AREA_MOST = 3
"""Party members a cone or line catches at most: without a map, the referee assumes no
more than three stand close enough together."""


@dataclass(frozen=True, slots=True)
class Mark:
    """A party member a save-based action could catch: who, how hurt, what holds them."""

    id: str
    hp: int
    conditions: frozenset[Condition] = frozenset()


@cache
def average(formula: str) -> float:
    """The average of a damage formula (``2d6+3``: 10.0)."""
    return formula_stats(formula).mean


def routine_average(block: Monster) -> float:
    """The average damage of a monster's usual attack — its Multiattack, or its first attack
    that deals damage — when every swing hits; 0 when it has no damaging attack."""
    attacks = {a.id: a for a in block.actions if a.is_attack and a.damage}
    ids = [i for i in block.multiattack if i in attacks] or list(attacks)[:1]
    total = 0.0
    for action_id in ids:
        act = attacks[action_id]
        total += average(act.damage or "0") + (average(act.extra_damage) if act.extra_damage else 0)
    return total


def save_action_choice(
    ready: Iterable[MonsterAction], marks: Sequence[Mark], routine: float
) -> tuple[MonsterAction, list[str]] | None:
    """The save-based action a monster uses this turn and whom it catches, or ``None`` to
    attack instead. ``ready`` are its actions not waiting on a recharge, ``marks`` the party
    members it could catch, ``routine`` its attack's average damage (:func:`routine_average`).

    Only actions that take the monster's action count (not its bonus actions or reactions).
    An action with an ``area`` catches up to :data:`AREA_MOST`, the most hurt first; one
    without catches one. An action that only imposes a condition looks for those not yet
    under it. The monster uses an action when it catches two or more, or when nothing better
    is on offer: it has no damaging attack, the action's average damage is at least its
    attack's, or it puts a condition on someone not yet under it. Of several, the one that
    catches the most, then deals the most, wins."""
    best: tuple[tuple[int, float], MonsterAction, list[str]] | None = None
    for action in ready:
        if action.kind != "save" or action.save_dc is None or action.cost != "action":
            continue
        damage = average(action.save_damage) if action.save_damage else 0.0
        held = action.condition
        pool = list(marks)
        if held is not None and not damage:  # only a condition: those it can still hold
            pool = [m for m in marks if held not in m.conditions] or (pool if not routine else [])
        pool.sort(key=lambda m: (m.hp, m.id))
        caught = pool[: AREA_MOST if action.area else 1]
        if not caught:
            continue
        fresh = held is not None and any(held not in m.conditions for m in caught)
        if len(caught) < 2 and routine and damage < routine and not fresh:
            continue  # its attack does more
        value = (len(caught), damage * len(caught))
        if best is None or value > best[0]:
            best = (value, action, [m.id for m in caught])
    return None if best is None else (best[1], best[2])


@dataclass(frozen=True)
class Move:
    """One tool call of a foe's turn: what the referee calls it, the tool, its arguments."""

    kind: str
    tool: str
    args: dict[str, Any] = field(default_factory=dict)


def _hurt(hp: int, max_hp: int) -> bool:
    return 0 < hp * 2 <= max_hp


def foe_moves(state: GameState, foe_id: str, targets: list[str]) -> list[Move]:
    """The calls of a monster's turn against ``targets``: the conscious party members and
    companions, for a foe; the foes still fighting, for a companion."""
    creature = state.creatures[foe_id]
    block = state.monster(creature.monster) if creature.monster else None
    target = weakest((c, _vitals(state, c).hp) for c in targets)
    attack = Move("attack", "attack", {"attacker_id": foe_id, "target_id": target})
    if block is None or target is None:
        return [attack]
    ready = [a for a in block.actions if not creature.resources.get(a.id)]
    routine = routine_average(block)
    marks = [Mark(c, _vitals(state, c).hp, _held(state, c)) for c in targets]
    chosen = save_action_choice(ready, marks, routine)
    if chosen is not None:
        action, caught = chosen
        args = {"creature_id": foe_id, "action": action.id, "target_ids": caught}
        return [Move("monster", "monster_action", args)]
    spell = _spell(state, foe_id, block, target)
    if spell is not None:
        return [spell]
    web = next((a for a in ready if a.is_attack and not a.damage and a.condition), None)
    if web is not None and web.condition is not None:
        free = [c for c in targets if not _has(state, c, web.condition)]
        if free:
            mark = weakest((c, _vitals(state, c).hp) for c in free)
            return [
                Move(
                    "monster",
                    "monster_action",
                    {"creature_id": foe_id, "action": web.id, "target_ids": [mark]},
                )
            ]
    if not routine:  # nothing to attack with: it keeps itself safe
        dodge = {"creature_id": foe_id, "action": "dodge"}
        return [Move("act", "take_action", dodge), Move("end_turn", "end_turn")]
    moves = [attack]
    traits = {t.id for t in block.traits}
    if "aggressive" in traits and state.encounter is not None and state.encounter.round == 1:
        rush = {"creature_id": foe_id, "action": "aggressive", "target_ids": [target]}
        moves.insert(0, Move("monster", "monster_action", rush))
    if "nimble_escape" in traits and _hurt(creature.vitals.hp, creature.vitals.max_hp):
        moves.append(
            Move("monster", "monster_action", {"creature_id": foe_id, "action": "nimble_hide"})
        )
    return moves


def _vitals(state: GameState, cid: str) -> Vitals:
    """A mark's vitals: a party member's or a creature's (a companion, a foe)."""
    return state.party[cid].vitals if cid in state.party else state.creatures[cid].vitals


def _conditions(state: GameState, cid: str) -> list[ActiveCondition]:
    return state.party[cid].conditions if cid in state.party else state.creatures[cid].conditions


def _held(state: GameState, cid: str) -> frozenset[Condition]:
    return frozenset(c.condition for c in _conditions(state, cid))


def _has(state: GameState, cid: str, condition: Condition) -> bool:
    return any(c.condition is condition for c in _conditions(state, cid))


def _spell(state: GameState, foe_id: str, block: Monster, target: str) -> Move | None:
    """A spellcaster heals the most hurt ally it can, or casts its damaging cantrip."""
    creature = state.creatures[foe_id]
    magic, slots = block.spellcasting, creature.spell_slots
    if magic is None or slots is None:
        return None
    spells = [srd().spells.get(s) for s in magic.spells]
    healing = next(
        (s for s in spells if s.heal and s.level > 0 and slots.remaining(s.level) > 0), None
    )
    if healing is not None:
        fighting = [c.id for c in state.encounter.order] if state.encounter else [foe_id]
        hurt = [
            c
            for c in (state.creatures[i] for i in fighting if i in state.creatures)
            if not c.left
            and c.side == creature.side  # its own side: a foe's friends, a companion's
            and (c.hostile or c.side == "party")
            and _hurt(c.vitals.hp, c.vitals.max_hp)
            and _heals(state, c.id)
        ]
        if hurt:
            ally = min(hurt, key=lambda c: (c.vitals.hp * 100 // c.vitals.max_hp, c.id))
            spell_id = next(k for k in magic.spells if srd().spells.get(k) is healing)
            return Move(
                "cast",
                "cast_spell",
                {"caster_id": foe_id, "spell": spell_id, "target_ids": [ally.id]},
            )
    cantrip = damaging_cantrip(magic.spells)
    if cantrip is not None:
        return Move(
            "cast", "cast_spell", {"caster_id": foe_id, "spell": cantrip, "target_ids": [target]}
        )
    return None


def damaging_cantrip(spells: Iterable[str], reach_ft: int = 0) -> str | None:
    """The first cantrip that does harm (and reaches ``reach_ft`` at least): what a foe or
    a companion casting spells looses at the enemy."""
    for spell_id in spells:
        spell = srd().spells.get(spell_id) if spell_id in srd().spells else None
        if spell is not None and spell.level == 0 and spell.damage and spell.range_ft >= reach_ft:
            return spell_id
    return None


def _heals(state: GameState, cid: str) -> bool:
    """Healing magic mends the living, not the undead or constructs."""
    creature = state.creatures[cid]
    kind = state.monster(creature.monster).type if creature.monster else "humanoid"
    return not kind.startswith(("undead", "construct"))

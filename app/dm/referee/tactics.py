"""How the offline referee fights. Focusing the weakest foe (:func:`weakest`) is shared
with the fast fight simulator behind ``dungeon balance``; the stat-block tactics below
(:func:`foe_moves`) play in games only — the simulator does not model them yet.

A foe's turn, in order of preference: a recharged breath weapon when it catches two or more
of the party; a healer mends a badly hurt ally; a web on a foe not yet held; a caster's
damaging cantrip; otherwise its attack on the weakest foe — with an orc's Aggressive rush
in the first round, and a hurt goblin's Nimble Escape into hiding after it strikes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from app.world.state import GameState
from rules.conditions import Condition
from rules.srd import Monster, srd

AREA_MOST = 3
"""Party members a cone or line catches at most: without a map, the referee assumes no
more than three stand close enough together."""


def weakest(candidates: Iterable[tuple[str, int]]) -> str | None:
    """The target with the fewest hit points left (ties: the first id in order), so a fight
    focuses fire and finishes foes instead of spreading damage."""
    best: tuple[int, str] | None = None
    for cid, hp in candidates:
        if hp > 0 and (best is None or (hp, cid) < best):
            best = (hp, cid)
    return best[1] if best else None


@dataclass(frozen=True)
class Move:
    """One tool call of a foe's turn: what the referee calls it, the tool, its arguments."""

    kind: str
    tool: str
    args: dict[str, Any] = field(default_factory=dict)


def _hurt(hp: int, max_hp: int) -> bool:
    return 0 < hp * 2 <= max_hp


def foe_moves(state: GameState, foe_id: str, targets: list[str]) -> list[Move]:
    """The calls of a monster's turn against the conscious party members ``targets``."""
    creature = state.creatures[foe_id]
    block = state.monster(creature.monster) if creature.monster else None
    target = weakest((c, state.party[c].vitals.hp) for c in targets)
    attack = Move("attack", "attack", {"attacker_id": foe_id, "target_id": target})
    if block is None or target is None:
        return [attack]
    ready = [a for a in block.actions if not creature.resources.get(a.id)]
    area = next((a for a in ready if a.kind == "save" and a.save_dc), None)
    if area is not None and len(targets) >= 2:
        caught = sorted(targets, key=lambda c: (state.party[c].vitals.hp, c))[:AREA_MOST]
        return [
            Move(
                "monster",
                "monster_action",
                {"creature_id": foe_id, "action": area.id, "target_ids": caught},
            )
        ]
    spell = _spell(state, foe_id, block, target)
    if spell is not None:
        return [spell]
    web = next((a for a in ready if a.recharge and a.is_attack and not a.damage), None)
    if web is not None and web.condition is not None:
        free = [c for c in targets if not _has(state, c, web.condition)]
        if free:
            mark = weakest((c, state.party[c].vitals.hp) for c in free)
            return [
                Move(
                    "monster",
                    "monster_action",
                    {"creature_id": foe_id, "action": web.id, "target_ids": [mark]},
                )
            ]
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


def _has(state: GameState, cid: str, condition: Condition) -> bool:
    return any(c.condition is condition for c in state.party[cid].conditions)


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
            and c.hostile
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
    cantrip = next(
        (k for k in magic.spells if (s := srd().spells.get(k)).level == 0 and s.damage), None
    )
    if cantrip is not None:
        return Move(
            "cast", "cast_spell", {"caster_id": foe_id, "spell": cantrip, "target_ids": [target]}
        )
    return None


def _heals(state: GameState, cid: str) -> bool:
    """Healing magic mends the living, not the undead or constructs."""
    creature = state.creatures[cid]
    kind = state.monster(creature.monster).type if creature.monster else "humanoid"
    return not kind.startswith(("undead", "construct"))

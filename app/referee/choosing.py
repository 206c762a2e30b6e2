"""The fighting brain: what a fighter does with its action, in order of what helps most.
The fast fight simulator behind ``dungeon balance`` (:mod:`app.referee.skirmish`) and
the playtest's ``fight until the combat ends`` (:mod:`app.session.runner`) both ask it, so
a balance run and a scripted fight make the same choices.

In order: mend a dying friend with a healing spell (a monster also mends a badly hurt
ally), else — a character — stabilise the dying friend; a monster's save-based action;
Magic Missile; the best damaging cantrip (an attack roll over a save, then the most
damage: Eldritch Blast over Chill Touch); a web; else the Attack action with the best
weapon (:func:`best_weapon`: a melee weapon while foes are close, a ranged one only when
there is nothing to swing — shooting while engaged is at disadvantage).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from app.referee.skirmish_kit import Fighter
from app.referee.tactics import Mark, average, save_action_choice
from app.understanding.targets import weakest
from rules.character import CharacterSheet
from rules.damage import LifeState
from rules.srd import MonsterAction, srd

Kind = Literal["heal", "stabilize", "special", "darts", "cantrip", "hold", "weapon", "dodge"]


@dataclass(frozen=True)
class Choice:
    """What a fighter does with its action: the kind, and on whom (fighter ids)."""

    kind: Kind
    targets: tuple[str, ...] = ()
    action: MonsterAction | None = None
    """The monster's save-based action or web, for ``special`` and ``hold``."""


def best_weapon(sheet: CharacterSheet) -> str | None:
    """The weapon a character fights with: the melee weapon with the most average damage
    (a fight is fought up close), else the best ranged one; ``None`` without a damaging
    weapon (an unarmed strike)."""
    ranked: list[tuple[bool, float, int, str]] = []
    for n, weapon in enumerate(sheet.weapons):
        attack = sheet.weapon_attack(weapon)
        if not attack.damage:
            continue
        melee = srd().weapons.get(weapon).kind == "melee"
        ranked.append((melee, average(attack.damage), -n, weapon))
    return max(ranked)[3] if ranked else None


def to_mend(me: Fighter, allies: list[Fighter]) -> Fighter | None:
    """Whom a healer's slot goes to: a dying friend; a monster also mends a badly hurt ally
    (itself too) that healing works on, as the referee's healers do."""
    fallen = dying(allies)
    if fallen is not None or not me.monster:
        return fallen
    hurt_ = [f for f in allies if f.up and f.heals and f.vitals.hp * 2 <= f.vitals.max_hp]
    return min(hurt_, key=lambda f: (f.vitals.hp * 100 // f.vitals.max_hp, f.id), default=None)


def dying(allies: Iterable[Fighter]) -> Fighter | None:
    """The first friend at 0 hit points still making death saves."""
    return next((f for f in allies if not f.up and f.vitals.state is LifeState.DYING), None)


def special(me: Fighter, standing: list[Fighter]) -> tuple[MonsterAction, list[Fighter]] | None:
    """The save-based action the monster uses now, and on whom (the referee's choice)."""
    kit = me.kit
    ready = [a for a in kit.specials if a.kind == "save" and a.id not in kit.spent]
    if not ready or not standing:
        return None
    marks = [Mark(e.id, e.vitals.hp, frozenset(c.condition for c in e.conditions))
             for e in standing]  # fmt: skip
    chosen = save_action_choice(ready, marks, kit.routine)
    if chosen is None:
        return None
    by_id = {e.id: e for e in standing}
    return chosen[0], [by_id[i] for i in chosen[1]]


def hold(me: Fighter, standing: list[Fighter]) -> tuple[MonsterAction, Fighter] | None:
    """A ready web at the weakest foe not yet held by it."""
    for action in me.kit.specials:
        if not action.is_attack or action.id in me.kit.spent:
            continue
        free = [e for e in standing if all(c.condition is not action.condition
                                           for c in e.conditions)]  # fmt: skip
        mark = weakest((e.id, e.vitals.hp) for e in free)
        if mark is not None:
            return action, next(e for e in free if e.id == mark)
    return None


def choose(me: Fighter, allies: list[Fighter], enemies: list[Fighter]) -> Choice:
    """The fighter's action this turn (its allies include itself)."""
    kit = me.kit
    standing = sorted((e for e in enemies if e.up), key=lambda e: (e.vitals.hp, e.id))
    mend = to_mend(me, allies) if kit.heal and kit.has_slot(1) else None
    if mend is not None:
        return Choice("heal", (mend.id,))
    fallen = None if me.monster else dying(a for a in allies if a is not me)
    if fallen is not None:
        return Choice("stabilize", (fallen.id,))
    if kit.specials and (chosen := special(me, standing)) is not None:
        return Choice("special", tuple(f.id for f in chosen[1]), chosen[0])
    if not standing:
        return Choice("dodge")
    if kit.darts is not None and kit.has_slot(1):
        return Choice("darts", tuple(e.id for e in standing))
    if kit.cantrip is not None:
        return Choice("cantrip", (standing[0].id,))
    if kit.specials and (held := hold(me, standing)) is not None:
        return Choice("hold", (held[1].id,), held[0])
    if me.swings:
        return Choice("weapon", (standing[0].id,))
    return Choice("dodge")

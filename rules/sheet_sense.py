"""What no rule ever leaves a creature or a character in, checked across a sheet's values
(each value alone is checked by its model): alive at 0 hit points, down with hit points
left, more hit points than the maximum, three failed death saves and still breathing, death
saves counted while awake, a sixth level of exhaustion and alive, concentration on what is
no spell, more slots or hit dice spent than there are.

A save, a character file and a campaign's pregenerated sheet are all held to these: a
sheet that breaks them plays on into a save no game can load again."""

from __future__ import annotations

from dataclasses import dataclass

from rules.character import CharacterSheet
from rules.damage import LifeState, Vitals
from rules.srd import srd

MOST_EXHAUSTION = 5
"""Exhaustion a living creature can have: the sixth level is death."""


@dataclass(frozen=True, slots=True)
class Nonsense:
    """One thing a sheet holds that no rule leaves it in: the key (within the sheet) and why."""

    key: str
    why: str


def vitals_nonsense(vitals: Vitals) -> list[Nonsense]:
    """Hit points, life state and death saves that disagree the way no rule leaves them."""
    found: list[Nonsense] = []
    state = vitals.state
    if vitals.hp > vitals.max_hp:
        found.append(Nonsense("vitals.hp", f"{vitals.hp} is above max_hp {vitals.max_hp}"))
    if state is LifeState.ALIVE and vitals.hp == 0:
        found.append(Nonsense("vitals.hp", "is 0 while its state is 'alive' (at 0 HP one is down)"))
    elif state is not LifeState.ALIVE and vitals.hp > 0:
        found.append(Nonsense("vitals.state", f"is {state.value!r} with {vitals.hp} HP left"))
    if vitals.death_failures == 3 and state is not LifeState.DEAD:
        found.append(Nonsense("vitals.death_failures", f"is 3 while {state.value} (3 is death)"))
    elif state is LifeState.ALIVE and (vitals.death_failures or vitals.death_successes):
        found.append(Nonsense("vitals", "counts death saves while alive and conscious"))
    return found


def sheet_nonsense(sheet: CharacterSheet) -> list[Nonsense]:
    """Everything :func:`vitals_nonsense` finds, and exhaustion, concentration, spent slots
    and hit dice beyond what the rules allow."""
    found = vitals_nonsense(sheet.vitals)
    if sheet.exhaustion > MOST_EXHAUSTION and sheet.vitals.state is not LifeState.DEAD:
        found.append(Nonsense("exhaustion", f"{sheet.exhaustion} while alive (6 is death)"))
    slots = sheet.spell_slots
    for level, used in slots.expended.items():
        if used > slots.maximum.get(level, 0) + slots.made(level):
            found.append(Nonsense(f"spell_slots.expended.{level}", "more than the maximum"))
    if sheet.hit_dice.remaining > sheet.hit_dice.total:
        found.append(Nonsense("hit_dice.remaining", "is above the total"))
    if sheet.concentration is not None and sheet.concentration not in srd().spells:
        found.append(Nonsense("concentration", f"{sheet.concentration!r} is not a spell"))
    return found

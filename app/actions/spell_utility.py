"""Spells that act on other spells, on death and on place: Dispel Magic ends the spells on
a creature, Revivify brings back one that died within the minute, Misty Step carries its
caster out of every foe's reach."""

from __future__ import annotations

from collections import defaultdict
from functools import cache
from typing import Any

from app.actions import beings as bg
from app.actions import rolling as rl
from app.actions.registry import ToolError
from app.actions.spell_effects import Casting
from app.world.state import GameState
from rules.checks import ability_check
from rules.damage import LifeState, Vitals
from rules.effects import Effect, followers
from rules.positions import leave
from rules.srd import srd

AUTOMATIC_LEVEL = 3
"""Dispel Magic ends spells of this level or lower without a check (or up to its slot)."""


@cache
def _spell_of_effect() -> dict[str, str]:
    """Which spell an effect id belongs to: its own id for a spell's marker, otherwise the
    spell whose data carries it."""
    found = {sid: sid for sid in srd().spells.entries}
    for sid, spell in srd().spells.entries.items():
        for effect in spell.effects:
            found[effect.id] = sid
    return found


def spells_on(state: GameState, target: str) -> dict[tuple[str, str | None], int]:
    """The spells on a creature, by (spell id, caster), with the level each was cast at."""
    found: dict[tuple[str, str | None], int] = {}
    for effect in bg.effects_of(state, target):
        sid = effect.spell or _spell_of_effect().get(effect.id)
        if sid is None:
            continue
        level = max(effect.level, srd().spells.get(sid).level)
        found[(sid, effect.source)] = max(found.get((sid, effect.source), 0), level)
    for condition in bg.conditions_of(state, target):  # conditions a spell imposed
        for sid, spell in srd().spells.entries.items():
            if condition.note == spell.name and (sid, condition.source) not in found:
                found[(sid, condition.source)] = spell.level
    return found


def _end_on(state: GameState, target: str, spell_id: str, source: str | None) -> None:
    """End one spell's effects and conditions on a creature; a concentration spell that
    holds nobody any more ends for its caster too."""
    spell = srd().spells.get(spell_id)
    effects = bg.effects_of(state, target)
    gone: list[Effect] = [
        e for e in effects
        if e.source == source and (e.spell or _spell_of_effect().get(e.id)) == spell_id
    ]  # fmt: skip
    effects[:] = [e for e in effects if e not in gone] + followers(gone)
    conditions = bg.conditions_of(state, target)
    conditions[:] = [c for c in conditions if not (c.source == source and c.note == spell.name)]
    sheet = state.party.get(source or "")
    if sheet is None or sheet.concentration != spell_id:
        return
    still = any(
        e.source == source and e.spell == spell_id
        for cid in state.known_ids()
        for e in bg.effects_of(state, cid)
    )
    if not still:
        sheet.concentration = None
        state.record("condition", f"{sheet.name}'s {spell.name} ends (dispelled)", who=source)


def dispel(c: Casting) -> None:
    """Dispel Magic: every spell on each target of the slot's level or lower (at least 3rd)
    ends; a higher one needs a check with the caster's spellcasting ability, DC 10 + its
    level."""
    state = c.state
    for target in c.targets:
        found = spells_on(state, target)
        result: dict[str, Any] = {"target": target, "ended": [], "resisted": []}
        by_level: dict[int, list[tuple[str, str | None]]] = defaultdict(list)
        for key, level in found.items():
            by_level[level].append(key)
        for level in sorted(by_level):
            for sid, source in by_level[level]:
                name = srd().spells.get(sid).name
                if level > max(AUTOMATIC_LEVEL, c.slot):
                    check = ability_check(
                        state.rng, c.caster.mod, 10 + level, ability=c.caster.ability,
                        reason=f"dispel {name}",
                    )  # fmt: skip
                    c.events.append(rl.roll_event(state, c.caster.id, check))
                    if not check.success:
                        result["resisted"].append(name)
                        continue
                _end_on(state, target, sid, source)
                result["ended"].append(name)
                c.say(target, f"{name} on {state.name_of(target)} is dispelled")
        if not found:
            result["note"] = "no spell is on it"
        c.results.append(result)


def check_revivable(state: GameState, target: str, within: int) -> str | None:
    """Why Revivify cannot bring ``target`` back, or ``None``: it must be dead, and dead no
    longer than ``within`` rounds (in a fight), or no longer than the turn before (out of
    one — a minute passes quickly once the fighting stops)."""
    name = state.name_of(target)
    if bg.vitals_of(state, target).state is not LifeState.DEAD:
        return f"{name} is not dead"
    mark = state.deaths.get(target)
    if mark is None:
        return f"{name} has been dead for longer than a minute"
    encounter = state.encounter
    if encounter is not None and mark.round is not None:
        if encounter.round - mark.round > within:
            return f"{name} died {encounter.round - mark.round} rounds ago, more than a minute"
        return None
    if state.turn - mark.turn > 1:
        return f"{name} has been dead for longer than a minute"
    return None


def material_held(c: Casting) -> str | None:
    """The inventory item that is the spell's costly material, if the caster carries it."""
    wanted = c.spell.consumes
    sheet = c.caster.sheet
    if wanted is None or sheet is None:
        return None
    return next((i for i in sheet.inventory if wanted.lower() in i.lower().split()), None)


def check_material(c: Casting) -> None:
    """Refuse a spell whose consumed material the caster does not carry (before anything
    is spent)."""
    if c.spell.consumes and c.caster.sheet is not None and material_held(c) is None:
        raise ToolError(
            f"{c.caster.name} has no {c.spell.consumes} for {c.spell.name} "
            f"(carries: {', '.join(c.caster.sheet.inventory) or 'nothing'})"
        )


def revive(c: Casting) -> None:
    """Revivify: each target returns to life with 1 hit point; the material is used up."""
    state = c.state
    held = material_held(c)
    if held is not None and c.caster.sheet is not None:
        c.caster.sheet.inventory.remove(held)
        c.say(c.caster.id, f"{c.caster.name}'s {held} crumbles to dust ({c.spell.name})", "item")
    for target in c.targets:
        before = bg.vitals_of(state, target)
        after = Vitals(hp=1, max_hp=before.max_hp)
        bg.set_vitals(state, target, after)
        text = f"{state.name_of(target)} returns to life with 1 HP ({c.spell.name})"
        c.events.append(bg.hp_change(state, target, before, after, text))
        c.results.append({"target": target, "revived": True, "hp": 1})


def teleport(c: Casting) -> None:
    """Misty Step: the caster reappears out of every foe's reach — its engagements end
    without an opportunity attack, as a teleport leaves no reach behind."""
    state, feet = c.state, c.spell.teleport_ft
    encounter = state.encounter
    if encounter is not None:
        leave(encounter.positions, c.caster.id)
    text = f"{c.caster.name} vanishes in silver mist and reappears up to {feet} ft away"
    if encounter is not None:
        text += ", out of every foe's reach"
    c.say(c.caster.id, text)
    c.results.append({"target": c.caster.id, "teleported_ft": feet, "out_of_reach": True})

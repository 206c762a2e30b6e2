"""Casting spells by the rules: the tool checks the caster, the spell, its targets and its
cost, spends the slot (cantrips are free) and the action, lets foes counter it, and hands
the casting to what the spell does (:mod:`app.dm.tools.spell_effects`,
:mod:`app.dm.tools.spell_rolls`, :mod:`app.dm.tools.spell_utility`)."""

from __future__ import annotations

from typing import Any

from app.dm.tools import args as a
from app.dm.tools import executors as x
from app.dm.tools import spell_effects as fx
from app.dm.tools.counterspell import counterspell
from app.dm.tools.registry import ToolError, ToolOutcome
from app.dm.tools.spell_caster import caster_profile, scaled, spell_id_of
from app.dm.tools.spell_rolls import several_rolls
from app.dm.tools.spell_utility import check_material, check_revivable, dispel, revive, teleport
from app.world.state import GameState
from rules.damage import LifeState
from rules.economy import ActionKind
from rules.outcomes import Impossible
from rules.srd import Spell, srd

__all__ = ["cast_spell_tool", "caster_profile", "most_targets", "scaled"]

_COSTS = {
    "action": ActionKind.ACTION,
    "bonus_action": ActionKind.BONUS_ACTION,
    "reaction": ActionKind.REACTION,
}


def most_targets(spell: Spell, slot: int, caster_level: int) -> int | None:
    """How many targets one casting may name (``None``: an area, any number). Attack
    spells name one per roll; some spells take one more per slot level above their own."""
    if spell.attack:
        return spell.roll_count(caster_level, slot)
    if not spell.targets:
        return None
    return spell.targets + (slot - spell.level if spell.more_targets and spell.level else 0)


def cast_spell_tool(args: a.CastSpellArgs, state: GameState) -> ToolOutcome:
    """cast_spell."""
    caster = x.resolve_target(state, args.caster_id)
    profile = caster_profile(state, caster)
    if profile is None:
        raise ToolError(f"{state.name_of(caster)} casts no spells")
    try:
        spell = srd().spells.get(args.spell)
    except KeyError as error:
        raise ToolError(str(error.args[0])) from None
    spell_id = spell_id_of(spell)
    if spell_id not in profile.spells:
        known = ", ".join(profile.spells)
        raise ToolError(f"{profile.name} does not know {spell.name}; known: {known}")
    if state.encounter is not None and state.encounter.current.id != caster:
        raise ToolError(f"it is {state.encounter.current.name}'s turn, not {profile.name}'s")
    if x.vitals_of(state, caster).hp == 0:
        raise ToolError(f"{profile.name} cannot cast while unconscious")
    targets = [x.resolve_target(state, t) for t in args.target_ids]
    slot = args.slot_level or spell.level
    if spell.level and slot < spell.level:
        raise ToolError(f"{spell.name} needs a slot of level {spell.level} or higher")
    casting = fx.Casting(state, profile, spell, spell_id, slot, targets)
    _refuse_targets(casting)
    check_material(casting)
    _spend(casting)
    countered_events, countered_by = counterspell(state, caster, spell.name, slot)
    if countered_by is not None:  # the slot and the action are spent; nothing else happens
        stopped: dict[str, Any] = {
            "spell": spell.name,
            "countered_by": countered_by,
            "results": [],
            "effect": f"countered by {state.name_of(countered_by)}",
        }
        return ToolOutcome(stopped, countered_events)
    casting.events += countered_events
    if spell.concentration and profile.sheet is not None:  # one at a time: the old one ends
        casting.events += x.end_concentration(state, caster, f"cast {spell.name}")
        profile.sheet.concentration = spell_id
    state.record(
        "roll",
        f"{profile.name} casts {spell.name}" + (f" (level {slot} slot)" if spell.level else ""),
    )
    _resolve(casting)
    if state.encounter is not None:
        casting.events.append(x.combat_update(state))
    summary: dict[str, Any] = {
        "spell": spell.name, "results": casting.results, "effect": spell.summary,
    }  # fmt: skip
    if spell.level:
        summary["slots_left"] = profile.slots.remaining(slot)
    return ToolOutcome(summary, list(casting.events))


def _refuse_targets(c: fx.Casting) -> None:
    """Refuse a casting whose targets do not fit the spell, before anything is spent."""
    state, spell, targets = c.state, c.spell, c.targets
    for t in targets:
        dead = x.vitals_of(state, t).state is LifeState.DEAD
        if spell.revive_within is not None:
            why = check_revivable(state, t, spell.revive_within)
            if why:
                raise ToolError(why)
        elif dead:
            raise ToolError(f"{state.name_of(t)} is already dead")
    needs_target = spell.harmful or spell.revive_within is not None or spell.dispels
    if needs_target and not targets:
        raise ToolError(f"{spell.name} needs target_ids")
    most = most_targets(spell, c.slot, c.caster.level)
    if most is not None and len(targets) > most:
        raise ToolError(f"{spell.name} takes at most {most} targets (one per ray or dart)")


def _spend(c: fx.Casting) -> None:
    """Spend the action (in a fight) and the slot, or refuse before spending anything."""
    state, spell, profile = c.state, c.spell, c.caster
    cost = _COSTS.get(spell.casting_time)
    if state.encounter is not None:
        economy = x.economy_of(state, profile.id)
        if cost is not None and not economy.available(cost):
            raise ToolError(f"{profile.name} has no {cost.value.replace('_', ' ')} left this turn")
    if spell.level and profile.slots.remaining(c.slot) <= 0:
        raise ToolError(f"no level-{c.slot} spell slot left")
    if state.encounter is not None and cost is not None:
        x.economy_of(state, profile.id).spend(cost)
    if spell.level:
        spent = profile.slots.spend(c.slot)
        if isinstance(spent, Impossible):
            raise ToolError(spent.reason)


def _resolve(c: fx.Casting) -> None:
    """What the spell does, chosen by its data."""
    spell = c.spell
    if spell.revive_within is not None:
        revive(c)
    elif spell.dispels:
        dispel(c)
    elif spell.teleport_ft:
        teleport(c)
    elif spell.heal:
        fx.heal_targets(c)
    elif spell.attack and spell.damage:
        several_rolls(c, spell.roll_count(c.caster.level, c.slot))
    elif spell.save:
        fx.save_targets(c)
    elif spell.damage:
        fx.darts(c)
    elif spell.hp_pool:
        if c.targets:
            fx.sleep_pool(c)
    elif spell.conditions or spell.effects:
        fx.simply_take_hold(c)

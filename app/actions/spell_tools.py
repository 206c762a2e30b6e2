"""Casting spells by the rules: the tool checks the caster, the spell, its targets and its
cost, spends the slot (cantrips are free) and the action, lets foes counter it, and hands
the casting to what the spell does (:mod:`app.actions.spell_effects`,
:mod:`app.actions.spell_rolls`, :mod:`app.actions.spell_utility`)."""

from __future__ import annotations

from typing import Any

from app.actions import args as a
from app.actions import beings as bg
from app.actions import casting_rules as turns
from app.actions import encounter_view as ev
from app.actions import harm as hm
from app.actions import metamagic as mm
from app.actions import spell_effects as fx
from app.actions.adjudication import reacting
from app.actions.care_tools import make_stable
from app.actions.casting_rules import casting_cost
from app.actions.condition_tools import creature_type
from app.actions.counterspell import counterspell
from app.actions.hooks import RULES, deed_done
from app.actions.lasting_weapons import keep_weapon, strike_again, strikes_again
from app.actions.moonbeam import call_down, refuse_beam
from app.actions.position_tools import spell_reach
from app.actions.reactions import shield_up
from app.actions.registry import ToolError, ToolOutcome
from app.actions.spell_caster import caster_profile, scaled, slot_to_spend, spell_id_of
from app.actions.spell_rolls import several_rolls
from app.actions.spell_utility import check_material, check_revivable, dispel, revive, teleport
from app.actions.striking import out_of_reach
from app.actions.volleys import beam_count, cast_volley
from app.world.state import GameState
from rules.damage import LifeState
from rules.economy import ActionKind
from rules.metamagic import Empowerment
from rules.outcomes import Impossible
from rules.spelldata import Spell
from rules.srd import srd

__all__ = ["cast_spell_tool", "caster_profile", "most_targets", "scaled"]


def most_targets(spell: Spell, slot: int, caster_level: int) -> int | None:
    """How many targets one casting may name (``None``: an area, any number). Attack
    spells name one per roll; some spells take one more per slot level above their own."""
    if spell.beams:
        return beam_count(spell, slot, caster_level)
    if spell.attack:
        return spell.roll_count(caster_level, slot)
    if not spell.targets:
        return None
    return spell.targets + (slot - spell.level if spell.more_targets and spell.level else 0)


def cast_spell_tool(args: a.CastSpellArgs, state: GameState) -> ToolOutcome:
    """cast_spell."""
    again = strikes_again(state, args.caster_id, args.spell)
    if again is not None:  # Spiritual Weapon's later strikes: no new casting
        return strike_again(args, state, again)
    caster = bg.resolve_here(state, args.caster_id)
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
    if reacting(state, caster) and spell.casting_time != "reaction":
        raise ToolError(f"a reaction casts only a spell of one reaction, not {spell.name}")
    if (
        state.encounter is not None
        and state.encounter.current.id != caster
        and not reacting(state, caster)
    ):
        raise ToolError(f"it is {state.encounter.current.name}'s turn, not {profile.name}'s")
    unable = bg.why_cannot_act(state, caster)
    if unable:
        raise ToolError(f"{unable} and cannot cast")
    targets = [bg.resolve_here(state, t) for t in args.target_ids]
    slot = slot_to_spend(profile, spell, args.slot_level)
    if spell.level and slot < spell.level:
        raise ToolError(f"{spell.name} needs a slot of level {spell.level} or higher")
    twist = mm.take(state, caster, spell, targets)
    casting = fx.Casting(state, profile, spell, spell_id, slot, targets, spared=twist.spared,
                         empower=Empowerment.of(twist.rerolls) if "empowered" in twist else None,
                         twinned="twinned" in twist, distant="distant" in twist)  # fmt: skip
    _refuse_targets(casting)
    check_material(casting)
    cost = None if reacting(state, caster) else casting_cost(spell, quickened="quickened" in twist)
    refused_now = turns.refusal(state, caster, spell_id, cost)
    if refused_now:
        raise ToolError(refused_now)
    for rule in RULES.taking("refuse_cast"):
        refused = rule.refuse_cast(state, caster, spell_id, slot)
        if refused:
            raise ToolError(refused)
    reach = mm.reach(spell_reach(spell), twist)
    for t in targets if reach is not None else []:
        refused = out_of_reach(state, caster, t, reach) if reach is not None else None
        if refused:
            raise ToolError(refused)
    _spend(casting, cost)
    mm.spend(state, caster, spell, twist, spell_id)
    countered_events, countered_by = (  # a Subtle spell is cast unseen: nobody counters it
        ([], None) if "subtle" in twist else counterspell(state, caster, spell.name, slot)
    )
    turns.count(state, caster, spell_id, cost)  # cast, countered or not
    for rule in RULES.taking("after_cast"):  # cast, countered or not: what casting sets off
        countered_events += rule.after_cast(state, caster, spell_id)
    if countered_by is not None:  # the slot and the action are spent; nothing else happens
        stopped: dict[str, Any] = {
            "spell": spell.name,
            "countered_by": countered_by,
            "results": [],
            "effect": f"countered by {state.name_of(countered_by)}",
        }
        return ToolOutcome(stopped, countered_events)
    casting.events += countered_events
    holder = profile.sheet or state.creatures.get(caster)  # a monster concentrates too
    if spell.concentration and holder is not None:  # one at a time: the old one ends
        casting.events += hm.end_concentration(state, caster, f"cast {spell.name}")
        holder.concentration = spell_id
    state.record(
        "roll",
        f"{profile.name} casts {spell.name}" + (f" (level {slot} slot)" if spell.level else ""),
    )
    resolve_cast(casting)
    keep_weapon(casting)  # (a weapon that stays: Spiritual Weapon)
    if "extended" in twist:
        mm.extend(state, caster, spell_id)
    if spell_id == "shield" and caster in state.party:  # declared as a reaction in words
        shield_up(state, caster)
    if state.encounter is not None:
        casting.events += deed_done(state, caster, "cast")  # once the spell is done
        casting.events.append(ev.combat_update(state))
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
        dead = bg.vitals_of(state, t).state is LifeState.DEAD
        if spell.revive_within is not None:
            why = check_revivable(state, t, spell.revive_within)
            if why:
                raise ToolError(why)
        elif dead:
            raise ToolError(f"{state.name_of(t)} is already dead")
        kind = creature_type(state, t)
        if spell.creature_types and kind not in spell.creature_types:
            only = " or ".join(f"{k}s" for k in spell.creature_types)
            article = "an" if kind[:1] in "aeiou" else "a"
            raise ToolError(
                f"{spell.name} affects only {only}; {state.name_of(t)} is {article} {kind}"
            )
    needs_target = (
        spell.harmful or spell.revive_within is not None or spell.dispels or spell.stabilizes
    )
    if needs_target and not targets:
        raise ToolError(f"{spell.name} needs target_ids")
    if spell.beam:
        apart = refuse_beam(state, c.caster.id, targets)
        if apart:
            raise ToolError(apart)
    most = most_targets(spell, c.slot, c.caster.level)
    if most is not None and c.twinned:
        most += 1  # Twinned Spell: a second creature
    if most is not None and len(targets) > most:
        raise ToolError(f"{spell.name} takes at most {most} targets (one per ray or dart)")


def _stabilize(c: fx.Casting) -> None:
    """Spare the Dying: a dying creature touched becomes stable."""
    for target in c.targets:
        if bg.vitals_of(c.state, target).state is LifeState.DYING:
            c.events += make_stable(c.state, target, c.spell.name)
            c.results.append({"target": target, "stabilized": True})
        else:
            c.results.append({"target": target, "stabilized": False,
                              "why": f"{c.state.name_of(target)} is not dying"})  # fmt: skip


def _volley(c: fx.Casting) -> None:
    """Darts, beams, rays that each find their own target (Magic Missile's darts)."""
    more, volley = cast_volley(
        c.state, c.caster.id, c.spell_id, c.spell, c.targets,
        beam_count(c.spell, c.slot, c.caster.level), c.damage_formula(),
        attack_bonus=c.caster.bonus, empower=c.empower,
    )  # fmt: skip
    c.events += more
    c.results += volley


def _spend(c: fx.Casting, cost: ActionKind | None) -> None:
    """Spend what the casting costs (in a fight; a Quickened spell's bonus action) and the
    slot, or refuse before spending anything."""
    state, spell, profile = c.state, c.spell, c.caster
    if state.encounter is not None:
        economy = bg.economy_of(state, profile.id)
        if cost is not None and not economy.available(cost):
            raise ToolError(f"{profile.name} has no {cost.value.replace('_', ' ')} left this turn")
    if spell.level and profile.slots.remaining(c.slot) <= 0:
        raise ToolError(f"no level-{c.slot} spell slot left")
    if state.encounter is not None and cost is not None:
        bg.economy_of(state, profile.id).spend(cost)
    if spell.level:
        spent = profile.slots.spend(c.slot)
        if isinstance(spent, Impossible):
            raise ToolError(spent.reason)


def resolve_cast(c: fx.Casting) -> None:
    """What the spell does, chosen by its data."""
    spell = c.spell
    if spell.beam:
        call_down(c)
    elif spell.stabilizes:
        _stabilize(c)
    elif spell.revive_within is not None:
        revive(c)
    elif spell.dispels:
        dispel(c)
    elif spell.teleport_ft:
        teleport(c)
    elif spell.heal:
        fx.heal_targets(c)
    elif spell.damage and spell.beams:
        _volley(c)
    elif spell.attack and spell.damage:
        several_rolls(c, spell.roll_count(c.caster.level, c.slot) + c.twinned)
    elif spell.save:
        fx.save_targets(c)
    elif spell.damage:
        fx.darts(c)
    elif spell.hp_pool:
        if c.targets:
            fx.sleep_pool(c)
    elif spell.conditions or spell.effects:
        fx.simply_take_hold(c)

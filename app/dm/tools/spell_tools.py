"""Casting spells by the rules: the slot is spent (cantrips are free), attack-roll spells
roll against armour class, saving-throw spells let each target save against the caster's
DC (half damage or none on a success), darts always hit, healing adds the caster's
modifier, and damage dice grow with the caster's level (cantrips) or the slot (upcasting).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from app.dm.tools import args as a
from app.dm.tools import executors as x
from app.dm.tools.care_tools import make_stable
from app.dm.tools.condition_tools import afflict, creature_type, immunity
from app.dm.tools.hooks import RULES, ExtraDamage
from app.dm.tools.position_tools import spell_reach
from app.dm.tools.reactions import has_reaction, open_window
from app.dm.tools.registry import ToolError, ToolOutcome
from app.dm.tools.striking import out_of_reach, setup_attack, strike
from app.dm.tools.volleys import beam_count, cast_volley
from app.session.events import DiceRoll, ReactionOffer, SessionEvent, StateChange
from app.world.state import GameState
from rules.abilities import Ability
from rules.character import CharacterSheet
from rules.checks import CheckResult, ability_check
from rules.conditions import ActiveCondition
from rules.damage import LifeState
from rules.dice import Advantage, RollResult, roll
from rules.economy import ActionKind
from rules.outcomes import Impossible
from rules.spellcasting import SpellSlots, cantrip_dice_multiplier
from rules.srd import Spell, srd

_DICE = re.compile(r"^(\d*)d(\d+)(.*)$")


def scaled(formula: str, times: int, extra: str | None = None, levels: int = 0) -> str:
    """``1d10`` x2 -> ``2d10``; plus ``levels`` copies of ``extra`` (upcast dice)."""
    match = _DICE.match(formula.replace(" ", ""))
    out = formula
    if match and times > 1:
        count = int(match.group(1) or 1) * times
        out = f"{count}d{match.group(2)}{match.group(3)}"
    if extra and levels > 0:
        extra_match = _DICE.match(extra.replace(" ", ""))
        if extra_match and not extra_match.group(3):
            out += f"+{int(extra_match.group(1) or 1) * levels}d{extra_match.group(2)}"
        else:
            out += "".join(f"+({extra})" for _ in range(levels))
    return out


def _damage_event(rolled: RollResult, spell: str, what: str, caster: str, name: str) -> DiceRoll:
    """The dice-log entry of a spell's damage roll."""
    return DiceRoll.from_roll(
        rolled, check_type="damage", reason=f"{spell} {what}", character_id=caster,
        character_name=name,
    )  # fmt: skip


def _hurt(
    state: GameState, target: str, amount: int, spell: Spell, critical: bool = False
) -> tuple[list[SessionEvent], dict[str, Any]]:
    assert spell.damage_type is not None
    events, outcome = x.deal_damage(state, target, amount, spell.damage_type, critical=critical)
    return events, {
        "target": target,
        "damage": outcome.damage.amount,
        "hp": outcome.vitals.hp,
        "state": outcome.vitals.state.value,
    }


@dataclass
class _Caster:
    """What casting needs to know about a caster, character or monster alike."""

    id: str
    name: str
    spells: list[str]
    slots: SpellSlots
    mod: int
    dc: int
    bonus: int
    level: int
    conditions: list[ActiveCondition]
    sheet: CharacterSheet | None
    ability: Ability = Ability.INT


def caster_profile(state: GameState, cid: str) -> _Caster | None:
    """The caster behind an id, or ``None`` if it casts no spells."""
    if cid in state.party:
        sheet = state.party[cid]
        if sheet.spellcasting_ability is None:
            return None
        return _Caster(
            cid,
            sheet.name,
            list(sheet.spells),
            sheet.spell_slots,
            sheet.modifier(sheet.spellcasting_ability),
            sheet.spell_save_dc or 10,
            sheet.spell_attack_bonus or 0,
            sheet.level,
            sheet.conditions,
            sheet,
            sheet.spellcasting_ability,
        )
    creature = state.creatures[cid]
    block = state.monster(creature.monster) if creature.monster else None
    if block is None or block.spellcasting is None or creature.spell_slots is None:
        return None
    magic = block.spellcasting
    return _Caster(
        cid,
        creature.name,
        list(magic.spells),
        creature.spell_slots,
        block.abilities.modifier(magic.ability),
        magic.dc,
        magic.attack_bonus,
        magic.level,
        creature.conditions,
        None,
        magic.ability,
    )


def _counterspell(
    state: GameState, caster: str, spell_name: str, level: int, depth: int = 0
) -> tuple[list[SessionEvent], str | None]:
    """The reaction window of a spell being cast: foes who know Counterspell may stop it —
    and their Counterspell, being a spell, may itself be countered (depth-bounded).
    Returns the events and who countered the spell, if anyone did."""
    encounter = state.encounter
    if encounter is None or depth >= 4:
        return [], None
    name = state.name_of(caster)
    offers = []
    for c in encounter.order:
        if (c.id in state.party) == (caster in state.party) or not has_reaction(state, c.id):
            continue
        profile = caster_profile(state, c.id)
        if profile is None or "counterspell" not in profile.spells:
            continue
        if not any(profile.slots.remaining(lv) for lv in range(3, 10)):
            continue
        prompt = f"{c.name}, {name} is casting {spell_name}. Counterspell?"
        offers.append(
            (
                ReactionOffer(
                    reactor_id=c.id, reactor_name=c.name, kind="counterspell", prompt=prompt
                ),
                True,
            )
        )
    if not offers:
        return [], None
    window, accepted = open_window(state, f"{name} casts {spell_name}", offers)
    events: list[SessionEvent] = [window]
    for offer in accepted:
        profile = caster_profile(state, offer.reactor_id)
        assert profile is not None
        slot = next(lv for lv in range(3, 10) if profile.slots.remaining(lv))
        profile.slots.spend(slot)
        state.record("roll", f"{profile.name} casts Counterspell at {name}'s {spell_name}")
        more, blocked_by = _counterspell(state, offer.reactor_id, "Counterspell", slot, depth + 1)
        events += more
        if blocked_by is not None:
            continue  # this Counterspell was itself countered
        if level > slot:  # a higher spell needs an ability check against DC 10 + its level
            check = ability_check(
                state.rng,
                profile.mod,
                10 + level,
                ability=profile.ability,
                reason=f"counter {spell_name}",
            )
            events.append(x.roll_event(state, offer.reactor_id, check))
            if not check.success:
                continue
        text = f"{profile.name}'s Counterspell stops {name}'s {spell_name}"
        state.record("condition", text)
        events.append(StateChange(kind="condition", target_id=caster, description=text))
        return events, offer.reactor_id
    return events, None


def cast_spell_tool(args: a.CastSpellArgs, state: GameState) -> ToolOutcome:
    """cast_spell."""
    caster = x.resolve_target(state, args.caster_id)
    profile = caster_profile(state, caster)
    if profile is None:
        raise ToolError(f"{state.name_of(caster)} casts no spells")
    sheet = profile.sheet
    try:
        spell = srd().spells.get(args.spell)
    except KeyError as error:
        raise ToolError(str(error.args[0])) from None
    spell_id = next(k for k, v in srd().spells.entries.items() if v is spell)
    if spell_id not in profile.spells:
        known = ", ".join(profile.spells)
        raise ToolError(f"{profile.name} does not know {spell.name}; known: {known}")
    if state.encounter is not None and state.encounter.current.id != caster:
        raise ToolError(f"it is {state.encounter.current.name}'s turn, not {profile.name}'s")
    unable = x.why_cannot_act(state, caster)
    if unable:
        raise ToolError(f"{unable} and cannot cast")
    targets = [x.resolve_target(state, t) for t in args.target_ids]
    for t in targets:
        if x.vitals_of(state, t).state is LifeState.DEAD:
            raise ToolError(f"{state.name_of(t)} is already dead")
        kind = creature_type(state, t)
        if spell.creature_types and kind not in spell.creature_types:
            only = " or ".join(f"{k}s" for k in spell.creature_types)
            raise ToolError(f"{spell.name} affects only {only}; {state.name_of(t)} is a {kind}")
    slot = args.slot_level or spell.level
    if spell.level and slot < spell.level:
        raise ToolError(f"{spell.name} needs a slot of level {spell.level} or higher")
    harmful = spell.attack or spell.save or spell.damage or spell.conditions
    if (harmful or spell.stabilizes) and not targets:
        raise ToolError(f"{spell.name} needs target_ids")
    beams = beam_count(spell, slot, profile.level) if spell.beams else 0
    if beams and len(targets) > beams:
        raise ToolError(f"{spell.name} makes {beams} darts or beams: name at most {beams} targets")
    if not beams and spell.targets and len(targets) > max(spell.targets, 1):
        raise ToolError(f"{spell.name} takes at most {spell.targets} targets")
    for rule in RULES:
        refused = rule.refuse_cast(state, caster, spell_id, slot)
        if refused:
            raise ToolError(refused)
    reach = spell_reach(spell)
    for t in targets:
        refused = out_of_reach(state, caster, t, reach) if reach is not None else None
        if refused:
            raise ToolError(refused)
    if state.encounter is not None:
        cost = {
            "action": ActionKind.ACTION,
            "bonus_action": ActionKind.BONUS_ACTION,
            "reaction": ActionKind.REACTION,
        }.get(spell.casting_time)
        economy = x.economy_of(state, caster)
        if cost is not None and not economy.available(cost):
            raise ToolError(f"{profile.name} has no {cost.value.replace('_', ' ')} left this turn")
        if spell.level and profile.slots.remaining(slot) <= 0:
            raise ToolError(f"no level-{slot} spell slot left")
        if cost is not None:
            economy.spend(cost)
    if spell.level:
        spent = profile.slots.spend(slot)
        if isinstance(spent, Impossible):
            raise ToolError(spent.reason)
    countered_events, countered_by = _counterspell(state, caster, spell.name, slot)
    for rule in RULES:  # cast, countered or not: what the casting itself sets off
        countered_events += rule.after_cast(state, caster, spell_id)
    if countered_by is not None:  # the slot and the action are spent; nothing else happens
        stopped: dict[str, Any] = {
            "spell": spell.name,
            "countered_by": countered_by,
            "results": [],
            "effect": f"countered by {state.name_of(countered_by)}",
        }
        return ToolOutcome(stopped, countered_events)
    concentration_events: list[SessionEvent] = list(countered_events)
    if spell.concentration and sheet is not None:  # one at a time: the old one ends
        concentration_events += x.end_concentration(state, caster, f"cast {spell.name}")
        sheet.concentration = spell_id
    mod, dc, bonus = profile.mod, profile.dc, profile.bonus
    times = cantrip_dice_multiplier(profile.level) if spell.cantrip_scaling else 1
    levels = (slot - spell.level if spell.level else 0) // spell.upcast_every
    events: list[SessionEvent] = list(concentration_events)
    results: list[dict[str, Any]] = []
    state.record(
        "roll",
        f"{profile.name} casts {spell.name}" + (f" (level {slot} slot)" if spell.level else ""),
    )
    if spell.stabilizes:
        for target in targets:
            if x.vitals_of(state, target).state is LifeState.DYING:
                events += make_stable(state, target, spell.name)
                results.append({"target": target, "stabilized": True})
            else:
                results.append({"target": target, "stabilized": False,
                                "why": f"{state.name_of(target)} is not dying"})  # fmt: skip
    elif spell.heal:
        formula = scaled(spell.heal, 1, spell.upcast, levels) + (
            f"{mod:+d}" if spell.add_modifier and mod else ""
        )
        blessed = sum(
            r.healing_bonus(state, caster, spell_id, slot if spell.level else 0) for r in RULES
        )
        formula += f"+{blessed}" if blessed > 0 else ""
        for target in targets or [caster]:
            outcome = x.heal_tool(
                a.HealArgs(target_id=target, amount=formula, reason=spell.name), state
            )
            events += outcome.events
            results.append(outcome.result)
    elif spell.damage and spell.beams:  # darts, beams, rays: each at its own target
        formula = scaled(spell.damage, 1, spell.upcast, levels)
        if spell.add_modifier and mod:
            formula += f"{mod:+d}"
        more, volley = cast_volley(
            state, caster, spell_id, spell, targets, beams, formula, attack_bonus=bonus
        )
        events += more
        results += volley
    elif spell.damage and spell.attack:
        formula = scaled(spell.damage, times, spell.upcast, levels)
        if spell.add_modifier and mod:
            formula += f"{mod:+d}"
        for target in targets:
            if x.vitals_of(state, target).state is LifeState.DEAD:
                results.append({"target": target, "outcome": "already dead"})
                continue
            setup = setup_attack(
                state, caster, target, name=spell.name, kind="spell",
                ranged=spell.attack == "ranged", bonus=bonus, spell=spell_id,
            )  # fmt: skip
            assert spell.damage_type is not None
            more, result, _hit = strike(
                setup, [ExtraDamage(formula, spell.damage_type, f"{spell.name} damage")]
            )
            events += more
            result["target"] = target
            results.append(result)
    elif spell.damage and spell.save:
        formula = scaled(spell.damage, times, spell.upcast, levels)
        rolled = roll(formula, state.rng)
        events.append(_damage_event(rolled, spell.name, "damage", caster, profile.name))
        for target in targets:
            saved = _save(state, target, spell, dc, caster)
            events.append(x.roll_event(state, target, saved))
            amount = (
                rolled.total
                if not saved.success
                else (rolled.total // 2 if spell.save_success == "half" else 0)
            )
            result = {"target": target, "saved": saved.success}
            if amount > 0:
                more, hurt = _hurt(state, target, amount, spell)
                events += more
                result.update(hurt)
            results.append(result)
    elif spell.save and spell.conditions:
        for target in targets:
            saved = _save(state, target, spell, dc, caster)
            events.append(x.roll_event(state, target, saved))
            result = {"target": target, "saved": saved.success}
            if not saved.success:
                more, held = _afflict_all(
                    state, target, spell, caster,
                    save_ability=spell.save, save_dc=dc,
                )  # fmt: skip
                events += more
                result.update(held)
            results.append(result)
    elif spell.hp_pool and targets:  # sleep: a pool of hit points, weakest first
        pool = roll(scaled(spell.hp_pool, 1, spell.upcast, levels), state.rng)
        events.append(
            DiceRoll.from_roll(
                pool,
                check_type="roll",
                reason=f"{spell.name} pool",
                character_id=caster,
                character_name=profile.name,
            )
        )
        left = pool.total
        for target in sorted(targets, key=lambda t: (x.vitals_of(state, t).hp, t)):
            hp = x.vitals_of(state, target).hp
            why = next(
                (w for c in spell.conditions if (w := immunity(state, target, c, spell))), None
            )
            if why is not None or hp == 0:  # unaffected, and the pool is not spent on them
                results.append({"target": target, "asleep": False,
                                "why": why or "already unconscious"})  # fmt: skip
                continue
            if hp > left:
                break
            left -= hp
            more, held = _afflict_all(state, target, spell, caster, verb="falls asleep")
            events += more
            results.append({"target": target, "asleep": not held.get("immune"), **held})
    elif spell.conditions and targets:  # no save: the spell simply takes hold (invisibility)
        for target in targets:
            more, held = _afflict_all(state, target, spell, caster)
            events += more
            results.append({"target": target, **held})
    if state.encounter is not None:
        events.append(x.combat_update(state))
    summary: dict[str, Any] = {"spell": spell.name, "results": results, "effect": spell.summary}
    if spell.level:
        summary["slots_left"] = profile.slots.remaining(slot)
    return ToolOutcome(summary, events)


def duration_rounds(duration: str) -> int | None:
    """A spell's duration in rounds of six seconds ("1 hour" -> 600), ``None`` when it has
    no set end ("instantaneous", "until dispelled")."""
    match = _DURATION.search(duration.lower())
    if match is None:
        return None
    count = int(match.group(1))
    return count * _ROUNDS_PER[match.group(2)]


_DURATION = re.compile(r"(\d+)\s*(round|minute|hour|day)")
_ROUNDS_PER = {"round": 1, "minute": 10, "hour": 600, "day": 14_400}


def _afflict_all(
    state: GameState,
    target: str,
    spell: Spell,
    caster: str,
    *,
    verb: str = "",
    save_ability: Ability | None = None,
    save_dc: int | None = None,
) -> tuple[list[SessionEvent], dict[str, Any]]:
    """Put a spell's conditions on a target that failed its save (or had none), for the
    spell's duration, unless it is immune; the events and what to report."""
    events: list[SessionEvent] = []
    held: list[str] = []
    for condition in spell.conditions:
        active = ActiveCondition(
            condition=condition, source=caster, rounds=duration_rounds(spell.duration),
            save_ability=save_ability, save_dc=save_dc,
            note=spell.name,
        )  # fmt: skip
        more, why = afflict(state, target, active, spell)
        if why is not None:
            text = f"{spell.name} has no hold on {state.name_of(target)}: {why}"
            events.append(StateChange(kind="condition", target_id=target, description=text))
            return events, {"immune": why}
        held.append(condition.value)
        events += more
    text = f"{state.name_of(target)} " + (verb or f"is {', '.join(held)}") + f" ({spell.name})"
    state.record("condition", text)
    events.insert(0, StateChange(kind="condition", target_id=target, description=text))
    return events, {"conditions": held}


def _save(state: GameState, target: str, spell: Spell, dc: int, caster: str) -> CheckResult:
    assert spell.save is not None
    spell_id = next(k for k, v in srd().spells.entries.items() if v is spell)
    return x.check_for(
        state, target, dc, spell.name, Advantage.NORMAL, ability=spell.save, save=True,
        source=caster, spell=spell_id,
    )  # fmt: skip

"""One attack roll, weapon or spell, from setup to damage: the rules of play shape it
(:mod:`app.actions.hooks`), an ally may impose disadvantage before the roll (Protection),
the target may react to a hit (Shield, Uncanny Dodge, Deflect Missiles, Absorb Elements,
Hellish Rebuke after the damage), a hit deals its damage and whatever the rules add, and
the rules have their say on what follows."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Literal

from app.actions import beings as bg
from app.actions import harm as hm
from app.actions import position_tools as pt
from app.actions.beast_form import beast_armor_class
from app.actions.class_rules import turn_number
from app.actions.deflect import FEATURE, deflect_offer, deflection, reduced
from app.actions.events import DiceRoll, ReactionOffer, ReactionWindow, SessionEvent
from app.actions.hooks import RULES, AttackSetup, ExtraDamage, Reach, deed_done
from app.actions.protection import protection_window
from app.actions.reactions import (
    SHIELD_AC,
    has_reaction,
    open_window,
    raise_shield,
    resolving,
    shield_slot,
)
from app.actions.rebuke import absorb, absorb_offer, rebuke_after, rebuke_offer, rebuke_told
from app.world.state import GameState
from rules import positions as p
from rules.attacks import AttackResult, attack_roll, bounded_ac, damage_roll
from rules.conditions import attack_context
from rules.damage import DamageType, LifeState


def refusal(state: GameState, attacker: str, target: str) -> str | None:
    """Why the rules forbid this attack outright, asked before anything is spent."""
    for rule in RULES.taking("refuse_attack"):
        why = rule.refuse_attack(state, attacker, target)
        if why:
            return why
    return None


def out_of_reach(state: GameState, actor: str, target: str, reach: Reach) -> str | None:
    """Why this attack or spell cannot reach its target (range, cover), asked before
    anything is spent."""
    for rule in RULES.taking("refuse_target"):
        why = rule.refuse_target(state, actor, target, reach)
        if why:
            return why
    return None


def armor_class(state: GameState, target: str) -> int:
    """The target's own armour class, before anything the rules of play add."""
    if target in state.party:
        beast = beast_armor_class(state, target)
        return beast if beast is not None else state.party[target].armor_class
    return state.creatures[target].ac


def within_5ft(state: GameState, attacker: str, target: str, *, ranged: bool) -> bool:
    """Whether the attacker stands within 5 feet of its target, from where the fight puts
    them: what prone (advantage near, disadvantage beyond) and a paralysed or unconscious
    target's automatic critical ask. A reach weapon's blow from 10 feet is not within 5
    feet; an arrow loosed at arm's length is. Outside a fight, a melee attack is close."""
    if state.encounter is None:
        return not ranged
    return p.distance(pt.spots(state), attacker, target) <= p.MELEE_FT


def setup_attack(
    state: GameState,
    attacker: str,
    target: str,
    *,
    name: str,
    kind: Literal["weapon", "spell", "monster"],
    ranged: bool,
    bonus: int,
    weapon: str | None = None,
    spell: str | None = None,
    stays: bool = False,
) -> AttackSetup:
    """An attack roll about to be made, shaped by every rule of play."""
    ac = armor_class(state, target)
    setup = AttackSetup(
        state,
        attacker,
        target,
        name,
        kind,
        ranged,
        bonus,
        ac,
        weapon=weapon,
        spell=spell,
        stays=stays,
    )
    for rule in RULES.taking("before_attack"):
        rule.before_attack(setup)
    return setup


def _react_to_hit(
    state: GameState,
    attacker: str,
    target: str,
    total: int,
    natural: int,
    ac: int,
    types: set[DamageType],
    ranged_weapon: bool = False,
) -> tuple[ReactionWindow | None, bool, bool, ReactionOffer | None, bool]:
    """The reaction window of a hit: Shield (+5 AC, maybe a miss), Uncanny Dodge (half
    damage), Absorb Elements (resist an elemental blow) and Hellish Rebuke (after the
    damage). Shield is offered only when it would turn this hit into a miss (never against
    a critical hit, nor a total of AC + 5 or more): nobody is asked to spend a slot for
    nothing. A monk hit by a ranged weapon attack may Deflect Missiles. Returns the window
    (if anyone could react), whether damage is halved, whether Shield went up against this
    very attack, a Hellish Rebuke to resolve after the damage, and whether the missile is
    deflected."""  # fmt: skip
    name, foe = state.name_of(target), state.name_of(attacker)
    offers: list[tuple[ReactionOffer, bool]] = []
    turns_it = natural != 20 and total < ac + SHIELD_AC
    if turns_it and has_reaction(state, target) and shield_slot(state, target):
        prompt = f"{name}, {foe} hits you — {total} against AC {ac}. Cast Shield?"
        offers.append(
            (
                ReactionOffer(reactor_id=target, reactor_name=name, kind="shield", prompt=prompt),
                True,
            )
        )
    sheet = state.party.get(target)
    if sheet is not None and sheet.has("uncanny_dodge") and has_reaction(state, target):
        prompt = f"{name}, {foe} hits you. Use Uncanny Dodge to halve the damage?"
        offers.append(
            (
                ReactionOffer(
                    reactor_id=target, reactor_name=name, kind="uncanny_dodge", prompt=prompt
                ),
                True,
            )
        )
    offers += [o for o in (deflect_offer(state, target, attacker, ranged_weapon),
                           absorb_offer(state, target, types, attacker),
                           rebuke_offer(state, target, attacker)) if o]  # fmt: skip
    if not offers:
        return None, False, False, None, False
    window, accepted = open_window(state, f"{foe} hits {name}", offers)
    halve = shield = deflected = False
    later = None
    for offer in accepted:  # a reaction in the player's own words waits for the DM
        if offer.kind == "shield":
            with resolving(state, offer.subturn):
                raise_shield(state, target)
            shield = True
        elif offer.kind == "uncanny_dodge":
            with resolving(state, offer.subturn):
                halve = True
        elif offer.kind == "absorb_elements":
            with resolving(state, offer.subturn):
                absorb(state, target, types)
        elif offer.kind == "hellish_rebuke":
            later = offer
        elif offer.kind == FEATURE:
            deflected = True  # the reduction is rolled as the damage lands
    return window, halve, shield, later, deflected


def strike(
    setup: AttackSetup, damage: Sequence[ExtraDamage]
) -> tuple[list[SessionEvent], dict[str, Any], AttackResult]:
    """Roll the attack; on a hit (that no reaction turns aside) deal ``damage`` and what the
    rules add; then let the rules follow up. Returns the events, the result for the DM and
    the roll."""
    state, attacker, target = setup.state, setup.attacker, setup.target
    sheet = state.party.get(attacker)
    context = attack_context(
        bg.conditions_of(state, attacker),
        bg.conditions_of(state, target),
        attacker_exhaustion=sheet.exhaustion if sheet is not None else 0,
        within_5ft=within_5ft(state, attacker, target, ranged=setup.ranged),
        ranged=setup.ranged,
        advantage_from=setup.advantage,
        disadvantage_from=setup.disadvantage,
    )
    events: list[SessionEvent] = [*setup.events]
    if not context.disadvantage_from and state.encounter is not None:
        window = protection_window(setup)
        if window is not None:
            events.append(window)
            context = replace(context, disadvantage_from=tuple(setup.disadvantage))
    if setup.reroll_ones:
        context = replace(context, reroll_ones=True)
    setup.ac = bounded_ac(setup.ac)  # (effects and cover, added up past what a roll takes)
    hit = attack_roll(
        state.rng, setup.bonus, setup.ac, context=context, crit_range=setup.crit_range,
        bonus=setup.dice,
    )  # fmt: skip
    who = state.name_of(attacker)
    events += [
        DiceRoll.from_roll(
            hit.roll, check_type="attack_roll", reason=f"{setup.name} vs {state.name_of(target)}",
            character_id=attacker, character_name=who, dc=setup.ac, success=hit.hit,
        ).model_copy(update={"crit": hit.critical})  # (a 19 that crits, a sleeper struck)
    ]  # fmt: skip
    result: dict[str, Any] = {
        "attack": setup.name, "total": hit.total, "ac": setup.ac, "outcome": hit.outcome.value,
    }  # fmt: skip
    if setup.notes:
        result["notes"] = list(setup.notes)
    halve, rebuking, deflected = False, None, False
    if hit.hit and state.encounter is not None:
        window, halve, shield, rebuking, deflected = _react_to_hit(
            state, attacker, target, hit.total, hit.natural, setup.ac,
            {part.damage_type for part in damage}, setup.ranged and setup.kind != "spell",
        )  # fmt: skip
        if window is not None:
            events.append(window)
            if shield and not hit.critical and hit.total < setup.ac + SHIELD_AC:
                result.update(outcome="miss", note="Shield")
                state.record("encounter", f"{state.name_of(target)}'s Shield turns the blow")
                for rule in RULES.taking("after_attack"):
                    events += rule.after_attack(setup, hit)
                return events, result, hit
    if hit.hit:
        parts = list(damage)
        if setup.reroll_damage_below and parts:  # the weapon's own dice, the first part
            first = parts[0]
            rerolled = re.sub(r"(\d*d\d+)", rf"\1ro<{setup.reroll_damage_below}", first.formula)
            parts[0] = ExtraDamage(rerolled, first.damage_type, first.reason)
        for rule in RULES.taking("damage_on_hit"):
            parts += rule.damage_on_hit(setup, hit)
        # Every die of the blow is rolled, then its damage lands at once — one amount per
        # damage type — so a Sneak Attack is part of the hit that kills, not a wound after.
        totals: dict[DamageType, int] = {}
        for part in parts:
            rolled = damage_roll(state.rng, part.formula, critical=hit.critical)
            twist = part.empower.reroll(rolled, state.rng) if part.empower else ""
            reason = f"{part.reason} ({twist})" if twist else part.reason
            events.append(
                DiceRoll.from_roll(
                    rolled, check_type="damage", reason=reason, character_id=attacker,
                    character_name=who,
                )
            )  # fmt: skip
            totals[part.damage_type] = totals.get(part.damage_type, 0) + max(0, rolled.total)
        if deflected:  # Deflect Missiles: 1d10 + DEX + monk level off the blow
            cut, rolled_cut = deflection(state, target)
            events += rolled_cut
            totals = reduced(totals, cut)
            caught = not any(totals.values())
            result["deflected"] = cut
            text = f"{state.name_of(target)} deflects the missile (-{cut} damage)"
            if caught:
                text = f"{state.name_of(target)} catches the missile out of the air"
                result["caught"] = True
            state.record("encounter", text)
        dealt = 0
        for damage_type, total in totals.items():
            if bg.vitals_of(state, target).state is LifeState.DEAD:
                break  # one type of the blow killed it: the rest is overkill, not a wound
            more, outcome = hm.deal_damage(
                state, target, total // (2 if halve else 1), damage_type,
                critical=hit.critical, source=attacker, concentration=False,
                knock_out=setup.knock_out and not setup.ranged,
            )  # fmt: skip
            events += more
            dealt += outcome.damage.amount
        # One hit is one concentration save, however many damage types it deals.
        events += hm.concentration_after_damage(state, target, dealt)
        setup.dealt = dealt
        if setup.kind == "weapon" and not setup.ranged and attacker in state.party:
            mark_melee_hit(state, attacker, target)  # Stunning Strike may follow
        vitals = bg.vitals_of(state, target)
        result.update(damage=dealt, target_hp=vitals.hp, target_state=vitals.state.value)
        rebuked = rebuke_after(state, rebuking, target, attacker, dealt)
        if rebuked:  # told with the blow it answers (the dice alone said it before)
            result["rebuke"] = rebuke_told(state, target, attacker, rebuked)
        events += rebuked
    for rule in RULES.taking("after_attack"):
        events += rule.after_attack(setup, hit)
    events += deed_done(state, attacker, "attack")  # a readied action, once it is done
    return events, result, hit


MELEE_HIT = "melee_hit:"
"""The resource key (``melee_hit:<creature>``, the turn's number) a character's melee
weapon hit leaves, which Stunning Strike follows (SRD: "when you hit another creature with
a melee weapon attack")."""


def mark_melee_hit(state: GameState, attacker: str, target: str) -> None:
    """Record that ``attacker`` hit ``target`` with a melee weapon attack this turn."""
    spent = state.party[attacker].resources
    for key in [k for k in spent if k.startswith(MELEE_HIT)]:
        del spent[key]
    spent[MELEE_HIT + target] = turn_number(state)


def hit_in_melee(state: GameState, attacker: str, target: str) -> bool:
    """``attacker`` hit ``target`` with a melee weapon attack this turn."""
    sheet = state.party.get(attacker)
    return sheet is not None and sheet.resources.get(MELEE_HIT + target) == turn_number(state)

"""Spells of several darts, beams or rays in one casting (Magic Missile, Scorching Ray,
Eldritch Blast): each is aimed at its own target and resolved on its own — a sure hit for a
dart, an attack roll for a beam or a ray.

The caster names targets in ``target_ids``; the beams go to them in turn, so one target
takes them all, ``[a, b]`` sends the first to ``a``, the second to ``b``, the third to ``a``
again, and a repeated id (``[a, a, b]``) says exactly where each goes. A beam aimed at a
creature that died before it flew goes to the first living creature the caster also named;
with nobody left it is lost, and the result says so.

Shield stops Magic Missile: a wizard targeted by the darts may cast it as a reaction, and
while it is up the darts do no damage.
"""

from __future__ import annotations

from typing import Any

from app.actions import beings as bg
from app.actions import harm as hm
from app.actions.events import DiceRoll, ReactionOffer, SessionEvent
from app.actions.hooks import ExtraDamage
from app.actions.reactions import (
    has_reaction,
    open_window,
    raise_shield,
    resolving,
    shield_slot,
    shielded,
)
from app.actions.striking import setup_attack, strike
from app.world.state import GameState
from rules.damage import LifeState
from rules.dice import roll
from rules.metamagic import Empowerment
from rules.spellcasting import cantrip_dice_multiplier
from rules.spelldata import Spell

SHIELD_STOPS = {"magic_missile"}
"""Spells whose damage the Shield spell blocks entirely."""


def beam_count(spell: Spell, slot: int, caster_level: int) -> int:
    """How many darts, beams or rays one casting makes: the spell's own, one more per slot
    level above its own (``beams_upcast``), and for a cantrip that scales, more as its caster
    levels (Eldritch Blast: 2 at 5th level, 3 at 11th, 4 at 17th)."""
    count = spell.beams + spell.beams_upcast * max(0, slot - spell.level)
    if spell.level == 0 and spell.cantrip_scaling:
        count *= cantrip_dice_multiplier(caster_level)
    return count


def aims(targets: list[str], count: int) -> list[str]:
    """Where each of ``count`` beams is aimed: the named targets in turn."""
    return [targets[i % len(targets)] for i in range(count)] if targets else []


def _alive(state: GameState, cid: str) -> bool:
    return bg.vitals_of(state, cid).state is not LifeState.DEAD


def _shield_against_darts(
    state: GameState, caster: str, spell: Spell, targets: list[str]
) -> list[SessionEvent]:
    """Magic Missile cast at someone who knows Shield: they may cast it as a reaction."""
    events: list[SessionEvent] = []
    if state.encounter is None:
        return events
    foe = state.name_of(caster)
    for target in dict.fromkeys(targets):
        if not (has_reaction(state, target) and shield_slot(state, target)):
            continue
        name = state.name_of(target)
        prompt = f"{name}, {foe} sends {spell.name} at you. Cast Shield to stop the darts?"
        offer = ReactionOffer(reactor_id=target, reactor_name=name, kind="shield", prompt=prompt)
        window, accepted = open_window(
            state, f"{foe} casts {spell.name} at {name}", [(offer, True)]
        )
        events.append(window)
        for taken in accepted:
            if taken.kind == "shield":
                with resolving(state, taken.subturn):
                    raise_shield(state, target)
    return events


def cast_volley(
    state: GameState,
    caster: str,
    spell_id: str,
    spell: Spell,
    targets: list[str],
    count: int,
    formula: str,
    *,
    attack_bonus: int = 0,
    empower: Empowerment | None = None,
) -> tuple[list[SessionEvent], list[dict[str, Any]]]:
    """Resolve ``count`` darts (no attack roll) or beams (``spell.attack``: one roll each,
    ``attack_bonus`` to hit), each dealing ``formula`` of the spell's damage type to its own
    target; ``empower``: Empowered Spell's rerolls, shared by every beam. Returns the events
    and one result per beam (its target, or ``lost``)."""
    assert spell.damage_type is not None
    who = state.name_of(caster)
    events: list[SessionEvent] = []
    if spell_id in SHIELD_STOPS:
        events += _shield_against_darts(state, caster, spell, targets)
    results: list[dict[str, Any]] = []
    for number, aimed in enumerate(aims(targets, count), start=1):
        target = (
            aimed if _alive(state, aimed) else next((t for t in targets if _alive(state, t)), None)
        )
        if target is None:
            text = f"{spell.name} {number} finds no living target and is lost"
            state.record("roll", f"{who}'s {text}")
            results.append({"beam": number, "target": aimed, "outcome": "lost", "note": text})
            continue
        result: dict[str, Any]
        if spell.attack:
            setup = setup_attack(
                state, caster, target, name=spell.name, kind="spell",
                ranged=spell.attack == "ranged", bonus=attack_bonus, spell=spell_id,
            )  # fmt: skip
            more, result, _hit = strike(
                setup,
                [ExtraDamage(formula, spell.damage_type, f"{spell.name} damage", empower=empower)],
            )
            events += more
        elif spell_id in SHIELD_STOPS and shielded(state, target):
            text = f"{state.name_of(target)}'s Shield stops {spell.name} dart {number}"
            state.record("roll", text)
            result = {"outcome": "blocked", "note": "Shield"}
        else:
            rolled = roll(formula, state.rng)
            twist = empower.reroll(rolled, state.rng) if empower else ""
            events.append(
                DiceRoll.from_roll(
                    rolled, check_type="damage",
                    reason=f"{spell.name} dart {number}" + (f" ({twist})" if twist else ""),
                    character_id=caster, character_name=who,
                )
            )  # fmt: skip
            more, outcome = hm.deal_damage(
                state, target, max(0, rolled.total), spell.damage_type, source=caster
            )
            events += more
            result = {"damage": outcome.damage.amount, "hp": outcome.vitals.hp,
                      "state": outcome.vitals.state.value}  # fmt: skip
        if target != aimed:
            result["retargeted_from"] = aimed
        results.append({"beam": number, "target": target, **result})
    return events, results

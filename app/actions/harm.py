"""Harm and what it sets off: the one way damage reaches a character or creature
(defences, temporary hit points, dying, what the rules of play make of it), and
concentration, which damage may break and which ends what its spell imposed.

Low in the game's verbs: it imports no tool; a tool's own rule joins in through the hooks of
:mod:`app.actions.hooks`.
"""

from __future__ import annotations

from dataclasses import replace

from app.actions.beast_form import SHAPE_ID
from app.actions.beings import (
    conditions_of,
    effects_of,
    hp_change,
    set_vitals,
    vitals_of,
    vitals_text,
)
from app.actions.events import SessionEvent, StateChange
from app.actions.hooks import RULES, DamageSetup, RollSetup
from app.actions.rolling import check_for, roll_event
from app.world.companions import dies_at_zero
from app.world.state import GameState
from rules.abilities import Ability
from rules.conditions import resists_everything, save_context
from rules.damage import DamageResult, DamageType, LifeState, apply_damage
from rules.dice import Advantage
from rules.effects import followers
from rules.spellcasting import concentration_check, concentration_dc
from rules.srd import srd


def deal_damage(
    state: GameState,
    target: str,
    amount: int,
    damage_type: DamageType,
    *,
    critical: bool = False,
    source: str | None = None,
    concentration: bool = True,
    knock_out: bool = False,
) -> tuple[list[SessionEvent], DamageResult]:
    """The one way damage reaches a character or creature: what the rules of play make of
    it (a raging barbarian resists it), defences, temporary HP, hit points, dying (monsters
    die at 0), the record for the DM, the event for the players, the concentration save it
    forces, and what it sets off (a sleeper wakes). Every damage source goes through here;
    ``source`` is who dealt it, when known. ``concentration=False`` leaves the concentration
    save to the caller: one attack dealing two types of damage forces one save, for the
    sum (see :func:`app.actions.striking.strike`). ``knock_out``: a melee blow meant to
    subdue, which leaves whoever it drops unconscious and stable."""
    before = vitals_of(state, target)
    if target in state.party:
        defenses, dies = state.party[target].defenses, False
    else:  # a monster dies at 0 — but a regenerating one only if it cannot regenerate
        creature = state.creatures[target]
        block = state.monster(creature.monster) if creature.monster else None
        defenses, dies = creature.defenses, block is None or not block.trait("regeneration")
        if creature.side == "party":  # a companion: knocked out at 0, unless the author says
            dies = dies_at_zero(state, creature)
            knock_out = knock_out or not dies
    setup = DamageSetup(state, target, max(0, amount), damage_type, source, critical)
    for rule in RULES.taking("before_damage"):
        rule.before_damage(setup)
    if setup.immune:
        defenses = defenses.model_copy(update={"immunities": defenses.immunities | {damage_type}})
    resist_all = resists_everything(conditions_of(state, target))
    if setup.resist and not resist_all:
        defenses = defenses.model_copy(update={"resistances": defenses.resistances | {damage_type}})
    outcome = apply_damage(
        before, setup.amount, damage_type, defenses, critical=critical, dies_at_zero=dies,
        resist_all=resist_all, knock_out=knock_out,
    )  # fmt: skip
    outcome = replace(outcome, critical=critical)
    set_vitals(state, target, outcome.vitals)
    note = f" ({outcome.damage.note})" if outcome.damage.note else ""
    after = outcome.vitals
    sheet = state.party.get(target)
    if sheet is not None and any(
        e.id == SHAPE_ID for e in sheet.effects
    ):  # a beast form at 0 is no dying druid
        after = after.model_copy(update={"state": LifeState.ALIVE})
    text = (
        f"{state.name_of(target)} takes {outcome.damage.amount} {damage_type.value} damage{note}"
        f": {vitals_text(before)} → {vitals_text(after)}"
    )
    events: list[SessionEvent] = [hp_change(state, target, before, outcome.vitals, text)]
    if concentration:
        events += concentration_after_damage(state, target, outcome.damage.amount)
    for rule in RULES.taking("after_damage"):
        events += rule.after_damage(state, target, outcome, source)
    return events, outcome


def end_concentration(state: GameState, caster: str, why: str) -> list[SessionEvent]:
    """A caster stops concentrating: what their spell imposed ends with it."""
    holder = state.party.get(caster) or state.creatures.get(caster)  # a monster concentrates too
    if holder is None or holder.concentration is None:
        return []
    spell_id = holder.concentration
    spell = srd().spells.get(spell_id)
    holder.concentration = None
    for cid in state.known_ids():
        conditions = conditions_of(state, cid)
        conditions[:] = [c for c in conditions if not (c.source == caster and c.note == spell.name)]
        effects = effects_of(state, cid)
        gone = [e for e in effects if e.source == caster and e.spell == spell_id]
        effects[:] = [e for e in effects if e not in gone] + followers(gone)
    text = f"{holder.name} loses concentration on {spell.name} ({why})"
    state.record("condition", text, who=caster)
    return [StateChange(kind="condition", target_id=caster, description=text)]


def concentration_after_damage(state: GameState, target: str, amount: int) -> list[SessionEvent]:
    """Damage to a concentrating caster: a Constitution save (DC 10 or half the damage), or
    the spell ends; dropping to 0 HP ends it outright."""
    sheet = state.party.get(target)
    creature = state.creatures.get(target) if sheet is None else None
    if creature is not None and creature.concentration is not None and amount > 0:
        return _monster_concentration(state, target, amount)
    if sheet is None or sheet.concentration is None or amount <= 0:
        return []
    if sheet.vitals.hp == 0:
        return end_concentration(state, target, "knocked out")
    # A Constitution saving throw like any other: what the rules of play add (Bless's d4,
    # a dwarf's resilience …) applies to it too.
    setup = RollSetup(state, target, Ability.CON, concentration_dc(amount), "concentration", "save")
    for rule in RULES.taking("before_save"):
        rule.before_save(setup)
    check = concentration_check(
        state.rng,
        sheet.save_modifier(Ability.CON),
        amount,
        context=save_context(sheet.conditions, Ability.CON, sheet.exhaustion,
                             advantage_from=tuple(setup.advantage),
                             disadvantage_from=tuple(setup.disadvantage)),
        bonus=setup.dice,
    )  # fmt: skip
    events: list[SessionEvent] = [roll_event(state, target, check)]
    if not check.success:
        events += end_concentration(state, target, f"failed a DC {check.dc} Constitution save")
    return events


def _monster_concentration(state: GameState, cid: str, amount: int) -> list[SessionEvent]:
    """A concentrating monster takes damage: the same Constitution save as a character's
    (DC 10 or half the damage, whichever is higher); at 0 HP the spell ends outright."""
    if vitals_of(state, cid).hp == 0:
        return end_concentration(state, cid, "dropped")
    dc = concentration_dc(amount)
    check = check_for(state, cid, dc, "concentration", Advantage.NORMAL, ability=Ability.CON,
                      save=True)  # fmt: skip
    events: list[SessionEvent] = [roll_event(state, cid, check)]
    if not check.success:
        events += end_concentration(state, cid, f"failed a DC {dc} Constitution save")
    return events

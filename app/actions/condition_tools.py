"""Conditions and exhaustion, however they arrive: the ``set_condition`` tool, a spell, a
monster's rider. Everything puts a condition on through :func:`afflict`, which refuses it to
a creature immune to it (by its stat block, by its kind, by a trait) and ends the bearer's
concentration when the condition incapacitates it.

Exhaustion is a level on a character (0-6), set through ``set_condition`` too: level 4
halves the hit point maximum until it drops below 4 again, level 6 is death.
"""

from __future__ import annotations

from typing import Any

from app.actions import args as a
from app.actions import beings as bg
from app.actions import harm as hm
from app.actions.beast_form import own_vitals, revert_now, shape_effect
from app.actions.events import SessionEvent, StateChange
from app.actions.grappling import release_grapples
from app.actions.registry import ToolError, ToolOutcome
from app.world.state import GameState
from rules.conditions import (
    MAX_EXHAUSTION,
    ActiveCondition,
    Condition,
    can_act,
    dies_of_exhaustion,
    fall_prone,
    max_hp_after_exhaustion,
)
from rules.damage import LifeState
from rules.effects import Effect
from rules.outcomes import Impossible
from rules.spelldata import Spell

SLEEPLESS_TRAITS = ("fey_ancestry",)
"""Features that keep magic from putting a character to sleep (the elves' Fey Ancestry)."""


def creature_type(state: GameState, cid: str) -> str:
    """``humanoid``, ``undead``, ``beast`` … (characters of the SRD species are humanoids)."""
    if cid in state.party:
        return "humanoid"
    creature = state.creatures[cid]
    if creature.monster is None:
        return "humanoid"
    return state.monster(creature.monster).type.split("(")[0].strip().lower()


def _condition_immunities(state: GameState, cid: str) -> frozenset[Condition]:
    creature = state.creatures.get(cid)
    if creature is None or creature.monster is None:
        return frozenset()
    return state.monster(creature.monster).condition_immunities


def _has_trait(state: GameState, cid: str, trait: str) -> bool:
    if cid in state.party:
        return state.party[cid].has(trait)
    creature = state.creatures[cid]
    if creature.monster is None:
        return False
    wanted = trait.replace("_", " ")
    return any(t.name.lower() == wanted for t in state.monster(creature.monster).traits)


def immunity(
    state: GameState, cid: str, condition: Condition, spell: Spell | None = None
) -> str | None:
    """Why ``condition`` (from ``spell``, if one) cannot take hold of ``cid``, or ``None``."""
    name = state.name_of(cid)
    if condition in _condition_immunities(state, cid):
        return f"{name} is immune to being {condition.value}"
    if spell is None:
        return None
    kind = creature_type(state, cid)
    if spell.creature_types and kind not in spell.creature_types:
        return f"{spell.name} affects only {' or '.join(spell.creature_types)}s; {name} is {kind}"
    if spell.hp_pool:  # magical sleep
        if kind == "undead":
            return f"{name} is undead and does not sleep"
        if Condition.CHARMED in _condition_immunities(state, cid):
            return f"{name} cannot be charmed, so magic cannot put it to sleep"
        if any(_has_trait(state, cid, t) for t in SLEEPLESS_TRAITS):
            return f"magic cannot put {name} to sleep (Fey Ancestry)"
    return None


def afflict(
    state: GameState, cid: str, active: ActiveCondition, spell: Spell | None = None
) -> tuple[list[SessionEvent], str | None]:
    """Put ``active`` on ``cid`` unless it is immune (then the reason, and nothing changes).
    It replaces the same condition from the same source; an incapacitating condition ends
    the bearer's concentration."""
    why = immunity(state, cid, active.condition, spell)
    if why is not None:
        state.record("condition", why, who=cid)
        return [], why
    conditions = bg.conditions_of(state, cid)
    conditions[:] = [
        c for c in conditions if not (c.condition is active.condition and c.source == active.source)
    ]
    conditions.append(active)
    events: list[SessionEvent] = []
    if active.condition is Condition.UNCONSCIOUS:
        fall_prone(conditions, "fell unconscious")  # and still lying down when it wakes
    if active.condition is Condition.UNCONSCIOUS and cid in state.party:
        events += revert_now(state, cid, "unconscious")  # SRD: it reverts on falling so
    if not can_act([active]):
        events += hm.end_concentration(state, cid, f"{active.condition.value}")
        events += release_grapples(state)
    return events, None


def set_exhaustion(state: GameState, cid: str, level: int, why: str) -> list[SessionEvent]:
    """Set a character's exhaustion level: at 4 and above its hit point maximum is halved
    (given back when the level drops below 4), at 6 it dies."""
    sheet = state.party[cid]
    level = max(0, min(MAX_EXHAUSTION, level))
    shape = shape_effect(sheet)
    if shape is not None and dies_of_exhaustion(level):
        revert_now(state, cid, "exhaustion takes the last of them")  # (dies as themself)
    elif shape is not None:  # in beast form: the druid's own maximum, kept for their return
        return _exhausted_in_shape(state, cid, shape, level, why)
    before_level, before = sheet.exhaustion, sheet.vitals
    vitals = before
    full = before.max_hp + sheet.hp_drained
    halved = max_hp_after_exhaustion(full, level)
    sheet.hp_drained = full - halved
    vitals = vitals.model_copy(update={"max_hp": halved, "hp": min(vitals.hp, halved)})
    if dies_of_exhaustion(level) and vitals.state is not LifeState.DEAD:
        vitals = vitals.model_copy(update={"hp": 0, "temp_hp": 0, "state": LifeState.DEAD})
    sheet.exhaustion = level
    bg.set_vitals(state, cid, vitals)
    text = f"{sheet.name}'s exhaustion goes from level {before_level} to {level} ({why})"
    if halved != before.max_hp:
        text += f"; hit point maximum {before.max_hp} → {halved}"
    if vitals.state is LifeState.DEAD and before.state is not LifeState.DEAD:
        text += f"; {sheet.name} dies of exhaustion"
    state.record("condition", text, who=cid)
    events: list[SessionEvent] = [StateChange(kind="condition", target_id=cid, description=text)]
    if vitals.state is LifeState.DEAD:
        events += hm.end_concentration(state, cid, "died")
    return events


def _exhausted_in_shape(
    state: GameState, cid: str, shape: Effect, level: int, why: str
) -> list[SessionEvent]:
    """Exhaustion taken or shed in beast form: the beast's hit points stay the beast's; the
    druid's own maximum (kept in the shape's note) is halved or given back for their return."""
    sheet = state.party[cid]
    own = own_vitals(shape)
    full = own.max_hp + sheet.hp_drained
    halved = max_hp_after_exhaustion(full, level)
    sheet.hp_drained = full - halved
    kept = shape.note.split("|")
    kept[1:3] = [str(min(own.hp, halved)), str(halved)]
    sheet.effects[:] = [shape.model_copy(update={"note": "|".join(kept)}) if e is shape else e
                        for e in sheet.effects]  # fmt: skip
    text = f"{sheet.name}'s exhaustion goes from level {sheet.exhaustion} to {level} ({why})"
    if halved != own.max_hp:
        text += f"; their own hit point maximum {own.max_hp} → {halved}"
    sheet.exhaustion = level
    state.record("condition", text, who=cid)
    return [StateChange(kind="condition", target_id=cid, description=text)]


def _exhaustion_tool(args: a.ConditionArgs, state: GameState, target: str) -> ToolOutcome:
    if target not in state.party:
        raise ToolError("exhaustion is tracked for characters only")
    sheet = state.party[target]
    step = 1 if args.present else -1
    level = args.level if args.level is not None else sheet.exhaustion + step
    if not 0 <= level <= MAX_EXHAUSTION:
        raise ToolError(f"{sheet.name} is at exhaustion {sheet.exhaustion}; levels run 0-6")
    events = set_exhaustion(state, target, level, args.reason)
    result: dict[str, Any] = {
        "target_id": target, "exhaustion": sheet.exhaustion, "max_hp": sheet.vitals.max_hp,
        "state": sheet.vitals.state.value,
    }  # fmt: skip
    return ToolOutcome(result, events)


def condition_tool(args: a.ConditionArgs, state: GameState) -> ToolOutcome:
    """set_condition: add or remove a condition, or set an exhaustion level."""
    target = bg.resolve_here(state, args.target_id)
    if args.condition is Condition.EXHAUSTION:
        return _exhaustion_tool(args, state, target)
    if args.level is not None:
        raise ToolError("level is for exhaustion only")
    if not args.present:
        return _remove_condition(args, state, target)
    events, why = afflict(
        state, target,
        ActiveCondition(condition=args.condition, rounds=args.rounds, note=args.reason),
    )  # fmt: skip
    if why is not None:
        return ToolOutcome({"target_id": target, "applied": False, "why": why})
    lasting = f" for {args.rounds} rounds" if args.rounds else ""
    text = f"{state.name_of(target)} is {args.condition.value}{lasting} ({args.reason})"
    state.record("condition", text, who=target)
    return ToolOutcome(
        {"target_id": target, "applied": True, "condition": args.condition.value},
        [StateChange(kind="condition", target_id=target, description=text), *events],
    )


def _remove_condition(args: a.ConditionArgs, state: GameState, target: str) -> ToolOutcome:
    conditions = bg.conditions_of(state, target)
    if not any(c.condition is args.condition for c in conditions):
        raise ToolError(f"{state.name_of(target)} is not {args.condition.value}")
    if args.condition is Condition.UNCONSCIOUS and bg.vitals_of(state, target).hp <= 0:
        out = state.name_of(target)
        raise ToolError(f"{out} is at 0 hit points: unconscious until healed (a stable "
                        "creature comes round with 1 hit point after 1d4 hours)")  # fmt: skip
    stood = ""
    if args.condition is Condition.PRONE and _on_own_turn(state, target):
        stands = bg.economy_of(state, target).stand_up()
        if isinstance(stands, Impossible):
            raise ToolError(f"{state.name_of(target)} cannot stand up: {stands.reason}")
        stood = f"; {stands.detail}"
    conditions[:] = [c for c in conditions if c.condition is not args.condition]
    text = f"{state.name_of(target)} is no longer {args.condition.value} ({args.reason}{stood})"
    state.record("condition", text, who=target)
    return ToolOutcome(
        {"target_id": target, "removed": args.condition.value},
        [StateChange(kind="condition", target_id=target, description=text)],
    )


def _on_own_turn(state: GameState, cid: str) -> bool:
    """In a fight, on its own turn: then getting up from prone is its own movement (SRD:
    half its speed). Outside a fight there is no movement to count."""
    encounter = state.encounter
    return encounter is not None and encounter.current.id == cid

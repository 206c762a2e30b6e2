"""The turn in a fight moving on: the ``end_turn`` tool and the ticks at each turn's start
and end (conditions counting down, save-ends saves, every rule of play's moment, a dying
character's death save), and the ``get_encounter`` tool, the fight in full."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from app.actions import args as a
from app.actions import encounter_view as ev
from app.actions.beings import conditions_of, fresh_economy, set_vitals, vitals_of, why_cannot_act
from app.actions.events import DiceRoll, SessionEvent, StateChange
from app.actions.hooks import RULES, Threat
from app.actions.registry import ToolError, ToolOutcome
from app.actions.rolling import check_for
from app.world.state import MOST_TURNS, GameState
from rules.abilities import Ability
from rules.checks import CheckResult
from rules.conditions import (
    ActiveCondition,
    SaveRoller,
    can_act,
    tick_end_of_turn,
    tick_source_turn,
    tick_start_of_turn,
)
from rules.damage import LifeState, death_save
from rules.dice import Advantage


def _save_modifier(state: GameState, cid: str) -> Callable[[Ability], int]:
    if cid in state.party:
        return state.party[cid].save_modifier
    creature = state.creatures[cid]
    block = state.monster(creature.monster) if creature.monster else None
    return block.save_modifier if block else (lambda _ability: 0)


def _save_roller(state: GameState, cid: str) -> SaveRoller:
    """The save to end a condition, rolled as every other save is (Bless, an aura, a
    halfling brave against fear), and as if free of the condition it is against."""

    def roll_save(active: ActiveCondition, others: Sequence[ActiveCondition]) -> CheckResult:
        assert active.save_dc is not None and active.save_ability is not None
        held = conditions_of(state, cid)
        kept = list(held)
        held[:] = list(others)
        try:
            return check_for(
                state, cid, active.save_dc, f"end {active.condition.value}", Advantage.NORMAL,
                ability=active.save_ability, save=True, source=active.source,
                threat=Threat(frozenset({active.condition})),
            )  # fmt: skip
        finally:
            held[:] = kept

    return roll_save


def _tick(state: GameState, cid: str, when: str) -> list[SessionEvent]:
    """Count down conditions at the start or end of a creature's turn; repeat save-ends
    saves at its end; then every rule of play has its moment (effects wear off …)."""
    events = _tick_conditions(state, cid, when)
    if when == "start":
        for rule in RULES.taking("turn_starts"):
            events += rule.turn_starts(state, cid)
    else:
        for rule in RULES.taking("turn_ends"):
            events += rule.turn_ends(state, cid)
    return events


def _tick_conditions(state: GameState, cid: str, when: str) -> list[SessionEvent]:
    conditions = conditions_of(state, cid)
    if when == "start":
        tick = tick_start_of_turn(conditions)
    else:
        tick = tick_end_of_turn(
            list(conditions), state.rng, _save_modifier(state, cid), _save_roller(state, cid)
        )
    conditions[:] = list(tick.remaining)
    events: list[SessionEvent] = []
    for other in state.known_ids():  # conditions timed to this creature's turns (Stunning Strike)
        held = conditions_of(state, other)
        if any(c.counts_on == "source" and c.source == cid for c in held):
            theirs = tick_source_turn(held, cid, "start" if when == "start" else "end")
            held[:] = list(theirs.remaining)
            events += conditions_ended(state, other, theirs.ended)
    name = state.name_of(cid)
    for save in tick.saves:
        verdict = "success" if save.success else "failure"
        events.append(
            DiceRoll(
                check_type="saving_throw", character_id=cid, character_name=name,
                ability=save.ability.value, dc=save.dc, formula="1d20", total=save.total,
                natural=save.natural, success=save.success,
                reason=f"shake off {save.condition.value}",
                text=f"{save.total} vs DC {save.dc} — {verdict}",
            )
        )  # fmt: skip
    return events + conditions_ended(state, cid, tick.ended)


def shake_off(state: GameState, cid: str) -> list[SessionEvent]:
    """The end of a round for one creature's conditions outside a turn order (time passing
    while nobody can act): timed ones count down and save-ends ones are saved against."""
    return _tick_conditions(state, cid, "end")


def conditions_ended(
    state: GameState, cid: str, ended: Sequence[ActiveCondition]
) -> list[SessionEvent]:
    """Conditions that wore off, recorded for the DM and told ("Ione is no longer
    poisoned")."""
    events: list[SessionEvent] = []
    if vitals_of(state, cid).state is LifeState.DEAD:
        return events  # (what wears off the dead goes untold)
    for gone in ended:
        text = f"{state.name_of(cid)} is no longer {gone.condition.value}"
        state.record("condition", text, who=cid)
        events.append(StateChange(kind="condition", target_id=cid, description=text))
    return events


def death_save_for(state: GameState, cid: str) -> list[SessionEvent]:
    """A dying character's turn starts with a death save."""
    sheet = state.party[cid]
    result = death_save(state.rng, sheet.vitals)
    set_vitals(state, cid, result.vitals)
    events: list[SessionEvent] = [
        DiceRoll.from_roll(
            result.roll, check_type="death_save", reason="death save", character_id=cid,
            character_name=sheet.name, dc=10, success=result.success,
        )
    ]  # fmt: skip
    v = result.vitals
    if result.regained_consciousness:
        text = f"{sheet.name} gasps back to consciousness with 1 HP"
        if state.encounter is not None:  # awake now: its speed is its own again
            state.encounter.economy[cid] = fresh_economy(state, cid)
    elif v.state is LifeState.DEAD:
        text = f"{sheet.name} dies"
    elif v.state is LifeState.STABLE:
        text = f"{sheet.name} is stable"
    else:
        text = f"{sheet.name}: {v.death_successes} successes, {v.death_failures} failures"
    state.record("hp", text, who=cid)
    events.append(StateChange(kind="hp", target_id=cid, description=text))
    return events


def end_turn_tool(args: a.EndTurnArgs, state: GameState) -> ToolOutcome:
    """end_turn: tick the finished combatant's conditions, then move to the next one who can
    take a turn — a dying character makes a death save instead of acting."""
    encounter = state.encounter
    if encounter is None:
        raise ToolError("no fight is going on")
    finished = encounter.current
    events = _tick(state, finished.id, "end")
    told: list[str] = []  # death saves that settle something (a death, a friend stable)
    for _ in range(len(encounter.order) * 2):
        encounter.turn_index += 1
        if encounter.turn_index >= len(encounter.order):
            encounter.turn_index = 0
            encounter.round = min(encounter.round + 1, MOST_TURNS)  # (a save's bound)
        current = encounter.current.id
        if vitals_of(state, current).state is LifeState.DEAD:
            continue
        if current in state.creatures and state.creatures[current].left:
            continue  # fled or surrendered: out of the fight
        events += _tick(state, current, "start")
        encounter.economy[current] = fresh_economy(state, current)
        encounter.spells_cast.pop(current, None)
        encounter.off_hand_ready = [c for c in encounter.off_hand_ready if c != current]
        if current in state.party and vitals_of(state, current).hp == 0:
            if vitals_of(state, current).state is LifeState.DYING:
                saved = death_save_for(state, current)
                events += saved
                if vitals_of(state, current).state is not LifeState.DYING or (
                    vitals_of(state, current).hp > 0
                ):  # died, stable, or up again: the story tells it
                    told.append(str(getattr(saved[-1], "description", "")))
            if vitals_of(state, current).hp == 0:
                continue  # unconscious: no turn to take
        if not can_act(conditions_of(state, current)) or why_cannot_act(state, current):
            # Asleep, paralysed, stunned: the turn passes, but it still ends — durations
            # count down and save-ends saves are rolled.
            events += _tick(state, current, "end")
            state.record("encounter", f"{encounter.current.name} cannot act and loses the turn")
            continue
        break
    now = encounter.current
    state.record(
        "encounter", f"{finished.name}'s turn ends; round {encounter.round}, {now.name} acts"
    )
    events.append(ev.combat_update(state))
    result: dict[str, object] = {"round": encounter.round, "current": now.id, "name": now.name}
    if told:
        result["death_saves"] = told
    return ToolOutcome(result, events)


def get_encounter_tool(args: a.GetEncounterArgs, state: GameState) -> ToolOutcome:
    """get_encounter: the fight in full (the same view as the first turn's context), or
    'No active encounter' out of combat."""
    fight = ev.encounter_view(state)
    if fight is None:
        return ToolOutcome({"in_combat": False, "message": "No active encounter"})
    return ToolOutcome(fight.as_result())

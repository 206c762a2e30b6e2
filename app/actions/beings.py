"""Who is who in play and what each one carries, read and written the one way every tool
does: ids resolved (and refused when the creature is not here), hit points, conditions,
lasting effects, speed and the turn's action economy, and whether a creature may act.

The lowest of the game's verbs: it imports no tool, so every tool and rule can stand on it.
"""

from __future__ import annotations

from app.actions.events import StateChange
from app.actions.hooks import RULES
from app.actions.registry import ToolError
from app.world.standing import away
from app.world.state import DeathMark, GameState
from rules.conditions import ActiveCondition, Condition, fall_prone, speed_after_conditions
from rules.damage import LifeState, Vitals
from rules.dice import roll
from rules.economy import TurnEconomy
from rules.effects import Effect, speed_with


def why_cannot_act(state: GameState, cid: str) -> str | None:
    """Why ``cid`` may take no action, bonus action or reaction now ("Mira is unconscious"),
    asking every rule of play (:class:`app.actions.conduct.Incapacitation` …); ``None``
    when it may act."""
    for rule in RULES.taking("cannot_act"):
        why = rule.cannot_act(state, cid)
        if why:
            return why
    return None


def resolve_target(state: GameState, target_id: str) -> str:
    if target_id in state.party or target_id in state.creatures:
        return target_id
    known = ", ".join(state.known_ids()) or "none"
    raise ToolError(f"unknown id {target_id!r}; known ids: {known}")


def resolve_here(state: GameState, target_id: str) -> str:
    """:func:`resolve_target` for the mark (or the actor) of an attack, a spell, damage or
    a condition: a creature not here — in another scene, out of the fight, fled — is
    refused, and the refusal says where it is (:func:`app.world.standing.away`)."""
    cid = resolve_target(state, target_id)
    why = away(state, cid)
    if why:
        raise ToolError(why)
    return cid


def vitals_text(v: Vitals) -> str:
    extra = "" if v.state is LifeState.ALIVE else f", {v.state.value}"
    temp = f" (+{v.temp_hp} temp)" if v.temp_hp else ""
    return f"{v.hp}/{v.max_hp} HP{temp}{extra}"


def conditions_of(state: GameState, target_id: str) -> list[ActiveCondition]:
    if target_id in state.party:
        return state.party[target_id].conditions
    return state.creatures[target_id].conditions


def effects_of(state: GameState, target_id: str) -> list[Effect]:
    """The lasting effects on a character or creature (the live list, to change in place)."""
    if target_id in state.party:
        return state.party[target_id].effects
    return state.creatures[target_id].effects


def set_vitals(state: GameState, target_id: str, vitals: Vitals) -> None:
    if vitals.state is LifeState.DEAD and target_id not in state.deaths:
        # when it died, for Revivify's minute
        encounter = state.encounter
        state.deaths[target_id] = DeathMark(
            turn=state.turn, round=encounter.round if encounter is not None else None
        )
    elif vitals.state is not LifeState.DEAD:
        state.deaths.pop(target_id, None)
    conditions = conditions_of(state, target_id)
    down = vitals.hp == 0 and vitals.state is not LifeState.DEAD
    has = any(c.condition is Condition.UNCONSCIOUS and c.source == "0 hp" for c in conditions)
    if down and not has:
        conditions.append(
            ActiveCondition(condition=Condition.UNCONSCIOUS, source="0 hp", note="at 0 HP")
        )
        fall_prone(conditions, "fell at 0 HP")  # and stays so when it wakes, until it stands
    elif not down and has:
        conditions[:] = [c for c in conditions if c.source != "0 hp"]
    if target_id in state.party:
        state.party[target_id].vitals = vitals
    else:
        state.creatures[target_id].vitals = vitals


def vitals_of(state: GameState, target_id: str) -> Vitals:
    if target_id in state.party:
        return state.party[target_id].vitals
    return state.creatures[target_id].vitals


def hp_change(
    state: GameState, target: str, before: Vitals, after: Vitals, text: str
) -> StateChange:
    """Record a hit-point change for the DM and describe it for the players."""
    state.record("hp", text, who=target, before=vitals_text(before), after=vitals_text(after))
    return StateChange(
        kind="hp", target_id=target, description=text,
        before=vitals_text(before), after=vitals_text(after),
    )  # fmt: skip


def speed_of(state: GameState, cid: str) -> int:
    """Walking speed after class features (Fast Movement), conditions, exhaustion and
    effects."""
    if cid in state.party:
        sheet = state.party[cid]
        speed = speed_after_conditions(sheet.walking_speed, sheet.conditions, sheet.exhaustion)
        return speed_with(speed, sheet.effects) if speed else 0
    creature = state.creatures[cid]
    base = state.monster(creature.monster).moving_speed if creature.monster else 30
    speed = speed_after_conditions(base, creature.conditions)
    return speed_with(speed, creature.effects) if speed else 0


def fresh_economy(state: GameState, cid: str) -> TurnEconomy:
    """A turn's economy at its start: speed after conditions and effects, and Haste's
    additional action (one weapon attack, Dash, Disengage, Hide or Use an Object)."""
    economy = TurnEconomy.fresh(speed_of(state, cid))
    economy.limited_actions = min(1, sum(e.extra_attacks for e in effects_of(state, cid)))
    return economy


def economy_of(state: GameState, cid: str) -> TurnEconomy:
    """The combatant's action economy this turn (created fresh if missing). One not in the
    fight's order gets a fresh one that is not kept: a fight keeps only its own."""
    encounter = state.encounter
    assert encounter is not None
    if cid in encounter.economy:  # (the usual case: read at once, no walk of the order)
        return encounter.economy[cid]
    if all(c.id != cid for c in encounter.order):
        return fresh_economy(state, cid)
    encounter.economy[cid] = fresh_economy(state, cid)
    return encounter.economy[cid]


def comes_round(state: GameState, cid: str, hours: int) -> list[StateChange]:
    """SRD: one stable at 0 hit points comes to with 1 HP after 1d4 hours — within
    ``hours`` (a rest's length, or the hours nobody could act), or not yet."""
    vitals = vitals_of(state, cid)
    if vitals.state is not LifeState.STABLE or vitals.hp != 0:
        return []
    after = roll("1d4", state.rng).total
    if after > hours:
        return []
    awake = vitals.model_copy(
        update={"hp": 1, "state": LifeState.ALIVE, "death_successes": 0, "death_failures": 0}
    )
    set_vitals(state, cid, awake)
    text = f"{after} hour{'s' * (after > 1)} later, {state.name_of(cid)} comes to with 1 HP"
    state.record("hp", text, who=cid)
    return [StateChange(kind="hp", target_id=cid, description=text)]

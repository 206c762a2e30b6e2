"""Surprise: a fight that starts with one side caught unaware.

SRD: a surprised creature cannot move or take an action on its first turn of the fight, and
cannot take a reaction until that turn ends. The DM says who is surprised when it starts a
fight (``start_combat`` ``surprise``), or an authored encounter does (``surprise = "party"``).
"""

from __future__ import annotations

from app.actions import args as a
from app.actions import beings as bg
from app.actions import fight_tools
from app.actions import turn_tools as tt
from app.actions.events import SessionEvent, StateChange
from app.actions.monster_rules import surprised_effect
from app.actions.registry import ToolOutcome
from app.world.state import GameState
from rules.effects import with_effect


def surprised_side(args: a.StartCombatArgs, state: GameState) -> str | None:
    """Who is surprised: the tool's word first, else the authored encounter's."""
    if args.surprise is not None:
        return args.surprise
    campaign = state.campaign
    if args.encounter is not None and campaign is not None:
        spec = campaign.encounters.get(args.encounter)
        if spec is not None:
            return spec.surprise
    return None


def start_combat_tool(args: a.StartCombatArgs, state: GameState) -> ToolOutcome:
    """start_combat, with surprise: the surprised side's creatures lose their first turn
    (and their reactions until it ends); a fight whose first turn is theirs passes it on."""
    side = surprised_side(args, state)
    outcome = fight_tools.start_combat_tool(args, state)
    encounter = state.encounter
    if side is None or encounter is None:
        return outcome
    caught = [c for c in encounter.order if c.side == side]
    if not caught:
        return outcome
    for combatant in caught:
        effects = bg.effects_of(state, combatant.id)
        effects[:] = with_effect(effects, surprised_effect())
    names = ", ".join(c.name for c in caught)
    text = f"Surprise! {names} {'is' if len(caught) == 1 else 'are'} caught unaware"
    state.record("encounter", text)
    events: list[SessionEvent] = [*outcome.events, StateChange(kind="condition", description=text)]
    result = dict(outcome.result, surprised=[c.id for c in caught])
    if bg.why_cannot_act(state, encounter.current.id):
        passed = tt.end_turn_tool(a.EndTurnArgs(), state)
        events += passed.events
        result["current"] = encounter.current.id
    return ToolOutcome(result, events)

"""A check contested by a creature (SRD 5.1, Contests): a threat met with Insight, a
bluff seen through — both sides roll, through the same rules of play as any check, and the
one who acts wins only by beating the other's total (a tie leaves things as they were).
The dice log shows both rolls, each against what it had to reach."""

from __future__ import annotations

from dataclasses import replace

from app.actions import args as a
from app.actions import beings as bg
from app.actions import check_tools as ct
from app.actions import rolling as rl
from app.actions.registry import ToolError, ToolOutcome
from app.world.state import GameState
from rules.checks import MAX_DC, MIN_DC
from rules.damage import LifeState
from rules.dice import Advantage


def opposed_check_tool(args: a.AbilityCheckArgs, state: GameState) -> ToolOutcome:
    """request_ability_check with ``opposed_by``: the resisting creature rolls first, and its
    total sets the DC of the check asked."""
    assert args.opposed_by is not None
    target = bg.resolve_target(state, args.character_id)
    unable = bg.why_cannot_act(state, target)
    if unable:
        raise ToolError(unable)
    resister = bg.resolve_target(state, args.opposed_by)
    if resister == target:
        raise ToolError("a creature cannot contest its own check")
    if bg.vitals_of(state, resister).state is LifeState.DEAD:
        raise ToolError(f"{state.name_of(resister)} is dead and resists nothing")
    theirs = rl.check_for(state, resister, MIN_DC, args.reason, Advantage.NORMAL,
                          skill=args.opposed_skill)  # fmt: skip
    needed = max(MIN_DC, min(MAX_DC, theirs.total + 1))
    mode = {"normal": Advantage.NORMAL, "advantage": Advantage.ADVANTAGE,
            "disadvantage": Advantage.DISADVANTAGE}[args.advantage]  # fmt: skip
    mine = rl.check_for(state, target, needed, args.reason, mode,
                        skill=args.skill, ability=args.ability)  # fmt: skip
    won = mine.success and mine.total > theirs.total
    shown = replace(theirs, dc=mine.total, success=not won)  # the total it had to reach
    mine = replace(mine, success=won)
    rl.record_check(state, resister, shown)
    rl.record_check(state, target, mine)
    result = rl.check_result(state, target, mine)
    result.update(opposed_by=resister, opposed_total=theirs.total)
    events = [
        rl.roll_event(state, resister, shown).model_copy(update={"check_type": "contest"}),
        rl.roll_event(state, target, mine).model_copy(update={"check_type": "contest"}),
    ]
    return ToolOutcome(result, list(events))


def fight_check_tool(args: a.AbilityCheckArgs, state: GameState) -> ToolOutcome:
    """request_ability_check in a fight: a contest when a creature opposes it, else the
    check asked."""
    if args.opposed_by is not None:
        return opposed_check_tool(args, state)
    return ct.ability_check_tool(args, state)

"""The tools of checks and dice: ``request_ability_check``, ``request_saving_throw``,
``request_group_check`` and ``roll_dice``. Every executor checks its ids and arguments first
and raises :class:`ToolError` before touching the world."""

from __future__ import annotations

from app.actions import args as a
from app.actions.beings import resolve_target, vitals_of, why_cannot_act
from app.actions.events import DiceRoll, SessionEvent
from app.actions.registry import ToolError, ToolOutcome
from app.actions.rolling import check_for, check_result, mode, record_check, roll_event
from app.actions.senses import sense_needed
from app.world.state import GameState
from rules.checks import CheckResult, group_check
from rules.damage import LifeState
from rules.dice import Advantage, DiceError, parse, roll


def ability_check_tool(args: a.AbilityCheckArgs, state: GameState) -> ToolOutcome:
    """request_ability_check (not of someone who cannot act: "Mira is unconscious")."""
    target = resolve_target(state, args.character_id)
    unable = why_cannot_act(state, target)
    if unable:
        raise ToolError(unable)
    check = check_for(
        state, target, args.dc, args.reason, mode(args.advantage),
        skill=args.skill, ability=args.ability, needs=args.sense or sense_needed(args.reason),
    )  # fmt: skip
    record_check(state, target, check)
    return ToolOutcome(check_result(state, target, check), [roll_event(state, target, check)])


def saving_throw_tool(args: a.SavingThrowArgs, state: GameState) -> ToolOutcome:
    """request_saving_throw (never of the dead: nothing is left to resist)."""
    target = resolve_target(state, args.character_id)
    if vitals_of(state, target).state is LifeState.DEAD:
        raise ToolError(f"{state.name_of(target)} is dead")
    check = check_for(
        state, target, args.dc, args.reason, mode(args.advantage), ability=args.ability, save=True
    )
    record_check(state, target, check)
    return ToolOutcome(check_result(state, target, check), [roll_event(state, target, check)])


def group_check_tool(args: a.GroupCheckArgs, state: GameState) -> ToolOutcome:
    """request_group_check."""
    ids = args.character_ids or [
        cid for cid, sheet in state.party.items() if sheet.vitals.conscious
    ]
    if not ids:
        raise ToolError("nobody in the party can make the check")
    targets = [resolve_target(state, cid) for cid in ids]
    unable = [why for t in targets if (why := why_cannot_act(state, t))]
    if unable:  # (the DM names one out cold: the rules say they do nothing)
        raise ToolError(unable[0])
    needs = sense_needed(args.reason)  # "listen for the patrol": the deafened fail it

    def one(t: str) -> CheckResult:
        return check_for(state, t, args.dc, args.reason, Advantage.NORMAL, skill=args.skill,
                         ability=args.ability, needs=needs)  # fmt: skip

    checks = [one(t) for t in targets]
    group = group_check(checks)
    events: list[SessionEvent] = [
        roll_event(state, t, c) for t, c in zip(targets, checks, strict=True)
    ]
    verdict = "succeeded" if group.success else "failed"
    state.record(
        "roll",
        f"group {checks[0].label} DC {args.dc}: {group.passed}/{len(checks)} passed, {verdict}",
        why=args.reason or None,
    )
    return ToolOutcome(
        {
            "success": group.success,
            "passed": group.passed,
            "of": len(checks),
            "results": [check_result(state, t, c) for t, c in zip(targets, checks, strict=True)],
        },
        events,
    )


def roll_dice_tool(args: a.RollDiceArgs, state: GameState) -> ToolOutcome:
    """roll_dice: several formulas with flavor in one call."""
    for spec in args.rolls:  # validate every formula before rolling any
        try:
            parse(spec.formula)
        except DiceError as error:
            raise ToolError(f"bad formula {spec.formula!r}: {error}") from None
    results, events = [], []
    for spec in args.rolls:
        result = roll(spec.formula, state.rng)
        results.append({"formula": spec.formula, "flavor": spec.flavor, "total": result.total,
                        "detail": result.plain()})  # fmt: skip
        events.append(DiceRoll.from_roll(result, check_type="roll", reason=spec.flavor))
        state.record(
            "roll", f"{spec.flavor or spec.formula}: {result.plain()}",
            formula=spec.formula, total=result.total, why=spec.flavor or None,
        )  # fmt: skip
    return ToolOutcome({"rolls": results}, list(events))

"""A monster's actions beyond its weapon attacks: breath weapons and other save-based
actions (one damage roll, each target saves, half on a success; one target unless the action
has an area), actions that
impose a condition (a giant spider's web), recharges, and the bonus actions its traits give
(Nimble Escape: Disengage or Hide; Aggressive: a dash toward a foe)."""

from __future__ import annotations

from typing import Any

from app.actions import args as a
from app.actions import beings as bg
from app.actions import encounter_view as ev
from app.actions import harm as hm
from app.actions import position_tools as pt
from app.actions import rolling as rl
from app.actions.combat_tools import add_effect, disengaged, hidden
from app.actions.events import DiceRoll, ReactionOffer, SessionEvent
from app.actions.hooks import action_threat
from app.actions.monster_rules import block_of, impose
from app.actions.rebuke import damage_window, rebuke_after, rebuke_told
from app.actions.registry import ToolError, ToolOutcome
from app.actions.striking import refusal, setup_attack, strike
from app.world.state import GameState
from rules.attacks import damage_roll
from rules.conditions import Condition, can_act
from rules.damage import LifeState
from rules.dice import Advantage
from rules.economy import ActionKind
from rules.outcomes import Impossible
from rules.skills import Skill
from rules.srd import Monster, MonsterAction

TRAIT_MOVES = ("nimble_disengage", "nimble_hide", "aggressive")
"""Bonus actions granted by traits, by the name the tool takes."""


def monster_action_tool(args: a.MonsterActionArgs, state: GameState) -> ToolOutcome:
    """monster_action: a stat-block action that is not a plain weapon attack, or a trait's
    bonus action."""
    actor = bg.resolve_here(state, args.creature_id)
    block = block_of(state, actor)
    name = state.name_of(actor)
    if block is None:
        raise ToolError(f"{name} has no stat block")
    encounter = state.encounter
    if encounter is None:
        raise ToolError("monster actions are for combat")
    if encounter.current.id != actor:
        raise ToolError(f"it is {encounter.current.name}'s turn, not {name}'s")
    if bg.vitals_of(state, actor).hp == 0 or not can_act(bg.conditions_of(state, actor)):
        raise ToolError(f"{name} cannot act")
    why = bg.why_cannot_act(state, actor)
    if why:
        raise ToolError(why)
    targets = [bg.resolve_here(state, t) for t in args.target_ids]
    if args.action in TRAIT_MOVES:
        return _trait_move(state, actor, block, args.action, targets)
    try:
        action = block.action(args.action)
    except KeyError as error:
        moves = [m for m in TRAIT_MOVES if _trait_for(block, m)]
        raise ToolError(f"{error.args[0]}; trait moves: {', '.join(moves) or 'none'}") from None
    if action.is_attack and action.damage:
        raise ToolError(f"{action.name} is a weapon attack: use attack with weapon={action.id!r}")
    if action.kind == "other":
        raise ToolError(f"{action.name} is described, not played by the engine: {action.text}")
    if state.creatures[actor].resources.get(action.id):
        raise ToolError(f"{action.name} has not recharged yet")
    if not targets:
        raise ToolError(f"{action.name} needs target_ids")
    if action.is_attack and len(targets) > 1:
        raise ToolError(f"{action.name} strikes one target")
    if not action.area and len(targets) > 1:
        raise ToolError(f"{action.name} affects one target (it has no area)")
    for target in targets:
        if bg.vitals_of(state, target).state is LifeState.DEAD:
            raise ToolError(f"{state.name_of(target)} is already dead")
    if action.is_attack:
        refused = refusal(state, actor, targets[0])
        if refused:
            raise ToolError(refused)
    _spend(state, actor, ActionKind(action.cost))
    if action.recharge:
        state.creatures[actor].resources[action.id] = 1
    if action.is_attack:
        events, result = _attack(state, actor, targets[0], action)
    else:
        events, result = _area(state, actor, targets, action)
    events.append(ev.combat_update(state))
    return ToolOutcome(result, events)


def _spend(state: GameState, actor: str, kind: ActionKind) -> None:
    spent = bg.economy_of(state, actor).spend(kind)
    if isinstance(spent, Impossible):
        raise ToolError(f"{state.name_of(actor)} has {spent.reason}")


def _attack(
    state: GameState, actor: str, target: str, action: MonsterAction
) -> tuple[list[SessionEvent], dict[str, Any]]:
    """An attack that deals no damage of its own but holds the target (a web)."""
    assert action.to_hit is not None
    setup = setup_attack(
        state, actor, target, name=action.name, kind="monster",
        ranged=action.kind == "ranged", bonus=action.to_hit, weapon=action.id,
    )  # fmt: skip
    events, result, _hit = strike(setup, [])
    return events, {"creature_id": actor, "action": action.id, "target": target, **result}


def _area(
    state: GameState, actor: str, targets: list[str], action: MonsterAction
) -> tuple[list[SessionEvent], dict[str, Any]]:
    """SRD: damage for an area is rolled once; each creature in it saves, taking the whole
    on a failure (and half, or none, on a success), and the condition on a failure."""
    assert action.save_ability is not None and action.save_dc is not None
    events: list[SessionEvent] = []
    total = 0
    if action.save_damage and action.save_damage_type:
        rolled = damage_roll(state.rng, action.save_damage)
        total = max(0, rolled.total)
        events.append(
            DiceRoll.from_roll(
                rolled, check_type="damage", reason=f"{action.name} damage",
                character_id=actor, character_name=state.name_of(actor),
            )
        )  # fmt: skip
    outcomes = []
    saves: dict[str, bool] = {}
    for target in targets:
        if bg.vitals_of(state, target).state is LifeState.DEAD:
            continue  # felled by an earlier part of the same blast
        check = rl.check_for(
            state, target, action.save_dc, action.name, Advantage.NORMAL,
            ability=action.save_ability, save=True, source=actor, threat=action_threat(action),
        )  # fmt: skip
        events.append(rl.roll_event(state, target, check))
        saves[target] = check.success
    landing = {t: total if not ok else (total // 2 if action.save_half else 0)
               for t, ok in saves.items()}  # fmt: skip
    rebukes: list[ReactionOffer] = []
    if action.save_damage_type and state.encounter is not None:
        window, rebukes = damage_window(
            state, actor, landing, action.save_damage_type,
            f"{state.name_of(actor)}'s {action.name}",
        )  # fmt: skip
        events += window
    dealt_to: dict[str, int] = {}
    for target, success in saves.items():
        dealt = 0
        if landing[target] and action.save_damage_type:
            more, outcome = hm.deal_damage(
                state, target, landing[target], action.save_damage_type, source=actor
            )
            events += more
            dealt = dealt_to[target] = outcome.damage.amount
        outcome_of: dict[str, Any] = {"target": target, "saved": success, "damage": dealt}
        if dealt and bg.vitals_of(state, target).hp <= 0:  # told with the blast that felled it
            outcome_of["down"] = bg.vitals_of(state, target).state.value
        if action.condition and not success and bg.vitals_of(state, target).hp > 0:
            took = held_by(state, target, action.condition)
            events += impose(state, target, action.condition, source=actor, action=action)
            if held_by(state, target, action.condition) and not took:
                outcome_of["condition"] = action.condition.value
        if action.save_damage is None:
            outcome_of["harmless"] = True  # a save against a condition alone: no damage to tell
        outcomes.append(outcome_of)
    answered: list[dict[str, object]] = []
    for offer in rebukes:  # after the damage: a rebuke answers being hurt
        got = dealt_to.get(offer.reactor_id, 0)
        rebuked = rebuke_after(state, offer, offer.reactor_id, actor, got)
        if rebuked:  # told with the action it answers, as a blow's is
            answered.append(rebuke_told(state, offer.reactor_id, actor, rebuked))
        events += rebuked
    state.record("encounter", f"{state.name_of(actor)} uses {action.name}")
    return events, {"creature_id": actor, "action": action.id, "dc": action.save_dc,
                    "targets": outcomes, "rebukes": answered}  # fmt: skip


def held_by(state: GameState, target: str, condition: Condition) -> bool:
    """Whether ``target`` has the condition now."""
    return any(c.condition is condition for c in bg.conditions_of(state, target))


def _trait_for(block: Monster, move: str) -> bool:
    wanted = "aggressive" if move == "aggressive" else "nimble_escape"
    return any(t.id == wanted for t in block.traits)


def _trait_move(
    state: GameState, actor: str, block: Monster, move: str, targets: list[str]
) -> ToolOutcome:
    """Nimble Escape (Disengage or Hide as a bonus action) and Aggressive (a bonus-action
    move toward a foe it can see)."""
    name = state.name_of(actor)
    encounter = state.encounter
    assert encounter is not None
    if not _trait_for(block, move):
        raise ToolError(f"{name} has no trait that allows {move.replace('_', ' ')}")
    if move == "aggressive" and not targets:
        raise ToolError("aggressive needs the foe it rushes at in target_ids")
    watching = pt.watching_foes(state, actor) if move == "nimble_hide" else []
    if watching:
        raise ToolError(
            f"{name} cannot hide in the thick of melee: {state.name_of(watching[0])} is right "
            f"there and sees it (disengage and move away first)"
        )
    _spend(state, actor, ActionKind.BONUS_ACTION)
    result: dict[str, Any] = {"creature_id": actor, "action": move}
    events: list[SessionEvent] = []
    if move == "nimble_disengage":
        add_effect(state, actor, disengaged(actor))
        state.record("encounter", f"{name} slips away (Nimble Escape: Disengage)")
    elif move == "nimble_hide":
        dc = max((_passive(state, c.id) for c in encounter.order if _opposed(state, actor, c.id)),
                 default=10)  # fmt: skip
        check = rl.check_for(state, actor, dc, "hide", Advantage.NORMAL, skill=Skill.STEALTH)
        events.append(rl.roll_event(state, actor, check))
        if check.success:
            add_effect(state, actor, hidden(actor))
        state.record("encounter", f"{name} tries to hide (Nimble Escape)")
        result.update(hidden=check.success, dc=dc)
    else:
        economy = bg.economy_of(state, actor)
        economy.movement += economy.speed
        foe = state.name_of(targets[0])
        state.record("encounter", f"{name} rushes at {foe} (Aggressive)")
        result.update(toward=targets[0], movement=economy.movement)
    return ToolOutcome(result, events)


def _opposed(state: GameState, actor: str, other: str) -> bool:
    return (other in state.party) != (actor in state.party) and bg.vitals_of(state, other).hp > 0


def _passive(state: GameState, cid: str) -> int:
    if cid in state.party:
        return state.party[cid].passive(Skill.PERCEPTION)
    block = block_of(state, cid)
    return block.passive_perception if block else 10


def special_moves(state: GameState, cid: str) -> str:
    """What a creature can do beyond its weapon attacks, for the DM's roster: its
    ``monster_action`` moves (marked while recharging) and its ``cast_spell`` spells."""
    block = block_of(state, cid)
    if block is None:
        return ""
    creature = state.creatures[cid]
    moves = [
        a.id + (" (recharging)" if creature.resources.get(a.id) else "")
        for a in block.actions
        if a.kind == "save" or (a.is_attack and not a.damage)
    ]
    moves += [m for m in TRAIT_MOVES if _trait_for(block, m)]
    parts = [f"monster_action: {', '.join(moves)}"] if moves else []
    if block.spellcasting is not None:
        parts.append(f"cast_spell: {', '.join(block.spellcasting.spells)}")
    return "; ".join(parts)

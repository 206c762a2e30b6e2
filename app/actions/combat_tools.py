"""Attacks: to-hit against armour class with advantage from the rules' conditions, critical
hits doubling the dice, damage through resistances onto hit points. Characters attack with
their weapons, monsters with their stat-block actions (``multiattack`` uses them all)."""

from __future__ import annotations

from typing import Any

from app.actions import args as a
from app.actions import beings as bg
from app.actions import encounter_view as ev
from app.actions import escaping
from app.actions import position_tools as pt
from app.actions import rolling as rl
from app.actions import swings as sw
from app.actions.adjudication import reacting
from app.actions.beast_form import is_shaped
from app.actions.care_tools import dying_check, stabilize_action
from app.actions.combat_options import (
    CONTESTS,
    after_swing,
    contest_action,
)
from app.actions.conduct import SLEEP, wake
from app.actions.events import SessionEvent
from app.actions.hooks import Reach
from app.actions.moonbeam import move_beam
from app.actions.readied import ready
from app.actions.registry import ToolError, ToolOutcome
from app.actions.striking import out_of_reach, refusal
from app.world.companions import side_of
from app.world.state import GameState
from app.world.wording import the
from rules import positions as p
from rules.abilities import Ability
from rules.conditions import ActiveCondition
from rules.damage import LifeState
from rules.dice import Advantage
from rules.economy import ActionKind
from rules.effects import Effect, with_effect
from rules.outcomes import Impossible
from rules.skills import Skill
from rules.srd import srd


def take_action_tool(args: a.TakeActionArgs, state: GameState) -> ToolOutcome:
    """take_action: dodge, dash, disengage, help, hide or ready (grapple and shove: see
    :mod:`app.actions.combat_options`; ready: :mod:`app.actions.readied`)."""
    encounter = state.encounter
    if args.action == "stabilize":
        return _stabilize(args, state)
    if encounter is None:
        raise ToolError("these actions are for combat")
    actor = bg.resolve_target(state, args.creature_id)
    if reacting(state, actor) and args.action in CONTESTS:
        return contest_action(args, state)  # a shove or a grab as a declared reaction
    if encounter.current.id != actor:
        raise ToolError(f"it is {encounter.current.name}'s turn, not {state.name_of(actor)}'s")
    if args.action in CONTESTS:
        return contest_action(args, state)
    unable = bg.why_cannot_act(state, actor)
    if unable:
        raise ToolError(unable)
    if args.action == "ready":
        return ready(args, state, actor)
    if args.action == "move_beam":  # Moonbeam's beam, onto target_id
        return move_beam(state, actor, args.target_id)
    if args.action == "help":
        if args.target_id is None:
            raise ToolError("help needs the ally's target_id")
        ally = bg.resolve_target(state, args.target_id)
        if ally == actor:
            raise ToolError("a creature cannot help itself")
        if not _asleep(state, ally) and not _within_5ft_of_a_foe(state, actor):
            raise ToolError(
                f"{state.name_of(actor)} can help an ally's attack only on a foe within 5 "
                f"feet of {state.name_of(actor)}: move next to one first"
            )
    watching = pt.watching_foes(state, actor) if args.action == "hide" else []
    if watching:
        who = state.name_of(actor)
        raise ToolError(
            f"{who} cannot hide in the thick of melee: {state.name_of(watching[0])} is right "
            f"there and sees {who} (move away or take cover first)"
        )
    economy = bg.economy_of(state, actor)
    name = state.name_of(actor)
    events: list[SessionEvent] = []
    if args.action in ("withdraw", "flee"):  # movement, not an action; it may provoke
        way = escaping.check_way(state, actor, args.scene_id) if args.scene_id else None
        events = sw.withdraw(state, actor)
        pt.leave_fight(state, actor)
        alive = bg.vitals_of(state, actor).state is not LifeState.DEAD
        if args.action == "flee" and actor in state.creatures and alive:
            state.creatures[actor].left = "fled"
            state.creatures[actor].hostile = False
        verb = "flees the fight" if args.action == "flee" else "withdraws"
        state.record("encounter", f"{name} {verb}" + (f" for {the(way)}" if way else ""))
        ran: dict[str, Any] = {"creature_id": actor, "action": args.action}
        if args.scene_id and way is not None:
            gone, more = escaping.escape(state, actor, args.scene_id, way)
            ran.update(gone)
            events += more
        return ToolOutcome(ran, events)
    if args.scene_id:
        raise ToolError("scene_id is for flee and withdraw: the way out run for")
    if args.action == "surrender":
        if actor not in state.creatures:
            raise ToolError("only foes surrender here")
        state.creatures[actor].left = "surrendered"
        pt.leave_fight(state, actor)
        state.creatures[actor].hostile = False
        state.record("encounter", f"{name} surrenders")
        return ToolOutcome({"creature_id": actor, "action": "surrender"}, events)
    if args.action == "dash":
        spent = economy.dash()
    elif args.action in LIMITED:  # Haste's additional action may be spent on it
        spent = economy.spend_limited()
    else:
        spent = economy.spend(ActionKind.ACTION)
    if isinstance(spent, Impossible):
        raise ToolError(f"{name} has {spent.reason}")
    result: dict[str, Any] = {"creature_id": actor, "action": args.action}
    if args.action in ("dodge", "disengage"):
        add_effect(state, actor, ACTION_EFFECTS[args.action](actor))
    elif args.action == "dash":
        result["movement"] = economy.movement
    elif args.action == "help" and args.target_id:
        woken = wake(state, args.target_id, f"shaken awake by {name}")
        events += woken
        if woken:  # shaking a sleeper awake is the help it gets
            result["woke"] = args.target_id
        else:
            add_effect(state, args.target_id, helped_by(actor))
            result["helped"] = args.target_id
    elif args.action == "hide":
        foes = [
            c.id for c in encounter.order
            if side_of(state, c.id) != side_of(state, actor)
            and bg.vitals_of(state, c.id).state is not LifeState.DEAD
        ]  # fmt: skip
        dc = max((_passive_perception(state, f) for f in foes), default=10)
        check = rl.check_for(state, actor, dc, "hide", Advantage.NORMAL, skill=Skill.STEALTH)
        events.append(rl.roll_event(state, actor, check))
        if check.success:
            add_effect(state, actor, hidden(actor))
        result.update(hidden=check.success, dc=dc)
    state.record("encounter", f"{name} takes the {args.action} action")
    return ToolOutcome(result, events)


def _asleep(state: GameState, cid: str) -> bool:
    """In magical sleep: a Help shakes it awake, from wherever the helper can reach it."""
    return any(c.note == SLEEP for c in bg.conditions_of(state, cid))


def _within_5ft_of_a_foe(state: GameState, cid: str) -> bool:
    """SRD: Help aids an attack on a creature within 5 feet of the helper."""
    where = pt.spots(state)
    return any(p.distance(where, cid, f) <= p.MELEE_FT for f in pt.engaged_foes(state, cid))


def _stabilize(args: a.TakeActionArgs, state: GameState) -> ToolOutcome:
    """Tend a dying creature: an action in a fight, any time out of one."""
    actor = bg.resolve_target(state, args.creature_id)
    if args.target_id is None:
        raise ToolError("stabilize needs the dying creature's target_id")
    target = bg.resolve_target(state, args.target_id)
    encounter = state.encounter
    if encounter is not None and encounter.current.id != actor:
        raise ToolError(f"it is {encounter.current.name}'s turn, not {state.name_of(actor)}'s")
    unable = bg.why_cannot_act(state, actor)
    if unable:
        raise ToolError(unable)
    dying_check(state, target)
    if encounter is not None:
        beside = out_of_reach(state, actor, target, Reach("tending the wounded", melee=True))
        if beside:  # hands on the wound: move next to them first
            raise ToolError(beside)
        spent = bg.economy_of(state, actor).spend(ActionKind.ACTION)
        if isinstance(spent, Impossible):
            raise ToolError(f"{state.name_of(actor)} has {spent.reason}")
    events, result = stabilize_action(state, actor, target)
    if encounter is not None:
        events.append(ev.combat_update(state))
    return ToolOutcome({"creature_id": actor, "action": "stabilize", "target": target, **result},
                       events)  # fmt: skip


def dodging(cid: str) -> Effect:
    """The Dodge action: attacks against it have disadvantage, and it makes Dexterity saves
    with advantage, until the start of its next turn."""
    return Effect(
        id="dodge", name="Dodging", source=cid, attacks_against="disadvantage",
        save_advantage=frozenset({Ability.DEX}), ends="start_of_own_turn", rounds=1,
    )  # fmt: skip


def disengaged(cid: str) -> Effect:
    """The Disengage action: its movement provokes no opportunity attacks this turn."""
    return Effect(id="disengaged", name="Disengaged", source=cid, ends="end_of_own_turn", rounds=1)


def helped_by(helper: str) -> Effect:
    """The Help action: advantage on the ally's next attack roll against a creature within
    5 feet of the helper, if it comes before the start of the helper's next turn."""
    return Effect(id="help", name="Helped", source=helper, own_attacks="advantage",
                  consumed_by="own_attack", ends="start_of_source_turn", rounds=1,
                  near_source=True)  # fmt: skip


def hidden(cid: str) -> Effect:
    """A successful Hide: unseen, so its next attack roll has advantage (and gives it
    away), and attacks against it have disadvantage while it stays hidden (SRD)."""
    return Effect(id="hidden", name="Hidden", source=cid, own_attacks="advantage",
                  attacks_against="disadvantage", consumed_by="own_attack",
                  rounds=None)  # fmt: skip


ACTION_EFFECTS = {"dodge": dodging, "disengage": disengaged}
"""The effect each of these combat actions leaves on the one who takes it."""
LIMITED = frozenset({"disengage", "hide"})
"""Deeds (besides Dash and one weapon attack) Haste's additional action may be spent on."""


def add_effect(state: GameState, cid: str, effect: Effect) -> None:
    """Put an effect on a creature, replacing one of the same id from the same source."""
    effects = bg.effects_of(state, cid)
    effects[:] = with_effect(effects, effect)


def _passive_perception(state: GameState, cid: str) -> int:
    if cid in state.party:
        return state.party[cid].passive(Skill.PERCEPTION)
    creature = state.creatures[cid]
    return state.monster(creature.monster).passive_perception if creature.monster else 10


def _conditions(state: GameState, cid: str) -> list[ActiveCondition]:
    if cid in state.party:
        return state.party[cid].conditions
    return state.creatures[cid].conditions


def attack_tool(args: a.AttackArgs, state: GameState) -> ToolOutcome:
    """attack."""
    attacker = bg.resolve_here(state, args.attacker_id)
    target = bg.resolve_here(state, args.target_id)
    in_reaction = reacting(state, attacker)
    if state.encounter is not None and state.encounter.current.id != attacker and not in_reaction:
        raise ToolError(
            f"it is {state.encounter.current.name}'s turn, not {state.name_of(attacker)}'s"
        )
    if attacker == target:
        raise ToolError("a creature cannot attack itself")
    unable = bg.why_cannot_act(state, attacker)
    if unable:
        raise ToolError(unable)
    if bg.vitals_of(state, target).state is LifeState.DEAD:
        raise ToolError(f"{state.name_of(target)} is already dead")
    refused = refusal(state, attacker, target)
    if refused:
        raise ToolError(refused)
    swings = sw.swings_of(state, attacker, args.weapon, args.mode)
    first = swings[0]
    reach = (
        Reach(first.name, melee=True, approach=True)
        if first.unarmed
        else pt.weapon_reach(state, attacker, first.name, first.weapon, ranged=first.ranged)
    )
    refused = out_of_reach(state, attacker, target, reach)
    if refused:
        raise ToolError(refused)
    if args.knock_out and first.ranged:
        raise ToolError("only a melee blow can knock a creature out")
    if in_reaction:
        swings = swings[:1]  # a reaction is one attack, with its reaction (spent already)
    elif state.encounter is not None:
        economy = bg.economy_of(state, attacker)
        if args.mode == "off_hand":
            spent = economy.spend(ActionKind.BONUS_ACTION)
        elif attacker in state.party:
            loading = _loading(first.weapon)
            continuing = economy.extra_attacks > 0  # a further attack of the same action
            if (
                loading
                and continuing
                and any(e.id == LOADED for e in bg.effects_of(state, attacker))
            ):
                raise ToolError(
                    f"{state.name_of(attacker)} already fired a loading weapon with this "
                    "action: it fires once per action, so the further attacks need another "
                    "weapon"
                )
            spent = economy.attack(state.party[attacker].attacks_per_action)
            if not isinstance(spent, Impossible):
                _mark_loaded(state, attacker, loading=loading, continuing=continuing)
        else:
            spent = economy.spend(ActionKind.ACTION)  # one action, even for a multiattack
        if isinstance(spent, Impossible):
            raise ToolError(f"{state.name_of(attacker)} has {spent.reason}")
    events: list[SessionEvent] = []
    results: list[dict[str, Any]] = []
    for swing in swings:
        if bg.vitals_of(state, target).state is LifeState.DEAD:
            break  # the rest of a multiattack has nothing left to hit
        more, result = sw.swing_at(state, attacker, target, swing, knock_out=args.knock_out)
        events += more
        if swing.weapon is not None and not is_shaped(state, attacker):
            notes = after_swing(state, attacker, swing.weapon, args.mode)
            if notes:
                result["notes"] = [*result.get("notes", []), *notes]
        results.append(result)
    if state.encounter is not None:
        events.append(ev.combat_update(state))
    landed = sum(1 for r in results if r.get("outcome") in ("hit", "critical_hit"))
    # ("landed" is kept in the ledger's line of the blow: "the rat biting Aria" is the one
    # whose teeth found her, not one that snapped at her and missed)
    return ToolOutcome(
        {"attacker": attacker, "target": target, "landed": landed, "attacks": results}, events
    )


LOADED = "loaded_shot"
"""The record a fired Loading weapon leaves for the rest of the Attack action."""


def _loading(weapon: str | None) -> bool:
    """A weapon with the Loading property (crossbows, the blowgun)."""
    if weapon is None or weapon not in srd().weapons:
        return False
    return "loading" in srd().weapons.get(weapon).properties


def _mark_loaded(state: GameState, cid: str, *, loading: bool, continuing: bool) -> None:
    """SRD: a Loading weapon fires one piece of ammunition per action, however many attacks
    the action allows. A new action clears the record; firing one leaves it (a record, not
    shown, gone at the end of the turn)."""
    effects = bg.effects_of(state, cid)
    if not continuing:
        effects[:] = [e for e in effects if e.id != LOADED]
    if loading:
        add_effect(state, cid, Effect(id=LOADED, name="Fired a loading weapon", source=cid,
                                      ends="end_of_own_turn", rounds=1))  # fmt: skip

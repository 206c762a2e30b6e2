"""Attacks: to-hit against armour class with advantage from the rules' conditions, critical
hits doubling the dice, damage through resistances onto hit points. Characters attack with
their weapons, monsters with their stat-block actions (``multiattack`` uses them all)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.dm.tools import args as a
from app.dm.tools import executors as x
from app.dm.tools.reactions import has_reaction, melee_reach, open_window, shield_slot
from app.dm.tools.registry import ToolError, ToolOutcome
from app.session.events import DiceRoll, ReactionOffer, ReactionWindow, SessionEvent
from app.world.state import GameState
from rules.attacks import attack_roll, damage_roll
from rules.conditions import ActiveCondition, attack_context, can_act
from rules.damage import DamageType, LifeState
from rules.dice import Advantage
from rules.economy import ActionKind
from rules.outcomes import Impossible
from rules.skills import Skill
from rules.srd import srd


@dataclass(frozen=True)
class _Swing:
    name: str
    bonus: int
    damage: str
    damage_type: DamageType
    ranged: bool
    extra: tuple[str, DamageType] | None = None


def _swings(state: GameState, attacker: str, weapon: str | None) -> list[_Swing]:
    if attacker in state.party:
        sheet = state.party[attacker]
        weapons = [w for w in sheet.weapons if srd().weapons.get(w).damage]
        if not weapons:
            raise ToolError(f"{sheet.name} carries no weapon")
        chosen = weapon or weapons[0]
        if chosen not in sheet.weapons:
            raise ToolError(f"{sheet.name} has no {chosen!r}; weapons: {', '.join(sheet.weapons)}")
        attack = sheet.weapon_attack(chosen)
        kind = srd().weapons.get(chosen).kind
        return [_Swing(attack.name, attack.attack_bonus, attack.damage, attack.damage_type,
                       kind == "ranged")]  # fmt: skip
    creature = state.creatures[attacker]
    if creature.monster is None:
        raise ToolError(f"{creature.name} has no stat block to attack with")
    block = state.monster(creature.monster)
    attacks = [act for act in block.actions if act.is_attack and act.damage]
    if not attacks:
        raise ToolError(f"{creature.name} has no attacks")
    ids = list(block.multiattack) if weapon in (None, "multiattack") and block.multiattack else []
    if not ids:
        chosen_id = weapon or attacks[0].id
        if chosen_id not in {act.id for act in attacks}:
            raise ToolError(f"{creature.name} has no attack {chosen_id!r}")
        ids = [chosen_id]
    swings = []
    for action_id in ids:
        act = block.action(action_id)
        if act.to_hit is None or act.damage is None or act.damage_type is None:
            continue
        extra = (
            (act.extra_damage, act.extra_damage_type)
            if act.extra_damage and act.extra_damage_type
            else None
        )
        swings.append(
            _Swing(act.name, act.to_hit, act.damage, act.damage_type, act.kind == "ranged", extra)
        )
    return swings


def _react_to_hit(
    state: GameState, attacker: str, target: str, total: int, natural: int, ac: int
) -> tuple[ReactionWindow | None, bool, bool]:
    """The reaction window of a hit: Shield (+5 AC, maybe a miss) and Uncanny Dodge (half
    damage). Returns the window (if anyone could react), whether damage is halved, and
    whether Shield went up against this very attack."""
    encounter = state.encounter
    assert encounter is not None
    name, foe = state.name_of(target), state.name_of(attacker)
    offers: list[tuple[ReactionOffer, bool]] = []
    if (
        has_reaction(state, target)
        and shield_slot(state, target)
        and target not in encounter.shielded
    ):
        helps = natural != 20 and total < ac + 5
        prompt = f"{name}, {foe} hits you — {total} against AC {ac}. Cast Shield?"
        offers.append(
            (
                ReactionOffer(reactor_id=target, reactor_name=name, kind="shield", prompt=prompt),
                helps,
            )
        )
    sheet = state.party.get(target)
    if sheet is not None and "uncanny_dodge" in sheet.features and has_reaction(state, target):
        prompt = f"{name}, {foe} hits you. Use Uncanny Dodge to halve the damage?"
        offers.append(
            (
                ReactionOffer(
                    reactor_id=target, reactor_name=name, kind="uncanny_dodge", prompt=prompt
                ),
                True,
            )
        )
    if not offers:
        return None, False, False
    window, accepted = open_window(state, f"{foe} hits {name}", offers)
    halve = shield = False
    for offer in accepted:
        if offer.kind == "shield":
            slot = shield_slot(state, target)
            assert slot is not None and sheet is not None
            sheet.spell_slots.spend(slot)
            encounter.shielded.append(target)
            shield = True
            state.record("condition", f"{name} casts Shield (+5 AC until their next turn)")
        elif offer.kind == "uncanny_dodge":
            halve = True
    return window, halve, shield


def _withdraw(state: GameState, actor: str) -> list[SessionEvent]:
    """Leaving reach provokes an opportunity attack from every foe that can and will."""
    encounter = state.encounter
    assert encounter is not None
    if actor in encounter.disengaged:
        return []
    name = state.name_of(actor)
    offers = []
    for c in encounter.order:
        hostile = (c.id in state.party) != (actor in state.party)
        if hostile and has_reaction(state, c.id) and melee_reach(state, c.id):
            prompt = f"{c.name}, {name} is leaving your reach. Make an opportunity attack?"
            offers.append(
                (
                    ReactionOffer(
                        reactor_id=c.id,
                        reactor_name=c.name,
                        kind="opportunity_attack",
                        prompt=prompt,
                    ),
                    True,
                )
            )
    if not offers:
        return []
    window, accepted = open_window(state, f"{name} leaves reach", offers)
    events: list[SessionEvent] = [window]
    for offer in accepted:
        if x.vitals_of(state, actor).state is LifeState.DEAD:
            break
        melee = [s for s in _swings(state, offer.reactor_id, None) if not s.ranged]
        if melee:
            more, _ = _swing(state, offer.reactor_id, actor, melee[0])
            events += more
    return events


def _spend_edges(state: GameState, attacker: str) -> list[str]:
    """Help and a successful Hide give advantage on the next attack roll, used up here."""
    encounter = state.encounter
    found: list[str] = []
    if encounter is None:
        return found
    for marker, why in ((encounter.helped, "helped by an ally"), (encounter.hidden, "hidden")):
        if attacker in marker:
            marker.remove(attacker)
            found.append(why)
    return found


def _dodging(state: GameState, target: str) -> list[str]:
    encounter = state.encounter
    return ["target dodging"] if encounter is not None and target in encounter.dodging else []


def take_action_tool(args: a.TakeActionArgs, state: GameState) -> ToolOutcome:
    """take_action: dodge, dash, disengage, help or hide."""
    encounter = state.encounter
    if encounter is None:
        raise ToolError("these actions are for combat")
    actor = x.resolve_target(state, args.creature_id)
    if encounter.current.id != actor:
        raise ToolError(f"it is {encounter.current.name}'s turn, not {state.name_of(actor)}'s")
    if args.action == "help":
        if args.target_id is None:
            raise ToolError("help needs the ally's target_id")
        ally = x.resolve_target(state, args.target_id)
        if ally == actor:
            raise ToolError("a creature cannot help itself")
    economy = x.economy_of(state, actor)
    name = state.name_of(actor)
    events: list[SessionEvent] = []
    if args.action in ("withdraw", "flee"):  # movement, not an action; it may provoke
        events = _withdraw(state, actor)
        alive = x.vitals_of(state, actor).state is not LifeState.DEAD
        if args.action == "flee" and actor in state.creatures and alive:
            state.creatures[actor].left = "fled"
            state.creatures[actor].hostile = False
        verb = "flees the fight" if args.action == "flee" else "withdraws"
        state.record("encounter", f"{name} {verb}")
        return ToolOutcome({"creature_id": actor, "action": args.action}, events)
    if args.action == "surrender":
        if actor not in state.creatures:
            raise ToolError("only foes surrender here")
        state.creatures[actor].left = "surrendered"
        state.creatures[actor].hostile = False
        state.record("encounter", f"{name} surrenders")
        return ToolOutcome({"creature_id": actor, "action": "surrender"}, events)
    spent = economy.dash() if args.action == "dash" else economy.spend(ActionKind.ACTION)
    if isinstance(spent, Impossible):
        raise ToolError(f"{name} has {spent.reason}")
    result: dict[str, Any] = {"creature_id": actor, "action": args.action}
    if args.action == "dodge":
        encounter.dodging.append(actor)
    elif args.action == "disengage":
        encounter.disengaged.append(actor)
    elif args.action == "dash":
        result["movement"] = economy.movement
    elif args.action == "help" and args.target_id:
        encounter.helped.append(args.target_id)
        result["helped"] = args.target_id
    elif args.action == "hide":
        foes = [
            c.id for c in encounter.order
            if (c.id in state.party) != (actor in state.party)
            and x.vitals_of(state, c.id).state is not LifeState.DEAD
        ]  # fmt: skip
        dc = max((_passive_perception(state, f) for f in foes), default=10)
        check = x.check_for(state, actor, dc, "hide", Advantage.NORMAL, skill=Skill.STEALTH)
        events.append(x.roll_event(state, actor, check))
        if check.success:
            encounter.hidden.append(actor)
        result.update(hidden=check.success, dc=dc)
    state.record("encounter", f"{name} takes the {args.action} action")
    return ToolOutcome(result, events)


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
    attacker = x.resolve_target(state, args.attacker_id)
    target = x.resolve_target(state, args.target_id)
    if state.encounter is not None and state.encounter.current.id != attacker:
        raise ToolError(
            f"it is {state.encounter.current.name}'s turn, not {state.name_of(attacker)}'s"
        )
    if attacker == target:
        raise ToolError("a creature cannot attack itself")
    if not can_act(_conditions(state, attacker)) or x.vitals_of(state, attacker).hp == 0:
        raise ToolError(f"{state.name_of(attacker)} cannot act")
    if x.vitals_of(state, target).state is LifeState.DEAD:
        raise ToolError(f"{state.name_of(target)} is already dead")
    swings = _swings(state, attacker, args.weapon)
    if state.encounter is not None:
        economy = x.economy_of(state, attacker)
        if attacker in state.party:
            spent = economy.attack(state.party[attacker].attacks_per_action)
        else:
            spent = economy.spend(ActionKind.ACTION)  # one action, even for a multiattack
        if isinstance(spent, Impossible):
            raise ToolError(f"{state.name_of(attacker)} has {spent.reason}")
    events: list[SessionEvent] = []
    results: list[dict[str, Any]] = []
    for swing in swings:
        if x.vitals_of(state, target).state is LifeState.DEAD:
            break  # the rest of a multiattack has nothing left to hit
        more, result = _swing(state, attacker, target, swing)
        events += more
        results.append(result)
    if state.encounter is not None:
        events.append(x.combat_update(state))
    return ToolOutcome({"attacker": attacker, "target": target, "attacks": results}, events)


def _swing(
    state: GameState, attacker: str, target: str, swing: _Swing
) -> tuple[list[SessionEvent], dict[str, Any]]:
    """One attack roll and, on a hit, its damage."""
    ac = state.party[target].armor_class if target in state.party else state.creatures[target].ac
    if state.encounter is not None and target in state.encounter.shielded:
        ac += 5
    context = attack_context(
        _conditions(state, attacker),
        _conditions(state, target),
        within_5ft=not swing.ranged,
        ranged=swing.ranged,
        advantage_from=_spend_edges(state, attacker),
        disadvantage_from=_dodging(state, target),
    )
    hit = attack_roll(state.rng, swing.bonus, ac, context=context)
    who = state.name_of(attacker)
    events: list[SessionEvent] = [
        DiceRoll.from_roll(
            hit.roll,
            check_type="attack_roll",
            reason=f"{swing.name} vs {state.name_of(target)}",
            character_id=attacker,
            character_name=who,
            dc=ac,
            success=hit.hit,
        )
    ]
    result: dict[str, Any] = {
        "attack": swing.name,
        "total": hit.total,
        "ac": ac,
        "outcome": hit.outcome.value,
    }
    halve = False
    if hit.hit and state.encounter is not None:
        window, halve, shield = _react_to_hit(state, attacker, target, hit.total, hit.natural, ac)
        if window is not None:
            events.append(window)
            if shield and not hit.critical and hit.total < ac + 5:
                result.update(outcome="miss", note="Shield")
                state.record("encounter", f"{state.name_of(target)}'s Shield turns the blow")
                return events, result
    if not hit.hit:
        return events, result
    dealt = 0
    for formula, kind in [
        (swing.damage, swing.damage_type),
        *([swing.extra] if swing.extra else []),
    ]:
        rolled = damage_roll(state.rng, formula, critical=hit.critical)
        events.append(
            DiceRoll.from_roll(
                rolled,
                check_type="damage",
                reason=f"{swing.name} damage",
                character_id=attacker,
                character_name=who,
            )
        )
        amount = max(0, rolled.total) // (2 if halve else 1)
        more, outcome = x.deal_damage(state, target, amount, kind, critical=hit.critical)
        events += more
        dealt += outcome.damage.amount
    vitals = x.vitals_of(state, target)
    result.update(damage=dealt, target_hp=vitals.hp, target_state=vitals.state.value)
    return events, result

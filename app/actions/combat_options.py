"""Combat options anyone may take: grapple and shove (contests of Athletics against
Athletics or Acrobatics), escaping a grapple, throwing a weapon, a versatile weapon swung in
both hands, and the off-hand attack of two-weapon fighting."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from app.actions import args as a
from app.actions import beings as bg
from app.actions import rolling as rl
from app.actions.adjudication import reacting
from app.actions.class_rules import RAGE_ID, RAGE_KEPT, has_effect
from app.actions.events import SessionEvent, StateChange
from app.actions.registry import ToolError, ToolOutcome
from app.world.state import GameState
from rules.character import CharacterSheet, WeaponAttack
from rules.checks import MIN_DC, CheckResult
from rules.class_powers import UNARMED, unarmed_strike
from rules.conditions import ActiveCondition, Condition, can_act
from rules.damage import LifeState
from rules.dice import Advantage
from rules.economy import ActionKind
from rules.outcomes import Impossible
from rules.skills import Skill
from rules.srd import srd
from rules.traits import can_grapple_or_shove, species_size

Mode = Literal["thrown", "two_handed", "off_hand"]
CONTESTS = ("grapple", "shove_prone", "shove_away", "escape_grapple")
"""The take_action actions resolved here."""
TWO_WEAPON_STYLE = "two_weapon_fighting"


# -- weapons held in a particular way ------------------------------------------------------


@dataclass(frozen=True)
class Grip:
    """One weapon attack of a character, as the chosen way of using the weapon makes it."""

    attack: WeaponAttack
    ranged: bool
    name: str


UNARMED_NAMES = frozenset({UNARMED, "unarmed", "unarmed strike", "fist", "fists", "punch",
                           "kick", "bare hands"})  # fmt: skip
"""What a DM may call an unarmed strike in the attack tool's ``weapon``."""


def is_unarmed(weapon: str | None) -> bool:
    """Whether ``weapon`` names an unarmed strike rather than a weapon."""
    return weapon is not None and weapon.strip().lower().replace(" ", "_") in {
        n.replace(" ", "_") for n in UNARMED_NAMES
    }


def unarmed_attack(sheet: CharacterSheet, mode: Mode | None) -> WeaponAttack:
    """SRD: any creature can make an unarmed strike with the Attack action — proficient, 1 +
    Strength bludgeoning; a monk's Martial Arts uses Dexterity if better and its die. It is
    never thrown, two-handed or an off-hand attack."""
    if mode is not None:
        raise ToolError("an unarmed strike is not thrown, two-handed or off-hand")
    return unarmed_strike(sheet)


def character_attack(state: GameState, cid: str, weapon_id: str, mode: Mode | None) -> Grip:
    """The attack a character makes with a weapon used as ``mode`` says; ``ToolError``
    when the weapon or the moment does not allow it."""
    sheet = state.party[cid]
    weapon = srd().weapons.get(weapon_id)
    if mode == "two_handed":
        if weapon.versatile is None:
            raise ToolError(
                f"{sheet.name} cannot wield the {weapon.name.lower()} two-handed: "
                "it is not a versatile weapon"
            )
        if sheet.shield:
            raise ToolError(f"{sheet.name} cannot take a two-handed grip with a shield on one arm")
        attack = sheet.weapon_attack(weapon_id, grip="two")
        return Grip(attack, False, f"{attack.name} (two-handed)")
    attack = sheet.weapon_attack(weapon_id)
    if mode == "thrown":
        if "thrown" not in weapon.properties:
            raise ToolError(
                f"{sheet.name} cannot throw the {weapon.name.lower()}: it is not made for throwing"
            )
        return Grip(attack, True, f"{attack.name} (thrown)")
    if mode == "off_hand":
        _check_off_hand(state, cid, weapon_id)
        if sheet.choices.get("fighting_style") != TWO_WEAPON_STYLE:
            # SRD: no ability modifier on the off-hand's damage, unless it is negative.
            mod = sheet.modifier(attack.ability)
            dice = weapon.damage or attack.damage
            attack = replace(attack, damage=dice if mod >= 0 else f"{dice}{mod:+d}")
        return Grip(attack, False, f"{attack.name} (off hand)")
    return Grip(attack, weapon.kind == "ranged", attack.name)


def _light_melee(weapon_id: str) -> bool:
    weapon = srd().weapons.get(weapon_id)
    return weapon.kind == "melee" and "light" in weapon.properties


def _check_off_hand(state: GameState, cid: str, weapon_id: str) -> None:
    sheet = state.party[cid]
    encounter = state.encounter
    if encounter is None:
        raise ToolError("an off-hand attack follows an attack in a fight")
    name = srd().weapons.get(weapon_id).name.lower()
    if not _light_melee(weapon_id):
        raise ToolError(f"{sheet.name} cannot strike off-hand with the {name}: it is not light")
    if sum(1 for w in sheet.weapons if _light_melee(w)) < 2:
        raise ToolError(f"{sheet.name} cannot fight with two weapons: no light blade in each hand")
    if cid not in encounter.off_hand_ready:
        raise ToolError(
            f"{sheet.name} cannot strike off-hand before attacking with a light melee weapon "
            "this turn"
        )


def after_swing(state: GameState, cid: str, weapon_id: str, mode: Mode | None) -> list[str]:
    """What an attack with a weapon leaves behind: a thrown weapon lies where it fell
    (picked up when the fight ends); a light melee weapon readies the off hand."""
    encounter = state.encounter
    if cid not in state.party or encounter is None:
        return []
    notes = []
    sheet = state.party[cid]
    if mode == "off_hand":
        if cid in encounter.off_hand_ready:
            encounter.off_hand_ready.remove(cid)
    elif _light_melee(weapon_id) and cid not in encounter.off_hand_ready:
        encounter.off_hand_ready.append(cid)
    if mode == "thrown" and weapon_id in sheet.weapons:
        sheet.weapons.remove(weapon_id)
        encounter.thrown.append(f"{cid}:{weapon_id}")
        name = srd().weapons.get(weapon_id).name.lower()
        state.record("item", f"{sheet.name}'s {name} lies where it landed", who=cid)
        notes.append(f"the {name} is out of hand until picked up")
    return notes


# -- grapple and shove -----------------------------------------------------------------------


def size_of(state: GameState, cid: str) -> str:
    """A character's size from its species, a creature's from its stat block."""
    if cid in state.party:
        return species_size(state.party[cid].species)
    creature = state.creatures[cid]
    return state.monster(creature.monster).size if creature.monster else "medium"


def _skill_modifier(state: GameState, cid: str, skill: Skill) -> int:
    if cid in state.party:
        return state.party[cid].check_modifier(skill)
    creature = state.creatures[cid]
    return state.monster(creature.monster).skill_modifier(skill) if creature.monster else 0


def _better_defence(state: GameState, cid: str) -> Skill:
    """The target resists with Athletics or Acrobatics, whichever serves it better."""
    athletics = _skill_modifier(state, cid, Skill.ATHLETICS)
    acrobatics = _skill_modifier(state, cid, Skill.ACROBATICS)
    return Skill.ACROBATICS if acrobatics > athletics else Skill.ATHLETICS


def _contest(
    state: GameState, mover: str, skill: Skill, target: str, defence: Skill, why: str
) -> tuple[bool, list[SessionEvent]]:
    """An opposed check: the mover wins only by beating the target's total (a tie leaves
    things as they were). Both rolls go through the rules of play like any check."""
    rolled: list[tuple[str, CheckResult]] = []
    for cid, used in ((mover, skill), (target, defence)):
        rolled.append((cid, rl.check_for(state, cid, MIN_DC, why, Advantage.NORMAL, skill=used)))
    (_, mine), (_, theirs) = rolled
    won = mine.total > theirs.total
    # Shown as what each side had to reach: the mover must beat the target's total, the
    # target holds on a tie.
    events: list[SessionEvent] = [
        rl.roll_event(state, cid, check).model_copy(
            update={"check_type": "contest", "dc": needed, "success": ok}
        )
        for (cid, check), needed, ok in (
            (rolled[0], theirs.total + 1, won), (rolled[1], mine.total, not won),
        )
    ]  # fmt: skip
    return won, events


def contest_action(args: a.TakeActionArgs, state: GameState) -> ToolOutcome:
    """take_action grapple / shove_prone / shove_away / escape_grapple."""
    encounter = state.encounter
    assert encounter is not None
    actor = bg.resolve_target(state, args.creature_id)
    name = state.name_of(actor)
    if args.action == "escape_grapple":
        return _escape(state, actor)
    if args.target_id is None:
        raise ToolError(f"{args.action.replace('_', ' ')} needs the target_id")
    target = bg.resolve_here(state, args.target_id)
    if target == actor:
        raise ToolError("a creature cannot grapple or shove itself")
    if bg.vitals_of(state, target).state is LifeState.DEAD:
        raise ToolError(f"{state.name_of(target)} is dead")
    if not can_grapple_or_shove(size_of(state, actor), size_of(state, target)):
        raise ToolError(
            f"{state.name_of(target)} is too big for {name} to {args.action.split('_')[0]} "
            "(no more than one size larger)"
        )
    economy = bg.economy_of(state, actor)
    # SRD: a grapple or a shove takes the place of one attack of the Attack action (or of
    # the one attack a reaction allows: its reaction is spent already).
    per_action = state.party[actor].attacks_per_action if actor in state.party else 1
    spent = None if reacting(state, actor) else economy.attack(per_action)
    if isinstance(spent, Impossible):
        raise ToolError(f"{name} has {spent.reason}")
    verb = "grapple" if args.action == "grapple" else "shove"
    sheet = state.party.get(actor)
    if sheet is not None and has_effect(state, actor, RAGE_ID):
        sheet.resources[RAGE_KEPT] = 1  # SRD: a grapple or shove is a melee attack; it
        # keeps a rage going as any attack on a hostile creature does
    limp = bg.vitals_of(state, target).hp == 0 or not can_act(bg.conditions_of(state, target))
    events: list[SessionEvent] = []
    if limp:  # asleep, out cold, tied up: nothing resists the hold or the push
        won = True
    else:
        won, events = _contest(
            state, actor, Skill.ATHLETICS, target, _better_defence(state, target), verb
        )
    result: dict[str, Any] = {"creature_id": actor, "action": args.action, "target": target,
                              "success": won}  # fmt: skip
    if not won:
        state.record("encounter", f"{name} tries to {verb} {state.name_of(target)} and fails")
        return ToolOutcome(result, events)
    if args.action == "grapple":
        text = _hold(state, target, Condition.GRAPPLED, actor, f"grappled by {name}")
    elif args.action == "shove_prone":
        text = _hold(state, target, Condition.PRONE, actor, f"shoved down by {name}")
    else:
        text = f"{name} shoves {state.name_of(target)} 5 feet back"
        state.record("encounter", text)
    events.append(StateChange(kind="condition", target_id=target, description=text))
    return ToolOutcome(result, events)


def _hold(state: GameState, target: str, condition: Condition, source: str, note: str) -> str:
    conditions = bg.conditions_of(state, target)
    conditions[:] = [c for c in conditions if c.condition is not condition]
    conditions.append(ActiveCondition(condition=condition, source=source, note=note))
    text = f"{state.name_of(target)} is {condition.value} ({note})"
    state.record("condition", text, who=target)
    return text


def _escape(state: GameState, actor: str) -> ToolOutcome:
    """Escaping a grapple takes an action: Athletics or Acrobatics against the grappler's
    Athletics."""
    name = state.name_of(actor)
    held = next(
        (c for c in bg.conditions_of(state, actor) if c.condition is Condition.GRAPPLED), None
    )
    if held is None:
        raise ToolError(f"{name} cannot break free: nothing holds them")
    grappler = held.source
    spent = bg.economy_of(state, actor).spend(ActionKind.ACTION)
    if isinstance(spent, Impossible):
        raise ToolError(f"{name} has {spent.reason}")
    skill = _better_defence(state, actor)
    if grappler is None or (grappler not in state.party and grappler not in state.creatures):
        # A hold no creature makes (weed, a net, one the story set): a check against its
        # DC, or an easy one (10) when it names none
        dc = held.save_dc or 10
        check = rl.check_for(state, actor, dc, "escape a hold", Advantage.NORMAL, skill=skill)
        rl.record_check(state, actor, check)
        events: list[SessionEvent] = [rl.roll_event(state, actor, check)]
        won, holder = check.success, "the hold"
    else:
        won, events = _contest(state, actor, skill, grappler, Skill.ATHLETICS, "escape a grapple")
        holder = state.name_of(grappler)
    if won:
        conditions = bg.conditions_of(state, actor)
        conditions[:] = [c for c in conditions if c is not held]
        text = f"{name} breaks free of {holder}"
        state.record("condition", text, who=actor)
        events.append(StateChange(kind="condition", target_id=actor, description=text))
    return ToolOutcome({"creature_id": actor, "action": "escape_grapple", "success": won}, events)

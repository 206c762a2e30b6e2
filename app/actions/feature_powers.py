"""More features used through ``use_feature``: a berserker's Frenzy, a monk's Flurry of
Blows, a sorcerer's Font of Magic and a paladin's Divine Sense.

They follow :mod:`app.actions.feature_tools` (its cost, uses and notes), with the numbers
from :mod:`rules.class_powers`; the tool offers them (its ``USES``).
"""

from __future__ import annotations

import re

from app.actions import args as a
from app.actions import beings as bg
from app.actions import class_rules as cr
from app.actions import combat_tools as k
from app.actions import encounter_view as ev
from app.actions import feature_uses as fu
from app.actions import open_hand
from app.actions.events import SessionEvent
from app.actions.hooks import ExtraDamage, Reach
from app.actions.registry import ToolError
from app.actions.striking import out_of_reach, refusal, setup_attack, strike
from app.world.state import GameState
from rules.character import CharacterSheet
from rules.class_powers import (
    points_to_slot,
    senses,
    slot_to_points,
    sorcery_points,
    unarmed_strike,
)
from rules.damage import LifeState
from rules.effects import Effect, with_effect
from rules.features import FeatureSpec
from rules.outcomes import Impossible
from rules.srd import srd

RAGE_ROUNDS = 10
"""A rage lasts a minute; while it still has all its rounds, it began this turn."""


def frenzy(state: GameState, sheet: CharacterSheet, spec: FeatureSpec, target: str | None,
           option: str | None) -> fu.Outcome:  # fmt: skip
    """SRD (Frenzy): a berserker who rages may choose to frenzy; on each of its turns after
    that, while the rage lasts, one melee weapon attack as a bonus action. When the rage
    ends, one level of exhaustion (see :func:`app.actions.class_rules.frenzy_spent`)."""
    rage = cr.has_effect(state, sheet.id, cr.RAGE_ID)
    if rage is None:
        raise ToolError(f"{sheet.name} must be raging to frenzy")
    frenzied = cr.has_effect(state, sheet.id, cr.FRENZY_ID)
    turn = cr.turn_number(state)
    if frenzied is None:
        if rage.rounds is not None and rage.rounds < RAGE_ROUNDS:
            raise ToolError(f"a frenzy is chosen as the rage begins; {sheet.name}'s began earlier")
        effect = Effect(id=cr.FRENZY_ID, name="Frenzied", source=sheet.id, ends="never",
                        rounds=None, note=str(turn))  # fmt: skip
        sheet.effects[:] = with_effect(sheet.effects, effect)
        text = f"{sheet.name} rages in a frenzy (one level of exhaustion when the rage ends)"
        return {"frenzied": True}, [fu.change_note(state, sheet.id, text)]
    if state.encounter is None:
        raise ToolError("a frenzied attack is for a fight")
    if frenzied.note == str(turn):
        raise ToolError("the frenzy's bonus attacks come on the turns after the one it began")
    if target is None or target == sheet.id:
        raise ToolError("frenzy needs the target_id of the foe to attack")
    weapons = [w for w in sheet.weapons if srd().weapons.get(w).kind == "melee"]
    weapon = option if option in weapons else next(iter(weapons), None)
    if weapon is None:
        raise ToolError(f"{sheet.name} carries no melee weapon for a frenzied attack")
    fu.pay_cost(state, sheet.id, spec)
    economy = bg.economy_of(state, sheet.id)
    kept = economy.action, economy.extra_attacks, economy.extra_actions, economy.limited_actions
    economy.action, economy.extra_attacks, economy.extra_actions = True, 0, 0
    economy.limited_actions = 0  # the bonus action's blow, not Haste's
    try:
        outcome = k.attack_tool(
            a.AttackArgs(attacker_id=sheet.id, target_id=target, weapon=weapon), state
        )
    except ToolError:
        economy.bonus_action = True  # refused: nothing is spent
        raise
    finally:
        economy.action, economy.extra_attacks, economy.extra_actions = kept[:3]
        economy.limited_actions = kept[3]
    return {"frenzied_attack": True, **outcome.result}, outcome.events


def flurry_of_blows(state: GameState, sheet: CharacterSheet, spec: FeatureSpec,
                    target: str | None, option: str | None) -> fu.Outcome:  # fmt: skip
    """SRD (Flurry of Blows): right after taking the Attack action, spend 1 ki point for
    two unarmed strikes as a bonus action. ``option`` names an Open Hand Technique to impose
    on each hit (:mod:`app.actions.open_hand`)."""
    encounter = state.encounter
    if encounter is None:
        raise ToolError("Flurry of Blows is for a fight")
    if target is None or target == sheet.id or target in state.party:
        raise ToolError("flurry_of_blows needs the target_id of a foe")
    if sheet.resources.get(cr.ATTACK_TURN) != cr.turn_number(state):
        raise ToolError(
            f"Flurry of Blows follows the Attack action: {sheet.name} has not attacked this turn"
        )
    if bg.vitals_of(state, target).state is LifeState.DEAD:
        raise ToolError(f"{state.name_of(target)} is already dead")
    technique = open_hand.technique_of(sheet, option)
    blow = unarmed_strike(sheet)
    why = refusal(state, sheet.id, target) or out_of_reach(
        state, sheet.id, target, Reach(blow.name, melee=True)
    )
    if why:
        raise ToolError(why)
    fu.pay_cost(state, sheet.id, spec)
    fu.spend_uses(sheet, spec)
    events: list[SessionEvent] = []
    results = []
    for _ in range(2):
        if bg.vitals_of(state, target).state is LifeState.DEAD:
            break  # the first blow killed it
        setup = setup_attack(state, sheet.id, target, name=blow.name, kind="weapon",
                             ranged=False, bonus=blow.attack_bonus)  # fmt: skip
        damage = [ExtraDamage(blow.damage, blow.damage_type, "Unarmed strike damage")]
        more, result, hit = strike(setup, damage)
        events += more
        if technique and hit.hit and result.get("outcome") != "miss":
            done, more = open_hand.apply(state, sheet, target, technique)
            result["open_hand"] = done
            events += more
        results.append(result)
    events.append(ev.combat_update(state))
    return {"target_id": target, "attacks": results}, events


_FONT = re.compile(r"^(slot|points)\s*[:= ]\s*([1-9])$")


def font_of_magic(state: GameState, sheet: CharacterSheet, spec: FeatureSpec,
                  target: str | None, option: str | None) -> fu.Outcome:  # fmt: skip
    """SRD (Font of Magic, Flexible Casting): as a bonus action, spend sorcery points for a
    spell slot (``slot:N``) or a spell slot for sorcery points (``points:N``, N the slot's
    level)."""
    found = _FONT.match((option or "").strip().lower())
    if found is None:
        raise ToolError(
            "font_of_magic: option is slot:N (sorcery points for a level-N slot) or points:N "
            f"(a level-N slot for sorcery points); {sheet.name} has "
            f"{sorcery_points(sheet)} sorcery points"
        )
    way, level = found.group(1), int(found.group(2))
    trial = sheet.model_copy(deep=True)  # refused before anything is spent
    tried = points_to_slot(trial, level) if way == "slot" else slot_to_points(trial, level)
    if isinstance(tried, Impossible):
        raise ToolError(tried.reason)
    fu.pay_cost(state, sheet.id, spec)
    done = points_to_slot(sheet, level) if way == "slot" else slot_to_points(sheet, level)
    detail = done.reason if isinstance(done, Impossible) else done.detail
    text = f"{sheet.name}: {detail} ({sorcery_points(sheet)} sorcery points left)"
    return {
        "made": "slot" if way == "slot" else "sorcery_points", "slot_level": level,
        "sorcery_points": sorcery_points(sheet),
        "slots_left": sheet.spell_slots.remaining(level),
    }, [fu.change_note(state, sheet.id, text)]  # fmt: skip


def divine_sense(state: GameState, sheet: CharacterSheet, spec: FeatureSpec, target: str | None,
                 option: str | None) -> fu.Outcome:  # fmt: skip
    """SRD (Divine Sense): an action; until the end of the paladin's next turn it knows
    where every celestial, fiend or undead within 60 feet is (not behind total cover) —
    here, those in the scene. 1 + Charisma modifier uses a long rest."""
    fu.pay_cost(state, sheet.id, spec)
    fu.spend_uses(sheet, spec)
    sensed = []
    for cid, creature in state.creatures.items():
        if creature.monster is None or creature.left or not creature.stands_in(state.scene.id):
            continue
        kind = state.monster(creature.monster).type
        if creature.vitals.state is not LifeState.DEAD and senses(kind):
            sensed.append({"id": cid, "name": creature.name, "type": kind.split(" ")[0]})
    if sensed:
        names = ", ".join(f"{s['name']} ({s['type']})" for s in sensed)
        text = f"{sheet.name}'s divine sense finds {names}"
    else:
        text = f"{sheet.name}'s divine sense finds no celestial, fiend or undead nearby"
    return {"sensed": sensed}, [fu.change_note(state, sheet.id, text)]


POWERS: dict[str, fu.Use] = {
    "frenzy": frenzy,
    "flurry_of_blows": flurry_of_blows,
    "font_of_magic": font_of_magic,
    "divine_sense": divine_sense,
}
"""The features this module adds to the tool, by id."""

"""The ``use_feature`` tool: a character uses a class feature or species trait — Second
Wind, Action Surge, Rage, Reckless Attack, Cunning Action, Turn Undead, Lay on Hands,
Bardic Inspiration, Divine Smite, Patient Defense, Step of the Wind, Stunning Strike,
Breath Weapon (and, from :mod:`app.actions.feature_powers`, Frenzy, Flurry of Blows, Font of
Magic and Divine Sense).

What it costs (action, bonus action) and how often it may be used come from
``rules/data/features.toml``; uses spent are kept in ``sheet.resources`` until the rest the
feature names. Anything refused is refused before anything is spent.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import ceil

from pydantic import ConfigDict, Field

from app.actions import args as a
from app.actions import beings as bg
from app.actions import class_rules as cr
from app.actions import combat_tools as k
from app.actions import feature_uses as fu
from app.actions import harm as hm
from app.actions import rolling as rl
from app.actions.args import ToolArgs
from app.actions.beast_form import SHAPE_ID
from app.actions.condition_tools import creature_type
from app.actions.events import DiceRoll, SessionEvent
from app.actions.feature_powers import POWERS
from app.actions.grappling import release_grapples
from app.actions.metamagic import metamagic
from app.actions.oath_powers import OATH_USES
from app.actions.registry import ToolError, ToolOutcome
from app.actions.species_rules import ANCESTRY
from app.actions.striking import hit_in_melee
from app.actions.wild_shape import is_revert, wild_shape
from app.world.companions import side_of
from app.world.state import GameState
from rules.abilities import Ability
from rules.character import CharacterSheet
from rules.class_powers import inspiration_die
from rules.conditions import ActiveCondition, Condition, can_act
from rules.damage import DamageType, LifeState, heal
from rules.dice import Advantage, roll
from rules.effects import Effect, with_effect
from rules.features import FeatureSpec, feature, lay_on_hands_helps
from rules.spellcasting import spell_save_dc
from rules.srd import srd


class UseFeatureArgs(ToolArgs):
    """A roster feature (divine_smite before a melee attack, stunning_strike after a hit)."""

    model_config = ConfigDict(extra="forbid")

    creature_id: str
    feature: str
    target_id: str | None = None
    option: str | None = Field(
        default=None, description="dash/disengage/hide; HP for lay_on_hands; slot for smite"
    )


REFILLED = frozenset({"font_of_magic"})
"""Features one of whose uses gains uses (a spell slot turned into sorcery points)."""

USELESS: dict[str, Callable[[str | None], bool]] = {SHAPE_ID: is_revert}
"""Features some of whose options spend no use, by feature id: whether an option is one
(ending Wild Shape early costs no use of it)."""


def _sheet(state: GameState, cid: str) -> CharacterSheet:
    if cid not in state.party:
        bg.resolve_target(state, cid)
        raise ToolError(f"{state.name_of(cid)} has no class features to use")
    return state.party[cid]


def use_feature_tool(args: UseFeatureArgs, state: GameState) -> ToolOutcome:
    """use_feature: check the character has it and uses left, pay its cost, carry it out."""
    cid = bg.resolve_target(state, args.creature_id)
    sheet = _sheet(state, cid)
    fid = args.feature.strip().lower().replace(" ", "_").replace("'", "")
    spec = feature(fid)
    if spec is None or not sheet.has(fid):
        own = [f for f in sheet.all_features if f in USES]
        raise ToolError(f"{sheet.name} has no feature {args.feature!r}; usable: {', '.join(own)}")
    run = USES.get(fid)
    if run is None:
        raise ToolError(f"{spec.name} works on its own; it is not used with this tool")
    if sheet.vitals.hp == 0 or not can_act(sheet.conditions):
        raise ToolError(f"{sheet.name} cannot act")
    refills = fid in REFILLED  # a use may give uses back: its own tool judges them
    costless = fid in USELESS and USELESS[fid](args.option)
    if (spec.limited or spec.pool) and not (refills or costless) and sheet.uses_left(fid) <= 0:
        rest = (feature(spec.pool) if spec.pool else spec) or spec
        raise ToolError(
            f"{sheet.name} has no uses of {spec.name} left until a {rest.recovers} rest"
        )
    target = bg.resolve_target(state, args.target_id) if args.target_id else None
    result, events = run(state, sheet, spec, target, args.option)
    result = {"creature_id": cid, "feature": fid, **result}
    if spec.limited or spec.pool:
        result["uses_left"] = sheet.uses_left(fid)
    return ToolOutcome(result, events)


def _healing(state: GameState, cid: str, amount: int, why: str) -> list[SessionEvent]:
    before = bg.vitals_of(state, cid)
    outcome = heal(before, amount)
    bg.set_vitals(state, cid, outcome.vitals)
    text = (
        f"{state.name_of(cid)} regains {outcome.restored} HP ({why}): "
        f"{bg.vitals_text(before)} → {bg.vitals_text(outcome.vitals)}"
    )
    return [bg.hp_change(state, cid, before, outcome.vitals, text)]


def second_wind(state: GameState, sheet: CharacterSheet, spec: FeatureSpec, target: str | None,
                option: str | None) -> fu.Outcome:  # fmt: skip
    """SRD: a bonus action to regain 1d10 + fighter level HP, once per short rest."""
    if sheet.vitals.hp >= sheet.vitals.max_hp:
        raise ToolError(f"{sheet.name} is not hurt; Second Wind would be wasted")
    fu.pay_cost(state, sheet.id, spec)
    fu.spend_uses(sheet, spec)
    rolled = roll(f"1d10+{sheet.level}", state.rng)
    events: list[SessionEvent] = [
        DiceRoll.from_roll(rolled, check_type="amount", reason="Second Wind",
                           character_id=sheet.id, character_name=sheet.name)
    ]  # fmt: skip
    before = sheet.vitals.hp
    events += _healing(state, sheet.id, rolled.total, "Second Wind")
    return {"healed": sheet.vitals.hp - before, "hp": sheet.vitals.hp}, events


def action_surge(state: GameState, sheet: CharacterSheet, spec: FeatureSpec, target: str | None,
                 option: str | None) -> fu.Outcome:  # fmt: skip
    """SRD: one more action this turn, once per short rest."""
    if state.encounter is None:
        raise ToolError("Action Surge is for a fight")
    fu.pay_cost(state, sheet.id, spec)
    economy = bg.economy_of(state, sheet.id)
    fu.spend_uses(sheet, spec)
    if economy.action:  # surged before acting: two actions this turn
        economy.extra_actions += 1
    else:  # after the action (and whatever attacks were left of it): one more
        economy.action, economy.extra_attacks = True, 0
    return {"action": "gained"}, [
        fu.change_note(state, sheet.id, f"{sheet.name} surges: one more action")
    ]


def rage(state: GameState, sheet: CharacterSheet, spec: FeatureSpec, target: str | None,
         option: str | None) -> fu.Outcome:  # fmt: skip
    """SRD: a bonus action; resist bludgeoning, piercing and slashing, +2 Strength melee
    damage, advantage on Strength checks and saves, for a minute (10 rounds)."""
    if sheet.armor is not None and _heavy(sheet.armor):
        raise ToolError(f"{sheet.name} cannot rage in heavy armour")
    if cr.has_effect(state, sheet.id, cr.RAGE_ID):
        raise ToolError(f"{sheet.name} is already raging")
    fu.pay_cost(state, sheet.id, spec)
    fu.spend_uses(sheet, spec)
    effect = Effect(
        id=cr.RAGE_ID, name="Raging", source=sheet.id, ends="end_of_own_turn", rounds=10,
        resist=frozenset({DamageType.BLUDGEONING, DamageType.PIERCING, DamageType.SLASHING}),
        check_advantage=frozenset({Ability.STR}), save_advantage=frozenset({Ability.STR}),
        damage_bonus=2 if sheet.level < 9 else 3 if sheet.level < 16 else 4,
    )  # fmt: skip
    sheet.effects[:] = with_effect(sheet.effects, effect)
    sheet.resources[cr.RAGE_KEPT] = 1  # the turn it starts counts as kept
    return {"raging": True}, [fu.change_note(state, sheet.id, f"{sheet.name} flies into a rage")]


def _heavy(armor_id: str) -> bool:
    return srd().armor.get(armor_id).category == "heavy"


def reckless_attack(state: GameState, sheet: CharacterSheet, spec: FeatureSpec,
                    target: str | None, option: str | None) -> fu.Outcome:  # fmt: skip
    """SRD: advantage on Strength melee attacks this turn; attacks against the barbarian
    have advantage until its next turn."""
    fu.pay_cost(state, sheet.id, spec)
    effect = Effect(
        id=cr.RECKLESS_ID, name="Reckless", source=sheet.id, attacks_against="advantage",
        ends="start_of_own_turn", rounds=1,
    )  # fmt: skip
    sheet.effects[:] = with_effect(sheet.effects, effect)
    return {"reckless": True}, [fu.change_note(state, sheet.id, f"{sheet.name} attacks recklessly")]


def _borrowed_action(state: GameState, sheet: CharacterSheet, action: str) -> fu.Outcome:
    """Dash, Disengage, Hide or Dodge done with a bonus action: the combat action itself,
    with this turn's action left as it was."""
    economy = bg.economy_of(state, sheet.id)
    had = economy.action
    economy.action = True
    try:
        outcome = k.take_action_tool(a.TakeActionArgs(creature_id=sheet.id, action=action), state)
    finally:
        economy.action = had
    return outcome.result, outcome.events


def _bonus_move(allowed: tuple[str, ...]) -> fu.Use:
    def run(state: GameState, sheet: CharacterSheet, spec: FeatureSpec, target: str | None,
            option: str | None) -> fu.Outcome:  # fmt: skip
        if state.encounter is None:
            raise ToolError(f"{spec.name} is for a fight")
        choice = (option or allowed[0]).strip().lower()
        if choice not in allowed:
            raise ToolError(f"{spec.name}: option is one of {', '.join(allowed)}")
        bg.economy_of(state, sheet.id)
        fu.pay_cost(state, sheet.id, spec)
        if spec.pool:
            fu.spend_uses(sheet, spec)
        return _borrowed_action(state, sheet, choice)

    return run


def turn_undead(state: GameState, sheet: CharacterSheet, spec: FeatureSpec, target: str | None,
                option: str | None) -> fu.Outcome:  # fmt: skip
    """SRD: Channel Divinity — each undead that can see or hear the cleric makes a Wisdom
    save against the spell DC or is turned for a minute (until it takes damage); at 5th
    level undead of challenge 1/2 or lower that fail are destroyed."""
    channel = feature("channel_divinity")
    if channel is None or sheet.uses_left("channel_divinity") <= 0:
        raise ToolError(f"{sheet.name} has no Channel Divinity left until a short rest")
    undead = [
        cid for cid, c in state.creatures.items()
        if c.monster and state.monster(c.monster).type == "undead"
        and c.vitals.state is not LifeState.DEAD and not c.left
        and c.stands_in(state.scene.id)
        and (state.encounter is None or any(o.id == cid for o in state.encounter.order))
    ]  # fmt: skip
    if not undead:
        raise ToolError("there are no undead here to turn")
    fu.pay_cost(state, sheet.id, spec)
    fu.spend_uses(sheet, channel)
    dc = spell_save_dc(sheet.proficiency_bonus, sheet.modifier(Ability.WIS))
    events: list[SessionEvent] = []
    results = []
    for cid in undead:
        check = rl.check_for(state, cid, dc, "Turn Undead", Advantage.NORMAL, ability=Ability.WIS,
                             save=True, source=sheet.id)  # fmt: skip
        events.append(rl.roll_event(state, cid, check))
        outcome = "resists"
        if not check.success:
            block = state.monster(state.creatures[cid].monster or "")
            if sheet.has("destroy_undead") and block.challenge <= _destroy_cr(sheet.level):
                hp = bg.vitals_of(state, cid).hp
                more, _ = hm.deal_damage(state, cid, hp, DamageType.RADIANT, source=sheet.id)
                events += more
                outcome = "destroyed"
            else:
                turned = Effect(id=cr.TURNED_ID, name="Turned", source=sheet.id,
                                ends="end_of_own_turn", rounds=10)  # fmt: skip
                effects = bg.effects_of(state, cid)
                effects[:] = with_effect(effects, turned)
                events.append(
                    fu.change_note(state, cid, f"{state.name_of(cid)} is turned and flees")
                )
                outcome = "turned"
        results.append({"id": cid, "save": check.total, "outcome": outcome})
    return {"dc": dc, "undead": results}, events


def preserve_life(state: GameState, sheet: CharacterSheet, spec: FeatureSpec,
                  target: str | None, option: str | None) -> fu.Outcome:  # fmt: skip
    """SRD: Channel Divinity — share out healing of five times the cleric level among
    creatures nearby, none brought above half its hit point maximum. The worst hurt first
    (or only ``target``)."""
    if sheet.uses_left("channel_divinity") <= 0:
        raise ToolError(f"{sheet.name} has no Channel Divinity left until a short rest")
    wanted = [target] if target else list(state.party)
    hurt = sorted(
        (cid for cid in wanted
         if bg.vitals_of(state, cid).state is not LifeState.DEAD
         and bg.vitals_of(state, cid).hp < bg.vitals_of(state, cid).max_hp // 2),
        key=lambda cid: bg.vitals_of(state, cid).hp / bg.vitals_of(state, cid).max_hp,
    )  # fmt: skip
    if not hurt:
        raise ToolError("nobody nearby is below half their hit points")
    fu.pay_cost(state, sheet.id, spec)
    channel = feature("channel_divinity")
    assert channel is not None
    fu.spend_uses(sheet, channel)
    budget = 5 * sheet.level
    events: list[SessionEvent] = []
    healed: dict[str, int] = {}
    for cid in hurt:
        vitals = bg.vitals_of(state, cid)
        amount = min(budget, vitals.max_hp // 2 - vitals.hp)
        if amount <= 0:
            continue
        events += _healing(state, cid, amount, "Preserve Life")
        healed[cid] = amount
        budget -= amount
    return {"healed_each": healed}, events


def _destroy_cr(level: int) -> Fraction:
    """SRD: Destroy Undead destroys undead of challenge 1/2 or lower at 5th level (1 at 8th)."""
    return Fraction(1, 2) if level < 8 else Fraction(1)


def lay_on_hands(state: GameState, sheet: CharacterSheet, spec: FeatureSpec, target: str | None,
                 option: str | None) -> fu.Outcome:  # fmt: skip
    """SRD: an action to restore hit points from a pool of five times the paladin level;
    it does nothing for undead and constructs."""
    who = target or sheet.id
    vitals = bg.vitals_of(state, who)
    if vitals.state is LifeState.DEAD:
        raise ToolError(f"{state.name_of(who)} is dead; Lay on Hands cannot help")
    kind = creature_type(state, who)
    if not lay_on_hands_helps(kind):
        article = "an" if kind[:1].lower() in "aeiou" else "a"  # an undead, a construct
        raise ToolError(f"Lay on Hands has no effect on {state.name_of(who)}, {article} {kind}")
    left = sheet.uses_left("lay_on_hands")
    try:
        wanted = int(option) if option else vitals.max_hp - vitals.hp
    except ValueError:
        raise ToolError("lay_on_hands: option is the number of hit points to restore") from None
    amount = max(0, min(wanted, left, vitals.max_hp - vitals.hp))
    if amount <= 0:
        raise ToolError(f"{state.name_of(who)} is not hurt")
    fu.pay_cost(state, sheet.id, spec)
    fu.spend_uses(sheet, spec, amount)
    events = _healing(state, who, amount, "Lay on Hands")
    return {"target_id": who, "healed": amount}, events


def bardic_inspiration(state: GameState, sheet: CharacterSheet, spec: FeatureSpec,
                       target: str | None, option: str | None) -> fu.Outcome:  # fmt: skip
    """SRD: a bonus action gives an ally a d6 (d8 from 5th level) to add to one attack
    roll, ability check or saving throw."""
    if target is None or target == sheet.id or target not in state.party:
        whom = "oneself" if target == sheet.id else state.name_of(target) if target else ""
        raise ToolError("Bardic Inspiration is given to another member of the party"
                        + (f", not to {whom}" if whom else ": say whom"))  # fmt: skip
    fu.pay_cost(state, sheet.id, spec)
    fu.spend_uses(sheet, spec)
    die = inspiration_die(sheet.level)
    effect = Effect(id=cr.INSPIRED_ID, name="Inspired", source=sheet.id, attack_dice=die,
                    save_dice=die, check_dice=die, ends="never", rounds=None)  # fmt: skip
    effects = bg.effects_of(state, target)
    effects[:] = with_effect(effects, effect)
    text = f"{sheet.name} inspires {state.name_of(target)} (+{die} on one roll)"
    return {"target_id": target, "die": die}, [fu.change_note(state, target, text)]


def divine_smite(state: GameState, sheet: CharacterSheet, spec: FeatureSpec, target: str | None,
                 option: str | None) -> fu.Outcome:  # fmt: skip
    """SRD: on a melee weapon hit, spend a spell slot for radiant damage. Declared before
    the attack; the slot is spent only if the next melee attack this turn hits."""
    try:
        level = int(option) if option else 1
    except ValueError:
        raise ToolError("divine_smite: option is the slot level (1-5)") from None
    if not 1 <= level <= 5 or not any(sheet.spell_slots.remaining(lv) for lv in range(level, 6)):
        raise ToolError(f"{sheet.name} has no spell slot of level {level} or higher left")
    fu.pay_cost(state, sheet.id, spec)
    effect = Effect(id=cr.SMITE_ID, name="Ready to smite", source=sheet.id,
                    ends="end_of_own_turn", rounds=1, note=str(level))  # fmt: skip
    sheet.effects[:] = with_effect(sheet.effects, effect)
    return {"smite_ready": level}, [
        fu.change_note(state, sheet.id, f"{sheet.name} calls on divine power")
    ]


def stunning_strike(state: GameState, sheet: CharacterSheet, spec: FeatureSpec,
                    target: str | None, option: str | None) -> fu.Outcome:  # fmt: skip
    """SRD: after a melee hit, spend 1 ki: the target makes a Constitution save against
    8 + proficiency + Wisdom or is stunned until the end of the monk's next turn."""
    if target is None or target == sheet.id:
        raise ToolError("Stunning Strike follows a melee hit: target_id is the creature hit")
    if state.encounter is not None and not hit_in_melee(state, sheet.id, target):
        raise ToolError(
            f"Stunning Strike follows a melee weapon hit: {sheet.name} has not hit "
            f"{state.name_of(target)} in melee this turn"
        )
    fu.pay_cost(state, sheet.id, spec)
    fu.spend_uses(sheet, spec)
    dc = spell_save_dc(sheet.proficiency_bonus, sheet.modifier(Ability.WIS))
    check = rl.check_for(state, target, dc, "Stunning Strike", Advantage.NORMAL,
                         ability=Ability.CON, save=True, source=sheet.id)  # fmt: skip
    events: list[SessionEvent] = [rl.roll_event(state, target, check)]
    if not check.success:
        conditions = bg.conditions_of(state, target)
        # Until the end of the monk's next turn: the end of this one, if it is the monk's
        # turn now, does not count.
        encounter = state.encounter
        own_turn = encounter is not None and encounter.current.id == sheet.id
        conditions.append(ActiveCondition(condition=Condition.STUNNED, rounds=2 if own_turn else 1,
                                          counts_on="source", source=sheet.id,
                                          note="Stunning Strike"))  # fmt: skip
        events.append(fu.change_note(state, target, f"{state.name_of(target)} is stunned"))
        events += release_grapples(state)
    return {"target_id": target, "stunned": not check.success, "dc": dc}, events


def breath_weapon(state: GameState, sheet: CharacterSheet, spec: FeatureSpec,
                  target: str | None, option: str | None) -> fu.Outcome:  # fmt: skip
    """SRD: the dragonborn exhales its ancestry's energy: 2d6 (3d6 at 6th level), a DEX or
    CON save against 8 + CON + proficiency for half."""
    ancestry = sheet.choices.get("draconic_ancestry", "")
    if ancestry not in ANCESTRY:
        raise ToolError(f"{sheet.name} has no draconic_ancestry chosen")
    if target is None or side_of(state, target) == "party":
        raise ToolError("breath_weapon needs a foe's target_id")
    damage_type = ANCESTRY[ancestry]
    ability = Ability.CON if ancestry in ("green", "white", "silver") else Ability.DEX
    fu.pay_cost(state, sheet.id, spec)
    fu.spend_uses(sheet, spec)
    dc = 8 + sheet.modifier(Ability.CON) + sheet.proficiency_bonus
    check = rl.check_for(state, target, dc, "Breath Weapon", Advantage.NORMAL, ability=ability,
                         save=True, source=sheet.id)  # fmt: skip
    rolled = roll("2d6" if sheet.level < 6 else "3d6", state.rng)
    amount = rolled.total // 2 if check.success else rolled.total
    events: list[SessionEvent] = [
        rl.roll_event(state, target, check),
        DiceRoll.from_roll(rolled, check_type="damage", reason="Breath Weapon",
                           character_id=sheet.id, character_name=sheet.name),
    ]  # fmt: skip
    more, outcome = hm.deal_damage(state, target, amount, damage_type, source=sheet.id)
    return {"target_id": target, "damage": outcome.damage.amount}, events + more


def recover_slots(sheet: CharacterSheet) -> list[int]:
    """SRD (Arcane Recovery, Natural Recovery): once a day after a short rest, a wizard
    (or Land druid) recovers expended slots totalling at most half its level (rounded
    up), none of 6th level or higher. Highest first; returns the levels recovered."""
    budget = ceil(sheet.level / 2)
    recovered: list[int] = []
    for level in range(5, 0, -1):
        while level <= budget and sheet.spell_slots.expended.get(level, 0) > 0:
            sheet.spell_slots.expended[level] -= 1
            if not sheet.spell_slots.expended[level]:
                del sheet.spell_slots.expended[level]
            budget -= level
            recovered.append(level)
    return recovered


USES: dict[str, fu.Use] = {
    "second_wind": second_wind,
    "action_surge": action_surge,
    "rage": rage,
    "reckless_attack": reckless_attack,
    "cunning_action": _bonus_move(("dash", "disengage", "hide")),
    "turn_undead": turn_undead,
    "lay_on_hands": lay_on_hands,
    "preserve_life": preserve_life,
    "bardic_inspiration": bardic_inspiration,
    "divine_smite": divine_smite,
    "patient_defense": _bonus_move(("dodge",)),
    "step_of_the_wind": _bonus_move(("dash", "disengage")),
    "stunning_strike": stunning_strike,
    "breath_weapon": breath_weapon,
    **POWERS,
    "metamagic": metamagic,
    **OATH_USES,
    SHAPE_ID: wild_shape,
}
"""Features used through the tool, by id (with those of :mod:`app.actions.feature_powers`,
:mod:`app.actions.metamagic`, :mod:`app.actions.oath_powers` and
:mod:`app.actions.wild_shape`)."""

"""What each tool does, through the rules engine. Every executor checks its ids and
arguments first and raises :class:`ToolError` before touching the world; after that it
changes the state, records the change for the DM's next context, and returns the result
for the DM plus the events for the players."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from app.actions import args as a
from app.actions import encounter_view as ev
from app.actions import position_tools as pt
from app.actions.beams import lit
from app.actions.beast_form import SHAPE_ID, in_beast_form
from app.actions.events import (
    ActionRestriction,
    CombatantStatus,
    CombatUpdate,
    DiceRoll,
    SessionEvent,
    StateChange,
)
from app.actions.hooks import RULES, DamageSetup, RollSetup, Threat, spell_threat
from app.actions.registry import ToolError, ToolOutcome
from app.actions.senses import Sense, sense_needed
from app.world.companions import dies_at_zero
from app.world.readied import readied_line
from app.world.standing import away
from app.world.state import DeathMark, GameState, Restriction
from app.world.view import scene_description
from rules.abilities import Ability
from rules.checks import LUCKY, CheckResult, RollContext, ability_check, group_check, saving_throw
from rules.conditions import (
    ActiveCondition,
    Condition,
    can_act,
    check_context,
    fall_prone,
    resists_everything,
    save_context,
    speed_after_conditions,
    tick_end_of_turn,
    tick_source_turn,
    tick_start_of_turn,
)
from rules.damage import (
    DamageResult,
    DamageType,
    LifeState,
    Vitals,
    apply_damage,
    death_save,
    grant_temp_hp,
    heal,
)
from rules.dice import Advantage, DiceError, parse, roll
from rules.economy import TurnEconomy
from rules.effects import Effect, blocks_healing, followers, is_record, speed_with
from rules.skills import Skill
from rules.spellcasting import concentration_check, concentration_dc
from rules.srd import srd

# -- helpers -------------------------------------------------------------------------------


def why_cannot_act(state: GameState, cid: str) -> str | None:
    """Why ``cid`` may take no action, bonus action or reaction now ("Mira is unconscious"),
    asking every rule of play (:class:`app.actions.conduct.Incapacitation` …); ``None``
    when it may act."""
    for rule in RULES:
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


def _mode(text: str) -> Advantage:
    return Advantage(text)


def check_for(
    state: GameState,
    target_id: str,
    dc: int,
    reason: str,
    mode: Advantage,
    *,
    skill: Skill | None = None,
    ability: Ability | None = None,
    save: bool = False,
    source: str | None = None,
    spell: str | None = None,
    tool: str | None = None,
    threat: Threat | None = None,
    needs: Sense | None = None,
) -> CheckResult:
    """Roll a check or save for a character or a creature, with its conditions and what
    every rule of play adds (effects, features, traits). ``source`` is who forces a save
    (a caster), ``spell`` the spell behind it, ``tool`` what a check is made with,
    ``threat`` what a save is against (read from ``spell``'s data when not given), ``needs``
    the sense a check relies on (blinded or deafened, it fails)."""
    rng = state.rng
    used = ability or (skill.ability if skill else Ability.STR)
    if threat is None and spell is not None:
        threat = spell_threat(spell)
    setup = RollSetup(
        state, target_id, used, dc, reason, "save" if save else "check",
        skill=skill.value if skill else None, source=source, spell=spell, threat=threat,
    )  # fmt: skip
    for rule in RULES:
        (rule.before_save if save else rule.before_check)(setup)
    adv, dis = tuple(setup.advantage), tuple(setup.disadvantage)
    if target_id in state.party:
        sheet = state.party[target_id]
        if save:
            ctx = save_context(sheet.conditions, used, sheet.exhaustion,
                               advantage_from=adv, disadvantage_from=dis)  # fmt: skip
            modifier = sheet.save_modifier(used)
        else:
            ctx = check_context(sheet.conditions, sheet.exhaustion, needs=needs,
                                advantage_from=adv, disadvantage_from=dis)  # fmt: skip
            modifier = sheet.check_modifier(skill, used, tool)
        modifier = in_beast_form(state, target_id, used, modifier, save=save, skill=skill)
    else:
        creature = state.creatures[target_id]
        block = state.monster(creature.monster) if creature.monster else None
        if save:
            modifier = block.save_modifier(used) if block else 0
            ctx = save_context(creature.conditions, used, advantage_from=adv, disadvantage_from=dis)
        else:
            if block is None:
                modifier = 0
            elif skill is not None and ability in (None, skill.ability):
                modifier = block.skill_modifier(skill)
            else:
                modifier = block.abilities.modifier(used)
            ctx = check_context(creature.conditions, needs=needs, advantage_from=adv,
                                disadvantage_from=dis)  # fmt: skip
    if setup.auto_fail is not None and ctx.auto_fail is None:
        ctx = RollContext(ctx.advantage_from, ctx.disadvantage_from, setup.auto_fail)
    if setup.reroll_ones:
        ctx = replace(ctx, reroll_ones=True)
    if save:
        return saving_throw(rng, modifier, dc, ability=used, advantage=mode, context=ctx,
                            bonus=setup.dice, reason=reason)  # fmt: skip
    return ability_check(rng, modifier, dc, ability=used, skill=skill, advantage=mode,
                         context=ctx, bonus=setup.dice, reason=reason)  # fmt: skip


def check_result(state: GameState, target_id: str, check: CheckResult) -> dict[str, Any]:
    out: dict[str, Any] = {
        "character_id": target_id,
        "name": state.name_of(target_id),
        "check": check.label,
        "dc": check.dc,
        "total": check.total,
        "success": check.success,
        "margin": check.margin,
    }
    if check.natural is not None:
        out["natural"] = check.natural
    if check.auto_fail:
        out["auto_fail"] = check.auto_fail
    if LUCKY in check.reasons:
        out["rerolled"] = LUCKY
    if check.advantage is not Advantage.NORMAL:
        out["advantage"] = check.advantage.value
    return out


def roll_event(state: GameState, target_id: str, check: CheckResult) -> DiceRoll:
    return DiceRoll.from_check(
        check, character_id=target_id, character_name=state.name_of(target_id)
    )


def record_check(state: GameState, target_id: str, check: CheckResult) -> None:
    """Note a check's roll and outcome in the ledger."""
    verdict = "succeeded" if check.success else "failed"
    state.record(
        "roll",
        f"{state.name_of(target_id)}: {check.label} DC {check.dc} — {check.total}, {verdict}"
        + (f" ({check.reason})" if check.reason else ""),
        who=target_id,
        formula=check.roll.expression if check.roll is not None else None,
        total=check.total,
        why=check.reason or None,
    )


def _amount(state: GameState, text: str, reason: str, target_id: str) -> tuple[int, DiceRoll]:
    try:
        result = roll(text, state.rng)
    except DiceError as error:
        raise ToolError(f"bad amount {text!r}: {error}") from None
    event = DiceRoll.from_roll(
        result,
        check_type="amount",
        reason=reason,
        character_id=target_id,
        character_name=state.name_of(target_id),
    )
    return max(0, result.total), event


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


# -- checks and dice -----------------------------------------------------------------------


def ability_check_tool(args: a.AbilityCheckArgs, state: GameState) -> ToolOutcome:
    """request_ability_check (not of someone who cannot act: "Mira is unconscious")."""
    target = resolve_target(state, args.character_id)
    unable = why_cannot_act(state, target)
    if unable:
        raise ToolError(unable)
    check = check_for(
        state, target, args.dc, args.reason, _mode(args.advantage),
        skill=args.skill, ability=args.ability, needs=args.sense or sense_needed(args.reason),
    )  # fmt: skip
    record_check(state, target, check)
    return ToolOutcome(check_result(state, target, check), [roll_event(state, target, check)])


def saving_throw_tool(args: a.SavingThrowArgs, state: GameState) -> ToolOutcome:
    """request_saving_throw."""
    target = resolve_target(state, args.character_id)
    check = check_for(
        state, target, args.dc, args.reason, _mode(args.advantage), ability=args.ability, save=True
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


# -- world changes -------------------------------------------------------------------------


def hp_change(
    state: GameState, target: str, before: Vitals, after: Vitals, text: str
) -> StateChange:
    """Record a hit-point change for the DM and describe it for the players."""
    state.record("hp", text, who=target, before=vitals_text(before), after=vitals_text(after))
    return StateChange(
        kind="hp", target_id=target, description=text,
        before=vitals_text(before), after=vitals_text(after),
    )  # fmt: skip


def deal_damage(
    state: GameState,
    target: str,
    amount: int,
    damage_type: DamageType,
    *,
    critical: bool = False,
    source: str | None = None,
    concentration: bool = True,
    knock_out: bool = False,
) -> tuple[list[SessionEvent], DamageResult]:
    """The one way damage reaches a character or creature: what the rules of play make of
    it (a raging barbarian resists it), defences, temporary HP, hit points, dying (monsters
    die at 0), the record for the DM, the event for the players, the concentration save it
    forces, and what it sets off (a sleeper wakes). Every damage source goes through here;
    ``source`` is who dealt it, when known. ``concentration=False`` leaves the concentration
    save to the caller: one attack dealing two types of damage forces one save, for the
    sum (see :func:`app.actions.striking.strike`). ``knock_out``: a melee blow meant to
    subdue, which leaves whoever it drops unconscious and stable."""
    before = vitals_of(state, target)
    if target in state.party:
        defenses, dies = state.party[target].defenses, False
    else:  # a monster dies at 0 — but a regenerating one only if it cannot regenerate
        creature = state.creatures[target]
        block = state.monster(creature.monster) if creature.monster else None
        defenses, dies = creature.defenses, block is None or not block.trait("regeneration")
        if creature.side == "party":  # a companion: knocked out at 0, unless the author says
            dies = dies_at_zero(state, creature)
            knock_out = knock_out or not dies
    setup = DamageSetup(state, target, max(0, amount), damage_type, source, critical)
    for rule in RULES:
        rule.before_damage(setup)
    if setup.immune:
        defenses = defenses.model_copy(update={"immunities": defenses.immunities | {damage_type}})
    resist_all = resists_everything(conditions_of(state, target))
    if setup.resist and not resist_all:
        defenses = defenses.model_copy(update={"resistances": defenses.resistances | {damage_type}})
    outcome = apply_damage(
        before, setup.amount, damage_type, defenses, critical=critical, dies_at_zero=dies,
        resist_all=resist_all, knock_out=knock_out,
    )  # fmt: skip
    outcome = replace(outcome, critical=critical)
    set_vitals(state, target, outcome.vitals)
    note = f" ({outcome.damage.note})" if outcome.damage.note else ""
    after = outcome.vitals
    sheet = state.party.get(target)
    if sheet is not None and any(
        e.id == SHAPE_ID for e in sheet.effects
    ):  # a beast form at 0 is no dying druid
        after = after.model_copy(update={"state": LifeState.ALIVE})
    text = (
        f"{state.name_of(target)} takes {outcome.damage.amount} {damage_type.value} damage{note}"
        f": {vitals_text(before)} → {vitals_text(after)}"
    )
    events: list[SessionEvent] = [hp_change(state, target, before, outcome.vitals, text)]
    if concentration:
        events += concentration_after_damage(state, target, outcome.damage.amount)
    for rule in RULES:
        events += rule.after_damage(state, target, outcome, source)
    return events, outcome


def damage_tool(args: a.DamageArgs, state: GameState) -> ToolOutcome:
    """damage."""
    target = resolve_here(state, args.target_id)
    before = vitals_of(state, target)
    if before.state is LifeState.DEAD:
        raise ToolError(f"{state.name_of(target)} is already dead")
    amount, rolled = _amount(state, args.amount, args.reason, target)
    events, outcome = deal_damage(state, target, amount, args.damage_type)
    result: dict[str, Any] = {
        "target_id": target, "damage": outcome.damage.amount, "hp": outcome.vitals.hp,
        "max_hp": outcome.vitals.max_hp, "state": outcome.vitals.state.value,
    }  # fmt: skip
    if outcome.damage.note:
        result["note"] = outcome.damage.note
    return ToolOutcome(result, [rolled, *events])


def end_concentration(state: GameState, caster: str, why: str) -> list[SessionEvent]:
    """A caster stops concentrating: what their spell imposed ends with it."""
    holder = state.party.get(caster) or state.creatures.get(caster)  # a monster concentrates too
    if holder is None or holder.concentration is None:
        return []
    spell_id = holder.concentration
    spell = srd().spells.get(spell_id)
    holder.concentration = None
    for cid in state.known_ids():
        conditions = conditions_of(state, cid)
        conditions[:] = [c for c in conditions if not (c.source == caster and c.note == spell.name)]
        effects = effects_of(state, cid)
        gone = [e for e in effects if e.source == caster and e.spell == spell_id]
        effects[:] = [e for e in effects if e not in gone] + followers(gone)
    text = f"{holder.name} loses concentration on {spell.name} ({why})"
    state.record("condition", text, who=caster)
    return [StateChange(kind="condition", target_id=caster, description=text)]


def concentration_after_damage(state: GameState, target: str, amount: int) -> list[SessionEvent]:
    """Damage to a concentrating caster: a Constitution save (DC 10 or half the damage), or
    the spell ends; dropping to 0 HP ends it outright."""
    sheet = state.party.get(target)
    creature = state.creatures.get(target) if sheet is None else None
    if creature is not None and creature.concentration is not None and amount > 0:
        return _monster_concentration(state, target, amount)
    if sheet is None or sheet.concentration is None or amount <= 0:
        return []
    if sheet.vitals.hp == 0:
        return end_concentration(state, target, "knocked out")
    # A Constitution saving throw like any other: what the rules of play add (Bless's d4,
    # a dwarf's resilience …) applies to it too.
    setup = RollSetup(state, target, Ability.CON, concentration_dc(amount), "concentration", "save")
    for rule in RULES:
        rule.before_save(setup)
    check = concentration_check(
        state.rng,
        sheet.save_modifier(Ability.CON),
        amount,
        context=save_context(sheet.conditions, Ability.CON, sheet.exhaustion,
                             advantage_from=tuple(setup.advantage),
                             disadvantage_from=tuple(setup.disadvantage)),
        bonus=setup.dice,
    )  # fmt: skip
    events: list[SessionEvent] = [roll_event(state, target, check)]
    if not check.success:
        events += end_concentration(state, target, f"failed a DC {check.dc} Constitution save")
    return events


def _monster_concentration(state: GameState, cid: str, amount: int) -> list[SessionEvent]:
    """A concentrating monster takes damage: the same Constitution save as a character's
    (DC 10 or half the damage, whichever is higher); at 0 HP the spell ends outright."""
    if vitals_of(state, cid).hp == 0:
        return end_concentration(state, cid, "dropped")
    dc = concentration_dc(amount)
    check = check_for(state, cid, dc, "concentration", Advantage.NORMAL, ability=Ability.CON,
                      save=True)  # fmt: skip
    events: list[SessionEvent] = [roll_event(state, cid, check)]
    if not check.success:
        events += end_concentration(state, cid, f"failed a DC {dc} Constitution save")
    return events


def heal_tool(args: a.HealArgs, state: GameState) -> ToolOutcome:
    """heal."""
    target = resolve_target(state, args.target_id)
    before = vitals_of(state, target)
    if before.state is LifeState.DEAD:
        raise ToolError(f"{state.name_of(target)} is dead; healing cannot help")
    if blocks_healing(effects_of(state, target)):
        raise ToolError(f"{state.name_of(target)} cannot regain hit points right now")
    amount, rolled = _amount(state, args.amount, args.reason, target)
    if args.temporary:
        after = grant_temp_hp(before, amount)
        set_vitals(state, target, after)
        text = (
            f"{state.name_of(target)} gains {amount} temporary HP"
            + (" (the larger pool stays)" if after.temp_hp != amount else "")
            + f": {vitals_text(before)} → {vitals_text(after)}"
        )
        return ToolOutcome(
            {"target_id": target, "temp_hp": after.temp_hp, "hp": after.hp},
            [rolled, hp_change(state, target, before, after, text)],
        )
    outcome = heal(before, amount)
    set_vitals(state, target, outcome.vitals)
    text = (
        f"{state.name_of(target)} regains {outcome.restored} HP: "
        f"{vitals_text(before)} → {vitals_text(outcome.vitals)}"
    )
    return ToolOutcome(
        {"target_id": target, "restored": outcome.restored, "hp": outcome.vitals.hp},
        [rolled, hp_change(state, target, before, outcome.vitals, text)],
    )


def item_tool(args: a.ItemArgs, state: GameState) -> ToolOutcome:
    """change_item: give or take."""
    if args.action == "take":
        return _take_item(args, state)
    if args.character_id not in state.party:
        raise ToolError(f"unknown character {args.character_id!r}; party: {', '.join(state.party)}")
    sheet = state.party[args.character_id]
    sheet.inventory.append(args.item)
    text = f"{sheet.name} gets {args.item} ({args.reason})"
    state.record("item", text, who=sheet.id, after=f"+{args.item}")
    return ToolOutcome(
        {"character_id": sheet.id, "inventory": list(sheet.inventory)},
        [StateChange(kind="item", target_id=sheet.id, description=text)],
    )


def _take_item(args: a.ItemArgs, state: GameState) -> ToolOutcome:
    if args.character_id not in state.party:
        raise ToolError(f"unknown character {args.character_id!r}; party: {', '.join(state.party)}")
    sheet = state.party[args.character_id]
    match = next((i for i in sheet.inventory if i.lower() == args.item.lower()), None)
    if match is None:
        have = ", ".join(sheet.inventory) or "nothing"
        raise ToolError(f"{sheet.name} has no {args.item!r} (carries: {have})")
    sheet.inventory.remove(match)
    text = f"{sheet.name} loses {match} ({args.reason})"
    state.record("item", text, who=sheet.id, before=match)
    return ToolOutcome(
        {"character_id": sheet.id, "inventory": list(sheet.inventory)},
        [StateChange(kind="item", target_id=sheet.id, description=text)],
    )


def move_scene_tool(args: a.MoveSceneArgs, state: GameState) -> ToolOutcome:
    """move_scene."""
    scene = state.scenes.get(args.scene_id)
    if scene is None:
        known = ", ".join(state.scenes) or "none"
        raise ToolError(f"unknown scene {args.scene_id!r}; scenes: {known}")
    if state.encounter is not None:
        raise ToolError("the party cannot leave in the middle of a fight; end_combat first")
    before, left = state.scene.name, state.scene.id
    state.scene = scene
    text = f"The party moves from {before} to {scene.name} ({args.reason})"
    state.record("scene", text, ref=scene.id, before=before, after=scene.name, left=left)
    return ToolOutcome(
        {
            "scene_id": scene.id,
            "name": scene.name,
            "description": scene_description(state, state.campaign),
            "exits": scene.exits,
        },
        [StateChange(kind="scene", description=text, before=before, after=scene.name)],
    )


def set_flag_tool(args: a.SetFlagArgs, state: GameState) -> ToolOutcome:
    """set_flag."""
    before = state.flags.get(args.name)
    state.flags[args.name] = args.value
    text = f"{args.name} = {args.value!r}"
    shown = None if before is None else repr(before)
    state.record("flag", text, ref=args.name, before=shown, after=repr(args.value))
    return ToolOutcome(
        {"name": args.name, "value": args.value},
        [StateChange(kind="flag", description=text,
                     before=None if before is None else repr(before), after=repr(args.value))],
    )  # fmt: skip


def reveal_tool(args: a.RevealArgs, state: GameState) -> ToolOutcome:
    """reveal."""
    state.facts.append(args.text)
    state.record("reveal", args.text)
    return ToolOutcome(
        {"revealed": args.text, "known_facts": len(state.facts)},
        [StateChange(kind="reveal", description=args.text)],
    )


def restrict_action_tool(args: a.RestrictActionArgs, state: GameState) -> ToolOutcome:
    """restrict_action (the session swaps the gate when it sees the event)."""
    for cid in args.character_ids:
        if cid not in state.party:
            raise ToolError(f"unknown character {cid!r}; party: {', '.join(state.party)}")
    if args.character_ids:
        state.restriction = Restriction(character_ids=list(args.character_ids), reason=args.reason)
        names = ", ".join(state.name_of(c) for c in args.character_ids)
        state.record("restriction", f"only {names} may act ({args.reason})")
    else:
        state.restriction = None
        state.record("restriction", f"everyone may act again ({args.reason})")
    return ToolOutcome(
        {"allowed": args.character_ids or "everyone"},
        [ActionRestriction(allowed_character_ids=list(args.character_ids), reason=args.reason)],
    )


# -- encounters ----------------------------------------------------------------------------


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
    """The combatant's action economy this turn (created fresh if missing)."""
    encounter = state.encounter
    assert encounter is not None
    if cid not in encounter.economy:
        encounter.economy[cid] = fresh_economy(state, cid)
    return encounter.economy[cid]


def combat_update(state: GameState) -> CombatUpdate:
    """The tracker's view of the current fight."""
    encounter = state.encounter
    assert encounter is not None
    rows = []
    shining = lit(state)  # who stands in a moonbeam
    columns = pt.shorts(state)
    for c in encounter.order:
        if c.id in state.party:
            sheet = state.party[c.id]
            vit, ac, conds = sheet.vitals, sheet.armor_class, sheet.conditions
        else:
            creature = state.creatures[c.id]
            vit, ac, conds = creature.vitals, creature.ac, creature.conditions
        rows.append(
            CombatantStatus(
                id=c.id, name=c.name, initiative=c.initiative, hp=vit.hp, max_hp=vit.max_hp,
                ac=ac, side=c.side, position=columns[c.id],
                conditions=[
                    f"{x.condition.value}" + (f" ({x.rounds})" if x.rounds else "") for x in conds
                ] + [e.name.lower() for e in effects_of(state, c.id) if not is_record(e)]
                + shining.get(c.id, []) + readied_line(encounter.readied, c.id, short=True),
            )
        )  # fmt: skip
    return CombatUpdate(round=encounter.round, current_id=encounter.current.id, combatants=rows)


def get_encounter_tool(args: a.GetEncounterArgs, state: GameState) -> ToolOutcome:
    """get_encounter: the fight in full (the same view as the first turn's context), or
    'No active encounter' out of combat."""
    fight = ev.encounter_view(state)
    if fight is None:
        return ToolOutcome({"in_combat": False, "message": "No active encounter"})
    return ToolOutcome(fight.as_result())


def _save_modifier(state: GameState, cid: str) -> Callable[[Ability], int]:
    if cid in state.party:
        return state.party[cid].save_modifier
    creature = state.creatures[cid]
    block = state.monster(creature.monster) if creature.monster else None
    return block.save_modifier if block else (lambda _ability: 0)


def _tick(state: GameState, cid: str, when: str) -> list[SessionEvent]:
    """Count down conditions at the start or end of a creature's turn; repeat save-ends
    saves at its end; then every rule of play has its moment (effects wear off …)."""
    events = _tick_conditions(state, cid, when)
    for rule in RULES:
        events += rule.turn_starts(state, cid) if when == "start" else rule.turn_ends(state, cid)
    return events


def _tick_conditions(state: GameState, cid: str, when: str) -> list[SessionEvent]:
    conditions = conditions_of(state, cid)
    if when == "start":
        tick = tick_start_of_turn(conditions)
    else:
        tick = tick_end_of_turn(conditions, state.rng, _save_modifier(state, cid))
    conditions[:] = list(tick.remaining)
    events: list[SessionEvent] = []
    for other in state.known_ids():  # conditions timed to this creature's turns (Stunning Strike)
        held = conditions_of(state, other)
        if any(c.counts_on == "source" and c.source == cid for c in held):
            theirs = tick_source_turn(held, cid, "start" if when == "start" else "end")
            held[:] = list(theirs.remaining)
            for ended in theirs.ended:
                text = f"{state.name_of(other)} is no longer {ended.condition.value}"
                state.record("condition", text, who=other)
                events.append(StateChange(kind="condition", target_id=other, description=text))
    name = state.name_of(cid)
    for save in tick.saves:
        verdict = "success" if save.success else "failure"
        events.append(
            DiceRoll(
                check_type="saving_throw", character_id=cid, character_name=name,
                ability=save.ability.value, dc=save.dc, formula="1d20", total=save.total,
                natural=save.natural, success=save.success,
                reason=f"shake off {save.condition.value}",
                text=f"{save.total} vs DC {save.dc} — {verdict}",
            )
        )  # fmt: skip
    for ended in tick.ended:
        text = f"{name} is no longer {ended.condition.value}"
        state.record("condition", text, who=cid)
        events.append(StateChange(kind="condition", target_id=cid, description=text))
    return events


def death_save_for(state: GameState, cid: str) -> list[SessionEvent]:
    """A dying character's turn starts with a death save."""
    sheet = state.party[cid]
    result = death_save(state.rng, sheet.vitals)
    set_vitals(state, cid, result.vitals)
    events: list[SessionEvent] = [
        DiceRoll.from_roll(
            result.roll, check_type="death_save", reason="death save", character_id=cid,
            character_name=sheet.name, dc=10, success=result.success,
        )
    ]  # fmt: skip
    v = result.vitals
    if result.regained_consciousness:
        text = f"{sheet.name} gasps back to consciousness with 1 HP"
        if state.encounter is not None:  # awake now: its speed is its own again
            state.encounter.economy[cid] = fresh_economy(state, cid)
    elif v.state is LifeState.DEAD:
        text = f"{sheet.name} dies"
    elif v.state is LifeState.STABLE:
        text = f"{sheet.name} is stable"
    else:
        text = f"{sheet.name}: {v.death_successes} successes, {v.death_failures} failures"
    state.record("hp", text, who=cid)
    events.append(StateChange(kind="hp", target_id=cid, description=text))
    return events


def end_turn_tool(args: a.EndTurnArgs, state: GameState) -> ToolOutcome:
    """end_turn: tick the finished combatant's conditions, then move to the next one who can
    take a turn — a dying character makes a death save instead of acting."""
    encounter = state.encounter
    if encounter is None:
        raise ToolError("no fight is going on")
    finished = encounter.current
    events = _tick(state, finished.id, "end")
    for _ in range(len(encounter.order) * 2):
        encounter.turn_index += 1
        if encounter.turn_index >= len(encounter.order):
            encounter.turn_index = 0
            encounter.round += 1
        current = encounter.current.id
        if vitals_of(state, current).state is LifeState.DEAD:
            continue
        if current in state.creatures and state.creatures[current].left:
            continue  # fled or surrendered: out of the fight
        events += _tick(state, current, "start")
        encounter.economy[current] = fresh_economy(state, current)
        encounter.spells_cast.pop(current, None)
        encounter.off_hand_ready = [c for c in encounter.off_hand_ready if c != current]
        if current in state.party and vitals_of(state, current).hp == 0:
            if vitals_of(state, current).state is LifeState.DYING:
                events += death_save_for(state, current)
            if vitals_of(state, current).hp == 0:
                continue  # unconscious: no turn to take
        if not can_act(conditions_of(state, current)) or why_cannot_act(state, current):
            # Asleep, paralysed, stunned: the turn passes, but it still ends — durations
            # count down and save-ends saves are rolled.
            events += _tick(state, current, "end")
            state.record("encounter", f"{encounter.current.name} cannot act and loses the turn")
            continue
        break
    now = encounter.current
    state.record(
        "encounter", f"{finished.name}'s turn ends; round {encounter.round}, {now.name} acts"
    )
    events.append(combat_update(state))
    return ToolOutcome({"round": encounter.round, "current": now.id, "name": now.name}, events)

"""The tools that change the world outside the rules of a fight: hit points by the DM's
word (``damage``, ``heal``), items, the scene, flags, facts revealed and who may act. Every
executor checks its ids and arguments first and raises :class:`ToolError` before touching
the world; then it changes the state, records the change for the DM's next context, and
returns the result for the DM plus the events for the players."""

from __future__ import annotations

from typing import Any

from app.actions import args as a
from app.actions.beings import (
    effects_of,
    hp_change,
    resolve_here,
    resolve_target,
    set_vitals,
    vitals_of,
    vitals_text,
)
from app.actions.events import ActionRestriction, StateChange
from app.actions.harm import deal_damage
from app.actions.registry import ToolError, ToolOutcome
from app.actions.rolling import roll_amount
from app.world.state import GameState, Restriction
from app.world.view import scene_description
from rules.damage import LifeState, grant_temp_hp, heal
from rules.effects import blocks_healing


def damage_tool(args: a.DamageArgs, state: GameState) -> ToolOutcome:
    """damage."""
    target = resolve_here(state, args.target_id)
    before = vitals_of(state, target)
    if before.state is LifeState.DEAD:
        raise ToolError(f"{state.name_of(target)} is already dead")
    amount, rolled = roll_amount(state, args.amount, args.reason, target)
    events, outcome = deal_damage(state, target, amount, args.damage_type)
    result: dict[str, Any] = {
        "target_id": target, "damage": outcome.damage.amount, "hp": outcome.vitals.hp,
        "max_hp": outcome.vitals.max_hp, "state": outcome.vitals.state.value,
    }  # fmt: skip
    if outcome.damage.note:
        result["note"] = outcome.damage.note
    return ToolOutcome(result, [rolled, *events])


def heal_tool(args: a.HealArgs, state: GameState) -> ToolOutcome:
    """heal."""
    target = resolve_target(state, args.target_id)
    before = vitals_of(state, target)
    if before.state is LifeState.DEAD:
        raise ToolError(f"{state.name_of(target)} is dead; healing cannot help")
    if blocks_healing(effects_of(state, target)):
        raise ToolError(f"{state.name_of(target)} cannot regain hit points right now")
    amount, rolled = roll_amount(state, args.amount, args.reason, target)
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
    state.long_rested = []  # on their way: the next night's rest is theirs again
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

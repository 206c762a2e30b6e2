"""What campaign data makes happen: authored effects (flags, items, damage, conditions,
scene moves, fights, reveals, restrictions, endings), entering a scene, scene moves and
talk. Authored challenges are rolled in :mod:`app.actions.challenge_tools`."""

from __future__ import annotations

from typing import Any

from app.actions import args as a
from app.actions import beings as bg
from app.actions import fight_tools
from app.actions import world_tools as wt
from app.actions.advancement_tools import apply_story_award
from app.actions.condition_tools import condition_tool
from app.actions.encounter_view import fight_result
from app.actions.endings import reach_ending
from app.actions.events import ActionRestriction, SessionEvent
from app.actions.registry import ToolError, ToolOutcome
from app.world import view
from app.world.campaign import Campaign
from app.world.challengespec import Effects
from app.world.facts import first_holding
from app.world.ledger import SpeechAct
from app.world.state import GameState, Restriction
from rules.damage import LifeState


def _campaign(state: GameState) -> Campaign:
    if state.campaign is None:
        raise ToolError("this game has no campaign")
    return state.campaign


def apply_effects(
    state: GameState, effects: Effects, actor: str | None, reason: str
) -> tuple[list[SessionEvent], dict[str, Any]]:
    """Carry out authored effects. ``actor`` is whoever provoked them (for damage, items)."""
    events: list[SessionEvent] = []
    summary: dict[str, Any] = {}
    campaign = state.campaign
    target = actor if actor in state.party else next(iter(state.party), None)
    for name, value in effects.set_flags.items():
        events += wt.set_flag_tool(a.SetFlagArgs(name=name, value=value), state).events
    if effects.set_flags:
        summary["flags"] = dict(effects.set_flags)
    for item in effects.give_items:
        label = campaign.items[item].name if campaign and item in campaign.items else item
        placed = campaign is not None and any(item in s.items for s in campaign.scenes.values())
        if placed and state.has_item(item):
            continue  # the one key of the story, picked up already: never found twice
        if target:
            args = a.ItemArgs(character_id=target, item=label, action="give", reason=reason)
            events += wt.item_tool(args, state).events
            summary.setdefault("items_gained", []).append(label)
    for item in effects.take_items:
        label = campaign.items[item].name if campaign and item in campaign.items else item
        holder = next(
            (
                cid
                for cid, s in state.party.items()
                if label.lower() in (i.lower() for i in s.inventory)
            ),
            None,
        )
        if holder:
            args = a.ItemArgs(character_id=holder, item=label, action="take", reason=reason)
            events += wt.item_tool(args, state).events
    if effects.damage and target:
        victims = list(state.party) if effects.damage.to == "party" else [target]
        for victim in victims:
            if state.party[victim].vitals.state is LifeState.DEAD:
                continue
            hurt = a.DamageArgs(target_id=victim, amount=effects.damage.amount,
                                damage_type=effects.damage.type, reason=reason)  # fmt: skip
            outcome = wt.damage_tool(hurt, state)
            events += outcome.events
            summary.setdefault("damage", []).append(outcome.result)
    living = (
        target
        if target and not _dead(state, target)
        else next((cid for cid in state.party if not _dead(state, cid)), None)
    )  # a heal or a condition lands on one alive: the dead are past both
    try:  # (what the rules refuse — exhaustion past its last level — is left undone, said so)
        if effects.heal and living:
            outcome = wt.heal_tool(
                a.HealArgs(target_id=living, amount=effects.heal, reason=reason), state
            )
            events += outcome.events
        if effects.condition and living:
            cond = a.ConditionArgs(target_id=living, condition=effects.condition,
                                   rounds=effects.condition_rounds, reason=reason)  # fmt: skip
            events += condition_tool(cond, state).events
            summary["condition"] = effects.condition.value
    except ToolError as refused:
        state.record("condition", f"{reason}: nothing more befalls them ({refused})")
    if effects.end_encounter and state.encounter is not None:
        events += fight_tools.finish_fight(state, reason).events  # a fight ended in peace
        summary["combat_ended"] = True  # (before any move: nobody leaves in mid-fight)
    if effects.reveal:
        events += wt.reveal_tool(a.RevealArgs(text=effects.reveal), state).events
    if effects.restrict_to is not None:
        restrict = a.RestrictActionArgs(
            character_ids=effects.restrict_to, reason=effects.restrict_reason or reason
        )
        events += wt.restrict_action_tool(restrict, state).events
    if effects.move_to:
        events += enter_scene(state, effects.move_to, reason)
        summary["moved_to"] = effects.move_to
    if effects.start_encounter and state.encounter is not None:
        # A fight is already on (a trigger that still holds, an outcome mid-fight): the
        # turn goes on — it is not the author's fight to fail on, nor the players'.
        state.record("encounter", f"{effects.start_encounter} not started: a fight is on")
        summary["combat_waits"] = effects.start_encounter
    elif effects.start_encounter:
        events += start_encounter(state, effects.start_encounter)
        summary["combat"] = effects.start_encounter
    if effects.ending and state.ending is None:
        events += reach_ending(state, effects.ending)
        summary["ending"] = effects.ending
    if effects.xp or effects.level_up:
        more, awarded = apply_story_award(state, effects.xp, effects.level_up, reason)
        events += more
        summary.update(awarded)
    if effects.text:
        summary["text"] = effects.text
    if effects.next:
        # The chain needs its follow-up again: a second slip of the pick springs the
        # needle again, whatever the first dodge did. Its old outcome no longer stands.
        state.challenges.pop(effects.next, None)
        summary["next"] = effects.next
    return events, summary


def _dead(state: GameState, cid: str) -> bool:
    return state.party[cid].vitals.state is LifeState.DEAD


def enter_scene(state: GameState, scene_id: str, reason: str) -> list[SessionEvent]:
    """Move the party; a scene's restriction applies and its fight starts (the first time)."""
    outcome = wt.move_scene_tool(a.MoveSceneArgs(scene_id=scene_id, reason=reason), state)
    events = list(outcome.events)
    campaign = state.campaign
    first_visit = scene_id not in state.visited
    if first_visit:
        state.visited.append(scene_id)
    if campaign is None or scene_id not in campaign.scenes:
        return events
    spec = campaign.scenes[scene_id]
    if spec.restrict_to:
        state.restriction = Restriction(
            character_ids=list(spec.restrict_to), reason=spec.restrict_reason
        )
        events.append(ActionRestriction(allowed_character_ids=list(spec.restrict_to),
                                        reason=spec.restrict_reason))  # fmt: skip
    elif state.restriction is not None:
        state.restriction = None
        events.append(ActionRestriction(allowed_character_ids=[], reason="a new scene"))
    if first_visit and spec.encounter and spec.encounter not in state.defeated:
        events += start_encounter(state, spec.encounter)
    elif state.encounter is None:
        events += _resume(state, scene_id)
    return events


def _resume(state: GameState, scene_id: str) -> list[SessionEvent]:
    """Back where a fight was fled from: its survivors are still there, and it goes on."""
    left = [
        c for c in state.creatures.values()
        if c.scene == scene_id and c.hostile and not c.left and c.vitals.hp > 0
        and (c.encounter is None or c.encounter not in state.defeated)
    ]  # fmt: skip
    awake = [c for c in left if not any(a.condition.value == "unconscious" for a in c.conditions)]
    if not awake:
        return []  # only sleepers left behind: they sleep on, and no fight starts
    names = [c.name for c in left]
    named = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    reason = f"{named} {'is' if len(left) == 1 else 'are'} still here"
    return fight_tools.roll_in(state, left, reason).events


def way_to(state: GameState, scene_id: str) -> str:
    """The name of the open way from the party's scene to ``scene_id``; a ToolError says
    why there is none (no such way, a secret one, a shut one)."""
    campaign = _campaign(state)
    here = campaign.scenes.get(state.scene.id)
    if scene_id == state.scene.id:
        raise ToolError(f"the party is already in {state.scene.name} ({state.scene.id})")
    if here is None:
        return scene_id
    crossed = [w for w in view.crossed_ways(state, campaign) if w.to == scene_id]
    if crossed and scene_id not in {e.to for e in here.exits}:
        return crossed[0].name  # (a way made by a challenge passed here: the causeway)
    if scene_id not in {e.to for e in here.exits}:
        exits = ", ".join(e.to for e in here.exits) or "none"
        raise ToolError(f"no way from {state.scene.id} to {scene_id!r}; exits: {exits}")
    ways = [e for e in here.exits if e.to == scene_id]  # the open one, if several
    way = next((e for e in ways if view.exit_open(state, e)),
               next((e for e in ways if not e.hidden), ways[0]))  # fmt: skip
    if way.hidden and not view.exit_open(state, way):  # a secret stays one
        raise ToolError(f"no way from {state.scene.id} to {scene_id!r} that the "
                        "party knows of: it is hidden and shut")  # fmt: skip
    if not view.exit_open(state, way):
        raise ToolError(f"the way is shut: {view.locked_text(state, way)}")
    return way.name


def start_encounter(state: GameState, encounter_id: str) -> list[SessionEvent]:
    """Start an authored fight (one already beaten stays beaten: nothing starts)."""
    if fight_tools.encounter_beaten(state, encounter_id):
        return []
    spec = _campaign(state).encounters[encounter_id]
    told = first_holding(spec.variants, state)  # where it starts: the court, the cistern
    text = told.text if told is not None else spec.text
    args = a.StartCombatArgs(reason=text or spec.name, encounter=encounter_id)
    return fight_tools.start_combat_tool(args, state).events


def move_tool(args: a.MoveSceneArgs, state: GameState) -> ToolOutcome:
    """move_scene in a campaign: entering applies the scene's restriction and its fight."""
    campaign = _campaign(state)
    way_to(state, args.scene_id)  # another's move this turn may have taken the party there
    events = enter_scene(state, args.scene_id, args.reason)
    return ToolOutcome({**scene_result(state, campaign), **fight_result(state)}, events)


def scene_result(state: GameState, campaign: Campaign) -> dict[str, Any]:
    """The scene the party is in, as it reads now: for a tool result."""
    scene = state.scene
    return {
        "scene_id": scene.id,
        "name": scene.name,
        "description": view.scene_description(state, campaign),
        "exits": scene.exits,
        "people": [campaign.npcs[n].name for n in view.npcs_here(state, campaign)],
    }


def _match(wanted: str, options: dict[str, list[str]]) -> str | None:
    """The option id whose id or one of whose names is ``wanted`` (any case)."""
    said = " ".join(wanted.lower().split())
    for oid, labels in options.items():
        if said == oid or said in (label.lower() for label in labels):
            return oid
    return None


def _note_speech(state: GameState, speaker: str | None, npc_id: str, topic: str | None) -> None:
    """Write the speech ``talk_to`` stands for, unless the reading of the players' lines
    already wrote one from that speaker (from anyone, when none is named) to that NPC this
    turn: the same words are not said twice in the ledger — unless this asks about a topic
    that reading did not catch (the DM heard more in the words than the parser did)."""
    for event in state.truth.fresh:
        if (
            isinstance(event, SpeechAct)
            and event.seq >= state.truth.turn_start
            and event.addressee == npc_id
            and (speaker is None or event.speaker == speaker)
            and (topic is None or event.topic == topic)
        ):
            return
    words = f"(about {topic})" if topic else ""
    state.log_event(SpeechAct(speaker=speaker or "party", addressee=npc_id, words=words,
                              topic=topic))  # fmt: skip


def talk_tool(args: a.TalkArgs, state: GameState) -> ToolOutcome:
    """talk_to: speak with someone present (``npcs_here``) and hear what they say."""
    campaign = _campaign(state)
    here = view.npcs_here(state, campaign)
    people = {n: [campaign.npcs[n].name, *campaign.npcs[n].aliases] for n in here}
    npc_id = _match(args.npc_id, people)
    if npc_id is None:
        present = ", ".join(f"{campaign.npcs[n].name} ({n})" for n in here)
        raise ToolError(
            f"{args.npc_id!r} is not here to talk to; "
            + (f"people here: {present}" if present else "nobody here to talk to")
        )
    if args.character_id is not None:
        unable = bg.why_cannot_act(state, bg.resolve_target(state, args.character_id))
        if unable:  # the dead and the senseless say nothing
            raise ToolError(unable)
    npc = view.npc_view(state, campaign, npc_id)
    met = f"met_{npc_id}"
    first = not state.flags.get(met)
    if first:
        # A flag, so campaigns can ask whether the party has met someone; not an event:
        # nothing on screen changes.
        state.flags[met] = True
        state.record("flag", f"the party meets {npc.name}", ref=met, after="True")
    key: str | None = None
    if args.topic:
        topic = " ".join(args.topic.lower().split())
        key = topic if topic in npc.topics else next(
            (k for w, k in npc.topic_names() if w in topic.split() or w in topic), None
        )  # fmt: skip
    _note_speech(state, args.character_id, npc_id, key)
    result: dict[str, Any] = {"npc_id": npc_id, "name": npc.name, "attitude": npc.attitude,
                              "first_meeting": first}  # fmt: skip
    if first:
        result["description"] = npc.description
        result["greeting"] = npc.greeting
    if args.topic:
        result["topic"] = key
        result["says"] = npc.topics[key].text if key is not None else None
        if key is not None and npc.topics[key].narrated:
            result["told_as"] = "narration, not their words"
    result["topics"] = list(npc.topics)
    return ToolOutcome(result)

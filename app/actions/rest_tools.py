"""The ``rest`` tool: a short or long rest for the party, through ``rules.rests``.

A short rest spends hit dice until a character is whole (or has none left); a long rest
restores hit points, spell slots and half the hit dice. A warlock's pact slots and the
features that recover on a short rest come back on either. A bard's Song of Rest gives each
rester who spends hit dice an extra die of healing. Nobody rests in a fight, nor with foes a
few yards off who have not seen the party yet."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from app.actions import args as a
from app.actions.beings import comes_round, effects_of, set_vitals
from app.actions.condition_tools import set_exhaustion
from app.actions.drains import LIFE_DRAINED, restore_life
from app.actions.events import DiceRoll, SessionEvent, StateChange
from app.actions.feature_tools import recover_slots
from app.actions.harm import end_concentration
from app.actions.registry import ToolError, ToolOutcome
from app.actions.wild_shape import shape_through_rest
from app.world.facts import achieved
from app.world.state import GameState
from rules.abilities import Ability
from rules.character import CharacterSheet
from rules.class_powers import song_of_rest_die
from rules.conditions import Condition, can_act
from rules.damage import LifeState, Vitals, heal
from rules.dice import roll
from rules.features import after_rest
from rules.rests import long_rest, short_rest, slots_after_short_rest
from rules.spellcasting import SpellSlots
from rules.srd import srd


def foes_close_by(state: GameState) -> str:
    """The foes of a fight waiting here on what the party does ("the goblins at their dice",
    until the party slips past them): nobody rests with them a few yards off; ``""`` when
    there are none."""
    campaign = state.campaign
    scene = campaign.scenes.get(state.scene.id) if campaign is not None else None
    if campaign is None or scene is None:
        return ""
    # (a place's own fight starts as the party comes in; these wait on the party's move)
    waiting = [c.failure.start_encounter for cid, c in campaign.challenges.items()
                if c.scene == state.scene.id and c.failure.start_encounter
                and state.challenges.get(cid) != "passed" and not achieved(c, state)]  # fmt: skip
    fight = next((e for e in waiting if e in campaign.encounters and e not in state.defeated), None)
    if fight is None:  # (the goblins at their dice, until the party slips past them)
        return ""
    named = []
    for group in campaign.encounters[fight].monsters:
        kind = state.monster(group.monster).name.lower()
        named.append(group.name or (f"{group.count} {kind}s" if group.count > 1 else f"a {kind}"))
    return ", ".join(named)


def rest_refused(state: GameState, kind: str, ids: list[str]) -> str | None:
    """Why these characters cannot rest now (``None`` when they can): what the ``rest``
    tool refuses, asked before a rest is joined ("Thorin: rest too")."""
    if state.encounter is not None:
        return "nobody can rest during a fight"
    close = foes_close_by(state)
    if close:
        return f"nobody can rest with {close} close by: deal with them, or move on first"
    unknown = [cid for cid in ids if cid not in state.party]
    if unknown:
        return f"unknown character(s) {', '.join(unknown)}; party: {', '.join(state.party)}"
    if kind == "long" and all(cid in state.long_rested for cid in ids):
        who = "the party has" if len(ids) > 1 else f"{state.party[ids[0]].name} has"
        return (  # (the SRD: no more than one long rest in 24 hours)
            f"{who} slept the night already, and one long rest a day is all anyone gets: "
            "another waits until they have been on their way or fought (a short rest, an "
            "hour, still helps)"
        )
    return None


def rest_tool(args: a.RestArgs, state: GameState) -> ToolOutcome:
    """rest: short or long, for the named characters or the whole party."""
    ids = args.character_ids or list(state.party)
    refused = rest_refused(state, args.kind, ids)
    if refused:
        raise ToolError(refused)
    slept = [cid for cid in ids if cid in state.long_rested] if args.kind == "long" else []
    ids = [cid for cid in ids if cid not in slept]
    results: list[dict[str, Any]] = []
    events: list[SessionEvent] = []
    singer = _singer(state, ids) if args.kind == "short" else None
    for cid in ids:
        sheet = state.party[cid]
        hours = 1 if args.kind == "short" else 8
        out_cold = sheet.vitals.state is LifeState.STABLE and sheet.vitals.hp == 0
        events += comes_round(state, cid, hours)  # (stable at 0 HP: 1 HP after 1d4 hours)
        events += shape_through_rest(state, cid, hours)
        events += _outlasted(state, sheet)
        events += _spells_run_out(state, sheet, args.kind)
        before = sheet.vitals.hp
        song = 0
        if args.kind == "short":
            missing = sheet.vitals.max_hp - sheet.vitals.hp
            dice = sheet.hit_dice.remaining if missing > 0 else 0
            con = sheet.modifier(Ability.CON)
            # a die is spent while at least half what it heals on average is missing: not
            # two dice for three points, nor a d8 for one
            worth = max(1, (sheet.hit_dice.die + 1 + 2 * con) // 4)
            short = short_rest(state.rng, sheet.vitals, sheet.hit_dice, con, dice, worth=worth)
            sheet.vitals, sheet.hit_dice = short.vitals, short.hit_dice
            spent = len(short.rolls)
            for rolled in short.rolls:  # each hit die in the dice log, as any roll is
                events.append(
                    DiceRoll.from_roll(rolled, check_type="healing", reason="hit die",
                                       character_id=cid, character_name=sheet.name)
                )  # fmt: skip
            if singer is not None and spent:
                song, sung = _song(state, singer, sheet)
                events += sung
            used = "no hit dice" if not spent else f"{spent} hit {'die' if spent == 1 else 'dice'}"
            text = f"{sheet.name} rests a short while: +{short.healed + song} HP ({used} spent"
            text += f"; +{song} from {singer.name}'s Song of Rest)" if singer and song else ")"
            if sheet.has("pact_magic") and sheet.spell_slots.expended:
                sheet.spell_slots = slots_after_short_rest(sheet.spell_slots, pact_magic=True)
                text += "; pact magic restores every spell slot"
            text += _slots_recovered(sheet)
        else:
            slots = sheet.spell_slots if sheet.spell_slots.maximum else None
            # SRD: a long rest gives nothing to one who began it at 0 hit points (she comes
            # to in the night, but wakes no better than that)
            began = sheet.vitals if not out_cold else sheet.vitals.model_copy(update={"hp": 0})
            long = long_rest(began, sheet.hit_dice, sheet.exhaustion, slots)
            if out_cold:
                long = replace(long, vitals=sheet.vitals)
            sheet.vitals, sheet.hit_dice = long.vitals, long.hit_dice
            if long.exhaustion != sheet.exhaustion:  # a level less, and its hit points back
                events += set_exhaustion(state, cid, long.exhaustion, "a long rest")
                if sheet.vitals.hp > 0:
                    sheet.vitals = sheet.vitals.model_copy(update={"hp": sheet.vitals.max_hp})
            if long.slots is not None:
                sheet.spell_slots = long.slots
            text = f"{sheet.name} rests the night: {sheet.vitals.hp}/{sheet.vitals.max_hp} HP"
            if out_cold:
                text += " (out cold when the rest began: no good of it but waking)"
            state.long_rested.append(cid)
        if sheet.vitals.state is not LifeState.DEAD:
            kept, full = restore_life(dict(sheet.resources), sheet.vitals.max_hp, args.kind)
            sheet.resources = {**after_rest(kept, args.kind, sheet.all_features),
                               **({LIFE_DRAINED: kept[LIFE_DRAINED]} if LIFE_DRAINED in kept
                                  else {})}  # fmt: skip
            if full != sheet.vitals.max_hp:  # a long rest gives the drained maximum back
                hp = full if sheet.vitals.hp > 0 else 0
                sheet.vitals = sheet.vitals.model_copy(update={"max_hp": full, "hp": hp})
        set_vitals(state, cid, sheet.vitals)  # (one stable at 0 HP and healed wakes up)
        events += _stands(state, cid)
        healed = sheet.vitals.hp - before
        state.record("hp", text, who=cid)
        events.append(StateChange(kind="hp", target_id=cid, description=text))
        results.append({"id": cid, "name": sheet.name, "healed": healed, "hp": sheet.vitals.hp,
                        "max_hp": sheet.vitals.max_hp})  # fmt: skip
        if song:
            results[-1]["song_of_rest"] = song
    if args.kind == "long" and not args.character_ids:
        events += _companions_rest(state, results)
    outcome: dict[str, Any] = {"kind": args.kind, "rested": results}
    if slept:  # (one long rest a day: those who had theirs sit this one out)
        outcome["rested_already"] = [state.party[cid].name for cid in slept]
    if singer is not None and any("song_of_rest" in r for r in results):
        outcome["sung_by"] = singer.name  # whose Song of Rest gave the extra hit points
    return ToolOutcome(outcome, events)


def _stands(state: GameState, cid: str) -> list[SessionEvent]:
    """One who lay down (knocked flat, fallen at 0 HP) and can act again is on their feet
    by the rest's end."""
    sheet = state.party[cid]
    prone = [c for c in sheet.conditions if c.condition is Condition.PRONE]
    if not prone or sheet.vitals.hp <= 0 or not can_act(sheet.conditions):
        return []
    sheet.conditions = [c for c in sheet.conditions if c not in prone]
    text = f"{sheet.name} is back on their feet"
    state.record("condition", text, who=cid)
    return [StateChange(kind="condition", target_id=cid, description=text)]


def _outlasted(state: GameState, sheet: CharacterSheet) -> list[SessionEvent]:
    """A rest is an hour or more: every condition counted in rounds, or shaken off by a save
    each turn, has run its course by the end of it (a poison's "1 round left" does not
    outlast the rest); those that last until removed stay."""
    gone = [c for c in sheet.conditions if c.rounds is not None or c.save_dc is not None]
    if not gone:
        return []
    sheet.conditions = [c for c in sheet.conditions if c not in gone]
    names = ", ".join(dict.fromkeys(c.condition.value for c in gone))
    text = f"{sheet.name} is no longer {names}: it wore off during the rest"
    state.record("condition", text, who=sheet.id)
    return [StateChange(kind="condition", target_id=sheet.id, description=text)]


_AN_HOUR_OR_LESS = frozenset({"1 round", "1 minute", "10 minutes", "1 hour", "up to 1 hour"})
"""Spell durations a short rest (an hour) outlasts; a long one (eight) outlasts every
duration the game knows."""


def _spells_run_out(state: GameState, sheet: CharacterSheet, kind: str) -> list[SessionEvent]:
    """A spell the rester keeps up, and any effect on them counted in rounds, has run its
    course by the rest's end: Bless (a minute) does not last through an hour's rest."""
    events: list[SessionEvent] = []
    spell = srd().spells.get(sheet.concentration) if sheet.concentration else None
    if spell is not None and (kind != "short" or spell.duration in _AN_HOUR_OR_LESS):
        events += end_concentration(state, sheet.id, "it ran out during the rest")
    effects = effects_of(state, sheet.id)
    effects[:] = [e for e in effects if e.rounds is None]
    return events


def _singer(state: GameState, ids: list[str]) -> CharacterSheet | None:
    """The bard whose Song of Rest the short rest hears: one resting with the others and
    conscious (the best die, if there are two — one song a rest)."""
    bards = [
        state.party[cid] for cid in ids
        if state.party[cid].has("song_of_rest") and state.party[cid].vitals.hp > 0
        and state.party[cid].vitals.conscious
        and can_act(state.party[cid].conditions)
    ]  # fmt: skip
    return max(bards, key=lambda b: b.level, default=None)


def _song(
    state: GameState, singer: CharacterSheet, sheet: CharacterSheet
) -> tuple[int, list[SessionEvent]]:
    """SRD (Song of Rest): a creature that regains hit points at the end of the short rest by
    spending hit dice regains an extra die (d6, larger from 9th level) — the bard too. The
    hit points it gave and its roll for the dice log."""
    rolled = roll(song_of_rest_die(singer.level), state.rng)
    healed = heal(sheet.vitals, rolled.total)
    sheet.vitals = healed.vitals
    event = DiceRoll.from_roll(rolled, check_type="healing", reason="Song of Rest",
                               character_id=sheet.id, character_name=sheet.name)  # fmt: skip
    return healed.restored, [event]


def _companions_rest(state: GameState, results: list[dict[str, Any]]) -> list[SessionEvent]:
    """The companions who fight beside the party rest the night with it: back to full hit
    points, spell slots and limited uses (a stat block has no hit dice to spend on a short
    rest)."""
    events: list[SessionEvent] = []
    for creature in state.creatures.values():
        vitals = creature.vitals
        if creature.side != "party" or vitals.state is LifeState.DEAD:
            continue
        before = vitals.hp
        set_vitals(state, creature.id, Vitals.full(vitals.max_hp))
        if creature.spell_slots is not None:
            creature.spell_slots = SpellSlots(maximum=dict(creature.spell_slots.maximum))
        creature.resources = {}
        text = f"{creature.name} rests the night: {vitals.max_hp}/{vitals.max_hp} HP"
        state.record("hp", text, who=creature.id)
        events.append(StateChange(kind="hp", target_id=creature.id, description=text))
        results.append({"id": creature.id, "name": creature.name, "healed": vitals.max_hp - before,
                        "hp": vitals.max_hp, "max_hp": vitals.max_hp})  # fmt: skip
    return events


def _slots_recovered(sheet: CharacterSheet) -> str:
    """Arcane Recovery (wizard) or Natural Recovery (druid): once a day, at the end of a
    short rest, expended slots come back; said in the rest's line."""
    for fid in ("arcane_recovery", "natural_recovery"):
        if sheet.has(fid) and sheet.uses_left(fid) > 0 and sheet.spell_slots.expended:
            levels = recover_slots(sheet)
            if levels:
                sheet.resources[fid] = sheet.resources.get(fid, 0) + 1
                counts = Counter(levels)
                named = ", ".join(
                    f"{n} level-{lv} slot{'s' * (n > 1)}" for lv, n in sorted(counts.items())
                )
                return f"; {fid.replace('_', ' ')} restores {named}"
    return ""

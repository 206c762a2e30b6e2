"""The ``move`` tool: a creature engages another (or steps next to an ally), moves near or
far, or takes cover, for movement it spends. Leaving an engagement provokes opportunity
attacks from the foes left (unless it took the Disengage action); entering a spell's area
sets off its save; what it does may fire readied actions watching for it."""

from __future__ import annotations

from typing import Any

from app.actions import args as a
from app.actions import beings as bg
from app.actions import encounter_view as ev
from app.actions.events import DiceRoll, ReactionWindow, SessionEvent, StateChange
from app.actions.hooks import deed_done
from app.actions.position_tools import (
    afraid_to_move,
    cover_feature,
    cover_here,
    crawling,
    describe,
    engaged_foes,
    hostile,
    melee_reach,
    present,
    spots,
)
from app.actions.registry import ToolError, ToolOutcome
from app.actions.spell_rules import areas_entered, outside_areas
from app.actions.swings import withdraw
from app.world.readied import Readied
from app.world.state import GameState
from app.world.wording import the
from rules import positions as p
from rules.conditions import can_act
from rules.outcomes import Impossible
from rules.srd import srd


def move_tool(args: a.MoveArgs, state: GameState) -> ToolOutcome:
    """move: engage a creature (or step next to an ally), move near or far, or take cover
    behind a feature. It costs movement; leaving an engagement provokes opportunity
    attacks from the foes left (unless the mover took the Disengage action)."""
    encounter = state.encounter
    if encounter is None:
        raise ToolError("moving about is for fights; use move_scene to go elsewhere")
    mover = bg.resolve_target(state, args.creature_id)
    name = state.name_of(mover)
    if encounter.current.id != mover:
        raise ToolError(f"it is {encounter.current.name}'s turn, not {name}'s")
    if bg.vitals_of(state, mover).hp == 0 or not can_act(bg.conditions_of(state, mover)):
        raise ToolError(f"{name} cannot move now")
    where = spots(state)
    here = p.spot(where, mover)
    target = _target(state, args, mover)
    degree: p.CoverDegree = "none"
    feature = ""
    gap = p.MELEE_FT
    if args.to == "engage":
        assert target is not None
        gap = p.MELEE_FT if not hostile(state, mover, target) else melee_reach(state, mover)
        gap = min(gap, p.distance(where, mover, target))
        cost = p.closing_cost(where, mover, target, gap)
        if cost == 0 and target in here.engaged:
            raise ToolError(f"{name} is already engaged with {state.name_of(target)}")
    elif args.to == "cover":
        found = cover_feature(state, args.feature or "")
        if found is None:
            offered = ", ".join(cover_here(state)) or "nothing here gives cover"
            raise ToolError(f"no {args.feature!r} here to take cover behind; cover: {offered}")
        degree, feature = found
        if degree == "none":
            offered = ", ".join(cover_here(state)) or "nothing here gives cover"
            raise ToolError(f"{the(feature)} gives no cover; cover: {offered}")
        if here.behind == feature:
            raise ToolError(f"{name} is already behind {the(feature)}")
        cost = p.STEP_FT
    else:
        cost = p.band_cost(here, args.to)
        if cost == 0:
            raise ToolError(f"{name} is already {args.to}")
    afraid = afraid_to_move(state, mover, args.to, target, gap)
    if afraid:
        raise ToolError(afraid)
    economy = bg.economy_of(state, mover)
    crawl = crawling(state, mover)
    spent = economy.move(cost, crawling=crawl)
    if isinstance(spent, Impossible):
        hint = "stand up first, or take the dash action" if crawl else "take the dash action"
        raise ToolError(f"{name} cannot get there: {spent.reason} ({hint} for more)")
    outside = outside_areas(state, mover)  # before it moves: areas it may now enter
    # Leaving an engagement (other than the one it closes in on) provokes. Stepping up
    # beside a friend in a melee is standing in it: the friend's foes are within reach, and
    # one of them the mover was already beside is not left.
    beside_friend = (
        set(engaged_foes(state, target))
        if args.to == "engage" and target is not None and not hostile(state, mover, target)
        else set()
    )
    staying = {target} | beside_friend if args.to == "engage" and target is not None else set()
    events: list[SessionEvent] = []
    leaving = [o for o in engaged_foes(state, mover) if o not in staying]
    parting = ""
    if leaving:
        before = bg.vitals_of(state, mover).hp
        blows = withdraw_from(state, mover, staying)
        events += blows
        parting = parting_blows(state, mover, blows, before)
    if bg.vitals_of(state, mover).hp == 0:
        state.record("encounter", f"{name} falls before getting away")
        events.append(ev.combat_update(state))
        return ToolOutcome({"creature_id": mover, "moved": False, "fell": True}, events)
    if args.to == "engage":
        assert target is not None
        p.engage(where, mover, target, gap)
        for foe in sorted(beside_friend):  # ("get over to Aria and hit the goblin on her")
            p.join(where, mover, foe)
        verb = "closes with" if hostile(state, mover, target) else "moves next to"
        text = f"{name} {verb} {state.name_of(target)}"
    elif args.to == "cover":
        p.take_cover(where, mover, degree, feature)
        text = f"{name} takes cover behind {the(feature)} ({p.COVER_WORDS[degree]})"
    else:
        p.move_to_band(where, mover, args.to)
        if args.to == "far":
            text = f"{name} moves to the edge of the fight"
        else:  # "near": out of a foe's reach, or in from the edge
            text = f"{name} {'steps back out of reach' if leaving else 'comes closer'}"
    text += parting
    state.record("encounter", f"{text} ({cost} ft)")
    events.append(StateChange(kind="condition", target_id=mover, description=text))
    events += areas_entered(state, mover, outside)  # into Spirit Guardians: the save now
    waiting = list(encounter.readied)  # readied actions waiting for it fire now
    before = bg.vitals_of(state, mover).hp
    deeds = deed_done(state, mover, "approach") if args.to in ("engage", "near") else []
    deeds += deed_done(state, mover, "move")
    events += deeds
    text += loosed_at(state, mover, deeds, waiting, before)
    events.append(ev.combat_update(state))
    result: dict[str, Any] = {
        "creature_id": mover,
        "moved": args.to,
        "cost_ft": cost,
        "movement_left": economy.movement,
        "now": describe(state, mover),
        "text": text,
    }
    if leaving:
        result["left"] = leaving
    return ToolOutcome(result, events)


def _target(state: GameState, args: a.MoveArgs, mover: str) -> str | None:
    if args.to != "engage":
        return None
    if args.target_id is None:
        raise ToolError("engage needs the target_id of the creature (or ally) to move to")
    target = bg.resolve_target(state, args.target_id)
    if target == mover:
        raise ToolError("a creature cannot move next to itself")
    if target not in present(state):
        raise ToolError(f"{state.name_of(target)} is not in the fight")
    return target


def withdraw_from(state: GameState, mover: str, staying: set[str]) -> list[SessionEvent]:
    """The opportunity attacks of leaving: the engaged foes' reaction window, then the
    mover is out of their engagement."""
    where = spots(state)
    here = where.setdefault(mover, p.Spot())
    # The one it closes in on is not left behind: it gets no opportunity attack.
    kept = {o: here.engaged.pop(o) for o in staying if o in here.engaged}
    events = withdraw(state, mover)
    here.engaged.update(kept)
    for other in [o for o in p.spot(where, mover).engaged if o not in staying]:
        where[mover].engaged.pop(other, None)
        if other in where:
            where[other].engaged.pop(mover, None)
    return events


def parting_blows(state: GameState, mover: str, events: list[SessionEvent], before: int) -> str:
    """What the foes left behind did as the mover went, for the words of the move: ``.
    Giant Rat 3 strikes as Aria goes (5 damage)``, ``… lashes out as Aria goes, and
    misses``, or nothing when nobody struck. Told with the move, so the story says why a
    step cost hit points (the dice are in the log)."""
    strikers = list(
        dict.fromkeys(
            e.character_name or state.name_of(e.character_id or "")
            for e in events
            if isinstance(e, DiceRoll) and e.check_type == "attack_roll" and e.character_id != mover
        )
    )
    if not strikers:
        return ""
    name, one = state.name_of(mover), len(strikers) == 1
    who = strikers[0] if one else ", ".join(strikers[:-1]) + f" and {strikers[-1]}"
    lost = before - bg.vitals_of(state, mover).hp
    if lost > 0:
        return f". {who} {'strikes' if one else 'strike'} as {name} goes ({lost} damage)"
    lash, miss = ("lashes", "misses") if one else ("lash", "miss")
    return f". {who} {lash} out as {name} goes, and {miss}"


def loosed_at(
    state: GameState, mover: str, events: list[SessionEvent], waiting: list[Readied], before: int
) -> str:
    """What the readied actions the move set off did, for the words of the move: ``. Aria
    looses the readied Fire Bolt at Goblin 1, and misses`` (or ``: 6 damage``, ``…, and
    Goblin 1 drops``). Told with the move, so the story says what the dice log shows: a
    player who readied a spell must not see the foe walk up as if nothing was held."""
    fired = [o.reactor_id for e in events if isinstance(e, ReactionWindow)
             for o in e.offers if o.kind == "readied" and o.accepted]  # fmt: skip
    told = ""
    for cid in dict.fromkeys(fired):
        entry = next((r for r in waiting if r.creature_id == cid), None)
        if entry is None:
            continue
        what = srd().spells.get(entry.spell).name if entry.spell else "attack"
        rolls = [e for e in events if isinstance(e, DiceRoll) and e.character_id == cid
                 and e.check_type == "attack_roll"]  # fmt: skip
        target = entry.target_id or mover
        said = f". {state.name_of(cid)} looses the readied {what}"
        said += f" at {state.name_of(target)}"
        if rolls and not any(r.success for r in rolls):
            said += ", and misses"
        elif target == mover and (lost := before - bg.vitals_of(state, mover).hp) > 0:
            said += f": {lost} damage"
        if bg.vitals_of(state, target).hp == 0:
            said += f", and {state.name_of(target)} drops"
        told += said
    return told

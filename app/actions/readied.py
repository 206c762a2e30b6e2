"""The Ready action: a creature spends its action now to act later, as a reaction, when a
trigger it names happens ("I ready an attack for when the goblin comes through the door").

- An attack is readied with a weapon; a spell is **cast when readied** — its slot is spent
  and the caster holds it with concentration (damage may break it) until it is released.
- The engine fires what it can recognise: a watched creature (or any foe) coming within
  reach or closer, moving, attacking or casting. Anything else (``other``) only the DM can
  fire, through a window it opens: :func:`readied_offers` gives it the offers.
- Firing asks the readier through the usual reaction window (kind ``readied``); the attack
  or spell then resolves through the same code as on the readier's own turn.
- It lapses at the start of the readier's next turn (a held spell is lost with its slot).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from app.actions import args as a
from app.actions import beings as bg
from app.actions import encounter_view as ev
from app.actions import harm as hm
from app.actions import position_tools as pt
from app.actions import spell_effects as fx
from app.actions.events import ReactionOffer, SessionEvent, StateChange
from app.actions.hooks import Deed, Rule
from app.actions.reactions import has_reaction, open_window, resolving
from app.actions.registry import ToolError, ToolOutcome
from app.actions.spell_caster import caster_profile, spell_id_of
from app.actions.spell_tools import resolve_cast
from app.actions.striking import out_of_reach
from app.actions.swings import swing_at, swings_of
from app.world.readied import Readied
from app.world.state import GameState
from rules import positions as p
from rules.economy import ActionKind
from rules.outcomes import Impossible
from rules.srd import srd

_SEEN = {"approach": "comes close", "move": "moves", "attack": "attacks", "cast": "casts"}


def readied_of(state: GameState, cid: str) -> Readied | None:
    """The action ``cid`` has readied, if any."""
    encounter = state.encounter
    found = encounter.readied if encounter is not None else []
    return next((r for r in found if r.creature_id == cid), None)


def readied_text(state: GameState, entry: Readied) -> str:
    """``attack when the goblin comes close`` (the player's words, with what is readied)."""
    return entry.describe()


def ready(args: a.TakeActionArgs, state: GameState, actor: str) -> ToolOutcome:
    """Ready an attack or a spell: the action goes now; a spell's slot goes too, and the
    caster concentrates on holding it."""
    name = state.name_of(actor)
    if not args.trigger or not args.trigger.strip():
        raise ToolError("ready needs the trigger: when it fires, in the player's words")
    if args.spell and args.weapon:
        raise ToolError("ready one thing: a weapon attack or a spell")
    watched = bg.resolve_target(state, args.target_id) if args.target_id else None
    if watched == actor:
        raise ToolError("a creature cannot watch for itself")
    entry = Readied(creature_id=actor, trigger=args.trigger.strip(), watch=args.watch or "other",
                    watched=watched, target_id=watched)  # fmt: skip
    economy = bg.economy_of(state, actor)
    if not economy.available(ActionKind.ACTION):
        raise ToolError(f"{name} has no action left this turn")
    events: list[SessionEvent] = []
    if args.spell:
        entry = _hold_spell(state, actor, args.spell, entry)
    else:
        swing = swings_of(state, actor, args.weapon)[0]
        entry = entry.model_copy(update={"weapon": swing.weapon})
    spent = economy.spend(ActionKind.ACTION)
    if isinstance(spent, Impossible):
        raise ToolError(f"{name} has {spent.reason}")
    if entry.spell:
        profile = caster_profile(state, actor)
        assert profile is not None
        if entry.slot:
            profile.slots.spend(entry.slot)
        if profile.sheet is not None:  # holding the spell is concentration
            events += hm.end_concentration(state, actor, "holds a readied spell")
            profile.sheet.concentration = entry.spell
    encounter = state.encounter
    assert encounter is not None
    encounter.readied[:] = [r for r in encounter.readied if r.creature_id != actor] + [entry]
    text = f"{name} readies {readied_text(state, entry)}"
    state.record("encounter", text)
    events.append(StateChange(kind="condition", target_id=actor, description=text))
    events.append(ev.combat_update(state))
    result: dict[str, Any] = {"creature_id": actor, "action": "ready", "readied": text}
    if entry.watch == "other":
        result["note"] = "only the DM can fire this one: open a reaction window when it happens"
    return ToolOutcome(result, events)


def _hold_spell(state: GameState, actor: str, wanted: str, entry: Readied) -> Readied:
    """Check a spell can be readied (known, cast with an action, a slot left)."""
    profile = caster_profile(state, actor)
    if profile is None:
        raise ToolError(f"{state.name_of(actor)} casts no spells")
    try:
        spell = srd().spells.get(wanted)
    except KeyError as error:
        raise ToolError(str(error.args[0])) from None
    spell_id = spell_id_of(spell)
    if spell_id not in profile.spells:
        raise ToolError(f"{profile.name} does not know {spell.name}")
    if spell.casting_time != "action":
        raise ToolError(f"only a spell cast with an action can be readied, not {spell.name}")
    slot = 0
    if spell.level:
        slot = next((lv for lv in range(spell.level, 10) if profile.slots.remaining(lv)), 0)
        if not slot:
            raise ToolError(f"{profile.name} has no slot left for {spell.name}")
    return entry.model_copy(update={"spell": spell_id, "slot": slot})


def _fits(state: GameState, entry: Readied, mover: str, event: str) -> bool:
    """Whether ``mover`` doing ``event`` is the trigger the engine watches for."""
    if entry.watch != event or entry.creature_id == mover:
        return False
    if entry.watched is not None and entry.watched != mover:
        return False
    if entry.watched is None and not pt.hostile(state, entry.creature_id, mover):
        return False
    if event == "approach" and not entry.spell:
        wanted = entry.weapon and srd().weapons.entries.get(entry.weapon)
        if not (wanted and wanted.kind == "ranged"):  # a melee attack: within reach now
            return mover in p.spot(pt.spots(state), entry.creature_id).engaged
    return True


def readied_offers(
    state: GameState, *, mover: str | None = None, event: str | None = None
) -> list[tuple[ReactionOffer, bool]]:
    """The readied actions that may fire now, as offers for a reaction window. With
    ``mover`` and ``event`` (``approach``, ``move``, ``attack``, ``cast``): those whose
    trigger is that creature doing that. Without: every readied action (a window the DM
    opens on a trigger only it can judge)."""
    encounter = state.encounter
    if encounter is None:
        return []
    offers = []
    for entry in encounter.readied:
        cid = entry.creature_id
        if not has_reaction(state, cid):
            continue
        if mover is not None and event is not None and not _fits(state, entry, mover, event):
            continue
        name = state.name_of(cid)
        what = "spell" if entry.spell else "attack"
        seen = f"{state.name_of(mover)} {_SEEN.get(event or '', 'acts')}" if mover else ""
        prompt = f"{name}, {seen or entry.trigger} — loose your readied {what}?"
        offers.append(
            (ReactionOffer(reactor_id=cid, reactor_name=name, kind="readied", prompt=prompt),
             True)
        )  # fmt: skip
    return offers


def fire_window(state: GameState, mover: str, event: str) -> list[SessionEvent]:
    """``mover`` just did ``event``: the readied actions watching for it are offered in
    one window, and those taken fire (at their target, or at ``mover``)."""
    offers = readied_offers(state, mover=mover, event=event)
    if not offers:
        return []
    seen = f"{state.name_of(mover)} {_SEEN.get(event, 'acts')}"
    window, accepted = open_window(state, seen, offers)
    events: list[SessionEvent] = [window]
    for offer in accepted:
        if offer.kind == "readied":
            events += fire(state, offer, mover)
    return events


def fire(state: GameState, offer: ReactionOffer, at: str | None) -> list[SessionEvent]:
    """Release ``offer``'s readied action (its reaction is spent) in its subturn: the
    attack or the held spell at its target, or at ``at`` (who set it off)."""
    encounter = state.encounter
    cid = offer.reactor_id
    entry = readied_of(state, cid)
    if encounter is None or entry is None:
        state.reactions.lapse(offer.subturn, "nothing was readied")
        return []
    encounter.readied.remove(entry)
    target = entry.target_id or at
    if target is None or target not in pt.present(state):
        state.reactions.lapse(offer.subturn, "its target is gone")
        return _drop_hold(state, entry, "its target is gone")
    with resolving(state, offer.subturn):
        return _release(state, entry, target, offer.subturn)


def _release(
    state: GameState, entry: Readied, target: str, subturn: str | None
) -> list[SessionEvent]:
    cid = entry.creature_id
    if entry.spell:
        profile = caster_profile(state, cid)
        held = profile is not None and (
            profile.sheet is None or profile.sheet.concentration == entry.spell
        )
        if profile is None or not held:
            state.reactions.lapse(subturn, "the held spell was lost")
            return []
        if profile.sheet is not None:
            profile.sheet.concentration = None
        spell = srd().spells.get(entry.spell)
        if spell.concentration and profile.sheet is not None:
            profile.sheet.concentration = entry.spell
        casting = fx.Casting(state, profile, spell, entry.spell, entry.slot or spell.level,
                             [target])  # fmt: skip
        state.record("roll", f"{profile.name} releases the readied {spell.name}")
        resolve_cast(casting)
        return list(casting.events)
    swing = swings_of(state, cid, entry.weapon)[0]
    reach = pt.weapon_reach(state, cid, swing.name, swing.weapon, ranged=swing.ranged)
    if out_of_reach(state, cid, target, replace(reach, approach=False)):
        state.reactions.lapse(subturn, f"{state.name_of(target)} is out of reach")
        return []
    state.record("encounter", f"{state.name_of(cid)} looses the readied attack")
    events, _ = swing_at(state, cid, target, swing)
    return events


def _drop_hold(state: GameState, entry: Readied, why: str) -> list[SessionEvent]:
    """A readied spell that will not be cast: the concentration holding it ends."""
    sheet = state.party.get(entry.creature_id)
    if entry.spell and sheet is not None and sheet.concentration == entry.spell:
        return hm.end_concentration(state, entry.creature_id, why)
    return []


class ReadiedRules(Rule):
    """A readied action fires when the deed it watches for is done, and lapses at the start
    of the readier's next turn."""

    name = "readied"

    def after_deed(self, state: GameState, actor: str, deed: Deed) -> list[SessionEvent]:
        return fire_window(state, actor, deed)

    def turn_starts(self, state: GameState, cid: str) -> list[SessionEvent]:
        entry = readied_of(state, cid)
        if entry is None or state.encounter is None:
            return []
        state.encounter.readied.remove(entry)
        text = f"{state.name_of(cid)}'s readied {readied_text(state, entry)} lapses"
        state.record("encounter", text)
        events: list[SessionEvent] = [StateChange(kind="condition", target_id=cid,
                                                  description=text)]  # fmt: skip
        return events + _drop_hold(state, entry, "the readied spell lapsed")

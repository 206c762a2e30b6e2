"""Moonbeam (druid, SRD 5.1) in the fight's positions: a beam of moonlight 10 feet across
that stays where its caster put it.

SRD: "When a creature enters the spell's area for the first time on a turn or starts its
turn there, it ... must make a Constitution saving throw. It takes 2d10 radiant damage on a
failed save, or half as much damage on a successful one. A shapechanger makes its saving
throw with disadvantage. If it fails, it also instantly reverts to its original form ...
On each of your turns after you cast this spell, you can use an action to move the beam up
to 60 feet in any direction."

The fight has no grid, so the beam is told by who stands in it (:class:`rules.effects.Beam`,
kept on the caster, ending with the caster's concentration):

- **Called down** on one creature (the first target). It takes in the creatures named with
  it, each of which must stand at that one's side (within 5 feet); named alone, it takes in
  that creature and the caster's foes at its side — a druid lays the beam to spare friends.
  Appearing on a creature is not entering: nobody burns as it is cast.
- **Starting a turn** in the beam burns (a Constitution save for half).
- **Moving away** (any move) leaves it; **closing in** on a creature standing in it enters
  it, and burns, the first time on that turn.
- **Moving the beam** (``take_action`` ``move_beam`` with the creature it now falls on,
  within 60 feet of where it was): those it now takes in have entered it, and burn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.actions import beings as bg
from app.actions import encounter_view as ev
from app.actions import harm as hm
from app.actions import position_tools as pt
from app.actions import rolling as rl
from app.actions.beams import beams
from app.actions.beast_form import is_shaped, revert_now
from app.actions.events import DiceRoll, SessionEvent, StateChange
from app.actions.registry import ToolError, ToolOutcome
from app.actions.spell_caster import scaled
from app.world.state import GameState
from rules import positions as p
from rules.damage import LifeState
from rules.dice import Advantage, roll
from rules.economy import ActionKind
from rules.effects import Beam, Effect, with_effect
from rules.outcomes import Impossible

if TYPE_CHECKING:
    from app.actions.spell_effects import Casting

MOONLIT = "moonlit"
"""The mark a failed save leaves on a shapechanger: "it ... can't assume a different form
until it leaves the spell's light" (it ends with the caster's concentration)."""

SIDE_FT = p.MELEE_FT
"""How far from the creature it falls on a beam 10 feet across still reaches."""


def turn_mark(state: GameState) -> str:
    """The current turn in words (``round 2, turn 3``); empty out of a fight."""
    encounter = state.encounter
    if encounter is None:
        return ""
    return f"round {encounter.round}, turn {encounter.turn_index}"


def at_side(state: GameState, mark: str, other: str) -> bool:
    """``other`` stands within the beam's reach of ``mark`` (engaged, 5 feet apart)."""
    return other in p.spot(pt.spots(state), mark).engaged and (
        p.distance(pt.spots(state), mark, other) <= SIDE_FT
    )


def refuse_beam(state: GameState, caster: str, targets: list[str]) -> str | None:
    """Why these creatures cannot all stand in one beam (before anything is spent)."""
    if state.encounter is None or len(targets) < 2:
        return None
    mark = targets[0]
    for other in targets[1:]:
        if other != mark and not at_side(state, mark, other):
            return (
                f"the moonbeam is 10 feet across: {state.name_of(other)} is not at "
                f"{state.name_of(mark)}'s side (name the creature it falls on first)"
            )
    return None


def taken_in(state: GameState, caster: str, targets: list[str]) -> list[str]:
    """Who stands in a beam laid on ``targets[0]``: the named, or, named alone, that
    creature and the caster's foes at its side."""
    mark = targets[0]
    if len(targets) > 1 or state.encounter is None:
        return list(dict.fromkeys(targets))
    here = pt.present(state)
    side = [
        o for o in p.spot(pt.spots(state), mark).engaged
        if o in here and o != caster and at_side(state, mark, o) and pt.hostile(state, caster, o)
    ]  # fmt: skip
    return [mark, *side]


def call_down(c: Casting) -> None:
    """The casting: the beam falls and stays with its caster; nobody burns yet."""
    state, spell = c.state, c.spell
    inside = taken_in(state, c.caster.id, c.targets)
    extra = scaled("", 1, spell.upcast, c.levels)
    data = spell.effects[0]
    effect = data.on(c.caster.id, c.spell_id, c.slot, c.caster.dc, extra)
    beam = Beam(inside=tuple(inside), placed=turn_mark(state))
    effects = bg.effects_of(state, c.caster.id)
    effects[:] = with_effect(effects, effect.model_copy(update={"beam": beam}))
    names = ", ".join(state.name_of(t) for t in inside)
    c.say(c.caster.id, f"A beam of moonlight falls on {names}")
    c.results += [{"target": t, "in_beam": True} for t in inside]


def _keep(state: GameState, holder: str, old: Effect, beam: Beam) -> Effect:
    """Write a beam's new state into its caster's effects."""
    new = old.model_copy(update={"beam": beam})
    effects = bg.effects_of(state, holder)
    effects[:] = [new if e is old else e for e in effects]
    return new


def _shapechanger(state: GameState, cid: str) -> bool:
    """A creature that changes its shape: a druid in Wild Shape, a monster of that tag."""
    if is_shaped(state, cid):
        return True
    creature = state.creatures.get(cid)
    block = state.monster(creature.monster) if creature and creature.monster else None
    return block is not None and "shapechanger" in block.type.lower()


def burn(state: GameState, victim: str, holder: str, effect: Effect) -> list[SessionEvent]:
    """The beam's searing light on one creature: its damage, the Constitution save (with
    disadvantage for a shapechanger) for half; a druid in beast form that fails reverts."""
    hazard = effect.periodic
    if hazard is None or bg.vitals_of(state, victim).state is LifeState.DEAD:
        return []
    rolled = roll(hazard.damage, state.rng)
    events: list[SessionEvent] = [
        DiceRoll.from_roll(rolled, check_type="damage", reason="Moonbeam", character_id=holder,
                           character_name=state.name_of(holder))
    ]  # fmt: skip
    amount = max(0, rolled.total)
    shifting = _shapechanger(state, victim)
    mode = Advantage.DISADVANTAGE if shifting else Advantage.NORMAL
    if hazard.save is not None:
        saved = rl.check_for(state, victim, hazard.dc, "Moonbeam", mode, ability=hazard.save,
                             save=True, source=holder, spell=effect.spell)  # fmt: skip
        events.append(rl.roll_event(state, victim, saved))
        if saved.success:
            amount = amount // 2 if hazard.half else 0
        elif shifting and victim in state.party:
            events += _unshaped(state, victim)
            held = Effect(id=MOONLIT, name="Held to its own form by moonlight", source=holder,
                          spell=effect.spell, rounds=None)  # fmt: skip
            effects = bg.effects_of(state, victim)
            effects[:] = with_effect(effects, held)
    if amount > 0:
        more, _ = hm.deal_damage(state, victim, amount, hazard.damage_type, source=holder)
        events += more
    return events


def _unshaped(state: GameState, cid: str) -> list[SessionEvent]:
    """SRD: a shapechanger that fails the save instantly reverts to its original form."""
    return revert_now(state, cid, "the moonlight forces it")


def held_by_moonlight(state: GameState, cid: str) -> bool:
    """``cid`` failed a beam's save as a shapechanger and still stands in that beam."""
    sources = {e.source for e in bg.effects_of(state, cid) if e.id == MOONLIT}
    return any(h in sources and e.beam and cid in e.beam.inside for h, e in beams(state))


def turn_starts(state: GameState, cid: str) -> list[SessionEvent]:
    """A creature that starts its turn in a beam burns."""
    events: list[SessionEvent] = []
    for holder, effect in beams(state):
        assert effect.beam is not None
        if cid in effect.beam.inside:
            events += burn(state, cid, holder, effect)
    return events


def after_move(state: GameState, cid: str) -> list[SessionEvent]:
    """After ``cid`` moved: out of every beam it stood in, unless it closed in on another
    creature standing there; into every beam one of whose creatures it is now at the side
    of — burning, the first time on this turn."""
    events: list[SessionEvent] = []
    mark = turn_mark(state)
    for holder, effect in beams(state):
        beam = effect.beam
        assert beam is not None
        now_in = any(o != cid and at_side(state, o, cid) for o in beam.inside)
        was_in = cid in beam.inside
        if was_in and not now_in:
            _keep(state, holder, effect, beam.model_copy(
                update={"inside": tuple(o for o in beam.inside if o != cid)}))  # fmt: skip
            _say(state, cid, f"{state.name_of(cid)} steps out of the moonbeam")
        elif now_in and not was_in:
            events += _enter(state, holder, effect, [cid], mark)
    return events


def _enter(
    state: GameState, holder: str, effect: Effect, who: list[str], mark: str
) -> list[SessionEvent]:
    """``who`` enter a beam: each burns unless it already did from entering on this turn."""
    beam = effect.beam
    assert beam is not None
    struck = beam.struck if beam.turn == mark else ()
    burning = [w for w in who if w not in struck]
    inside = tuple(dict.fromkeys([*beam.inside, *who]))
    kept = _keep(state, holder, effect, beam.model_copy(
        update={"inside": inside, "struck": (*struck, *burning), "turn": mark}))  # fmt: skip
    events: list[SessionEvent] = []
    for w in burning:
        events.append(_say(state, w, f"{state.name_of(w)} is caught in the moonbeam"))
        events += burn(state, w, holder, kept)
    return events


def _say(state: GameState, cid: str, text: str) -> StateChange:
    state.record("condition", text, who=cid)
    return StateChange(kind="condition", target_id=cid, description=text)


def move_beam(state: GameState, actor: str, target_id: str | None) -> ToolOutcome:
    """take_action move_beam: the caster's action moves its beam onto another creature."""
    held = [(h, e) for h, e in beams(state) if h == actor]
    name = state.name_of(actor)
    if not held:
        raise ToolError(f"{name} keeps no moonbeam to move")
    if target_id is None:
        raise ToolError("move_beam needs the target_id of the creature it should fall on")
    target = bg.resolve_target(state, target_id)
    if target not in pt.present(state):
        raise ToolError(f"{state.name_of(target)} is not in the fight")
    holder, effect = held[0]
    beam = effect.beam
    assert beam is not None
    mark = turn_mark(state)
    if beam.placed == mark:
        raise ToolError("the moonbeam can be moved only on a turn after the one it was cast on")
    spots = pt.spots(state)
    if beam.inside and min(p.distance(spots, o, target) for o in beam.inside) > beam.move_ft:
        raise ToolError(f"the moonbeam moves at most {beam.move_ft} feet")
    if p.distance(spots, actor, target) > 120:
        raise ToolError(f"{state.name_of(target)} is beyond the spell's 120 feet")
    spent = bg.economy_of(state, actor).spend(ActionKind.ACTION)
    if isinstance(spent, Impossible):
        raise ToolError(f"{name} has {spent.reason}")
    now = taken_in(state, actor, [target])
    left = [o for o in beam.inside if o not in now]
    fresh = [o for o in now if o not in beam.inside]
    effect = _keep(state, holder, effect, beam.model_copy(
        update={"inside": tuple(o for o in beam.inside if o in now)}))  # fmt: skip
    text = f"{name} moves the moonbeam onto {state.name_of(target)}"
    events: list[SessionEvent] = [_say(state, actor, text)]
    events += _enter(state, holder, effect, fresh, mark)
    result: dict[str, Any] = {"creature_id": actor, "action": "move_beam", "in_beam": now}
    if left:
        result["left_behind"] = left
    events.append(ev.combat_update(state))
    return ToolOutcome(result, events)

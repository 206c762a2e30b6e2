"""Counterspell: when a spell is cast in a fight, the caster's foes who know Counterspell
and have a slot of 3rd level or higher are offered the reaction; a higher spell than the
slot spent needs an ability check, and a Counterspell may itself be countered."""

from __future__ import annotations

from app.actions import rolling as rl
from app.actions.events import ReactionOffer, SessionEvent, StateChange
from app.actions.reactions import has_reaction, open_window, resolving
from app.actions.spell_caster import caster_profile
from app.world.companions import side_of
from app.world.state import GameState
from rules.checks import ability_check


def counterspell(
    state: GameState, caster: str, spell_name: str, level: int, depth: int = 0
) -> tuple[list[SessionEvent], str | None]:
    """The reaction window of a spell being cast: foes who know Counterspell may stop it —
    and their Counterspell, being a spell, may itself be countered (depth-bounded).
    Returns the events and who countered the spell, if anyone did."""
    encounter = state.encounter
    if encounter is None or depth >= 4:
        return [], None
    name = state.name_of(caster)
    offers = []
    for c in encounter.order:
        if side_of(state, c.id) == side_of(state, caster) or not has_reaction(state, c.id):
            continue
        profile = caster_profile(state, c.id)
        if profile is None or "counterspell" not in profile.spells:
            continue
        if not any(profile.slots.remaining(lv) for lv in range(3, 10)):
            continue
        prompt = f"{c.name}, {name} is casting {spell_name}. Counterspell?"
        offers.append(
            (
                ReactionOffer(
                    reactor_id=c.id, reactor_name=c.name, kind="counterspell", prompt=prompt
                ),
                True,
            )
        )
    if not offers:
        return [], None
    window, accepted = open_window(state, f"{name} casts {spell_name}", offers)
    events: list[SessionEvent] = [window]
    for offer in accepted:
        if offer.kind != "counterspell":
            continue  # words of the player's own: the DM adjudicates them
        with resolving(state, offer.subturn):
            more, stopped = _cast_counterspell(state, offer, caster, spell_name, level, depth)
        events += more
        if stopped:
            for later in accepted:
                if later.kind == "counterspell" and later.subturn != offer.subturn:
                    state.reactions.lapse(later.subturn, f"{spell_name} was already stopped")
            return events, offer.reactor_id
    return events, None


def _cast_counterspell(
    state: GameState, offer: ReactionOffer, caster: str, spell_name: str, level: int, depth: int
) -> tuple[list[SessionEvent], bool]:
    """One Counterspell, in its own subturn: the slot goes, the other side may counter it
    in turn (a nested subturn), and a spell above the slot needs an ability check. Returns
    the events and whether it stopped the spell."""
    name = state.name_of(caster)
    profile = caster_profile(state, offer.reactor_id)
    assert profile is not None
    slot = next(lv for lv in range(3, 10) if profile.slots.remaining(lv))
    profile.slots.spend(slot)
    state.record("roll", f"{profile.name} casts Counterspell at {name}'s {spell_name}")
    events, blocked_by = counterspell(state, offer.reactor_id, "Counterspell", slot, depth + 1)
    if blocked_by is not None:
        return events, False  # this Counterspell was itself countered
    if level > slot:  # a higher spell needs an ability check against DC 10 + its level
        check = ability_check(
            state.rng, profile.mod, 10 + level, ability=profile.ability,
            reason=f"counter {spell_name}",
        )  # fmt: skip
        events.append(rl.roll_event(state, offer.reactor_id, check))
        if not check.success:
            return events, False
    text = f"{profile.name}'s Counterspell stops {name}'s {spell_name}"
    state.record("condition", text, who=caster)
    events.append(StateChange(kind="condition", target_id=caster, description=text))
    return events, True

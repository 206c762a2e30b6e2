"""Who is in Wild Shape, and as what: the questions the attack and armour-class rules ask
of a druid in beast form, and the return to its own form that falling unconscious, a
moonbeam or the beast's fall forces (the feature itself is :mod:`app.actions.wild_shape`)."""

from __future__ import annotations

from app.actions import beings as bg
from app.actions.events import SessionEvent
from app.actions.feature_uses import change_note
from app.world.state import GameState
from rules.abilities import Ability
from rules.character import CharacterSheet
from rules.conditions import Condition
from rules.damage import Vitals
from rules.effects import Effect
from rules.skills import Skill
from rules.srd import Monster

SHAPE_ID = "wild_shape"
"""The effect a druid in beast form bears; its note: ``beast|hp|max_hp|temp_hp``."""


def shape_effect(sheet: CharacterSheet) -> Effect | None:
    """The Wild Shape effect on a sheet, if any."""
    return next((e for e in sheet.effects if e.id == SHAPE_ID), None)


def form_of(state: GameState, cid: str) -> Monster | None:
    """The beast a party member is in Wild Shape as, or ``None``."""
    sheet = state.party.get(cid)
    effect = shape_effect(sheet) if sheet is not None else None
    if effect is None:
        return None
    try:
        return state.monster(effect.note.split("|", 1)[0])
    except KeyError:
        return None


def is_shaped(state: GameState, cid: str) -> bool:
    """Whether a party member is in beast form."""
    return form_of(state, cid) is not None


def beast_armor_class(state: GameState, cid: str) -> int | None:
    """A druid in beast form has the beast's armour class (``None``: not in one)."""
    beast = form_of(state, cid)
    return beast.ac if beast is not None else None


PHYSICAL = frozenset({Ability.STR, Ability.DEX, Ability.CON})


def in_beast_form(
    state: GameState, cid: str, ability: Ability, own: int, *, save: bool, skill: Skill | None
) -> int:
    """A roll's modifier for a druid in beast form. SRD: its Strength, Dexterity and
    Constitution are the beast's; it keeps its own proficiencies and gains the beast's,
    using the beast's bonus where that is higher. ``own`` is the druid's modifier; mental
    abilities keep it."""
    beast = form_of(state, cid)
    sheet = state.party.get(cid)
    if beast is None or sheet is None or ability not in PHYSICAL:
        return own
    mod = beast.abilities.modifier(ability)
    trained = own - sheet.modifier(ability)  # the druid's proficiency in it, if any
    if save:
        return max(mod + trained, beast.save_modifier(ability))
    listed = beast.skill_modifier(skill) if skill is not None and skill.ability is ability else mod
    return max(mod + trained, listed)


FELL = "fell at 0 HP"
"""The note of the prone a drop to 0 HP leaves (the beast fell, not the druid)."""


def own_vitals(effect: Effect) -> Vitals:
    """The druid's own hit points, kept in the shape's note while it is a beast."""
    _, hp, most, temp = effect.note.split("|")[:4]
    return Vitals(hp=int(hp), max_hp=int(most), temp_hp=int(temp))


def revert_now(state: GameState, cid: str, why: str) -> list[SessionEvent]:
    """Back to the druid's own form at once, for ``why`` (no action spent): nothing when
    ``cid`` is not in beast form."""
    sheet = state.party.get(cid)
    effect = shape_effect(sheet) if sheet is not None else None
    if sheet is None or effect is None:
        return []
    state.record("condition", f"{sheet.name} loses the beast shape ({why})", who=cid)
    return back_to_own_form(state, sheet, effect)


def back_to_own_form(state: GameState, sheet: CharacterSheet, effect: Effect) -> list[SessionEvent]:
    """Back to the druid's own form and hit points."""
    sheet.effects[:] = [e for e in sheet.effects if e.id != SHAPE_ID]
    bg.set_vitals(state, sheet.id, own_vitals(effect))
    fell = [c for c in sheet.conditions if c.condition is Condition.PRONE and c.note == FELL]
    sheet.conditions[:] = [c for c in sheet.conditions if c not in fell]
    text = f"{sheet.name} returns to their own form ({sheet.vitals.hp} HP)"
    return [change_note(state, sheet.id, text)]

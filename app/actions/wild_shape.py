"""Wild Shape in play (druid 2nd level): ``use_feature`` with ``feature = "wild_shape"`` and
``option`` the beast (``wolf``), or ``revert``.

SRD: as an action the druid becomes a beast it has seen (challenge and movement limited by
level, :mod:`rules.wildshape`), twice per short rest. It takes the beast's hit points as a
pool of their own, its armour class, speed, attacks and traits; it cannot cast spells. It
reverts as a bonus action, on falling unconscious, when its hours run out, or when the beast
drops to 0 hit points — back to the hit points it had,
with the excess damage carried over to its own form.

The druid's own hit points wait in the ``wild_shape`` effect's note while the sheet's
vitals are the beast's, with the hours the shape has left (half the druid level, rounded
down; rests spend them).
"""

from __future__ import annotations

from typing import Any

from app.actions import beings as bg
from app.actions import feature_uses as fu
from app.actions import harm as hm
from app.actions.beast_form import SHAPE_ID, back_to_own_form, form_of, own_vitals, revert_now
from app.actions.beast_form import shape_effect as _shape
from app.actions.events import SessionEvent
from app.actions.hooks import Rule
from app.actions.moonbeam import held_by_moonlight
from app.actions.registry import ToolError
from app.world.state import GameState
from rules.character import CharacterSheet
from rules.damage import DamageResult, Vitals
from rules.economy import ActionKind
from rules.effects import Effect, with_effect
from rules.features import FeatureSpec
from rules.outcomes import Impossible
from rules.srd import Monster
from rules.wildshape import hours, revert, why_not_form


def hours_left(effect: Effect, level: int) -> int:
    """Hours the shape still lasts: the note's fifth field (a shape from an older save,
    without one, has its whole duration)."""
    parts = effect.note.split("|")
    return int(parts[4]) if len(parts) > 4 and parts[4].isdecimal() else hours(level)


def shape_through_rest(state: GameState, cid: str, rested: int) -> list[SessionEvent]:
    """A rest of ``rested`` hours (short: 1, long: 8) passes for a druid in beast form.
    SRD: the shape lasts hours equal to half the druid level (rounded down); one that runs
    out during the rest ends, and the druid rests in its own form. (A fight lasts minutes:
    only rests count against the hours.)"""
    sheet = state.party.get(cid)
    effect = _shape(sheet) if sheet is not None else None
    if sheet is None or effect is None:
        return []
    left = hours_left(effect, sheet.level)
    if left <= rested:
        return revert_now(state, cid, f"its {hours(sheet.level)} hours ran out")
    parts = effect.note.split("|")[:4]
    kept = effect.model_copy(update={"note": "|".join([*parts, str(left - rested)])})
    sheet.effects[:] = [kept if e is effect else e for e in sheet.effects]
    return []


def _beast(state: GameState, name: str) -> Monster:
    wanted = name.strip().lower().removeprefix("a ").removeprefix("an ").strip()
    key = wanted.replace(" ", "_").replace("-", "_")
    try:
        return state.monster(key)
    except KeyError:
        pass
    from rules.srd import srd  # noqa: PLC0415 - the catalogue, for a name rather than an id

    for block in srd().monsters.entries.values():
        if block.name.lower() == wanted:
            return block
    raise ToolError(f"no beast called {name!r} (a wolf, a black bear, a giant spider …)")


REVERT_WORDS = ("revert", "end", "human", "back", "own form")
"""The options that end the shape rather than take one."""


def is_revert(option: str | None) -> bool:
    """Whether ``option`` ends the shape: SRD, reverting early is a bonus action and spends
    no use of Wild Shape, so it is allowed with none left."""
    return (option or "").strip().lower() in REVERT_WORDS


def wild_shape(state: GameState, sheet: CharacterSheet, spec: FeatureSpec, target: str | None,
               option: str | None) -> fu.Outcome:  # fmt: skip
    """use_feature wild_shape: become the beast named in ``option``, or ``revert``."""
    wanted = (option or "").strip()
    if is_revert(wanted):
        return _revert_by_choice(state, sheet)
    if not wanted:
        raise ToolError("wild_shape: option is the beast to become (wolf, black bear …) "
                        "or revert")  # fmt: skip
    if _shape(sheet) is not None:
        raise ToolError(f"{sheet.name} is already in beast form; revert first")
    if held_by_moonlight(state, sheet.id):
        raise ToolError(f"{sheet.name} cannot take another form until out of the moonbeam's light")
    beast = _beast(state, wanted)
    why = why_not_form(beast, sheet.level)
    if why:
        raise ToolError(why)
    fu.pay_cost(state, sheet.id, spec)
    fu.spend_uses(sheet, spec)
    own = sheet.vitals
    note = f"{beast.id}|{own.hp}|{own.max_hp}|{own.temp_hp}|{hours(sheet.level)}"
    speed = beast.moving_speed - sheet.walking_speed
    effect = Effect(id=SHAPE_ID, name=f"Wild Shape: {beast.name}", source=sheet.id,
                    ends="never", rounds=None, note=note, speed_change=speed)  # fmt: skip
    sheet.effects[:] = with_effect(sheet.effects, effect)
    bg.set_vitals(state, sheet.id, Vitals.full(beast.hp))
    text = f"{sheet.name} takes the shape of a {beast.name.lower()} ({beast.hp} HP, AC {beast.ac})"
    result: dict[str, Any] = {"form": beast.name, "hp": beast.hp, "ac": beast.ac,
                              "speed": beast.moving_speed,
                              "attacks": [a.id for a in beast.actions if a.is_attack]}  # fmt: skip
    return result, [fu.change_note(state, sheet.id, text)]


def _revert_by_choice(state: GameState, sheet: CharacterSheet) -> fu.Outcome:
    """SRD: reverting is a bonus action."""
    effect = _shape(sheet)
    if effect is None:
        raise ToolError(f"{sheet.name} is in their own form already")
    if state.encounter is not None:
        if state.encounter.current.id != sheet.id:
            raise ToolError(f"it is {state.encounter.current.name}'s turn, not {sheet.name}'s")
        spent = bg.economy_of(state, sheet.id).spend(ActionKind.BONUS_ACTION)
        if isinstance(spent, Impossible):
            raise ToolError(f"{sheet.name} has {spent.reason}")
    events = back_to_own_form(state, sheet, effect)
    return {"reverted": True, "hp": sheet.vitals.hp}, events


class WildShapeRules(Rule):
    """A druid in beast form casts no spells and falls back to its own form at 0 HP."""

    name = "wild shape"

    def refuse_cast(self, state: GameState, caster: str, spell: str, slot: int) -> str | None:
        beast = form_of(state, caster)
        if beast is None:
            return None
        return f"{state.name_of(caster)} cannot cast spells as a {beast.name.lower()}"

    def after_damage(
        self, state: GameState, target: str, result: DamageResult, source: str | None
    ) -> list[SessionEvent]:
        sheet = state.party.get(target)
        effect = _shape(sheet) if sheet is not None else None
        if sheet is None or effect is None or result.vitals.hp > 0:
            return []
        back = revert(own_vitals(effect), result.before, result.damage.amount, result.absorbed)
        events = back_to_own_form(state, sheet, effect)
        if back.excess > 0:
            more, _ = hm.deal_damage(state, target, back.excess, result.damage.damage_type,
                                     source=source, concentration=False)  # fmt: skip
            events += more
        return events

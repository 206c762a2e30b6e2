"""Spells in one turn: a creature that casts a spell as a bonus action may cast no other
spell that turn except a cantrip with a casting time of one action — and one that has cast
a levelled spell with its action can no longer cast a bonus-action spell."""

from __future__ import annotations

from app.dm.events import SessionEvent
from app.dm.tools.hooks import Rule
from app.world.state import GameState
from rules.srd import srd


def _kind(spell_id: str) -> str | None:
    """How a spell's casting counts this turn: ``bonus``, ``action`` (levelled),
    ``action_cantrip``; ``None`` for reactions and long castings."""
    spell = srd().spells.get(spell_id)
    if spell.casting_time == "bonus_action":
        return "bonus"
    if spell.casting_time == "action":
        return "action" if spell.level else "action_cantrip"
    return None


class BonusActionSpell(Rule):
    """A bonus-action spell leaves room only for an action cantrip, in the same turn."""

    name = "bonus action spell"

    def refuse_cast(self, state: GameState, caster: str, spell: str, slot: int) -> str | None:
        encounter = state.encounter
        kind = _kind(spell)
        if encounter is None or kind is None:
            return None
        cast = encounter.spells_cast.get(caster, [])
        name, spell_name = state.name_of(caster), srd().spells.get(spell).name
        if kind == "action" and "bonus" in cast:
            return (
                f"{name} cast a spell as a bonus action this turn: only a cantrip now, "
                f"not {spell_name}"
            )
        if kind == "bonus" and ("action" in cast or "bonus" in cast):
            return (
                f"{name} already cast a levelled spell this turn: no bonus-action "
                f"{spell_name} now (a cantrip is the most that can go with it)"
            )
        return None

    def after_cast(self, state: GameState, caster: str, spell: str) -> list[SessionEvent]:
        kind = _kind(spell)
        if state.encounter is not None and kind is not None:
            state.encounter.spells_cast.setdefault(caster, []).append(kind)
        return []

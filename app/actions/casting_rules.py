"""Spells in one turn (SRD, Casting Time): a creature that casts a spell as a bonus action
may cast no other spell that turn except a cantrip with a casting time of one action — and
one that has cast a levelled spell with its action can no longer cast a bonus-action spell.

What counts is how the spell is cast *this time*, not its printed casting time: a Quickened
spell (Metamagic) is cast with a bonus action, so it leaves room only for an action cantrip.
:func:`casting_cost` says what a casting costs, :func:`refusal` is the one check every
casting passes before anything is spent (the ``cast_spell`` tool, and the offline referee
reading a player's line), and :func:`count` records a casting once it is made.
"""

from __future__ import annotations

from app.world.state import GameState
from rules.economy import ActionKind
from rules.spelldata import Spell
from rules.srd import srd

_COSTS = {
    "action": ActionKind.ACTION,
    "bonus_action": ActionKind.BONUS_ACTION,
    "reaction": ActionKind.REACTION,
}


def casting_cost(spell: Spell, *, quickened: bool = False) -> ActionKind | None:
    """What casting ``spell`` costs: its casting time, save that Quickened Spell makes one
    action a bonus action (``None``: a casting of a minute or more)."""
    cost = _COSTS.get(spell.casting_time)
    if quickened and cost is ActionKind.ACTION:
        return ActionKind.BONUS_ACTION
    return cost


def _kind(spell: Spell, cost: ActionKind | None) -> str | None:
    """How a casting counts this turn: ``bonus``, ``action`` (levelled), ``action_cantrip``;
    ``None`` for reactions and long castings."""
    if cost is ActionKind.BONUS_ACTION:
        return "bonus"
    if cost is ActionKind.ACTION:
        return "action" if spell.level else "action_cantrip"
    return None


def refusal(state: GameState, caster: str, spell_id: str, cost: ActionKind | None) -> str | None:
    """Why ``caster`` may not cast ``spell_id`` at ``cost`` this turn, or ``None``."""
    encounter = state.encounter
    spell = srd().spells.get(spell_id)
    kind = _kind(spell, cost)
    if encounter is None or kind is None:
        return None
    cast = encounter.spells_cast.get(caster, [])
    name = state.name_of(caster)
    if kind in ("action", "bonus") and "bonus" in cast:
        return (
            f"{name} cast a spell as a bonus action this turn: only a cantrip of one action "
            f"now, not {spell.name}"
        )
    if kind == "bonus" and "action" in cast:
        return (
            f"{name} already cast a levelled spell this turn: no {spell.name} as a bonus "
            f"action now (a cantrip is the most that can go with it)"
        )
    return None


def count(state: GameState, caster: str, spell_id: str, cost: ActionKind | None) -> None:
    """Record that ``caster`` cast ``spell_id`` at ``cost`` this turn (countered or not)."""
    kind = _kind(srd().spells.get(spell_id), cost)
    if state.encounter is not None and kind is not None:
        state.encounter.spells_cast.setdefault(caster, []).append(kind)

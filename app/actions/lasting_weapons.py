"""A spell's weapon that stays and strikes again: Spiritual Weapon (SRD 5.1).

SRD: "You create a floating, spectral weapon within range that lasts for the duration
[1 minute] … When you cast the spell, you can make a melee spell attack against a creature
within 5 feet of the weapon. On a hit, the target takes force damage equal to 1d8 + your
spellcasting ability modifier. As a bonus action on your turn, you can move the weapon up to
20 feet and repeat the attack against a creature within 5 feet of it." It needs no
concentration.

Casting leaves the weapon with its caster (an effect that counts down ten of the caster's
turns); ``cast_spell`` of it again while it lasts, on a later turn, is its next strike: a
bonus action, no slot spent, the damage of the slot it was cast with (no new field in the
tool's schema, which every call pays for). The fight has no grid: the weapon's 20 feet
reach any foe in the fight.
"""

from __future__ import annotations

from typing import Any

from app.actions import args as a
from app.actions import beings as bg
from app.actions import encounter_view as ev
from app.actions import spell_effects as fx
from app.actions.moonbeam import turn_mark
from app.actions.registry import ToolError, ToolOutcome
from app.actions.spell_caster import caster_profile, spell_id_of
from app.actions.spell_rolls import several_rolls
from app.world.state import GameState
from rules.economy import ActionKind
from rules.effects import Effect, with_effect
from rules.outcomes import Impossible
from rules.srd import srd

LASTING = {"spiritual_weapon": 10}
"""Spells whose weapon stays, and for how many of the caster's turns (1 minute)."""


def weapon_id(spell_id: str) -> str:
    """The id of the effect that keeps a caster's weapon."""
    return f"weapon_{spell_id}"


def keep_weapon(c: fx.Casting) -> None:
    """After the casting's own strike: the weapon stays with its caster, for later turns."""
    rounds = LASTING.get(c.spell_id)
    if rounds is None or c.state.encounter is None:
        return  # (out of a fight it strikes once, as it is cast; the minute passes)
    kept = Effect(id=weapon_id(c.spell_id), name=c.spell.name, source=c.caster.id,
                  level=c.slot, ends="end_of_own_turn", rounds=rounds,
                  note=turn_mark(c.state))  # fmt: skip
    effects = bg.effects_of(c.state, c.caster.id)
    effects[:] = with_effect(effects, kept)


def weapons_gone(state: GameState, cid: str) -> None:
    """The fight is over: a weapon kept for it is gone (its minute passes as the dust
    settles), so the next fight's first casting is a casting, with its slot."""
    held = {weapon_id(s) for s in LASTING}
    effects = bg.effects_of(state, cid)
    effects[:] = [e for e in effects if e.id not in held]


def keeps_weapon(state: GameState, caster: str, spell_id: str) -> Effect | None:
    """The caster's weapon of ``spell_id``, while it lasts."""
    wanted = weapon_id(spell_id)
    return next((e for e in bg.effects_of(state, caster) if e.id == wanted), None)


def strikes_again(state: GameState, caster_id: str, spell: str) -> Effect | None:
    """The weapon a ``cast_spell`` of this spell makes strike again: the caster's, cast on
    an earlier turn and lasting still (``None``: the call is a casting like any other)."""
    table = srd().spells
    spell_id = spell_id_of(table.get(spell)) if spell in table else ""
    if spell_id not in LASTING:
        return None
    if caster_id not in state.party and caster_id not in state.creatures:
        return None  # (a name, or no one: the casting's own checks say so)
    held = keeps_weapon(state, caster_id, spell_id)
    if held is None or held.note == turn_mark(state) or state.encounter is None:
        return None  # (on the turn it was cast, a casting: refused as a second one)
    return held


def strike_again(args: a.CastSpellArgs, state: GameState, held: Effect) -> ToolOutcome:
    """The caster's lasting weapon strikes again (a bonus action, no slot)."""
    caster = bg.resolve_here(state, args.caster_id)
    profile = caster_profile(state, caster)
    name = state.name_of(caster)
    spell = srd().spells.get(args.spell)
    spell_id = spell_id_of(spell)
    fight = state.encounter
    if profile is None or fight is None or fight.current.id != caster:
        raise ToolError(f"{spell.name} strikes again on {name}'s own turn in a fight")
    unable = bg.why_cannot_act(state, caster)
    if unable:
        raise ToolError(f"{unable} and cannot strike with it")
    targets = [bg.resolve_here(state, t) for t in args.target_ids]
    if len(targets) != 1:
        raise ToolError(f"{spell.name} strikes one creature: give one target_id")
    spent = bg.economy_of(state, caster).spend(ActionKind.BONUS_ACTION)
    if isinstance(spent, Impossible):
        raise ToolError(f"{name} has {spent.reason}")
    casting = fx.Casting(state, profile, spell, spell_id, held.level, targets)
    state.record("roll", f"{name}'s {spell.name} strikes again")
    several_rolls(casting, 1)
    casting.events.append(ev.combat_update(state))
    result: dict[str, Any] = {"spell": spell.name, "again": True, "results": casting.results}
    return ToolOutcome(result, list(casting.events))

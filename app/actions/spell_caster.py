"""Who casts and with what: a caster's spells, slots, save DC and attack bonus, character
or monster alike, and how a spell's dice grow (cantrips with the caster's level, spells
with the slot they are cast from)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from app.world.state import GameState
from rules.abilities import Ability
from rules.character import CharacterSheet
from rules.classes import class_spec
from rules.conditions import ActiveCondition
from rules.spellcasting import SpellSlots
from rules.spelldata import Spell
from rules.srd import srd

_DICE = re.compile(r"^(\d*)d(\d+)(.*)$")


def scaled(formula: str, times: int, extra: str | None = None, levels: int = 0) -> str:
    """``1d10`` x2 -> ``2d10``; plus ``levels`` copies of ``extra`` (upcast dice)."""
    match = _DICE.match(formula.replace(" ", ""))
    out = formula
    if match and times > 1:
        count = int(match.group(1) or 1) * times
        out = f"{count}d{match.group(2)}{match.group(3)}"
    if extra and levels > 0:
        extra_match = _DICE.match(extra.replace(" ", ""))
        if extra_match and not extra_match.group(3):
            out += f"+{int(extra_match.group(1) or 1) * levels}d{extra_match.group(2)}"
        else:
            out += "".join(f"+({extra})" for _ in range(levels))
    return out


def spell_id_of(spell: Spell) -> str:
    """The data id of a spell (``magic_missile``)."""
    return next(k for k, v in srd().spells.entries.items() if v is spell)


@dataclass
class Caster:
    """What casting needs to know about a caster, character or monster alike."""

    id: str
    name: str
    spells: list[str]
    slots: SpellSlots
    mod: int
    dc: int
    bonus: int
    level: int
    conditions: list[ActiveCondition]
    sheet: CharacterSheet | None
    ability: Ability = Ability.INT


def caster_profile(state: GameState, cid: str) -> Caster | None:
    """The caster behind an id, or ``None`` if it casts no spells."""
    if cid in state.party:
        sheet = state.party[cid]
        if sheet.spellcasting_ability is None:
            return None
        return Caster(
            cid,
            sheet.name,
            list(sheet.spells),
            sheet.spell_slots,
            sheet.modifier(sheet.spellcasting_ability),
            sheet.spell_save_dc or 10,
            sheet.spell_attack_bonus or 0,
            sheet.level,
            sheet.conditions,
            sheet,
            sheet.spellcasting_ability,
        )
    creature = state.creatures[cid]
    block = state.monster(creature.monster) if creature.monster else None
    if block is None or block.spellcasting is None or creature.spell_slots is None:
        return None
    magic = block.spellcasting
    return Caster(
        cid,
        creature.name,
        list(magic.spells),
        creature.spell_slots,
        block.abilities.modifier(magic.ability),
        magic.dc,
        magic.attack_bonus,
        magic.level,
        creature.conditions,
        None,
        magic.ability,
    )


def pact_level(caster: Caster) -> int | None:
    """The level of a warlock's pact slots (``None`` for any other caster). SRD, Pact Magic:
    all of a warlock's spell slots are the same level, so every spell of 1st level or higher
    is cast from one of them at that level."""
    sheet = caster.sheet
    spec = class_spec(sheet.character_class) if sheet is not None else None
    if spec is None or spec.caster != "pact" or not caster.slots.maximum:
        return None
    return max(caster.slots.maximum)


def slot_to_spend(caster: Caster, spell: Spell, asked: int | None) -> int:
    """The slot level a casting spends: the one asked for, else the spell's own — but a pact
    caster's slots are all of the pact level, so it is that one (or higher, if asked)."""
    slot = asked or spell.level
    pact = pact_level(caster) if spell.level else None
    return max(slot, pact) if pact is not None else slot

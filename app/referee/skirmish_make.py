"""Fighters for the fast fight simulator, made from a character sheet or a stat block.

Working out what a sheet gives — the best weapon and its attack, armour class, saves,
features and spells — is most of what a short fight costs, and a balance run or a
benchmark fields the same sheets and stat blocks fight after fight. So each is worked out
once and kept as a model fighter; every call hands back a copy of it
(:meth:`app.referee.skirmish_kit.Fighter.clone`: what a fight changes is the copy's own,
what it only reads is shared).

A kept fighter is used only while its source is what it was made from: a sheet is compared
by its whole content (any change — hit points, a spent slot, a new weapon — makes it
anew), a stat block by identity (stat blocks are frozen). The data the rules read beside
them (weapons, classes, features, spells) is loaded once and never changes.
"""

from __future__ import annotations

from typing import Any

from app.referee.choosing import best_weapon
from app.referee.ruling import FEARLESS
from app.referee.skirmish_kit import Fighter, Kit, Swing, monster_kit, sheet_kit
from rules.abilities import Ability
from rules.character import CharacterSheet
from rules.damage import DamageType, Vitals
from rules.skills import Skill
from rules.srd import Monster, MonsterAction, srd
from rules.traits import kind_words

MOST_KEPT = 128
"""How many model fighters each table keeps before it starts again (a balance run needs a
handful; a long game's changing sheets must not pile up)."""

_SHEETS: dict[tuple[type[CharacterSheet], str, bool], tuple[dict[str, Any], Fighter]] = {}
"""By sheet type, id and ``features``: the sheet's content when the fighter was made, and
the fighter."""

_BLOCKS: dict[tuple[int, bool], tuple[Monster, Fighter]] = {}
"""By the stat block's identity and ``features``: the block (held, so its identity is not
reused while kept) and the fighter."""


def _kept(table: dict[Any, Any], key: object, entry: tuple[Any, Fighter]) -> Fighter:
    """Keep ``entry`` under ``key`` (starting the table again when it is full); its
    fighter."""
    if len(table) >= MOST_KEPT:
        table.clear()
    table[key] = entry
    return entry[1]


def from_sheet(sheet: CharacterSheet, *, features: bool = True) -> Fighter:
    """A character as the sheet has them — hit points, conditions, exhaustion, slots and
    uses left — with their best weapon (:func:`app.referee.choosing.best_weapon`; an
    unarmed strike without one), and with ``features`` their class features and spells.
    Worked out once for the sheet as it is now; each call hands back a fresh copy."""
    content = sheet.model_dump()
    key = (type(sheet), sheet.id, features)
    kept = _SHEETS.get(key)
    if kept is not None and kept[0] == content:
        return kept[1].clone()
    return _kept(_SHEETS, key, (content, _sheet_fighter(sheet, features))).clone()


def _sheet_fighter(sheet: CharacterSheet, features: bool) -> Fighter:
    """The fighter a sheet makes, worked out in full."""
    weapon = best_weapon(sheet)
    if weapon is not None:
        attack = sheet.weapon_attack(weapon)
        ranged = srd().weapons.get(weapon).kind == "ranged"
        swing = Swing(attack.attack_bonus, attack.damage, attack.damage_type, attack.name, ranged)
    else:  # SRD unarmed strike: proficient, 1 + Strength bludgeoning
        strength = sheet.modifier(Ability.STR)
        swing = Swing(sheet.proficiency_bonus + strength, str(max(1, 1 + strength)),
                      DamageType.BLUDGEONING, "an unarmed strike")  # fmt: skip
    return Fighter(
        sheet.id, "party", sheet.armor_class, sheet.vitals.model_copy(),
        [swing] * sheet.attacks_per_action, sheet.initiative_modifier, sheet.abilities.dexterity,
        name=sheet.name, defenses=sheet.defenses,
        crit_range=sheet.crit_range if features else 20,
        kit=sheet_kit(sheet, weapon) if features else Kit(),
        saves={a: sheet.save_modifier(a) for a in Ability},
        conditions=[c for c in sheet.conditions if c.source != "0 hp"],  # 0 HP is in vitals
        exhaustion=sheet.exhaustion, kinds=kind_words(sheet.species),
        medicine=sheet.check_modifier(Skill.MEDICINE),
    )  # fmt: skip


def _swing(act: MonsterAction, features: bool) -> Swing:
    assert act.to_hit is not None and act.damage and act.damage_type
    extra = act.extra_damage if features and act.extra_damage_type else None
    return Swing(
        act.to_hit, act.damage, act.damage_type, act.name, act.kind == "ranged",
        extra or "", act.extra_damage_type if extra else None,
        act if features and act.has_rider else None,
    )  # fmt: skip


def from_monster(
    block: Monster, number: int, *, features: bool = True, name: str | None = None
) -> Fighter:
    """A monster with its Multiattack (or first damaging attack), and with ``features`` its
    traits, save-based actions, riders and spells. ``name`` is what the log calls it
    (default: the stat block's name and ``number``). Worked out once for each stat block;
    each call hands back a fresh copy."""
    key = (id(block), features)
    kept = _BLOCKS.get(key)
    if kept is not None and kept[0] is block:
        fighter = kept[1].clone()
    else:
        fighter = _kept(_BLOCKS, key, (block, _monster_fighter(block, features))).clone()
    fighter.id = f"{block.id}-{number}"
    fighter.name = name or f"{block.name} {number}"
    return fighter


def _monster_fighter(block: Monster, features: bool) -> Fighter:
    """The fighter a stat block makes, worked out in full (its id and name are set by
    :func:`from_monster`)."""
    attacks = {a.id: a for a in block.actions if a.is_attack and a.damage and a.damage_type}
    ids = [i for i in block.multiattack if i in attacks] or list(attacks)[:1]
    return Fighter(
        block.id, "foes", block.ac, Vitals.full(block.hp),
        [_swing(attacks[i], features) for i in ids],
        block.abilities.modifier(Ability.DEX), block.abilities.dexterity,
        name=block.name, defenses=block.defenses, monster=True,
        kit=monster_kit(block) if features else Kit(),
        saves={a: block.save_modifier(a) for a in Ability}, kinds=kind_words(block.type),
        immune=block.condition_immunities,
        heals=not block.type.startswith(("undead", "construct")),
        wits=block.abilities.intelligence, fearless=block.type.split()[0] in FEARLESS,
    )  # fmt: skip

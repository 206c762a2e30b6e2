"""A character sheet as plain lines of text, for review before saving and for
``dungeon character show``: the command line prints them, the full screen shows them."""

from __future__ import annotations

from rules.abilities import Ability
from rules.character import CharacterSheet
from rules.skills import Proficiency
from rules.srd import srd


def _signed(value: int) -> str:
    return f"{value:+d}"


def _spell_name(spell_id: str) -> str:
    try:
        return srd().spells.get(spell_id).name
    except KeyError:
        return spell_id


def sheet_lines(sheet: CharacterSheet) -> list[str]:
    """The sheet, one fact a line: who, scores, defences, skills, gear, spells, features."""
    what = " ".join(p for p in (sheet.species, sheet.character_class) if p)
    lines = [f"{sheet.name} — level {sheet.level} {what}"]
    if sheet.background:
        lines.append(f"Background: {sheet.background}")
    lines.append(
        "  ".join(
            f"{a.value.upper()} {sheet.abilities.score(a)} ({_signed(sheet.modifier(a))})"
            for a in Ability
        )
    )
    armour = srd().armor.get(sheet.armor).name if sheet.armor else "no armour"
    shield = " and a shield" if sheet.shield else ""
    lines.append(
        f"HP {sheet.vitals.hp}/{sheet.vitals.max_hp}  AC {sheet.armor_class} ({armour}{shield})"
        f"  Speed {sheet.speed} ft  Hit die d{sheet.hit_dice.die}"
        f"  Proficiency {_signed(sheet.proficiency_bonus)}"
    )
    saves = ", ".join(a.full_name for a in Ability if a in sheet.saving_throws)
    lines.append(f"Saving throws: {saves or 'none'}")
    skills = [
        f"{s.label} {_signed(sheet.check_modifier(s))}"
        + (" (expertise)" if p is Proficiency.EXPERTISE else "")
        for s, p in sorted(sheet.skills.items())
        if p is not Proficiency.NONE
    ]
    lines.append(f"Skills: {', '.join(skills) or 'none'}")
    attacks = []
    for weapon in sheet.weapons:
        try:
            attack = sheet.weapon_attack(weapon)
        except (KeyError, ValueError):
            continue
        attacks.append(
            f"{attack.name} {_signed(attack.attack_bonus)} ({attack.damage} {attack.damage_type})"
        )
    lines.append(f"Attacks: {', '.join(attacks) or 'none'}")
    if sheet.spellcasting_ability is not None:
        slots = ", ".join(
            f"{n} of level {lvl}" for lvl, n in sorted(sheet.spell_slots.maximum.items())
        )
        lines.append(
            f"Spellcasting ({sheet.spellcasting_ability.full_name}): save DC "
            f"{sheet.spell_save_dc}, attack {_signed(sheet.spell_attack_bonus or 0)}; "
            f"slots: {slots or 'none'}"
        )
        lines.append(f"Spells: {', '.join(_spell_name(s) for s in sheet.spells) or 'none'}")
    features = ", ".join(f.replace("_", " ") for f in sheet.all_features)
    lines.append(f"Features: {features or 'none'}")
    if sheet.choices:
        chosen = ", ".join(
            f"{k.replace('_', ' ')}: {v.replace('_', ' ')}" for k, v in sheet.choices.items()
        )
        lines.append(f"Choices: {chosen}")
    if sheet.defenses.resistances:
        lines.append(f"Resists: {', '.join(sorted(sheet.defenses.resistances))}")
    if sheet.languages:
        lines.append(f"Languages: {', '.join(sheet.languages)}")
    if sheet.proficiencies:
        lines.append(f"Trained with: {', '.join(sheet.proficiencies)}")
    if sheet.inventory:
        lines.append(f"Gear: {', '.join(sheet.inventory)}")
    return lines

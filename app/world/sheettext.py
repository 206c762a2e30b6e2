"""A character sheet as plain lines of text, for review before saving and for
``dungeon character show``: the command line prints them, the full screen shows them.
A compact form of :mod:`app.world.sheetfacts`, whose skills, attacks and spell names it
shares."""

from __future__ import annotations

from app.world.sheetfacts import attack_facts, skill_facts, spell_name
from rules.abilities import Ability
from rules.character import CharacterSheet
from rules.srd import srd


def _signed(value: int) -> str:
    return f"{value:+d}"


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
        f"  Speed {sheet.walking_speed} ft  Hit die d{sheet.hit_dice.die}"
        f"  Proficiency {_signed(sheet.proficiency_bonus)}"
    )
    saves = ", ".join(a.full_name for a in Ability if a in sheet.saving_throws)
    lines.append(f"Saving throws: {saves or 'none'}")
    skills = [
        f"{fact.label} {fact.value}" + (" (expertise)" if fact.mark == "expertise" else "")
        for fact in skill_facts(sheet)
        if fact.mark
    ]
    lines.append(f"Skills: {', '.join(skills) or 'none'}")
    attacks = [f"{fact.label} {fact.value} ({fact.note})" for fact in attack_facts(sheet)]
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
        lines.append(f"Spells: {', '.join(spell_name(s) for s in sheet.spells) or 'none'}")
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

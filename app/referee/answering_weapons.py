"""Answers about a character's weapons: "what does my sword do", "range of my bow", "what's
my to-hit" — the bonus with a fighting style's part in it, the damage, the properties."""

from __future__ import annotations

from app.referee.answering_words import Asked
from app.understanding.words import monster_kinds
from app.world.sheetfacts import signed
from rules.character import CharacterSheet
from rules.srd import srd

WEAPON_WORDS = ("weapon", "weapons", "to hit", "attack bonus", "damage", "dmg")


def weapon_line(sheet: CharacterSheet, weapon_id: str) -> str:
    """``Longsword: +5 to hit, 1d8+3 slashing (1d10+3 with both hands); versatile``."""
    weapon = srd().weapons.get(weapon_id)
    if weapon.damage is None:
        return f"{weapon.name}: deals no damage"
    attack = sheet.weapon_attack(weapon_id)
    archery = sheet.fighting_style == "archery" and weapon.kind == "ranged"  # (in the bonus)
    text = (
        f"{attack.name}: {signed(attack.attack_bonus)} to hit"
        + (" (Archery included)" if archery else "")
        + f", {attack.damage} {attack.damage_type}"
    )
    if weapon.versatile:
        text += f" ({sheet.weapon_attack(weapon_id, grip='two').damage} with both hands)"
    notes = [p.replace("_", "-") for p in weapon.properties if p != "versatile"]
    if weapon.range is not None:
        notes.append(f"range {weapon.range[0]}/{weapon.range[1]} ft")
    if weapon.kind == "melee":
        notes.append(f"reach {weapon.reach} ft")
    if (
        sheet.fighting_style == "dueling"
        and weapon.kind == "melee"
        and "two_handed" not in weapon.properties
    ):
        notes.append("+2 damage with no other weapon in hand (Dueling)")
    return text + (f"; {', '.join(notes)}" if notes else "")


def weapons(a: Asked) -> str | None:
    """Asked: "what does my sword do", "range of my bow", "what's my attack bonus"."""
    sheet = a.own_sheet
    if sheet is None or not sheet.weapons:
        return None
    kinds = monster_kinds()
    foes = a.creatures or any(w in kinds or w.rstrip("s") in kinds for w in a.words)
    if foes and not a.about_self and not a.named:
        return None  # "what weapons do the goblins have": theirs, not mine
    named = [w for w in sheet.weapons if any(part in a.words for part in weapon_words(w))]
    if not named and not a.has(*WEAPON_WORDS):
        return None
    if not named and a.has("damage", "dmg") and not a.about_self and not a.named:
        return None  # "does bludgeoning do extra damage to skeletons": not a weapon question
    lines = [weapon_line(sheet, w) for w in named or sheet.weapons]
    extra = f" {sheet.name} makes {sheet.attacks_per_action} attacks with each Attack action."
    return f"{'. '.join(lines)}.{extra if sheet.attacks_per_action > 1 else ''}"


def weapon_words(weapon_id: str) -> set[str]:
    """``longsword``, ``sword``; ``light crossbow``: ``crossbow``, ``bow``."""
    name = srd().weapons.get(weapon_id).name.lower()
    words = set(name.split()) | {name.replace(" ", "")}
    for tail in ("sword", "bow", "axe", "hammer", "staff", "spear", "mace"):
        if any(w.endswith(tail) for w in words):
            words.add(tail)
    return words - {"light", "heavy", "hand"}

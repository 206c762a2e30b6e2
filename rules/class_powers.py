"""The numbers of class features a player spends by name: a monk's Martial Arts die and
unarmed strike (Flurry of Blows), a bard's Bardic Inspiration and Song of Rest dice, a
sorcerer's sorcery points and Flexible Casting (Font of Magic), the creatures a paladin's
Divine Sense finds, a berserker's Frenzy.

Pure rules: the tools in ``app/actions/feature_tools.py`` ask these what a use costs and
what it gives, and carry it out in play.
"""

from __future__ import annotations

from rules.abilities import Ability
from rules.character import CharacterSheet, WeaponAttack
from rules.damage import DamageType
from rules.outcomes import Impossible, Outcome, Success

UNARMED = "unarmed_strike"
"""The id an unarmed strike is attacked with (a punch, a kick): any creature can make one."""
SORCERY_POINTS = "font_of_magic"
"""The feature whose uses are the sorcerer's sorcery points (``sheet.resources`` counts
the points spent)."""
SLOT_COSTS: dict[int, int] = {1: 2, 2: 3, 3: 5, 4: 6, 5: 7}
"""SRD (Creating Spell Slots): sorcery points a new slot of each level costs; none above 5th."""
SENSED_TYPES = frozenset({"celestial", "fiend", "undead"})
"""SRD (Divine Sense): the kinds of creature a paladin senses."""


def martial_arts_die(level: int) -> str:
    """SRD: the monk's Martial Arts die — d4, d6 from 5th level, d8 from 11th, d10 from 17th."""
    return "1d4" if level < 5 else "1d6" if level < 11 else "1d8" if level < 17 else "1d10"


def song_of_rest_die(level: int) -> str:
    """SRD: a bard's Song of Rest die — d6 from 2nd level, d8 from 9th, d10 from 13th, d12
    from 17th."""
    return "1d6" if level < 9 else "1d8" if level < 13 else "1d10" if level < 17 else "1d12"


def inspiration_die(level: int) -> str:
    """SRD: a bard's Bardic Inspiration die — d6, d8 from 5th level, d10 from 10th, d12 from
    15th."""
    return "1d6" if level < 5 else "1d8" if level < 10 else "1d10" if level < 15 else "1d12"


def unarmed_strike(sheet: CharacterSheet) -> WeaponAttack:
    """An unarmed strike: proficient, bludgeoning; 1 + Strength modifier, or with Martial
    Arts the better of Strength and Dexterity and the Martial Arts die."""
    strength, dexterity = sheet.modifier(Ability.STR), sheet.modifier(Ability.DEX)
    monk = sheet.has("martial_arts")
    ability = Ability.DEX if monk and dexterity > strength else Ability.STR
    mod = sheet.modifier(ability)
    die = martial_arts_die(sheet.level) if monk else "1"
    damage = die if mod == 0 else f"{die}{mod:+d}"
    return WeaponAttack(
        UNARMED, "Unarmed strike", mod + sheet.proficiency_bonus, damage,
        DamageType.BLUDGEONING, ability, 5, None,
    )  # fmt: skip


def sorcery_points(sheet: CharacterSheet) -> int:
    """Sorcery points the sorcerer has now."""
    return sheet.uses_left(SORCERY_POINTS)


def slot_to_points(sheet: CharacterSheet, level: int) -> Outcome:
    """SRD (Converting a Spell Slot to Sorcery Points): spend a slot, gain points equal to
    its level — never more points than the sorcerer level allows."""
    most = sheet.feature_uses(SORCERY_POINTS)
    if not 1 <= level <= 9 or sheet.spell_slots.remaining(level) <= 0:
        return Impossible(f"{sheet.name} has no level-{level} spell slot left")
    if sorcery_points(sheet) + level > most:
        return Impossible(
            f"{sheet.name} has {sorcery_points(sheet)} of at most {most} sorcery points; "
            f"a level-{level} slot would give more than that"
        )
    sheet.spell_slots.spend(level)
    sheet.resources[SORCERY_POINTS] = sheet.resources.get(SORCERY_POINTS, 0) - level
    if not sheet.resources[SORCERY_POINTS]:
        del sheet.resources[SORCERY_POINTS]
    return Success(f"a level-{level} slot becomes {level} sorcery points")


def points_to_slot(sheet: CharacterSheet, level: int) -> Outcome:
    """SRD (Creating Spell Slots): spend sorcery points (2, 3, 5, 6, 7 for levels 1-5) for
    a new slot, gone at the next long rest."""
    cost = SLOT_COSTS.get(level)
    if cost is None:
        return Impossible("sorcery points make spell slots of levels 1-5 only")
    if sorcery_points(sheet) < cost:
        return Impossible(
            f"a level-{level} slot costs {cost} sorcery points; "
            f"{sheet.name} has {sorcery_points(sheet)}"
        )
    made = sheet.spell_slots.create(level)
    if isinstance(made, Impossible):
        return made
    sheet.resources[SORCERY_POINTS] = sheet.resources.get(SORCERY_POINTS, 0) + cost
    return Success(f"{cost} sorcery points become a level-{level} slot")


def senses(creature_type: str) -> bool:
    """Whether Divine Sense finds a creature of this type ("undead", "fiend (demon)")."""
    return creature_type.split(" ", maxsplit=1)[0].strip().lower() in SENSED_TYPES

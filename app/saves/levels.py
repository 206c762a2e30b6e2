"""Sense checks for a character who took levels in play.

A levelled character differs from the sheet it was made from (the campaign's pregen) in
its level, hit points, hit dice, spell slots and — after an Ability Score Improvement — its
scores. What must not change still must not (id, class, species, skills, armour); what a
level changes must be what the rules allow: a higher level its experience reaches, scores
raised by at most the improvements those levels granted and never past 20, slots of its
class at that level, and hit points no more than its hit dice could give.
"""

from __future__ import annotations

from collections.abc import Iterator

from app.saves.shape import Problem
from rules.abilities import Ability
from rules.advancement import ASI, MOST_SCORE, level_for_xp, xp_for_level
from rules.character import CharacterSheet
from rules.classes import class_spec
from rules.features import hp_per_level
from rules.spellcasting import slots_for

LEVEL_CHANGES = frozenset({"level", "abilities", "spellcasting_ability"})
"""Fields of a sheet that taking a level may change (a half caster begins casting at 2)."""


def check_levelled(
    key: str, sheet: CharacterSheet, original: CharacterSheet, where: str
) -> Iterator[Problem]:
    """Problems of a sheet whose level differs from ``original``'s, the sheet it was made
    from; ``where`` names that sheet's home in messages (``the campaign``)."""
    made = f"{where}'s sheet for {sheet.id!r}"
    if sheet.level < original.level:
        yield Problem(
            f"{key}.level", f"is {sheet.level}, below the level {original.level} of {made}"
        )
        return
    spec = class_spec(sheet.character_class)
    if spec is None:
        yield Problem(
            f"{key}.level", f"{sheet.character_class} is not a class whose levels are known"
        )
        return
    reached = level_for_xp(max(sheet.xp, xp_for_level(original.level)))
    if sheet.level > reached:
        yield Problem(f"{key}.level", f"is {sheet.level}, but {sheet.xp} XP reach level {reached}")
    gained = range(original.level + 1, sheet.level + 1)
    improvements = sum(1 for lv in gained if ASI in spec.features.get(lv, ()))
    raised = 0
    for ability in Ability:
        have, had = sheet.abilities.score(ability), original.abilities.score(ability)
        if have < had or (have > had and have > MOST_SCORE):
            yield Problem(f"{key}.abilities.{ability.value}", f"is {have}; {made} has {had}")
        raised += max(0, have - had)
    if raised > 2 * improvements:
        yield Problem(
            f"{key}.abilities",
            f"rose by {raised} points: levels {original.level + 1}-{sheet.level} allow "
            f"{2 * improvements}",
        )
    if original.spell_slots.maximum == slots_for(spec.caster, original.level):
        wanted = slots_for(spec.caster, sheet.level)
        if sheet.spell_slots.maximum != wanted:
            yield Problem(
                f"{key}.spell_slots.maximum",
                f"is {sheet.spell_slots.maximum}; a level-{sheet.level} {spec.name} has {wanted}",
            )
    con, con_before = sheet.modifier(Ability.CON), original.modifier(Ability.CON)
    each = max(1, spec.hit_die + con) + hp_per_level(sheet.all_features)  # (a hill dwarf's
    # toughness, a dragon's blood: a hit point more with every level)
    most = original.vitals.max_hp + max(0, con - con_before) * original.level + len(gained) * each
    if sheet.vitals.max_hp > most:
        yield Problem(
            f"{key}.vitals.max_hp",
            f"is {sheet.vitals.max_hp}: a level-{sheet.level} {spec.name} made from {made} "
            f"has at most {most}",
        )

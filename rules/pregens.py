"""Pregenerated characters built by the rules that build created ones.

A campaign's ``[[characters]]`` name a species, a class and a level; what those give a
character created with ``dungeon character new`` and levelled up (speed, species traits,
saving throws, training, hit dice, hit points at the fixed value per level, spell slots) is
derived here. :func:`complete_pregen` fills what a sheet leaves out when the campaign is
loaded, so an author need not copy numbers from the rules; :func:`pregen_mismatches` lists
what a sheet writes that disagrees with them, for ``dungeon validate``.

A species or class the SRD data does not know (an author's own) is left as written.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.abilities import Ability, ability_modifier
from rules.character import CharacterSheet
from rules.choosing import CreationError
from rules.classes import ClassSpec, class_spec
from rules.creation import FEATURE_OPTIONS, species_of
from rules.features import hp_per_level
from rules.species import Species
from rules.spellcasting import slots_for
from rules.srd import srd


@dataclass(frozen=True, slots=True)
class Mismatch:
    """One field of a pregen that disagrees with its species or class data."""

    field: str
    """The sheet's key (``speed``, ``features``, ``vitals.max_hp``)."""
    message: str


def _species(name: object) -> Species | None:
    if not isinstance(name, str) or not name.strip():
        return None
    try:
        return species_of(name.partition("(")[0].strip() or name)[1]
    except CreationError:
        try:
            return species_of(name)[1]
        except CreationError:
            return None


def _class(name: object) -> ClassSpec | None:
    return class_spec(name) if isinstance(name, str) else None


def species_speed(species: Species, armor: str | None, strength: int) -> int:
    """A walking speed as creation gives it: the species', 10 ft less in heavy armour too
    heavy for the wearer's Strength (a dwarf is not slowed by it)."""
    speed = species.speed
    if armor:
        try:
            needs = srd().armor.get(armor).strength
        except KeyError:
            return speed
        if needs > strength and "dwarf" not in species.name.lower():
            speed -= 10
    return speed


def fixed_max_hp(spec: ClassSpec, level: int, con: int, features: tuple[str, ...]) -> int:
    """SRD hit points at a level with the fixed value: the full hit die plus CON at 1st
    level, then half the die + 1 + CON per level after (at least 1 each), plus what
    features add per level (Dwarven Toughness, Draconic Resilience)."""
    mod = ability_modifier(con)
    first = max(1, spec.hit_die + mod)
    later = (level - 1) * max(1, spec.hit_die // 2 + 1 + mod)
    return first + later + hp_per_level(features) * level


def _proficiencies(spec: ClassSpec | None, species: Species | None) -> list[str]:
    creation = spec.creation if spec is not None else None
    found: list[str] = []
    for item in (
        *(creation.armor if creation else ()),
        *(creation.weapons if creation else ()),
        *(creation.tools if creation else ()),
        *(species.weapons if species else ()),
    ):
        if item not in found:
            found.append(item)
    return found


def _level(data: Mapping[str, Any]) -> int:
    level = data.get("level", 1)
    return level if isinstance(level, int) and 1 <= level <= 20 else 1


def _score(data: Mapping[str, Any], ability: Ability) -> int:
    scores = data.get("abilities")
    value = scores.get(ability.value) if isinstance(scores, Mapping) else None
    return value if isinstance(value, int) else 10


def complete_pregen(data: Mapping[str, Any]) -> dict[str, Any]:
    """A pregen's table with what it leaves out derived from its species and class:
    ``speed``, the species' traits in ``features`` (when none are listed), ``languages``,
    ``proficiencies``, ``saving_throws``, ``hit_dice`` and full ``vitals`` at the fixed hit
    points of its level. What it writes is kept: :func:`pregen_mismatches` checks it."""
    out = dict(data)
    species, spec = _species(data.get("species")), _class(data.get("class"))
    level = _level(data)
    if species is not None:
        armor = data.get("armor") if isinstance(data.get("armor"), str) else None
        out.setdefault("speed", species_speed(species, armor, _score(data, Ability.STR)))
        if "features" not in out:
            out["features"] = list(species.traits)
        out.setdefault("languages", list(species.languages))
    if species is not None or spec is not None:
        out.setdefault("proficiencies", _proficiencies(spec, species))
    if spec is None:
        return out
    out.setdefault("saving_throws", [a.value for a in spec.saving_throws])
    out.setdefault("hit_dice", {"die": spec.hit_die, "total": level, "remaining": level})
    if "vitals" not in out:
        own = out.get("features")
        traits = tuple(own) if isinstance(own, list) else ()
        every = (*traits, *spec.features_up_to(level))
        most = fixed_max_hp(spec, level, _score(data, Ability.CON), every)
        out["vitals"] = {"hp": most, "max_hp": most}
    return out


def pregen_mismatches(sheet: CharacterSheet) -> list[Mismatch]:
    """What a pregen writes that the rules would not give a character of its species,
    class and level; empty for one built by them (or of an author's own species and
    class)."""
    found: list[Mismatch] = []
    species, spec = _species(sheet.species), _class(sheet.character_class)
    who = f"{sheet.name} ({sheet.species or 'no species'} {sheet.character_class} {sheet.level})"
    if species is not None:
        speed = species_speed(species, sheet.armor, sheet.abilities.score(Ability.STR))
        if sheet.speed != speed:
            found.append(Mismatch("speed", f"{who}: speed {sheet.speed}, but a "
                                  f"{species.name} has {speed} ft"))  # fmt: skip
        lacking = [t for t in species.traits if t not in sheet.features]
        if lacking:
            found.append(Mismatch("features", f"{who}: lacks the {species.name} traits "
                                  f"{', '.join(lacking)}"))  # fmt: skip
    if spec is None:
        return found
    untrained = [p for p in _proficiencies(spec, species) if p not in sheet.proficiencies]
    if sheet.proficiencies and untrained:
        found.append(Mismatch("proficiencies", f"{who}: lacks the training its class and "
                              f"species give: {', '.join(untrained)}"))  # fmt: skip
    if sheet.saving_throws != frozenset(spec.saving_throws):
        wanted = " and ".join(a.value.upper() for a in spec.saving_throws)
        found.append(Mismatch("saving_throws", f"{who}: a {spec.name} is proficient in "
                              f"{wanted} saving throws"))  # fmt: skip
    if sheet.hit_dice.die != spec.hit_die:
        found.append(Mismatch("hit_dice.die", f"{who}: a {spec.name}'s hit die is "
                              f"d{spec.hit_die}, not d{sheet.hit_dice.die}"))  # fmt: skip
    owed = (*(species.traits if species else ()), *sheet.all_features)
    most = fixed_max_hp(spec, sheet.level, sheet.abilities.score(Ability.CON), owed)
    if sheet.vitals.max_hp + sheet.hp_drained != most:
        found.append(Mismatch("vitals.max_hp", f"{who}: max_hp {sheet.vitals.max_hp}, but "
                              f"the fixed hit points of its level are {most}"))  # fmt: skip
    slots = slots_for(spec.caster, sheet.level)
    if spec.caster != "none" and dict(sheet.spell_slots.maximum) != slots:
        wanted_slots = ", ".join(f"{n} of level {lv}" for lv, n in sorted(slots.items()))
        found.append(Mismatch("spell_slots.maximum", f"{who}: has {wanted_slots or 'no'} "
                              "spell slots at its level"))  # fmt: skip
    unchosen = [f for f in sheet.all_features if f in FEATURE_OPTIONS and f not in sheet.choices]
    if unchosen:
        found.append(Mismatch("choices", f"{who}: choose {', '.join(unchosen)} (one of "
                              f"{', '.join(FEATURE_OPTIONS[unchosen[0]])})"))  # fmt: skip
    return found

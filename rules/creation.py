"""Making a new level-1 character from a player's choices: species, class, background,
ability scores, skills, equipment and spells become a :class:`CharacterSheet` that
validates.

What the player may choose is computed here too (:func:`skill_plan`, :func:`spell_plan`,
:func:`feature_options`), so the command line and the full screen offer the same choices
and refuse the same mistakes. Every refusal is a :class:`CreationError` with one sentence a
player can act on.
"""

from __future__ import annotations

import re
import unicodedata

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rules.abilities import Ability, AbilityScores
from rules.abilityscores import ScoreError, ScoreMethod, check_scores
from rules.backgrounds import Background, backgrounds
from rules.character import CharacterSheet
from rules.choosing import (
    CreationError,
    check_skills,
    check_spells,
    skill_plan,
    spell_ids,
    spell_plan,
)
from rules.classes import ClassSpec, EquipmentPack, classes
from rules.damage import Defenses, Vitals
from rules.features import HP_PER_LEVEL, hp_per_level
from rules.rests import HitDice
from rules.skills import Proficiency, Skill
from rules.species import Species, species_catalog
from rules.spellcasting import SpellSlots
from rules.srd import srd

LANGUAGES: tuple[str, ...] = (
    "Common", "Dwarvish", "Elvish", "Giant", "Gnomish", "Goblin", "Halfling", "Orc",
    "Abyssal", "Celestial", "Draconic", "Deep Speech", "Infernal", "Primordial", "Sylvan",
    "Undercommon",
)  # fmt: skip
"""The SRD's standard and exotic languages, offered where a character chooses one."""

FEATURE_HP = HP_PER_LEVEL
"""Features that raise maximum hit points by this much per level (see
:data:`rules.features.HP_PER_LEVEL`)."""

DRAGON_COLOURS = (
    "black", "blue", "brass", "bronze", "copper", "gold", "green", "red", "silver", "white",
)  # fmt: skip
FEATURE_OPTIONS: dict[str, tuple[str, ...]] = {
    "fighting_style": (
        "archery", "defense", "dueling", "great_weapon_fighting", "protection",
        "two_weapon_fighting",
    ),
    "favored_enemy": (
        "aberrations", "beasts", "celestials", "constructs", "dragons", "elementals", "fey",
        "fiends", "giants", "monstrosities", "oozes", "plants", "undead",
    ),
    "natural_explorer": (
        "arctic", "coast", "desert", "forest", "grassland", "mountain", "swamp", "underdark",
    ),
    "sorcerous_origin": DRAGON_COLOURS,
    "draconic_ancestry": DRAGON_COLOURS,
}  # fmt: skip
"""Features that ask for a choice when a character gains them, and the options; the choice
is kept in the sheet's ``choices`` under the feature's id."""


class Choices(BaseModel):
    """Everything a player chooses for a new character (what the wizard and the flags
    collect). Names of species, classes, backgrounds, skills and spells may be ids or names."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=60)
    species: str
    character_class: str
    background: str
    method: ScoreMethod = "standard"
    scores: dict[Ability, int]
    """Base scores before species increases, as the method allows."""
    rolled: tuple[int, ...] = ()
    """The six rolled totals, for the ``roll`` method."""
    increases: list[Ability] = Field(default_factory=list)
    """Abilities raised by 1 where the species lets the player choose (the half-elf)."""
    skills: list[Skill] = Field(default_factory=list)
    expertise: list[Skill] = Field(default_factory=list)
    """Skills whose proficiency bonus doubles, for a class with Expertise at level 1."""
    pack: int = Field(default=0, ge=0, le=9)
    """Which of the class's equipment packs (from 0)."""
    cantrips: list[str] = Field(default_factory=list)
    spells: list[str] = Field(default_factory=list)
    languages: list[str] = Field(default_factory=list)
    """Languages chosen where the species or background offers some; unchosen ones are
    filled from :data:`LANGUAGES` in order."""
    options: dict[str, str] = Field(default_factory=dict)
    """Feature choices: ``fighting_style``, ``draconic_ancestry`` …"""


def _find_id(kind: str, name: str, entries: dict[str, object]) -> str:
    key = name.strip().lower().replace(" ", "_").replace("-", "_")
    for entry_id, entry in entries.items():
        if key in (entry_id, str(getattr(entry, "name", "")).lower().replace(" ", "_")):
            return entry_id
    known = ", ".join(entries)
    raise CreationError(f"no {kind} called {name!r} (choose one of {known})")


def species_of(name: str) -> tuple[str, Species]:
    """The id and data of a species named by id or name."""
    entries = species_catalog().entries
    key = _find_id("species", name, dict(entries))
    return key, entries[key]


def class_of(name: str) -> tuple[str, ClassSpec]:
    """The id and data of an SRD class named by id or name."""
    entries = classes().entries
    key = _find_id("class", name, dict(entries))
    return key, entries[key]


def background_of(name: str) -> tuple[str, Background]:
    """The id and data of a background named by id or name."""
    entries = backgrounds().entries
    key = _find_id("background", name, dict(entries))
    return key, entries[key]


def feature_options(species: Species, spec: ClassSpec) -> dict[str, tuple[str, ...]]:
    """Feature choices a new character of this species and class must make."""
    features = (*species.traits, *spec.features_up_to(1))
    return {f: FEATURE_OPTIONS[f] for f in features if f in FEATURE_OPTIONS}


def increase_options(species: Species) -> tuple[Ability, ...]:
    """Abilities the species lets the player raise by its chosen increases."""
    return tuple(a for a in Ability if a not in species.increases)


def final_scores(
    species: Species, base: dict[Ability, int], increases: list[Ability]
) -> AbilityScores:
    """Base scores plus the species' increases and the chosen ones."""
    if len(increases) != species.choose_increases or len(set(increases)) != len(increases):
        if species.choose_increases:
            raise CreationError(
                f"{species.name} raises {species.choose_increases} different abilities of "
                "your choice by 1"
            )
        raise CreationError(f"{species.name} has no abilities of your choice to raise")
    bad = [a.value for a in increases if a in species.increases]
    if bad:
        raise CreationError(f"{bad[0]} already rises by the species: choose another ability")
    total = {a: base[a] + species.increases.get(a, 0) + (a in increases) for a in Ability}
    return AbilityScores.model_validate({a.value: v for a, v in total.items()})


def slug(name: str) -> str:
    """A character id from a name: ``Mira Stoneheart`` -> ``mira-stoneheart``."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    text = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")[:40].strip("-")
    return text or "hero"


def _languages(species: Species, background: Background, chosen: list[str]) -> list[str]:
    known = list(species.languages)
    wanted = species.extra_languages + background.languages
    picked: list[str] = []
    for name in chosen:
        match = next((lang for lang in LANGUAGES if lang.lower() == name.strip().lower()), None)
        if match is None:
            raise CreationError(f"no language called {name!r} (one of {', '.join(LANGUAGES)})")
        if match in known or match in picked:
            raise CreationError(f"{match} is already known: choose another language")
        picked.append(match)
    if len(picked) > wanted:
        raise CreationError(f"you choose {wanted} languages, not {len(picked)}")
    for lang in LANGUAGES:  # unchosen ones: the first not yet known
        if len(picked) >= wanted:
            break
        if lang not in known and lang not in picked:
            picked.append(lang)
    return known + picked


def _pack(spec: ClassSpec, index: int) -> EquipmentPack:
    packs = spec.creation.packs if spec.creation else ()
    if not 0 <= index < len(packs):
        raise CreationError(f"{spec.name} has equipment packs 1 to {len(packs)}")
    return packs[index]


def _proficiencies(spec: ClassSpec, species: Species, background: Background) -> list[str]:
    found: list[str] = []
    creation = spec.creation
    for item in (
        *(creation.armor if creation else ()),
        *(creation.weapons if creation else ()),
        *(creation.tools if creation else ()),
        *species.weapons,
        *background.tools,
    ):
        if item not in found:
            found.append(item)
    return found


def build_character(choices: Choices) -> CharacterSheet:
    """The level-1 sheet these choices make; ``CreationError`` for any choice the rules do
    not allow, naming it."""
    species_id, species = species_of(choices.species)
    class_id, spec = class_of(choices.character_class)
    _, background = background_of(choices.background)
    try:
        base = check_scores(choices.method, choices.scores, choices.rolled)
    except ScoreError as error:
        raise CreationError(str(error)) from None
    scores = final_scores(species, base, choices.increases)
    plan = skill_plan(species, spec, background)
    check_skills(plan, choices.skills)
    skills = dict.fromkeys((*plan.fixed, *choices.skills), Proficiency.PROFICIENT)
    if "expertise" in spec.features_up_to(1):
        if len(choices.expertise) != 2 or len(set(choices.expertise)) != 2:
            raise CreationError("Expertise: choose 2 different skills you are proficient in")
        for skill in choices.expertise:
            if skill not in skills:
                raise CreationError(f"Expertise: you are not proficient in {skill.label}")
            skills[skill] = Proficiency.EXPERTISE
    elif choices.expertise:
        raise CreationError(f"a level-1 {spec.name} has no Expertise to choose")
    spells = spell_plan(class_id, spec, scores)
    cantrips, firsts = spell_ids(choices.cantrips), spell_ids(choices.spells)
    check_spells(spells, cantrips, firsts)
    wanted = feature_options(species, spec)
    picked: dict[str, str] = {}
    for feature, options in wanted.items():
        value = choices.options.get(feature, "").strip().lower().replace(" ", "_")
        if value not in options:
            raise CreationError(f"{feature.replace('_', ' ')}: choose one of {', '.join(options)}")
        picked[feature] = value
    stray = [k for k in choices.options if k not in wanted]
    if stray:
        raise CreationError(f"{stray[0]}: not a choice this character makes")
    pack = _pack(spec, choices.pack)
    features = list(species.traits)
    hp_bonus = hp_per_level((*features, *spec.features_up_to(1)))
    max_hp = max(1, spec.hit_die + scores.modifier(Ability.CON) + hp_bonus)
    resist = {species.resistance} if species.resistance else set()
    if "draconic_ancestry" in picked:
        resist.add(species.ancestries[picked["draconic_ancestry"]])
    speed = species.speed
    armor = srd().armor.get(pack.armor) if pack.armor else None
    if armor is not None and armor.strength > scores.strength and species_id != "dwarf":
        speed -= 10  # heavy armour too heavy for the wearer; dwarves are not slowed by it
    slots = SpellSlots()
    if spec.caster == "full":
        slots = SpellSlots.for_full_caster(1)
    elif spec.caster == "pact":
        slots = SpellSlots(maximum={1: 1})  # pact magic: one level-1 slot at level 1
    casts = spec.caster in ("full", "pact")
    try:
        return CharacterSheet.model_validate(
            {
                "id": slug(choices.name),
                "name": choices.name.strip(),
                "species": species.name,
                "class": spec.name,
                "level": 1,
                "abilities": scores,
                "skills": skills,
                "saving_throws": frozenset(spec.saving_throws),
                "armor": pack.armor,
                "shield": pack.shield,
                "speed": speed,
                "vitals": Vitals.full(max_hp),
                "hit_dice": HitDice(die=spec.hit_die, total=1, remaining=1),
                "weapons": list(pack.weapons),
                "spellcasting_ability": spec.spellcasting_ability if casts else None,
                "spell_slots": slots,
                "spells": [*cantrips, *firsts],
                "defenses": Defenses(resistances=frozenset(resist)),
                "inventory": [*pack.items, *background.items],
                "features": features,
                "choices": picked,
                "background": background.name,
                "languages": _languages(species, background, choices.languages),
                "proficiencies": _proficiencies(spec, species, background),
            }
        )
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise CreationError(f"{where}: {first['msg']}") from None

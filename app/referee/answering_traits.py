"""Answers about what a character *is*, read off their own sheet: a feature or trait asked
for by name or by a player's word for it ("what's my favoured enemy again", "what's my
fighting style", "who's my patron", "what's my subclass"), and what they are trained in
(languages, armour, weapons and tools, skills, saving throws).

A choice a feature asks for is the sheet's own (``choices.favored_enemy = "undead"``); what
a feature does is the data's own summary (``rules/data/features.toml``); nothing is worked
out again here. What a feature's uses come to is :mod:`.answering_uses`'s.
"""

from __future__ import annotations

import re

from app.actions.class_rules import INSPIRED_ID
from app.referee.answering_words import Asked
from app.referee.sights import join_words
from app.world.sheetfacts import signed
from rules.abilities import Ability
from rules.character import CharacterSheet
from rules.classes import granted_features
from rules.features import FeatureSpec, feature, features
from rules.skills import Proficiency, Skill
from rules.srd import srd

SPELLINGS = (("favour", "favor"), ("armour", "armor"), ("defence", "defense"))
"""Words spelt the British way, read as the data spells them ("favoured enemy")."""
WORDS_FOR: dict[str, tuple[str, ...]] = {
    "favored_enemy": ("favorite enemy", "favored foe", "sworn enemy", "chosen enemy"),
    "natural_explorer": ("favored terrain", "favorite terrain", "chosen terrain", "terrain"),
    "fighting_style": ("combat style", "fighting styles"),
    "bardic_inspiration": ("inspiration", "inspirations", "inspiration dice", "bardic"),
    "rage": ("rages", "raging"),
    "ki": ("ki points", "ki point"),
    "font_of_magic": ("sorcery points", "sorcery point"),
    "channel_divinity": ("channel divinities", "channel divinity uses", "channels"),
    "lay_on_hands": ("lay on hands points", "lay on hands pool", "healing pool"),
    "wild_shape": ("wild shapes", "wildshape", "wildshapes"),
    "second_wind": ("second winds",),
    "action_surge": ("action surges",),
    "divine_sense": ("divine senses",),
    "breath_weapon": ("breath", "breath weapons"),
    "darkvision": (
        "dark vision",
        "see in the dark",
        "see in here",
        "see down here",
        "see in there",
        "see in this dark",
        "see without a light",
    ),
    "otherworldly_patron": ("patron",),
    "sacred_oath": ("oath",),
    "primal_path": ("path",),
    "bard_college": ("college",),
    "divine_domain": ("domain",),
    "druid_circle": ("circle",),
    "martial_archetype": ("archetype",),
    "ranger_archetype": ("archetype", "conclave"),
    "roguish_archetype": ("archetype",),
    "monastic_tradition": ("tradition", "monastic tradition"),
    "sorcerous_origin": ("origin", "bloodline"),
    "arcane_tradition": ("tradition", "school"),
    "draconic_ancestry": ("ancestry", "dragon ancestor"),
    "pact_boon": ("pact", "boon"),
}
"""Players' words for features, besides their names (and plurals)."""
SUBCLASSES = (
    "primal_path", "bard_college", "divine_domain", "druid_circle", "martial_archetype",
    "monastic_tradition", "sacred_oath", "ranger_archetype", "roguish_archetype",
    "sorcerous_origin", "otherworldly_patron", "arcane_tradition",
)  # fmt: skip
"""The feature of each class that names the way it follows: what "my subclass" asks for."""
SUBCLASS_WORDS = ("subclass", "sub class", "specialization", "specialisation", "specialty")
ASKING = ("what", "which", "who", "how", "can", "remind", "tell", "again", "is", "do", "does",
          "have")  # fmt: skip
"""Words that make a line naming a feature ask about it (not merely use it)."""


def plain(a: Asked) -> str:
    """The question's words as :attr:`Asked.text` has them, spelt as the data spells them."""
    text = a.text
    for british, american in SPELLINGS:
        text = text.replace(british, american)
    return text


def _names_of(fid: str, spec: FeatureSpec) -> tuple[str, ...]:
    name = re.sub(r"[^a-z0-9 ]+", "", spec.name.lower())
    return (name, f"{name}s", *WORDS_FOR.get(fid, ()))


def feature_named(a: Asked, sheet: CharacterSheet | None) -> str | None:
    """The feature the line names, by its name or a word for it: the sheet's own first
    ("archetype" is the ranger's for a ranger), the longest name meant ("bardic
    inspiration dice" over "inspiration")."""
    text = plain(a)
    own = set(sheet.all_features) if sheet is not None else set()
    found: list[tuple[bool, int, str]] = []
    for fid, spec in features().entries.items():
        for name in _names_of(fid, spec):
            if f" {name} " in text:
                found.append((fid in own, len(name), fid))
    return max(found)[2] if found else None


def _subclass_of(sheet: CharacterSheet) -> str | None:
    """The class's feature that names its way (whether or not the sheet has it yet)."""
    for level in range(1, 21):
        for fid in granted_features(sheet.character_class, level):
            if fid in SUBCLASSES:
                return fid
    return None


def _first_level(sheet: CharacterSheet, fid: str) -> int | None:
    """The class level that brings the feature."""
    for level in range(1, 21):
        if fid in granted_features(sheet.character_class, level):
            return level
    return None


def trait_text(sheet: CharacterSheet, fid: str) -> str:
    """``Ione's Favored Enemy is undead: Advantage on …``, what the sheet chose for it with
    what it does; a feature without a choice, what it does."""
    spec = feature(fid)
    name = spec.name if spec is not None else fid.replace("_", " ")
    does = " ".join(spec.summary.split()) if spec is not None else ""
    chosen = sheet.choices.get(fid, "").replace("_", " ")
    if chosen:
        return f"{sheet.name}'s {name} is {chosen}: {does}".strip()
    return f"{sheet.name} has {name}: {does}".strip()


def own_trait(a: Asked) -> str | None:
    """Asked: "what's my favoured enemy again", "what fighting style does Thorin have", "who
    is my patron", "what's my subclass", "remind me what my natural explorer terrain is"."""
    sheet = a.own_sheet
    if sheet is None or not (a.about_self or a.named) or not a.word(*ASKING):
        return None
    if a.has(*SUBCLASS_WORDS):
        fid = _subclass_of(sheet)
        if fid is None:
            return f"The {sheet.character_class.lower()} class has no subclass in this game."
        if not sheet.has(fid):
            at = _first_level(sheet, fid)
            spec = feature(fid)
            what = spec.name if spec is not None else "a subclass"
            return (
                f"{sheet.name} has no subclass yet: a {sheet.character_class.lower()} "
                f"chooses {what} at level {at} ({sheet.name} is level {sheet.level})."
            )
        return trait_text(sheet, fid)
    fid = feature_named(a, sheet)
    spec = feature(fid) if fid is not None else None
    if fid is None or spec is None:
        return None
    by_name = any(f" {n} " in plain(a) for n in _names_of(fid, spec)[:2])
    if by_name and not (spec.options or fid in SUBCLASSES or fid in sheet.choices):
        return None  # "what does second wind do": the rule (a word for it is told here)
    given = next((e for e in sheet.effects if e.id == INSPIRED_ID), None)
    if fid == "bardic_inspiration" and given is not None:  # "do I have an inspiration die?"
        giver = a.state.name_of(given.source) if given.source else "a bard"
        return (f"{sheet.name} holds an inspiration die from {giver}: {given.attack_dice}, "
                "added to one attack roll, ability check or saving throw.")  # fmt: skip
    if not sheet.has(fid):
        holders = [s.name for s in a.state.party.values() if s.has(fid)]
        others = f" {join_words(holders)} {'has' if len(holders) == 1 else 'have'} it." if (
            holders) else ""  # fmt: skip
        return f"{sheet.name} has no {spec.name}.{others}"
    return trait_text(sheet, fid)


LANGUAGE_WORDS = ("language", "languages", "tongue", "tongues")
KNOWN_LANGUAGES = (
    "common", "dwarvish", "elvish", "giant", "gnomish", "goblin", "halfling", "orc",
    "abyssal", "celestial", "draconic", "deep speech", "infernal", "primordial", "sylvan",
    "undercommon",
)  # fmt: skip
"""The SRD's languages, asked of by name ("do I speak goblin")."""


def languages(a: Asked) -> str | None:
    """Asked: "what languages do I speak", "does Aria speak Elvish", "do any of us speak
    Goblin"."""
    if not (a.word(*LANGUAGE_WORDS) or (a.word("speak", "speaks", "read", "understand")
                                        and a.has(*KNOWN_LANGUAGES))):  # fmt: skip
        return None
    asked = [w for w in KNOWN_LANGUAGES if a.has(w)]
    sheets = [a.own_sheet] if (a.about_self or a.named) and a.own_sheet else []
    sheets = sheets or list(a.state.party.values())
    told = [f"{s.name} speaks {join_words(s.languages) or 'no language written down'}"
            for s in sheets]  # fmt: skip
    if asked:
        speakers = [s.name for s in sheets
                    if any(w in (x.lower() for x in s.languages) for w in asked)]  # fmt: skip
        if len(sheets) == 1:
            return f"{'Yes' if speakers else 'No'}: {told[0]}."
        lead = f"Yes: {join_words(speakers)}." if speakers else "Nobody in the party does."
        return f"{lead} {'; '.join(told)}."
    return "; ".join(told) + "."


ARMOUR_WORDS = {
    "light": "light armour", "medium": "medium armour", "heavy": "heavy armour",
    "shield": "shields", "simple": "simple weapons", "martial": "martial weapons",
}  # fmt: skip
"""The sheet's words for kinds of armour and weapons, as a player says them."""


def trained_text(sheet: CharacterSheet) -> str:
    """``light armour, medium armour, shields, simple weapons, martial weapons``."""
    names = []
    for kind in sheet.proficiencies:
        if kind in ARMOUR_WORDS:
            names.append(ARMOUR_WORDS[kind])
        elif kind in srd().weapons:
            names.append(srd().weapons.get(kind).name.lower())
        else:
            names.append(kind.replace("_", " "))
    return join_words(names) or "nothing written on the sheet"


def _skills_text(sheet: CharacterSheet) -> str:
    trained = [
        f"{s.label} {signed(sheet.check_modifier(s))}"
        + (" (expertise)" if sheet.skills[s] is Proficiency.EXPERTISE else "")
        for s in sorted(sheet.skills, key=lambda s: s.label)
        if sheet.skills[s] in (Proficiency.PROFICIENT, Proficiency.EXPERTISE)
    ]
    return join_words(trained) if trained else "no skill"


def _saves_text(sheet: CharacterSheet) -> str:
    return ", ".join(
        f"{x.full_name} {signed(sheet.save_modifier(x))}"
        + (" (proficient)" if x in sheet.saving_throws else "")
        for x in Ability
    )


def _weapon_named(a: Asked) -> str | None:
    """The weapon the line names ("longbows", "the light crossbow"), longest name first."""
    found = [
        (len(w.name), wid)
        for wid, w in srd().weapons.entries.items()
        if f" {w.name.lower()} " in a.text or f" {w.name.lower()}s " in a.text
    ]
    return max(found)[1] if found else None


def trained(a: Asked) -> str | None:
    """Asked: "what am I proficient with", "what skills do I have", "which saving throws am
    I proficient in", "can I wear heavy armour", "what's my proficiency bonus"."""
    sheet = a.own_sheet
    if sheet is None or not (a.about_self or a.named):
        return None
    if a.has("proficiency bonus", "prof bonus"):
        return f"{sheet.name}'s proficiency bonus is {signed(sheet.proficiency_bonus)}."
    skills = any(s.label.lower().split()[0] in a.words for s in Skill)
    abilities = any(x.full_name.lower() in a.words or x.value in a.words for x in Ability)
    if a.word("skills", "skill") and not skills:
        return f"{sheet.name} is trained in {_skills_text(sheet)}."
    saves = a.word("saves", "saving") or a.has("my save", "save bonus", "save bonuses")
    if saves and not abilities and not a.has("spell save", "save dc"):
        return f"{sheet.name}'s saving throws: {_saves_text(sheet)}."
    if skills or abilities:
        return None  # "am I proficient in stealth": the skill's bonus
    weapon = _weapon_named(a)
    if weapon is not None and a.word("proficient", "trained", "proficiency"):
        spec = srd().weapons.get(weapon)
        knows = weapon in sheet.proficiencies or spec.category in sheet.proficiencies
        lead = "Yes" if knows else "No"
        how = "proficient" if knows else "not proficient"
        return (
            f"{lead}: {sheet.name} is {how} with the {spec.name.lower()} (a {spec.category} "
            f"weapon); {sheet.name} is trained with {trained_text(sheet)}."
        )
    if a.word("proficient", "proficiency", "proficiencies", "trained") or a.has(
        "can i wear", "can i use", "armor can", "weapons can", "good at", "best at"
    ):
        if a.has("can i use") and not a.word("armor", "weapons", "weapon", "shield", "shields"):
            return None
        proficient = join_words([x.full_name for x in Ability if x in sheet.saving_throws])
        return (
            f"{sheet.name} is trained with {trained_text(sheet)}; skills: "
            f"{_skills_text(sheet)}; saving throws: {proficient or 'none'}."
        )
    return None

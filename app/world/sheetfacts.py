"""A character sheet's facts, in sections, read off a :class:`CharacterSheet` in one go.

The character sheet screen and the console's ``/sheet`` both show these, and
``dungeon character show`` takes its skills, attacks and spells from the same helpers, so a
bonus can never read one way on one screen and another way on the other. Every number is
asked of the rules (``check_modifier``, ``save_modifier``, ``armor_class`` …), never
worked out again here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from rules.abilities import Ability
from rules.advancement import XP_THRESHOLDS, effective_xp
from rules.character import CharacterSheet
from rules.damage import LifeState
from rules.effects import ac_bonus, is_record, speed_with
from rules.features import feature
from rules.skills import Proficiency, Skill
from rules.srd import srd

Mark = Literal["", "proficient", "expertise", "half", "warn", "bad"]
"""How a fact stands out: proficiency marks for skills and saves; ``warn`` and ``bad``
for what endangers the character (a condition, dying)."""


@dataclass(frozen=True)
class Fact:
    """One line of a section: ``Stealth  +7  expertise``."""

    label: str
    value: str = ""
    note: str = ""
    mark: Mark = ""


@dataclass(frozen=True)
class Section:
    """A titled part of the sheet; ``empty`` says what stands there when it has no facts."""

    title: str
    facts: tuple[Fact, ...]
    empty: str = ""


@dataclass(frozen=True)
class SheetFacts:
    """A whole sheet: who, how they stand, and the sections in reading order."""

    id: str
    name: str
    headline: str
    """``level 3 Halfling Rogue``, with the background."""
    standing: Fact
    """Alive and well, unconscious and dying, stable, or dead."""
    sections: tuple[Section, ...] = field(default_factory=tuple)

    def section(self, title: str) -> Section:
        """A section by title (``KeyError`` when the sheet has none of that name)."""
        for section in self.sections:
            if section.title == title:
                return section
        raise KeyError(title)


def signed(value: int) -> str:
    """``+3``, ``-1``, ``+0``."""
    return f"{value:+d}"


def spell_name(spell_id: str) -> str:
    """A spell's name, or its id when the catalogue does not know it."""
    try:
        return srd().spells.get(spell_id).name
    except KeyError:
        return spell_id.replace("_", " ")


_MARKS: dict[Proficiency, Mark] = {
    Proficiency.NONE: "", Proficiency.HALF: "half",
    Proficiency.PROFICIENT: "proficient", Proficiency.EXPERTISE: "expertise",
}  # fmt: skip


def skill_facts(sheet: CharacterSheet) -> list[Fact]:
    """Every skill with the bonus an ability check with it adds, marked by proficiency."""
    facts = []
    for skill in sorted(Skill, key=lambda s: s.label):
        prof = sheet.skills.get(skill, Proficiency.NONE)
        note = f"{skill.ability.value.upper()}" + (
            f", {prof.value}" if prof is not Proficiency.NONE else ""
        )
        facts.append(Fact(skill.label, signed(sheet.check_modifier(skill)), note, _MARKS[prof]))
    return facts


def attack_facts(sheet: CharacterSheet) -> list[Fact]:
    """Each weapon's attack bonus and damage (a weapon that deals none is left out)."""
    facts = []
    for weapon in sheet.weapons:
        try:
            attack = sheet.weapon_attack(weapon)
        except (KeyError, ValueError):
            continue
        facts.append(
            Fact(attack.name, signed(attack.attack_bonus), f"{attack.damage} {attack.damage_type}")
        )
    return facts


def _standing(sheet: CharacterSheet) -> Fact:
    vit = sheet.vitals
    saves = f"death saves ✔{vit.death_successes} ✘{vit.death_failures}"
    if vit.state is LifeState.DEAD:
        return Fact("Dead", mark="bad")
    if vit.state is LifeState.DYING:
        return Fact("Unconscious and dying", saves, mark="bad")
    if vit.state is LifeState.STABLE:
        return Fact("Unconscious, stable", "wakes with 1 HP after 1d4 hours", mark="warn")
    held = [c.condition.value for c in sheet.conditions]
    held += [f"exhaustion {sheet.exhaustion}"] if sheet.exhaustion else []
    if vit.hp < vit.max_hp:
        return Fact("Wounded", ", ".join(held), mark="warn")
    return Fact("Unhurt", ", ".join(held), mark="warn") if held else Fact("Fit and well")


def _vitals(sheet: CharacterSheet) -> Section:
    vit, dice = sheet.vitals, sheet.hit_dice
    facts = [Fact("Hit points", f"{vit.hp}/{vit.max_hp}",
                  f"{sheet.hp_drained} of the maximum drained" if sheet.hp_drained else "",
                  "bad" if vit.hp == 0 else "")]  # fmt: skip
    if vit.temp_hp:
        facts.append(Fact("Temporary HP", str(vit.temp_hp)))
    facts.append(Fact("Hit dice", f"{dice.remaining}/{dice.total}", f"d{dice.die}"))
    if vit.state is not LifeState.ALIVE or vit.death_successes or vit.death_failures:
        facts.append(Fact("Death saves", f"✔{vit.death_successes} ✘{vit.death_failures}",
                          "three of either decides", "bad"))  # fmt: skip
    armour = srd().armor.get(sheet.armor).name if sheet.armor else "no armour"
    worn = armour + (" and a shield" if sheet.shield else "")
    facts.append(Fact("Armour class", str(sheet.armor_class), worn))
    bonus = ac_bonus(sheet.effects)
    if bonus:
        why = ", ".join(e.name for e in sheet.effects if e.ac_bonus)
        facts.append(Fact("AC with effects", str(sheet.armor_class + bonus), why, "proficient"))
    base = sheet.walking_speed
    speed = speed_with(base, sheet.effects)
    facts.append(Fact("Speed", f"{speed} ft", f"{base} ft unhindered"
                      if speed != base else ""))  # fmt: skip
    facts.append(Fact("Initiative", signed(sheet.initiative_modifier)))
    facts.append(Fact("Proficiency bonus", signed(sheet.proficiency_bonus)))
    facts.append(Fact("Passive Perception", str(sheet.passive())))
    return Section("Hit points and defence", tuple(facts))


def _level(sheet: CharacterSheet, advancement: str) -> Section:
    what = " ".join(p for p in (sheet.species, sheet.character_class) if p)
    facts = [Fact("Level", str(sheet.level), what)]
    xp = effective_xp(sheet)
    if advancement == "milestone":
        facts.append(Fact("Next level", "at a milestone", "this adventure levels by its story"))
    elif advancement == "none":
        facts.append(Fact("Next level", "none", "this adventure keeps characters as made"))
    elif sheet.level >= len(XP_THRESHOLDS):
        facts.append(Fact("Experience", f"{xp:,} XP", "the highest level"))
    else:
        need = XP_THRESHOLDS[sheet.level]
        ready = "ready: /levelup" if xp >= need else f"{need - xp:,} to go"
        facts.append(Fact("Experience", f"{xp:,} XP",
                          f"level {sheet.level + 1} at {need:,} — {ready}",
                          "proficient" if xp >= need else ""))  # fmt: skip
    if sheet.background:
        facts.append(Fact("Background", sheet.background))
    return Section("Level", tuple(facts))


def _abilities(sheet: CharacterSheet) -> Section:
    return Section("Abilities", tuple(
        Fact(a.full_name, str(sheet.abilities.score(a)), signed(sheet.modifier(a)))
        for a in Ability
    ))  # fmt: skip


def _saves(sheet: CharacterSheet) -> Section:
    return Section("Saving throws", tuple(
        Fact(a.full_name, signed(sheet.save_modifier(a)),
             "proficient" if a in sheet.saving_throws else "",
             "proficient" if a in sheet.saving_throws else "")
        for a in Ability
    ))  # fmt: skip


def _proficiencies(sheet: CharacterSheet) -> Section:
    facts = []
    if sheet.proficiencies:
        facts.append(Fact("Armour, weapons, tools", ", ".join(sheet.proficiencies)))
    if sheet.languages:
        facts.append(Fact("Languages", ", ".join(sheet.languages)))
    defences = sheet.defenses
    for label, kinds in (("Resists", defences.resistances), ("Immune to", defences.immunities),
                         ("Vulnerable to", defences.vulnerabilities)):  # fmt: skip
        if kinds:
            facts.append(Fact(label, ", ".join(sorted(kinds))))
    return Section("Proficiencies", tuple(facts), "none written on this sheet")


def _features(sheet: CharacterSheet) -> Section:
    facts = []
    for fid in sheet.all_features:
        spec = feature(fid)
        name = spec.name if spec is not None else fid.replace("_", " ")
        notes = [sheet.choices.get(fid, "").replace("_", " ")]
        if spec is not None and spec.action not in ("passive", "free"):
            notes.append(spec.action.replace("_", " "))
        most = sheet.feature_uses(fid) if spec is not None and spec.limited else 0
        if spec is not None and most > 0:
            notes.append(f"back on a {spec.recovers} rest" if spec.recovers else "")
            left = sheet.uses_left(fid)
            facts.append(Fact(name, f"{left}/{most} left", " · ".join(n for n in notes if n),
                              "" if left else "warn"))  # fmt: skip
        else:
            facts.append(Fact(name, "", " · ".join(n for n in notes if n)))
    return Section("Features and traits", tuple(facts), "none")


def _spells(sheet: CharacterSheet) -> Section:
    if sheet.spellcasting_ability is None:
        return Section("Spells", (), "no spells")
    ability = sheet.spellcasting_ability.full_name
    facts = [Fact("Spellcasting", ability, f"save DC {sheet.spell_save_dc}, "
                  f"attack {signed(sheet.spell_attack_bonus or 0)}")]  # fmt: skip
    for level, most in sheet.spell_slots.held().items():
        if most:
            left = sheet.spell_slots.remaining(level)
            dots = "●" * left + "○" * (most - left)
            facts.append(Fact(f"Level {level} slots", f"{left}/{most} left", dots,
                              "" if left else "warn"))  # fmt: skip
    if sheet.concentration:
        facts.append(Fact("Concentrating on", spell_name(sheet.concentration), mark="proficient"))
    by_level: dict[int, list[str]] = {}
    for spell_id in sheet.spells:
        try:
            spell = srd().spells.get(spell_id)
        except KeyError:
            by_level.setdefault(0, []).append(spell_id)
            continue
        tag = " (C)" if spell.concentration else ""
        by_level.setdefault(spell.level, []).append(spell.name + tag)
    for level, names in sorted(by_level.items()):
        facts.append(Fact("Cantrips" if level == 0 else f"Level {level}", ", ".join(names)))
    return Section("Spells", tuple(facts))


_COIN = re.compile(
    r"\b(\d[\d,]{0,14})\s*(pp|gp|ep|sp|cp|platinum|gold|electrum|silver|copper)\b", re.I
)
_CP = {"pp": 1000, "platinum": 1000, "gp": 100, "gold": 100, "ep": 50, "electrum": 50,
       "sp": 10, "silver": 10, "cp": 1, "copper": 1}  # fmt: skip


def coins_in(items: list[str]) -> int:
    """Copper pieces' worth of the coins among carried items ("15 gold pieces", "3 sp")."""
    total = 0
    for item in items:
        for amount, kind in _COIN.findall(item):
            total += int(amount.replace(",", "")) * _CP[kind.lower()]
    return total


def coins_text(cp: int) -> str:
    """``15 gp 3 sp`` (``none`` for nothing)."""
    parts = []
    for value, name in ((100, "gp"), (10, "sp"), (1, "cp")):
        if cp >= value:
            parts.append(f"{cp // value} {name}")
            cp %= value
    return " ".join(parts) or "none"


def gear(sheet: CharacterSheet) -> list[str]:
    """What the character carries: armour and shield worn, weapons, then the pack."""
    worn = [srd().armor.get(sheet.armor).name] if sheet.armor else []
    worn += ["shield"] if sheet.shield else []
    weapons = []
    for weapon in sheet.weapons:
        try:
            weapons.append(srd().weapons.get(weapon).name)
        except KeyError:
            weapons.append(weapon)
    return worn + weapons + list(sheet.inventory)


def _equipment(sheet: CharacterSheet) -> Section:
    facts = attack_facts(sheet)
    facts.append(Fact("Carries", ", ".join(gear(sheet)) or "nothing"))
    facts.append(Fact("Coins", coins_text(coins_in(sheet.inventory))))
    return Section("Attacks and equipment", tuple(facts))


def _conditions(sheet: CharacterSheet) -> Section:
    facts = []
    for active in sheet.conditions:
        plural = "s" if active.rounds != 1 else ""
        rounds = f"{active.rounds} round{plural} left" if active.rounds else "until removed"
        save = (f"; {active.save_ability.value.upper()} save DC {active.save_dc} ends it"
                if active.save_ability and active.save_dc else "")  # fmt: skip
        facts.append(Fact(active.condition.value, rounds + save, active.note, "warn"))
    if sheet.exhaustion:
        facts.append(Fact("exhaustion", f"level {sheet.exhaustion}", mark="warn"))
    for effect in sheet.effects:
        if is_record(effect):
            continue
        lasts = f"{effect.rounds} rounds" if effect.rounds and effect.ends != "never" else ""
        facts.append(Fact(effect.name, lasts, effect.note))
    return Section("Conditions and effects", tuple(facts), "none")


def sheet_facts(sheet: CharacterSheet, advancement: str = "xp") -> SheetFacts:
    """The sheet's facts. ``advancement`` is the adventure's way of levelling (``xp``,
    ``milestone`` or ``none``), for what the next level needs."""
    what = " ".join(p for p in (sheet.species, sheet.character_class) if p)
    return SheetFacts(
        id=sheet.id,
        name=sheet.name,
        headline=f"level {sheet.level} {what}",
        standing=_standing(sheet),
        sections=(
            _vitals(sheet), _conditions(sheet), _level(sheet, advancement), _abilities(sheet),
            _saves(sheet), Section("Skills", tuple(skill_facts(sheet))),
            _equipment(sheet), _spells(sheet), _features(sheet), _proficiencies(sheet),
        ),
    )  # fmt: skip


def facts_text(facts: SheetFacts) -> list[str]:
    """The sheet as plain lines (the console's ``/sheet``)."""
    lines = [f"{facts.name} — {facts.headline}"]
    standing = facts.standing
    lines.append(f"{standing.label}{f' ({standing.value})' if standing.value else ''}")
    for section in facts.sections:
        lines.append("")
        lines.append(f"{section.title}:")
        if not section.facts:
            lines.append(f"  {section.empty}")
        width = max((len(f.label) for f in section.facts), default=0)
        # short values line up their notes; a long one (a pack of gear) sets no width
        values = max((len(f.value) for f in section.facts if f.note and len(f.value) <= 24),
                     default=0)  # fmt: skip
        for fact in section.facts:
            text = f"  {fact.label:<{width}}  {fact.value:<{values}}"
            if fact.note:
                text += f"  ({fact.note})" if fact.value else fact.note
            lines.append(text.rstrip())
    return lines

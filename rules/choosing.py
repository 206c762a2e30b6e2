"""What a new character chooses, and from what: skills (:func:`skill_plan`), spells
(:func:`spell_plan`) and the checks that refuse a choice the rules do not allow, each a
:class:`CreationError` with one sentence a player can act on. The command line and the full
screen ask through these, so they offer the same choices and refuse the same mistakes."""

from __future__ import annotations

from dataclasses import dataclass

from rules.abilities import AbilityScores
from rules.backgrounds import Background
from rules.classes import ClassSpec
from rules.skills import Skill
from rules.species import Species
from rules.srd import srd


class CreationError(ValueError):
    """A choice the rules do not allow; the message says what to choose instead."""


@dataclass(frozen=True, slots=True)
class SkillPlan:
    """Which skills a new character has and chooses."""

    fixed: tuple[Skill, ...]
    """Given by the species and background."""
    class_options: tuple[Skill, ...]
    """The class's skills not already given."""
    class_count: int
    """How many of ``class_options`` to choose."""
    free_count: int
    """How many more of any skill not yet had: the species' own choices, plus one for each
    skill two sources gave twice (the SRD lets the player choose another instead)."""

    @property
    def total(self) -> int:
        """Skills to choose in all."""
        return self.class_count + self.free_count


def skill_plan(species: Species, spec: ClassSpec, background: Background) -> SkillPlan:
    """What skills a character of this species, class and background chooses."""
    fixed: list[Skill] = []
    repeats = 0
    for skill in (*background.skills, *species.skills):
        if skill in fixed:
            repeats += 1
        else:
            fixed.append(skill)
    creation = spec.creation
    wanted = creation.skill_count if creation else 0
    options = tuple(s for s in (creation.skill_choices() if creation else ()) if s not in fixed)
    count = min(wanted, len(options))
    free = species.skill_choices + repeats + (wanted - count)
    return SkillPlan(tuple(fixed), options, count, free)


def check_skills(plan: SkillPlan, chosen: list[Skill]) -> None:
    """``CreationError`` unless ``chosen`` is what the plan asks for."""
    if len(set(chosen)) != len(chosen):
        raise CreationError("a skill is chosen twice: choose each skill once")
    had = [s.label for s in chosen if s in plan.fixed]
    if had:
        raise CreationError(
            f"{', '.join(had)}: already given by your species or background; choose another"
        )
    if len(chosen) != plan.total:
        raise CreationError(f"choose {_skill_wording(plan)}, not {len(chosen)}")
    from_class = sum(1 for s in chosen if s in plan.class_options)
    if from_class < plan.class_count:
        options = ", ".join(s.value for s in plan.class_options)
        raise CreationError(
            f"choose {plan.class_count} skills from your class's list ({options}); only "
            f"{from_class} of yours are on it"
        )


def _skill_wording(plan: SkillPlan) -> str:
    text = f"{plan.class_count} class skills"
    if plan.free_count:
        text += f" and {plan.free_count} of any skill"
    return f"{plan.total} skills ({text})"


@dataclass(frozen=True, slots=True)
class SpellPlan:
    """How many cantrips and level-1 spells a new caster chooses, and from which."""

    cantrip_options: tuple[str, ...]
    cantrips: int
    spell_options: tuple[str, ...]
    spells: int


def spell_plan(class_id: str, spec: ClassSpec, scores: AbilityScores) -> SpellPlan:
    """The spells a level-1 character of this class chooses: its cantrips known, and its
    level-1 spells known or prepared (ability modifier + 1, at least one) — as many as the
    game's spell list holds for the class, if it holds fewer."""
    creation = spec.creation
    if creation is None or spec.caster in ("none", "half"):
        return SpellPlan((), 0, (), 0)  # half casters have no spells at level 1
    listed = [(k, s) for k, s in srd().spells.entries.items() if class_id in s.classes]
    cantrips = tuple(k for k, s in listed if s.level == 0)
    firsts = tuple(k for k, s in listed if s.level == 1)
    count = creation.spells
    if creation.prepares and spec.spellcasting_ability is not None:
        count = max(1, scores.modifier(spec.spellcasting_ability) + 1)
    return SpellPlan(
        cantrips, min(creation.cantrips, len(cantrips)), firsts, min(count, len(firsts))
    )


def chooses_spells(class_id: str, spec: ClassSpec) -> bool:
    """Whether a level-1 character of this class chooses any cantrips or spells. Its scores
    do not change the answer (a class that prepares spells prepares at least one), so it can
    be asked before they are all known: a half-elf's own increases come after the scores."""
    plan = spell_plan(class_id, spec, AbilityScores())  # any scores give the same answer
    return plan.cantrips + plan.spells > 0


def spell_ids(names: list[str]) -> list[str]:
    found: list[str] = []
    for name in names:
        try:
            spell = srd().spells.get(name)
        except KeyError as error:
            raise CreationError(str(error.args[0])) from None
        found.append(next(k for k, v in srd().spells.entries.items() if v is spell))
    return found


def check_spell_list(chosen: list[str], options: tuple[str, ...], count: int, what: str) -> None:
    """``CreationError`` unless ``chosen`` (spell ids or names) is ``count`` different
    spells of ``options``."""
    ids = spell_ids(chosen)
    if len(set(ids)) != len(ids):
        raise CreationError(f"a spell is among your {what} twice")
    if len(ids) != count:
        pick = ", ".join(options) or "none"
        raise CreationError(f"choose {count} {what} (from: {pick}), not {len(ids)}")
    stray = [s for s in ids if s not in options]
    if stray:
        raise CreationError(f"{stray[0]} is not one of your class's {what}")


def check_spells(plan: SpellPlan, cantrips: list[str], spells: list[str]) -> None:
    """``CreationError`` unless the chosen spells are the plan's, in number and kind."""
    check_spell_list(cantrips, plan.cantrip_options, plan.cantrips, "cantrips")
    check_spell_list(spells, plan.spell_options, plan.spells, "level-1 spells")

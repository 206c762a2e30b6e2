"""The eighteen skills, the ability behind each, and degrees of proficiency."""

from __future__ import annotations

from enum import StrEnum

from rules.abilities import Ability


class Skill(StrEnum):
    """A skill; its ability is :attr:`ability`."""

    ACROBATICS = "acrobatics"
    ANIMAL_HANDLING = "animal_handling"
    ARCANA = "arcana"
    ATHLETICS = "athletics"
    DECEPTION = "deception"
    HISTORY = "history"
    INSIGHT = "insight"
    INTIMIDATION = "intimidation"
    INVESTIGATION = "investigation"
    MEDICINE = "medicine"
    NATURE = "nature"
    PERCEPTION = "perception"
    PERFORMANCE = "performance"
    PERSUASION = "persuasion"
    RELIGION = "religion"
    SLEIGHT_OF_HAND = "sleight_of_hand"
    STEALTH = "stealth"
    SURVIVAL = "survival"

    @property
    def ability(self) -> Ability:
        """The ability a check with this skill uses by default."""
        return SKILL_ABILITIES[self]

    @property
    def label(self) -> str:
        """``Sleight of Hand``."""
        return self.value.replace("_", " ").title().replace(" Of ", " of ")

    @classmethod
    def parse(cls, text: str) -> Skill:
        """Accept ``sleight of hand``, ``Sleight-of-Hand``, ``sleight_of_hand``."""
        key = text.strip().lower().replace("-", "_").replace(" ", "_")
        try:
            return cls(key)
        except ValueError:
            names = ", ".join(s.value for s in cls)
            raise ValueError(f"unknown skill {text!r} (one of {names})") from None


SKILL_ABILITIES: dict[Skill, Ability] = {
    Skill.ACROBATICS: Ability.DEX,
    Skill.ANIMAL_HANDLING: Ability.WIS,
    Skill.ARCANA: Ability.INT,
    Skill.ATHLETICS: Ability.STR,
    Skill.DECEPTION: Ability.CHA,
    Skill.HISTORY: Ability.INT,
    Skill.INSIGHT: Ability.WIS,
    Skill.INTIMIDATION: Ability.CHA,
    Skill.INVESTIGATION: Ability.INT,
    Skill.MEDICINE: Ability.WIS,
    Skill.NATURE: Ability.INT,
    Skill.PERCEPTION: Ability.WIS,
    Skill.PERFORMANCE: Ability.CHA,
    Skill.PERSUASION: Ability.CHA,
    Skill.RELIGION: Ability.INT,
    Skill.SLEIGHT_OF_HAND: Ability.DEX,
    Skill.STEALTH: Ability.DEX,
    Skill.SURVIVAL: Ability.WIS,
}


class Proficiency(StrEnum):
    """How much of the proficiency bonus applies: none, half, all, or double (expertise)."""

    NONE = "none"
    HALF = "half"
    PROFICIENT = "proficient"
    EXPERTISE = "expertise"

    def bonus(self, proficiency_bonus: int) -> int:
        """The part of the proficiency bonus added (half rounds down)."""
        if self is Proficiency.NONE:
            return 0
        if self is Proficiency.HALF:
            return proficiency_bonus // 2
        if self is Proficiency.PROFICIENT:
            return proficiency_bonus
        return proficiency_bonus * 2

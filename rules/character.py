"""Character sheets: scores, proficiencies, equipment, hit points, spells — and the
modifiers every roll needs, derived rather than stored so they can never disagree."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, partial
from typing import Annotated, Literal, TypeVar

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    field_serializer,
    field_validator,
    model_validator,
)

from rules.abilities import Ability, AbilityScores, ability_modifier, proficiency_bonus
from rules.checks import CheckResult, ability_check, passive_score, saving_throw
from rules.classes import class_spec, granted_features
from rules.conditions import ActiveCondition, check_context, save_context
from rules.damage import MOST_HP, DamageType, Defenses, Vitals
from rules.dice import Advantage
from rules.economy import MOST_FEET
from rules.effects import Effect
from rules.features import feature
from rules.rests import HitDice
from rules.skills import Proficiency, Skill
from rules.spellcasting import SpellSlots, spell_attack_bonus, spell_save_dc
from rules.srd import srd

MOST_COUNT = 10**15
"""The most a count on a sheet may be: no use, drain or turn number comes near it."""


@dataclass(frozen=True, slots=True)
class WeaponAttack:
    """What attacking with one weapon means for one character."""

    weapon: str
    name: str
    attack_bonus: int
    damage: str
    """Damage formula with the ability modifier, e.g. ``1d8+3``."""
    damage_type: DamageType
    ability: Ability
    reach: int
    range: tuple[int, int] | None


T = TypeVar("T")


@cache
def _attacks_and_crit(features: tuple[str, ...]) -> tuple[int, int]:
    """Weapon attacks per Attack action and the lowest critical roll these features give
    (cached by the features: every attack asks)."""
    specs = [s for f in features if (s := feature(f)) is not None]
    attacks = max((s.attacks for s in specs if s.attacks), default=1)
    crit = min((s.crit_range for s in specs if s.crit_range), default=20)
    return attacks, crit


def _known(lookup: Callable[[], T]) -> T:
    """Run a catalogue lookup, turning its ``KeyError`` into the ``ValueError`` pydantic
    reports as a validation error."""
    try:
        return lookup()
    except KeyError as error:
        raise ValueError(error.args[0]) from None


def _without_blanks(value: object) -> object:
    """An inventory without blank entries: a blank item is nothing carried, and a game that
    holds one (an edited save, a slip in a campaign) loads and plays without it."""
    if isinstance(value, list):
        return [v for v in value if not (isinstance(v, str) and not v.strip())]
    return value


class CharacterSheet(BaseModel):
    """A player character (or a pregenerated one from a campaign)."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=40)
    name: str = Field(min_length=1, max_length=60, pattern=r"\S")
    species: str = ""
    character_class: str = Field(alias="class", min_length=1)
    level: int = Field(default=1, ge=1, le=20)
    abilities: AbilityScores
    skills: dict[Skill, Proficiency] = Field(default_factory=dict)
    saving_throws: frozenset[Ability] = frozenset()
    armor: str | None = None
    """An armour id from the SRD data (``chain_mail``); ``None`` for none."""
    shield: bool = False
    speed: int = Field(default=30, ge=0, le=MOST_FEET)
    vitals: Vitals
    hit_dice: HitDice
    weapons: list[str] = Field(default_factory=list)
    spellcasting_ability: Ability | None = None
    spell_slots: SpellSlots = Field(default_factory=SpellSlots)
    spells: list[str] = Field(default_factory=list)
    conditions: list[ActiveCondition] = Field(default_factory=list)
    exhaustion: int = Field(default=0, ge=0, le=6)
    hp_drained: int = Field(default=0, ge=0, le=MOST_HP)
    """Hit point maximum taken away for now (exhaustion 4 and above halves it); given back
    when the cause lifts. ``vitals.max_hp`` is the maximum with it taken away."""
    defenses: Defenses = Field(default_factory=Defenses)
    inventory: Annotated[list[str], BeforeValidator(_without_blanks)] = Field(default_factory=list)
    concentration: str | None = None
    """Id of the spell the character is concentrating on."""
    features: list[str] = Field(default_factory=list, max_length=100)
    """Feature and trait ids this character has beyond its class's own (species traits such
    as ``lucky``, feats, an author's class's features). An SRD class's features up to the
    character's level come from ``rules/data/classes.toml`` and need not be listed: see
    :meth:`has` and :attr:`all_features`."""
    choices: dict[str, str] = Field(default_factory=dict, max_length=40)
    """Options chosen for features: ``fighting_style = "defense"``,
    ``draconic_ancestry = "red"``, ``favored_enemy = "undead"``."""
    resources: dict[str, Annotated[int, Field(ge=-MOST_COUNT, le=MOST_COUNT)]] = Field(
        default_factory=dict, max_length=40
    )
    """Uses spent of features with limited uses (``second_wind = 1``), by feature id; they
    come back on the rest the feature names. The same table keeps the turn's bookkeeping
    (the number of the turn a Sneak Attack was made: its round times a thousand, past ten
    thousand in any fight of ten rounds), so the bound is far above any of them and far
    below what a save could not hold."""
    effects: list[Effect] = Field(default_factory=list, max_length=100)
    """Lasting effects on the character (Bless, Rage, a Help, a Dodge …)."""
    background: str = Field(default="", max_length=60)
    xp: int = Field(default=0, ge=0, le=10_000_000)
    """Experience points (campaigns that level by milestone leave this at 0)."""
    languages: list[str] = Field(default_factory=list, max_length=20)
    """Languages the character speaks and reads."""
    proficiencies: list[str] = Field(default_factory=list, max_length=60)
    """Armour, weapons and tools the character is trained with (``light``, ``martial``,
    ``longsword``, ``thieves' tools``), as its class, species and background give them."""

    @field_serializer("saving_throws")
    def _sorted(self, value: frozenset[Ability]) -> list[Ability]:
        # Sorted, so the same character is written the same way whatever the hash seed.
        return sorted(value)

    @field_validator("name")
    @classmethod
    def _printable_name(cls, value: str) -> str:
        # a name the table types ("Kara: …"): no invisible character hidden in it
        if not value.isprintable() or value != value.strip():
            raise ValueError("a name is 1 to 60 printable characters, without spaces around it")
        return value

    @field_validator("armor")
    @classmethod
    def _known_armor(cls, value: str | None) -> str | None:
        if value is not None:
            found = _known(partial(srd().armor.get, value))
            if found.category == "shield":
                raise ValueError("a shield is not armour: set shield = true")
        return value

    @field_validator("weapons")
    @classmethod
    def _known_weapons(cls, value: list[str]) -> list[str]:
        for weapon in value:
            _known(partial(srd().weapons.get, weapon))
        return value

    @field_validator("spells")
    @classmethod
    def _known_spells(cls, value: list[str]) -> list[str]:
        for spell in value:
            _known(partial(srd().spells.get, spell))
        return value

    @model_validator(mode="after")
    def _consistent(self) -> CharacterSheet:
        if self.hit_dice.total != self.level:
            raise ValueError(f"a level-{self.level} character has {self.level} hit dice")
        if self.spells and self.spellcasting_ability is None:
            raise ValueError("a character with spells needs a spellcasting_ability")
        return self

    # -- features ----------------------------------------------------------------------------
    @property
    def all_features(self) -> tuple[str, ...]:
        """Every feature id the character has: its class's up to its level, then its own."""
        granted = granted_features(self.character_class, self.level)
        return granted + tuple(f for f in self.features if f not in granted)

    def has(self, feature: str) -> bool:
        """Whether the character has a feature or trait (``sneak_attack``, ``lucky``)."""
        return feature in self.features or feature in granted_features(
            self.character_class, self.level
        )

    @property
    def fighting_style(self) -> str | None:
        """The fighting style chosen (``archery``), once the class grants one."""
        style = self.choices.get("fighting_style")
        return style if style and self.has("fighting_style") else None

    # -- derived numbers ---------------------------------------------------------------------
    @property
    def proficiency_bonus(self) -> int:
        """From the character level."""
        return proficiency_bonus(self.level)

    def modifier(self, ability: Ability) -> int:
        """Plain ability modifier, of the score as it stands now (a drain lowers it)."""
        return ability_modifier(self.score(ability))

    def score(self, ability: Ability) -> int:
        """An ability score as it stands now: the sheet's, less what a drain took (a
        shadow's touch), which any rest gives back."""
        return max(0, self.abilities.score(ability) - self.resources.get(drain_key(ability), 0))

    def check_modifier(
        self, skill: Skill | None = None, ability: Ability | None = None, tool: str | None = None
    ) -> int:
        """Bonus to an ability check: a skill's (with its own ability unless another is
        given, e.g. Strength (Intimidation)) or a plain ability check's. A check made with a
        ``tool`` (Dexterity with thieves' tools to pick a lock) adds the proficiency bonus
        when the character is trained with it and has it at hand — once, even if a skill
        applies too; Jack of All Trades adds half the proficiency bonus where none is
        added."""
        if skill is None and ability is None:
            raise ValueError("name a skill or an ability")
        used = ability or (skill.ability if skill else Ability.STR)
        prof = self.skills.get(skill, Proficiency.NONE) if skill else Proficiency.NONE
        bonus = self._untrained(prof).bonus(self.proficiency_bonus)
        if tool is not None and self.trained_with(tool) and self.carries(tool):
            bonus = max(bonus, self.proficiency_bonus)
        return self.modifier(used) + bonus

    def _untrained(self, prof: Proficiency) -> Proficiency:
        """SRD (Jack of All Trades, bard 2): a check that adds no proficiency adds half the
        proficiency bonus, rounded down, instead."""
        if prof is Proficiency.NONE and self.has("jack_of_all_trades"):
            return Proficiency.HALF
        return prof

    def carries(self, tool: str) -> bool:
        """The tool is in its pack ("thieves' tools")."""
        wanted = _tool_key(tool)
        return any(_tool_key(item) == wanted for item in self.inventory)

    def trained_with(self, tool: str) -> bool:
        """Proficient with a tool: listed among its proficiencies, or given by its class (a
        rogue's thieves' tools) — a sheet written by hand may list none."""
        wanted = _tool_key(tool)
        spec = class_spec(self.character_class)
        given = spec.creation.tools if spec is not None and spec.creation is not None else ()
        return any(_tool_key(t) == wanted for t in (*self.proficiencies, *given))

    def save_modifier(self, ability: Ability) -> int:
        """Bonus to a saving throw."""
        prof = self.proficiency_bonus if ability in self.saving_throws else 0
        return self.modifier(ability) + prof

    def passive(self, skill: Skill = Skill.PERCEPTION) -> int:
        """Passive score, e.g. passive Perception; poisoned or frightened lowers it by 5."""
        context = check_context(self.conditions, self.exhaustion)
        return passive_score(self.check_modifier(skill), context.advantage)

    @property
    def armor_class(self) -> int:
        """From armour and DEX (capped by the armour), plus a shield. Without armour,
        Unarmored Defense makes it 10 + DEX + CON (barbarian) or 10 + DEX + WIS (monk, who
        also carries no shield), and Draconic Resilience 13 + DEX (a draconic sorcerer); the
        Defense fighting style adds 1 while armoured."""
        dex = self.modifier(Ability.DEX)
        data = srd()
        if self.armor is not None:
            ac = data.armor.get(self.armor).armor_class(dex)
            if self.fighting_style == "defense":
                ac += 1
        elif self.has("unarmored_defense_monk") and not self.shield:
            ac = 10 + dex + self.modifier(Ability.WIS)
        elif self.has("unarmored_defense"):
            ac = 10 + dex + self.modifier(Ability.CON)
        elif self.has("draconic_resilience"):
            ac = 13 + dex
        else:
            ac = 10 + dex
        if self.shield:
            ac += data.armor.get("shield").base_ac
        return ac

    @property
    def walking_speed(self) -> int:
        """The sheet's speed with the class features that raise it, before conditions and
        effects (so a Dash doubles the raised speed): Fast Movement (barbarian 5) +10 ft
        out of heavy armour; Unarmored Movement (monk 2) +10 ft without armour or shield,
        rising by 5 ft at monk levels 6, 10, 14 and 18."""
        speed = self.speed
        heavy = self.armor is not None and srd().armor.get(self.armor).category == "heavy"
        if self.has("fast_movement") and not heavy:
            speed += 10
        if self.has("unarmored_movement") and self.armor is None and not self.shield:
            speed += 10 + 5 * ((max(2, self.level) - 2) // 4)
        return min(MOST_FEET, speed)

    @property
    def attacks_per_action(self) -> int:
        """Weapon attacks one Attack action allows: the most any of the character's
        features grants (Extra Attack: 2), else 1."""
        return _attacks_and_crit(self.all_features)[0]

    @property
    def crit_range(self) -> int:
        """The lowest natural d20 that is a critical hit with a weapon (Improved Critical:
        19), 20 for most."""
        return _attacks_and_crit(self.all_features)[1]

    def feature_uses(self, feature_id: str) -> int:
        """How many uses of a limited feature the character has between rests (0 for an
        unlimited or unknown one); a pooled feature (Flurry of Blows) counts its pool's."""
        spec = feature(feature_id)
        if spec is None:
            return 0
        if spec.pool is not None:
            return self.feature_uses(spec.pool)
        # only a formula ("cha_mod") reads the modifiers: a plain count needs none of them
        modifiers = (
            {a.value: self.modifier(a) for a in Ability} if isinstance(spec.uses, str) else {}
        )
        return spec.uses_for(self.level, self.proficiency_bonus, modifiers)

    def uses_left(self, feature_id: str) -> int:
        """Uses of a limited feature not yet spent since its rest (its pool's, if pooled)."""
        spec = feature(feature_id)
        key = spec.pool if spec is not None and spec.pool is not None else feature_id
        return max(0, self.feature_uses(key) - self.resources.get(key, 0))

    @property
    def initiative_modifier(self) -> int:
        """DEX modifier (initiative is a Dexterity check: Jack of All Trades adds half the
        proficiency bonus)."""
        return self.check_modifier(ability=Ability.DEX)

    @property
    def spell_save_dc(self) -> int | None:
        """8 + proficiency + spellcasting modifier, for casters."""
        if self.spellcasting_ability is None:
            return None
        return spell_save_dc(self.proficiency_bonus, self.modifier(self.spellcasting_ability))

    @property
    def spell_attack_bonus(self) -> int | None:
        """Proficiency + spellcasting modifier, for casters."""
        if self.spellcasting_ability is None:
            return None
        return spell_attack_bonus(self.proficiency_bonus, self.modifier(self.spellcasting_ability))

    def weapon_attack(self, weapon_id: str, *, grip: Literal["one", "two"] = "one") -> WeaponAttack:
        """Attack bonus and damage with a weapon: STR for melee, DEX for ranged, the better
        of the two for finesse. Everyone here is proficient with the weapons they carry.
        ``KeyError`` for an unknown weapon."""
        weapon = srd().weapons.get(weapon_id)
        if weapon.damage is None or weapon.damage_type is None:
            raise ValueError(f"{weapon.name} deals no damage")
        strength, dexterity = self.modifier(Ability.STR), self.modifier(Ability.DEX)
        if weapon.finesse:
            ability = Ability.DEX if dexterity > strength else Ability.STR
        else:
            ability = Ability.DEX if weapon.kind == "ranged" else Ability.STR
        mod = self.modifier(ability)
        dice = weapon.versatile if grip == "two" and weapon.versatile else weapon.damage
        damage = dice if mod == 0 else f"{dice}{mod:+d}"
        # the Archery fighting style: +2 to attack rolls with ranged weapons (SRD)
        style = 2 if self.fighting_style == "archery" and weapon.kind == "ranged" else 0
        return WeaponAttack(
            weapon_id, weapon.name, mod + self.proficiency_bonus + style, damage,
            weapon.damage_type, ability, weapon.reach, weapon.range,
        )  # fmt: skip

    # -- rolls -------------------------------------------------------------------------------
    def check(
        self,
        rng: random.Random,
        dc: int,
        *,
        skill: Skill | None = None,
        ability: Ability | None = None,
        advantage: Advantage = Advantage.NORMAL,
        needs: Literal["sight", "hearing"] | None = None,
        reason: str = "",
    ) -> CheckResult:
        """Roll an ability check with this character's modifiers and conditions."""
        used = ability or (skill.ability if skill else None)
        if used is None:
            raise ValueError("name a skill or an ability")
        return ability_check(
            rng, self.check_modifier(skill, used), dc, ability=used, skill=skill,
            advantage=advantage, context=check_context(self.conditions, self.exhaustion,
                                                       needs=needs), reason=reason,
        )  # fmt: skip

    def save(
        self,
        rng: random.Random,
        ability: Ability,
        dc: int,
        *,
        advantage: Advantage = Advantage.NORMAL,
        reason: str = "",
    ) -> CheckResult:
        """Roll a saving throw with this character's modifiers and conditions."""
        context = save_context(self.conditions, ability, self.exhaustion)
        return saving_throw(
            rng, self.save_modifier(ability), dc, ability=ability, advantage=advantage,
            context=context, reason=reason,
        )  # fmt: skip


def _tool_key(name: str) -> str:
    """A tool's name compared loosely: "Thieves' Tools", "thieves tools" and
    "thieves_tools" are one tool."""
    return "".join(ch for ch in name.lower() if ch.isalnum())


DRAINED = "drained:"
"""Prefix of the resource key holding the points an ability lost to a drain. Not a feature,
so any rest drops it: the score comes back (SRD: Strength Drain lasts until a short or
long rest)."""


def drain_key(ability: Ability) -> str:
    """The resource key of a drain of ``ability`` (``drained:str``)."""
    return _DRAIN_KEYS[ability]


_DRAIN_KEYS = {ability: f"{DRAINED}{ability.value}" for ability in Ability}
"""Each ability's drain key, made once: every score the rules read looks one up."""

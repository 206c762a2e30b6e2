"""Experience and levelling up, as the SRD 5.1 has them.

Experience points (XP) buy levels at fixed thresholds; a campaign that levels by milestone
grants the next level's threshold instead, so both ways meet in one number. A character made
at a level above 1 (a campaign's level-3 pregen) is taken to have at least that level's
threshold, though its sheet may say ``xp = 0``.

:func:`level_up` takes a sheet one level up and returns a new, validated sheet with a record
of what changed: hit points (rolled on the game's RNG, or the average), hit dice, spell slots,
the class's features of the new level, an Ability Score Improvement where the class grants
one, and new cantrips and spells chosen from the class's list. A refused level up changes
nothing and says why.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from pydantic import ValidationError

from rules.abilities import Ability, ability_modifier, proficiency_bonus
from rules.character import CharacterSheet
from rules.classes import ClassSpec, class_spec
from rules.damage import LifeState
from rules.dice import RollResult, roll
from rules.features import hp_per_level
from rules.outcomes import Impossible
from rules.spellcasting import SpellSlots, slots_for
from rules.spells_known import learnable, new_cantrips, new_spells
from rules.srd import srd

__all__ = [
    "XP_THRESHOLDS",
    "LevelUp",
    "LevelUpPlan",
    "effective_xp",
    "level_for_xp",
    "level_up",
    "levels_owed",
    "plan_level_up",
    "proficiency_bonus",
    "xp_for_level",
]

# fmt: off
XP_THRESHOLDS: tuple[int, ...] = (
    0, 300, 900, 2_700, 6_500, 14_000, 23_000, 34_000, 48_000, 64_000,
    85_000, 100_000, 120_000, 140_000, 165_000, 195_000, 225_000, 265_000, 305_000, 355_000,
)
"""XP needed to be each character level, 1 to 20."""
# fmt: on
MOST_SCORE = 20
"""An Ability Score Improvement cannot raise a score above 20."""
ASI = "ability_score_improvement"
HpMethod = Literal["roll", "average"]


def xp_for_level(level: int) -> int:
    """The XP a character needs to be this level (1-20)."""
    if not 1 <= level <= 20:
        raise ValueError(f"character level must be 1-20, not {level}")
    return XP_THRESHOLDS[level - 1]


def level_for_xp(xp: int) -> int:
    """The highest level this many XP reach."""
    if xp < 0:
        raise ValueError(f"experience cannot be negative ({xp})")
    return max(level for level, need in enumerate(XP_THRESHOLDS, start=1) if xp >= need)


def effective_xp(sheet: CharacterSheet) -> int:
    """The sheet's XP, or its level's threshold if that is more (a character made at
    level 3 has at least 900 XP)."""
    return max(sheet.xp, xp_for_level(sheet.level))


def levels_owed(sheet: CharacterSheet) -> int:
    """Levels the character's experience entitles it to take and it has not taken yet."""
    return level_for_xp(effective_xp(sheet)) - sheet.level


def highest_level(spec: ClassSpec) -> int:
    """The highest level whose features the class data describes: levelling past it would
    give a character a level without its features, so it is refused."""
    return max(spec.features, default=1)


@dataclass(frozen=True, slots=True)
class LevelUpPlan:
    """What taking the next level offers and asks: what a level-up dialog shows before the
    player decides."""

    character_id: str
    name: str
    class_name: str
    new_level: int
    hit_die: int
    average_hp: int
    """Hit points the average gives (die / 2 + 1 + CON modifier, at least 1)."""
    con_modifier: int
    features: tuple[str, ...]
    asi: bool
    """The new level grants an Ability Score Improvement: +2 to one score or +1 to two."""
    cantrips: int
    """Cantrips to learn at the new level."""
    spells: int
    """Spells of level 1 and up the character may add (before any ASI to its casting
    ability, which may allow one more for a preparing caster)."""
    choices: tuple[tuple[str, str], ...]
    """``(spell id, name)`` of the class's list the character may learn now."""
    slots: dict[int, int]
    """Spell slots at the new level."""


@dataclass(frozen=True, slots=True)
class LevelUp:
    """A level taken: the new sheet and what changed, for the player and the dice log."""

    sheet: CharacterSheet
    old_level: int
    new_level: int
    hp_roll: RollResult | None
    """The hit die rolled (``None`` when the average was taken)."""
    hp_gained: int
    """Maximum hit points gained, including any retroactive CON increase."""
    features: tuple[str, ...]
    asi: dict[Ability, int]
    learned: tuple[str, ...]
    slots_before: dict[int, int]
    slots_after: dict[int, int]
    unchosen: int = 0
    """Cantrips and spells the level allowed that were not chosen (none of the class's list
    may be left to choose, or the player chose fewer)."""
    unchosen_cantrips: int = 0
    """Of :attr:`unchosen`, the cantrips."""
    offered: tuple[tuple[str, int], ...] = ()
    """``(name, spell level)`` of what the class's list offered and was not chosen: what a
    refusal of a level with choices left lists."""

    def left_to_choose(self) -> str | None:
        """What the level allowed and the player did not choose, and from what — a game
        that takes levels with no way to choose later refuses the level with this —
        ``None`` when nothing is left."""
        if not self.unchosen:
            return None
        spells = self.unchosen - self.unchosen_cantrips
        wanted = [f"{n} cantrip{'s' * (n > 1)}" for n in [self.unchosen_cantrips] if n]
        wanted += [f"{n} spell{'s' * (n > 1)} of level 1 or more" for n in [spells] if n]
        names = ", ".join(
            name for name, lv in self.offered
            if (lv == 0 and self.unchosen_cantrips) or (lv > 0 and spells)
        )  # fmt: skip
        return (
            f"{self.sheet.name} has more to learn at level {self.new_level}: name "
            f"{' and '.join(wanted)} too, from: {names}"
        )

    def summary(self) -> str:
        """One line for the log: ``Thorin reaches level 4: +9 HP (32 → 41) …``."""
        sheet = self.sheet
        parts = [
            f"{sheet.name} reaches level {self.new_level}",
            f"+{self.hp_gained} max HP ({sheet.vitals.max_hp})",
        ]
        if self.asi:
            parts.append(", ".join(f"{a.value.upper()} +{n}" for a, n in self.asi.items()))
        if self.features:
            parts.append("gains " + ", ".join(f.replace("_", " ") for f in self.features))
        if self.learned:
            parts.append("learns " + ", ".join(srd().spells.get(s).name for s in self.learned))
        if self.slots_after != self.slots_before:
            shown = ", ".join(f"{n}×L{lv}" for lv, n in sorted(self.slots_after.items()))
            parts.append(f"spell slots {shown}")
        if self.unchosen:
            parts.append(f"{self.unchosen} new spell(s) left unchosen")
        return "; ".join(parts)


def _spec(sheet: CharacterSheet) -> ClassSpec | Impossible:
    spec = class_spec(sheet.character_class)
    if spec is None:
        return Impossible(
            f"{sheet.character_class} is not a class of the rules: levelling it up is the "
            "campaign author's to write on the sheet"
        )
    if sheet.level >= highest_level(spec):
        return Impossible(
            f"{sheet.name} is level {sheet.level}: levels above {highest_level(spec)} are not "
            "modelled yet"
        )
    return spec


def plan_level_up(sheet: CharacterSheet) -> LevelUpPlan | Impossible:
    """What the next level of this character offers, or why it cannot be taken."""
    spec = _spec(sheet)
    if isinstance(spec, Impossible):
        return spec
    new = sheet.level + 1
    con = sheet.modifier(Ability.CON)
    slots = slots_for(spec.caster, new)
    casting = spec.spellcasting_ability
    mod = sheet.modifier(casting) if casting is not None else 0
    name = spec.name.lower()
    can_learn = learnable(name, max(slots, default=0), sheet.spells) if casting else []
    return LevelUpPlan(
        character_id=sheet.id,
        name=sheet.name,
        class_name=spec.name,
        new_level=new,
        hit_die=spec.hit_die,
        average_hp=max(1, spec.hit_die // 2 + 1 + con)
        + hp_per_level((*sheet.all_features, *spec.features.get(new, ()))),
        con_modifier=con,
        features=spec.features.get(new, ()),
        asi=ASI in spec.features.get(new, ()),
        cantrips=new_cantrips(name, sheet.level, new) if casting else 0,
        spells=new_spells(name, sheet.level, new, mod, mod) if casting else 0,
        choices=tuple((sid, spell.name) for sid, spell in can_learn),
        slots=slots,
    )


def _apply_asi(
    sheet: CharacterSheet, plan: LevelUpPlan, asi: Mapping[Ability, int] | None
) -> dict[Ability, int] | Impossible:
    """Check an Ability Score Improvement against the rules: +2 to one score or +1 to two,
    none above 20, and only at a level that grants one."""
    chosen = {a: n for a, n in (asi or {}).items() if n}
    if not plan.asi:
        if chosen:
            return Impossible(f"level {plan.new_level} grants no Ability Score Improvement")
        return {}
    scores = sheet.abilities.model_dump(by_alias=True)
    room = sum(MOST_SCORE - scores[a.value] for a in Ability)
    if not chosen:
        if room == 0:
            return {}  # every score is already 20: nothing left to improve
        return Impossible(
            f"level {plan.new_level} brings an Ability Score Improvement: choose +2 to one "
            "score or +1 to two (e.g. str+2, or dex+1 con+1)"
        )
    if sum(chosen.values()) != 2 or any(n not in (1, 2) for n in chosen.values()):
        return Impossible("an Ability Score Improvement is +2 to one score or +1 to two")
    for ability, amount in chosen.items():
        if scores[ability.value] + amount > MOST_SCORE:
            return Impossible(
                f"{ability.full_name} is {scores[ability.value]}: an Ability Score "
                f"Improvement cannot raise a score above {MOST_SCORE}"
            )
    return chosen


def _check_spells(
    sheet: CharacterSheet, plan: LevelUpPlan, spells: Sequence[str], allowed_spells: int
) -> tuple[str, ...] | Impossible:
    """The spells chosen, as ids, if the class may learn each and there are not too many."""
    offered = dict(plan.choices)
    ids: list[str] = []
    for wanted in spells:
        try:
            found = srd().spells.get(wanted)
        except KeyError as error:
            return Impossible(str(error.args[0]))
        sid = next(k for k, v in srd().spells.entries.items() if v is found)
        if sid in sheet.spells or sid in ids:
            return Impossible(f"{sheet.name} already knows {found.name}")
        if plan.class_name.lower() not in found.classes:
            return Impossible(f"{found.name} is not on the {plan.class_name} spell list")
        if sid not in offered:
            return Impossible(
                f"{found.name} is a level-{found.level} spell: {sheet.name} has no slots of "
                "that level yet"
            )
        ids.append(sid)
    cantrips = sum(1 for s in ids if srd().spells.get(s).level == 0)
    if cantrips > plan.cantrips:
        return Impossible(f"level {plan.new_level} teaches {plan.cantrips} new cantrip(s)")
    if len(ids) - cantrips > allowed_spells:
        return Impossible(f"level {plan.new_level} allows {allowed_spells} new spell(s)")
    return tuple(ids)


def level_up(
    sheet: CharacterSheet,
    rng: random.Random,
    *,
    hp: HpMethod = "roll",
    asi: Mapping[Ability, int] | None = None,
    spells: Sequence[str] = (),
    choices: Mapping[str, str] | None = None,
) -> LevelUp | Impossible:
    """Take the next level: a new validated sheet and what changed, or :class:`Impossible`
    with the reason (``sheet`` is never changed).

    Hit points grow by the class's hit die rolled on ``rng`` (or its average, die / 2 + 1)
    plus the CON modifier, at least 1; an ASI to CON raises them for every earlier level too.
    The character also gains a hit die, the slots of its new level, the class's features of
    that level, and the ``spells`` chosen (cantrips and spells of the class's list it has
    slots for, as many as the level teaches). ``choices`` records options such as a
    fighting style. Experience is not checked here: the game decides when a level is owed.
    """
    plan = plan_level_up(sheet)
    if isinstance(plan, Impossible):
        return plan
    if sheet.vitals.state not in (LifeState.ALIVE, LifeState.STABLE):
        return Impossible(f"{sheet.name} must be alive and out of danger to level up")
    if sheet.hit_dice.die != plan.hit_die:
        return Impossible(
            f"a {plan.class_name}'s hit die is d{plan.hit_die}, not d{sheet.hit_dice.die}"
        )
    improved = _apply_asi(sheet, plan, asi)
    if isinstance(improved, Impossible):
        return improved
    scores = sheet.abilities.model_dump(by_alias=True)
    for ability, amount in improved.items():
        scores[ability.value] += amount
    abilities = sheet.abilities.model_validate(scores)
    spec = class_spec(plan.class_name)
    casting = sheet.spellcasting_ability or (spec.spellcasting_ability if spec else None)
    old_mod = sheet.modifier(casting) if casting is not None else 0
    new_mod = abilities.modifier(casting) if casting is not None else 0
    name = plan.class_name.lower()
    allowed = new_spells(name, sheet.level, plan.new_level, old_mod, new_mod) if casting else 0
    learned = _check_spells(sheet, plan, spells, allowed)
    if isinstance(learned, Impossible):
        return learned

    con_before, con_after = sheet.modifier(Ability.CON), ability_modifier(scores["con"])
    hp_roll: RollResult | None = None
    if hp == "roll":
        hp_roll = roll(f"1d{plan.hit_die}", rng)
        die = hp_roll.total
    else:
        die = plan.hit_die // 2 + 1
    # Every earlier level's hit points follow a new CON modifier (SRD: retroactively).
    gained = max(1, die + con_after) + (con_after - con_before) * sheet.level
    # Dwarven Toughness, Draconic Resilience: their hit point per level comes with each level.
    gained += hp_per_level((*sheet.all_features, *plan.features))
    # One down but stable grows in hardiness, not in health: still at 0, still senseless.
    now = sheet.vitals.hp + gained if sheet.vitals.state is LifeState.ALIVE else sheet.vitals.hp
    vitals = sheet.vitals.model_copy(update={"max_hp": sheet.vitals.max_hp + gained, "hp": now})
    dice = sheet.hit_dice
    hit_dice = dice.model_copy(update={"total": dice.total + 1, "remaining": dice.remaining + 1})
    before = dict(sheet.spell_slots.maximum)
    slots = SpellSlots(
        maximum=plan.slots,
        expended={
            lv: min(n, plan.slots.get(lv, 0) + sheet.spell_slots.made(lv))
            for lv, n in sheet.spell_slots.expended.items()
        },
        created=sheet.spell_slots.created,
    )
    data = sheet.model_dump(by_alias=True)
    data.update(
        level=plan.new_level,
        abilities=abilities.model_dump(by_alias=True),
        vitals=vitals.model_dump(),
        hit_dice=hit_dice.model_dump(),
        spell_slots=slots.model_dump(),
        spells=[*sheet.spells, *learned],
        choices={**sheet.choices, **(choices or {})},
    )
    if plan.slots and sheet.spellcasting_ability is None:
        data["spellcasting_ability"] = casting  # a half caster's spellcasting begins at 2
    try:
        new_sheet = CharacterSheet.model_validate(data)
    except ValidationError as error:  # a sheet the rules cannot hold: say so, change nothing
        return Impossible(f"{sheet.name} cannot level up: {error.errors()[0]['msg']}")
    left = _unchosen(plan, allowed, learned)
    return LevelUp(
        sheet=new_sheet,
        old_level=sheet.level,
        new_level=plan.new_level,
        hp_roll=hp_roll,
        hp_gained=gained,
        features=plan.features,
        asi=improved,
        learned=learned,
        slots_before=before,
        slots_after=dict(plan.slots),
        unchosen=sum(left),
        unchosen_cantrips=left[0],
        offered=tuple((name, srd().spells.get(s).level) for s, name in plan.choices
                      if s not in learned),
    )  # fmt: skip


def _unchosen(plan: LevelUpPlan, allowed: int, learned: tuple[str, ...]) -> tuple[int, int]:
    """New cantrips and spells (of level 1 and up) the player could have chosen from what
    was offered, and did not."""
    levels = [srd().spells.get(s).level for s in learned]
    offered = [srd().spells.get(s).level for s, _ in plan.choices if s not in learned]
    cantrips = min(plan.cantrips - levels.count(0), offered.count(0))
    spells = min(allowed - (len(levels) - levels.count(0)), len(offered) - offered.count(0))
    return max(0, cantrips), max(0, spells)

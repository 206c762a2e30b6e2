"""Lasting effects on a creature that are not conditions: Bless, Bane, a Dodge, a Help, a
Shield spell, Rage, Guiding Bolt's glow, Vicious Mockery's doubt …

An :class:`Effect` says what it changes (dice added to attack rolls, saves or checks; armour
class; advantage or disadvantage; resistances; speed; no reactions; no healing) and when it
ends (at the start or end of its bearer's or its source's turn, after some rounds, on the
next attack it affects, or with the concentration of the spell behind it). The functions
here fold a creature's effects into what a roll needs; nothing here mutates or rolls.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    field_serializer,
    field_validator,
    model_serializer,
)

from rules.abilities import Ability
from rules.conditions import Condition
from rules.damage import DamageType
from rules.dice import checked_formula

RollEffect = Literal["", "advantage", "disadvantage"]
EndsAt = Literal[
    "start_of_own_turn", "end_of_own_turn", "start_of_source_turn", "end_of_source_turn", "never"
]  # fmt: skip
Consumed = Literal["", "own_attack", "attack_against", "own_save", "own_check"]
TurnMoment = Literal["start_of_own_turn", "end_of_own_turn"]


class PeriodicDamage(BaseModel):
    """Damage an effect deals its bearer at one of the bearer's turn boundaries: Acid
    Arrow's second burn, the spirits of Spirit Guardians around a foe that starts its turn
    among them. With ``save``, the bearer saves against ``dc`` (half damage on a success
    when ``half``, none otherwise)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    damage: str
    """Dice of the damage (``2d4``)."""
    damage_type: DamageType
    when: TurnMoment
    save: Ability | None = None
    dc: int = Field(default=0, ge=0, le=30)
    """The save's DC; 0 in a spell's data, where the caster's DC is filled in on casting."""
    half: bool = False
    """A successful save halves the damage (otherwise it prevents all of it)."""
    within_ft: int | None = Field(default=None, ge=5, le=1000)
    """An area around the effect's source (Spirit Guardians: 15 ft): the damage comes only
    while the bearer is within it, and also when it enters it for the first time on a turn."""

    @field_validator("damage")
    @classmethod
    def _formula(cls, text: str) -> str:
        return checked_formula(text)


class Beam(BaseModel):
    """An area its caster keeps up at one place of the fight (Moonbeam's cylinder of
    moonlight, 10 feet across), told in the fight's positions: the creatures standing in
    it. It is called down on one creature and takes in those at its side; a creature that
    moves away leaves it, one that closes in on a creature standing in it enters it. The
    caster may move it (an action, on a later turn) onto another creature within its reach.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    inside: tuple[str, ...] = Field(default=(), max_length=40)
    """Ids of the creatures standing in it (none: it shines on empty ground)."""
    struck: tuple[str, ...] = Field(default=(), max_length=40)
    """Ids of those it has burned for entering it on the turn ``turn`` names: a creature
    suffers from entering only the first time on a turn."""
    turn: str = Field(default="", max_length=60)
    """The turn ``struck`` counts for (``round 2, turn 3``)."""
    placed: str = Field(default="", max_length=60)
    """The turn it was called down: it can be moved only on its caster's later turns."""
    move_ft: int = Field(default=60, ge=0, le=1000)
    """How far its caster may move it with an action."""


class Effect(BaseModel):
    """One lasting effect on one creature."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_:-]*$", max_length=40)
    """What it is: ``bless``, ``dodge``, ``help``, ``shield``, ``rage``, ``guiding_bolt`` …
    A creature holds at most one effect of an id from one source."""
    name: str = Field(min_length=1, max_length=60)
    """How the players see it: "Blessed", "Dodging", "Raging"."""
    source: str | None = None
    """Id of the creature that caused it (the caster, the helper)."""
    spell: str | None = None
    """The concentration spell it depends on: it ends when that concentration does."""
    # -- what it changes ------------------------------------------------------------------
    attack_dice: str = ""
    """Dice added to the bearer's attack rolls: ``1d4`` (Bless), ``-1d4`` (Bane)."""
    save_dice: str = ""
    """Dice added to the bearer's saving throws."""
    check_dice: str = ""
    """Dice added to the bearer's ability checks (Guidance)."""
    ac_bonus: int = Field(default=0, ge=-10, le=10)
    own_attacks: RollEffect = ""
    """Advantage or disadvantage on the bearer's attack rolls."""
    attacks_against: RollEffect = ""
    """Advantage or disadvantage on attack rolls against the bearer."""
    save_advantage: frozenset[Ability] = frozenset()
    """Saving throws the bearer makes with advantage (Dodge and Haste: DEX)."""
    check_advantage: frozenset[Ability] = frozenset()
    """Ability checks the bearer makes with advantage (Rage: STR)."""
    resist: frozenset[DamageType] = frozenset()
    """Damage types the bearer resists while it lasts."""
    damage_bonus: int = Field(default=0, ge=-20, le=20)
    """Added to the damage of the bearer's melee weapon attacks (Rage)."""
    speed_change: int = Field(default=0, ge=-1000, le=1000)
    """Feet added to (or taken from) the bearer's speed."""
    speed_multiplier: int = Field(default=1, ge=0, le=4)
    """Haste doubles speed; 0 stops the bearer where it stands."""
    speed_halved: bool = False
    """The bearer moves at half speed (a foe among Spirit Guardians)."""
    blocks: frozenset[Condition] = frozenset()
    """Conditions the bearer cannot have while it lasts (Faerie Fire: invisible)."""
    no_reactions: bool = False
    """The bearer cannot take reactions (Shocking Grasp)."""
    no_healing: bool = False
    """The bearer cannot regain hit points (Chill Touch)."""
    no_actions: bool = False
    """The bearer cannot take actions (Haste's lethargy)."""
    extra_attacks: int = Field(default=0, ge=0, le=2)
    """Weapon attacks the bearer may make each turn beyond its Attack action (Haste)."""
    versus_source: bool = False
    """``own_attacks`` counts only for the bearer's attacks against its source (an undead
    gripped by Chill Touch attacks its caster with disadvantage, others normally)."""
    near_source: bool = False
    """``own_attacks`` counts only for the bearer's attacks against a creature within 5 feet
    of its source (the Help action aids an attack on a foe beside the helper)."""
    periodic: PeriodicDamage | None = None
    """Damage the bearer takes at a turn boundary while it lasts (with ``beam``: the
    damage its area deals whoever stands in it, not its bearer)."""
    beam: Beam | None = None
    """An area the bearer keeps up at a place of the fight (Moonbeam): the bearer is its
    caster, and ``periodic`` is what it does to the creatures standing in it."""
    level: int = Field(default=0, ge=0, le=9)
    """The slot level of the spell behind it (0 for cantrips and for what is not a spell):
    Dispel Magic ends spells of 3rd level or lower outright, higher ones only on a check."""
    afterwards: Effect | None = None
    """What follows when it ends, however it ends (Haste leaves its bearer lethargic)."""
    # -- when it ends ---------------------------------------------------------------------
    ends: EndsAt = "never"
    """The turn boundary at which ``rounds`` counts down (and the effect ends at zero)."""
    rounds: int | None = Field(default=1, ge=1, le=100_000)
    """How many of those boundaries it lasts; ``None``: until removed or concentration ends
    (written ``0`` in a save, since TOML has no "none")."""
    consumed_by: Consumed = ""
    """It ends as soon as it has affected one roll of this kind (Help, Guiding Bolt)."""
    note: str = Field(default="", max_length=200)

    @field_validator("rounds", mode="before")
    @classmethod
    def _until_removed(cls, value: object) -> object:
        # A save writes "until removed" as 0: TOML has no null, and a missing key would
        # come back as the default (one round) and end the effect early.
        return None if value == 0 else value

    @model_serializer(mode="wrap")
    def _rounds(self, handler: SerializerFunctionWrapHandler) -> dict[str, object]:
        dumped: dict[str, object] = handler(self)
        if self.rounds is None:  # kept even when a save leaves out every None
            dumped["rounds"] = 0
        return dumped

    @field_serializer("save_advantage", "check_advantage", "resist", "blocks")
    def _sorted(self, value: frozenset[str]) -> list[str]:
        # Sorted, so the same effect is written the same way whatever the hash seed.
        return sorted(value)

    @field_validator("attack_dice", "save_dice", "check_dice")
    @classmethod
    def _dice(cls, text: str) -> str:
        if text:
            checked_formula(text.lstrip("+-"))  # a bonus (+1d4) or a penalty (-1d4)
        return text


def _signed(dice: str) -> str:
    return dice if dice[:1] in "+-" else f"+{dice}"


@dataclass(slots=True)
class RollMods:
    """What a creature's effects add to one roll: reasons for advantage and disadvantage,
    dice to add (``+1d4-1d4``), and the effects used up by the roll."""

    advantage: list[str] = field(default_factory=list)
    disadvantage: list[str] = field(default_factory=list)
    dice: str = ""
    used: list[Effect] = field(default_factory=list)

    def add_dice(self, dice: str) -> None:
        """Add a dice bonus (or penalty) to the roll."""
        if dice:
            self.dice += _signed(dice)


def attack_mods(
    attacker: Sequence[Effect],
    target: Sequence[Effect],
    target_id: str | None = None,
    beside_target: Collection[str] | None = None,
) -> RollMods:
    """What both sides' effects do to one attack roll (the target's armour class bonus is
    :func:`ac_bonus`). ``target_id`` is who is attacked, for effects that count only
    against their source; ``beside_target`` who stands within 5 feet of it, for effects that
    count only near their source (``None``: nobody's place is known, so they all count)."""
    mods = RollMods()
    for effect in attacker:
        if effect.versus_source and effect.source != target_id:
            continue
        if effect.near_source and beside_target is not None and effect.source not in beside_target:
            continue
        _tally(mods, effect.own_attacks, f"{effect.name.lower()}")
        mods.add_dice(effect.attack_dice)
        if effect.consumed_by == "own_attack":
            mods.used.append(effect)
    for effect in target:
        _tally(mods, effect.attacks_against, f"target {effect.name.lower()}")
        if effect.consumed_by == "attack_against":
            mods.used.append(effect)
    return mods


def save_mods(effects: Sequence[Effect], ability: Ability) -> RollMods:
    """What a creature's effects do to one saving throw."""
    return _d20_mods(effects, ability, save=True)


def check_mods(effects: Sequence[Effect], ability: Ability) -> RollMods:
    """What a creature's effects do to one ability check."""
    return _d20_mods(effects, ability, save=False)


def _d20_mods(effects: Sequence[Effect], ability: Ability, *, save: bool) -> RollMods:
    """Saves and checks alike: advantage for the ability, dice, and what the roll uses up."""
    mods = RollMods()
    used_by = "own_save" if save else "own_check"
    for effect in effects:
        favoured = ability in (effect.save_advantage if save else effect.check_advantage)
        dice = effect.save_dice if save else effect.check_dice
        if favoured:
            mods.advantage.append(effect.name.lower())
        mods.add_dice(dice)
        if effect.consumed_by == used_by and (dice or favoured):
            mods.used.append(effect)
    return mods


def _tally(mods: RollMods, effect: RollEffect, reason: str) -> None:
    if effect == "advantage":
        mods.advantage.append(reason)
    elif effect == "disadvantage":
        mods.disadvantage.append(reason)


def ac_bonus(effects: Iterable[Effect]) -> int:
    """Armour class the effects add (Shield +5, Haste +2)."""
    return sum(e.ac_bonus for e in effects)


def resistances(effects: Iterable[Effect]) -> frozenset[DamageType]:
    """Damage types the effects make the bearer resist."""
    found: set[DamageType] = set()
    for effect in effects:
        found |= effect.resist
    return frozenset(found)


def speed_with(speed: int, effects: Iterable[Effect]) -> int:
    """Walking speed once effects apply (never below 0)."""
    for effect in effects:
        speed = speed * effect.speed_multiplier + effect.speed_change
        if effect.speed_halved:
            speed //= 2
    return max(0, speed)


def blocks_reactions(effects: Iterable[Effect]) -> bool:
    """The bearer may not take reactions."""
    return any(e.no_reactions for e in effects)


def blocks_healing(effects: Iterable[Effect]) -> bool:
    """The bearer may not regain hit points."""
    return any(e.no_healing for e in effects)


@dataclass(frozen=True, slots=True)
class EffectTick:
    """Effects after a turn boundary: what remains and what ended."""

    remaining: tuple[Effect, ...]
    ended: tuple[Effect, ...]


def tick_effects(
    effects: Sequence[Effect], bearer: str, turn_of: str, when: Literal["start", "end"]
) -> EffectTick:
    """Count down the effects on ``bearer`` at the ``when`` of ``turn_of``'s turn: an effect
    timed to its bearer's own turn counts on the bearer's, one timed to its source's turn on
    the source's. It ends when its rounds run out, and what follows it (``afterwards``)
    takes its place."""
    remaining: list[Effect] = []
    ended: list[Effect] = []
    for effect in effects:
        own = effect.ends == f"{when}_of_own_turn" and turn_of == bearer
        theirs = effect.ends == f"{when}_of_source_turn" and turn_of == effect.source
        if not (own or theirs) or effect.rounds is None:
            remaining.append(effect)
        elif effect.rounds <= 1:
            ended.append(effect)
        else:
            remaining.append(effect.model_copy(update={"rounds": effect.rounds - 1}))
    remaining += followers(ended)
    return EffectTick(tuple(remaining), tuple(ended))


_BOOKKEEPING = frozenset({"id", "name", "source", "spell", "level", "ends", "rounds", "note"})


def is_record(effect: Effect) -> bool:
    """The effect changes nothing by itself: it only records that a spell holds its bearer
    (the conditions of Hold Person, for Dispel Magic), so it is not shown as an effect."""
    return all(
        getattr(effect, name) == info.default
        for name, info in Effect.model_fields.items()
        if name not in _BOOKKEEPING
    )


def followers(ended: Iterable[Effect]) -> list[Effect]:
    """The effects that follow the ``ended`` ones (Haste's lethargy)."""
    return [e.afterwards for e in ended if e.afterwards is not None]


def without(effects: Sequence[Effect], gone: Iterable[Effect]) -> list[Effect]:
    """The effects with the ``gone`` ones removed (by identity of id and source)."""
    keys = {(e.id, e.source) for e in gone}
    return [e for e in effects if (e.id, e.source) not in keys]


def with_effect(effects: Sequence[Effect], new: Effect) -> list[Effect]:
    """The effects with ``new`` added, replacing one of the same id from the same source
    (a second Bless from the same cleric refreshes, it does not stack)."""
    return [*without(effects, [new]), new]

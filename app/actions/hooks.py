"""The moments of play where rules from many places meet, as one small interface.

An attack roll is shaped by conditions, by effects (Bless, a Dodge), by class features
(Sneak Attack, Reckless Attack), by monster traits (Pack Tactics), by where creatures stand
(a foe adjacent to an archer) and by spells (Shield). Rather than one function that knows
them all, each of those lives in its own module as a :class:`Rule`, and the executors call
the rules of :data:`RULES` that take part in each moment (:meth:`RuleBook.taking`):

- ``refuse_attack``: forbid an attack outright, before anything is spent;
- ``refuse_target``: an attack or spell that cannot reach its target (range, cover);
- ``before_attack``: add advantage, disadvantage, dice, armour class;
- ``damage_on_hit``: extra damage on a hit (Sneak Attack, Rage, a wolf's bite rider);
- ``after_attack``: what follows the roll (the target knocked prone, invisibility ends);
- ``before_save`` / ``before_check``: advantage, dice, an automatic failure;
- ``before_damage``: resistances, halving, what damage would do before it is applied;
- ``healing_bonus``: hit points a healing spell adds (Disciple of Life);
- ``after_damage``: what damage sets off (a sleeper wakes, Undead Fortitude);
- ``turn_starts`` / ``turn_ends``: durations, regeneration, recharges;
- ``cannot_act``: why a creature may not act now (stunned, asleep, raging ended …);
- ``refuse_cast`` / ``after_cast``: forbid a spell before anything is spent (a second
  levelled spell in a turn), and what casting sets off (invisibility ends);
- ``after_deed``: what a creature coming close, moving, attacking or casting sets off once
  it is done (a readied action watching for it). The low code that attacks or moves calls
  :func:`deed_done`, so it need not import the tools a readied action fires.

Every hook gets the game state and returns events for the players; a rule changes the
world only as the executors do, recording what changed for the DM.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal, Self, SupportsIndex

from app.actions.events import SessionEvent
from app.world.state import GameState
from rules.abilities import Ability
from rules.attacks import AttackResult
from rules.conditions import Condition
from rules.damage import DamageResult, DamageType
from rules.metamagic import Empowerment
from rules.srd import MonsterAction, srd

Deed = Literal["approach", "move", "attack", "cast"]
"""What a creature does that others may watch for (a readied action's trigger)."""


@dataclass
class AttackSetup:
    """One attack roll about to be made, as the rules shape it."""

    state: GameState
    attacker: str
    target: str
    name: str
    """What attacks: "Longsword", "Fire Bolt", "Bite"."""
    kind: Literal["weapon", "spell", "monster"]
    ranged: bool
    bonus: int
    """The attack bonus before any rule adds dice."""
    ac: int
    """The target's armour class, with what rules add (Shield, cover)."""
    weapon: str | None = None
    """The weapon id (characters) or action id (monsters)."""
    spell: str | None = None
    grip: str | None = None
    """How a character holds the weapon for this attack (``two_handed``, ``off_hand``,
    ``thrown``); ``None``: in one hand, the usual way."""
    advantage: list[str] = field(default_factory=list)
    disadvantage: list[str] = field(default_factory=list)
    dice: str = ""
    """Dice added to the roll (``+1d4`` Bless, ``-1d4`` Bane)."""
    crit_range: int = 20
    reroll_ones: bool = False
    """A natural 1 is rolled again once (a halfling's Lucky)."""
    reroll_damage_below: int = 0
    """The weapon's own damage dice showing less than this are rolled again once (Great
    Weapon Fighting: 3, for 1s and 2s)."""
    notes: list[str] = field(default_factory=list)
    """Short words for the DM about what shaped the roll."""
    knock_out: bool = False
    """A melee blow meant to subdue: a target it drops is knocked out, not killed."""
    events: list[SessionEvent] = field(default_factory=list)
    """What the rules did before the roll, shown before it (a creature closing in)."""
    dealt: int = 0
    """Damage the hit dealt, once it has landed (a specter's Life Drain takes as much)."""
    stays: bool = False
    """The attacker strikes from where it stands, never closing in (a touch spell that
    Distant Spell made reach 30 feet, the floating weapon of Spiritual Weapon)."""

    def add_dice(self, dice: str) -> None:
        """Add a dice bonus (or penalty) to the roll."""
        if dice:
            self.dice += dice if dice[:1] in "+-" else f"+{dice}"


@dataclass(frozen=True)
class Reach:
    """How far an attack or a spell reaches, asked about before anything is spent."""

    name: str
    """What reaches: "Longsword", "Fire Bolt"."""
    melee: bool
    """A melee attack or a touch: the target must be within ``reach_ft``."""
    reach_ft: int = 5
    normal_ft: int = 0
    """Normal range (a ranged weapon, a spell's range or its area's size)."""
    long_ft: int = 0
    """Long range, with disadvantage (0: none)."""
    approach: bool = False
    """The tool closes in by itself when movement allows (an attack roll)."""


@dataclass(frozen=True)
class ExtraDamage:
    """Damage a rule adds to a hit: its formula (dice doubled on a critical), type, why."""

    formula: str
    damage_type: DamageType
    reason: str
    empower: Empowerment | None = None
    """A spell's damage twisted by Empowered Spell: its low dice are rolled again."""


@dataclass(frozen=True)
class Threat:
    """What a saving throw protects against: the conditions a failure would impose and the
    type of damage it would deal. Traits read it (a halfling is Brave against being
    frightened, a dwarf resilient against poison) rather than the save's wording."""

    conditions: frozenset[Condition] = frozenset()
    damage_type: DamageType | None = None

    def imposes(self, condition: Condition) -> bool:
        """Whether a failed save would impose ``condition``."""
        return condition in self.conditions


def spell_threat(spell: str) -> Threat | None:
    """What a save against ``spell`` guards against: the conditions it imposes and the damage
    it deals, from the spell data (``None`` for a spell the data does not know)."""
    try:
        data = srd().spells.get(spell)
    except KeyError:
        return None
    return Threat(frozenset(data.conditions), data.damage_type)


def action_threat(action: MonsterAction) -> Threat:
    """What a save against a monster's action guards against: the condition it imposes and
    the damage its failed save deals (an area's, or a hit's rider)."""
    conditions = frozenset({action.condition}) if action.condition is not None else frozenset()
    return Threat(conditions, action.save_damage_type)


@dataclass
class RollSetup:
    """A saving throw or an ability check about to be made."""

    state: GameState
    who: str
    ability: Ability
    dc: int
    reason: str
    kind: Literal["save", "check"]
    skill: str | None = None
    source: str | None = None
    """Who or what forces it (the caster of a spell, the monster breathing fire)."""
    spell: str | None = None
    threat: Threat | None = None
    """What a save is against (the conditions it would impose, the damage it carries), from
    the monster action or spell behind it; ``None`` for a DM's free-form save, whose reason
    is all there is to go on."""
    advantage: list[str] = field(default_factory=list)
    disadvantage: list[str] = field(default_factory=list)
    dice: str = ""
    auto_fail: str | None = None
    """Set by a rule that makes the roll fail without being rolled."""
    reroll_ones: bool = False
    """A natural 1 is rolled again once (a halfling's Lucky)."""

    def add_dice(self, dice: str) -> None:
        """Add a dice bonus (or penalty) to the roll."""
        if dice:
            self.dice += dice if dice[:1] in "+-" else f"+{dice}"


@dataclass
class DamageSetup:
    """Damage about to reach a creature."""

    state: GameState
    target: str
    amount: int
    damage_type: DamageType
    source: str | None = None
    """Who dealt it, when known."""
    critical: bool = False
    resist: bool = False
    """A rule makes the target resist this damage (Rage against a sword)."""
    immune: bool = False
    notes: list[str] = field(default_factory=list)


class Rule:
    """A rule that takes part in play. Override only the moments it cares about."""

    name = "rule"

    def refuse_attack(self, state: GameState, attacker: str, target: str) -> str | None:
        """Why ``attacker`` may not attack ``target`` at all (charmed by it), or ``None``.
        Asked before anything is spent or rolled."""
        return None

    def refuse_target(self, state: GameState, actor: str, target: str, reach: Reach) -> str | None:
        """Why ``actor`` cannot reach ``target`` with this attack or spell (out of range,
        behind total cover), or ``None``. Asked before anything is spent or rolled."""
        return None

    def before_attack(self, setup: AttackSetup) -> None:
        """Shape an attack roll before it is made."""

    def damage_on_hit(self, setup: AttackSetup, hit: AttackResult) -> list[ExtraDamage]:
        """Extra damage a hit deals."""
        return []

    def after_attack(self, setup: AttackSetup, hit: AttackResult) -> list[SessionEvent]:
        """What follows an attack roll, hit or miss (after its damage)."""
        return []

    def before_save(self, setup: RollSetup) -> None:
        """Shape a saving throw before it is made."""

    def before_check(self, setup: RollSetup) -> None:
        """Shape an ability check before it is made."""

    def before_damage(self, setup: DamageSetup) -> None:
        """Shape damage before it reaches hit points."""

    def healing_bonus(self, state: GameState, healer: str, spell: str, slot: int) -> int:
        """Hit points a healing spell cast by ``healer`` with a ``slot``-level slot (0 for a
        cantrip) restores beyond its dice (Disciple of Life)."""
        return 0

    def after_damage(
        self, state: GameState, target: str, result: DamageResult, source: str | None
    ) -> list[SessionEvent]:
        """What damage that was dealt sets off."""
        return []

    def turn_starts(self, state: GameState, cid: str) -> list[SessionEvent]:
        """The start of ``cid``'s turn in a fight."""
        return []

    def fight_ends(self, state: GameState) -> list[SessionEvent]:
        """The fight is over (won, or left): what lasted only within it ends."""
        return []

    def turn_ends(self, state: GameState, cid: str) -> list[SessionEvent]:
        """The end of ``cid``'s turn in a fight."""
        return []

    def cannot_act(self, state: GameState, cid: str) -> str | None:
        """Why ``cid`` may not act now, or ``None``."""
        return None

    def refuse_cast(self, state: GameState, caster: str, spell: str, slot: int) -> str | None:
        """Why ``caster`` may not cast ``spell`` (an id) now, or ``None``. Asked before the
        slot or the action is spent."""
        return None

    def after_cast(self, state: GameState, caster: str, spell: str) -> list[SessionEvent]:
        """What casting ``spell`` (an id) sets off, once it is cast (countered or not),
        before the spell takes effect."""
        return []

    def after_deed(self, state: GameState, actor: str, deed: Deed) -> list[SessionEvent]:
        """What ``actor`` doing ``deed`` sets off, once the deed is done (a readied action
        watching for it fires)."""
        return []


Hook = Literal[
    "refuse_attack", "refuse_target", "before_attack", "damage_on_hit", "after_attack",
    "before_save", "before_check", "before_damage", "healing_bonus", "after_damage",
    "turn_starts", "fight_ends", "turn_ends", "cannot_act", "refuse_cast", "after_cast",
    "after_deed",
]  # fmt: skip
"""The moments of play: the methods of :class:`Rule` a rule may override."""


class RuleBook(list[Rule]):
    """The rules of play, in the order they are consulted, and for each moment the rules
    that take part in it: those that override its hook. A moment asks only them — most
    rules care about a few moments, and a hook a rule leaves alone does nothing — so an
    attack asks the seven rules that shape one, not all eighteen. Who takes part is worked
    out on the first ask, and again after any change to the book (a rule added or taken
    out)."""

    def __init__(self) -> None:
        super().__init__()
        self._taking: dict[str, list[Rule]] = {}

    def taking(self, hook: Hook) -> list[Rule]:
        """The rules that override ``hook``, in the book's order."""
        found = self._taking.get(hook)
        if found is None:
            default = getattr(Rule, hook)
            found = [r for r in self if getattr(getattr(r, hook), "__func__", None) is not default]
            self._taking[hook] = found
        return found

    def _changed(self) -> None:
        self._taking.clear()

    def append(self, rule: Rule) -> None:
        super().append(rule)
        self._changed()

    def extend(self, rules: Iterable[Rule]) -> None:
        super().extend(rules)
        self._changed()

    def insert(self, index: SupportsIndex, rule: Rule) -> None:
        super().insert(index, rule)
        self._changed()

    def remove(self, rule: Rule) -> None:
        super().remove(rule)
        self._changed()

    def pop(self, index: SupportsIndex = -1) -> Rule:
        rule = super().pop(index)
        self._changed()
        return rule

    def clear(self) -> None:
        super().clear()
        self._changed()

    def sort(self, *args: Any, **kwargs: Any) -> None:
        super().sort(*args, **kwargs)
        self._changed()

    def reverse(self) -> None:
        super().reverse()
        self._changed()

    def __setitem__(self, index: Any, value: Any) -> None:
        super().__setitem__(index, value)
        self._changed()

    def __delitem__(self, index: SupportsIndex | slice) -> None:
        super().__delitem__(index)
        self._changed()

    def __iadd__(self, rules: Iterable[Rule]) -> Self:  # type: ignore[override,misc]
        super().__iadd__(rules)
        self._changed()
        return self

    def __imul__(self, times: SupportsIndex) -> Self:
        super().__imul__(times)
        self._changed()
        return self


RULES = RuleBook()
"""Every rule of play, in the order they are consulted; :mod:`app.actions.ruleset` fills
it when the tools package is imported."""


def deed_done(state: GameState, actor: str, deed: Deed) -> list[SessionEvent]:
    """``actor`` has done ``deed``: what every rule of play makes of it
    (:meth:`Rule.after_deed`)."""
    events: list[SessionEvent] = []
    for rule in RULES.taking("after_deed"):
        events += rule.after_deed(state, actor, deed)
    return events

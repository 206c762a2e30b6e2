"""What a fighter of the fast fight simulator is, and what it can do beyond swinging its
weapon: class features (Sneak Attack, Rage, Second Wind, Action Surge, Improved Critical),
monster traits (Pack Tactics, Martial Advantage, Regeneration, Undead Fortitude), a
monster's save-based actions (a breath, an engulf) and the attacks that only hold (a web),
with their recharges, the riders on its hits (a wolf's bite knocks prone, a ghoul's claws
paralyse) and spells (a damaging cantrip, Magic Missile's darts, healing).

The numbers come from the same data the game plays by (``features.toml``, ``monsters.toml``,
``spells.toml``), and what is spent comes from the sheet (a character fielded from a save
has only the slots and uses it has left); the choices are the offline referee's, so a
balance run fights as the referee would.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from operator import attrgetter

from app.referee.tactics import routine_average
from rules.abilities import Ability
from rules.character import CharacterSheet
from rules.conditions import ActiveCondition, Condition
from rules.damage import DamageType, Defenses, Vitals
from rules.spellcasting import cantrip_dice_multiplier
from rules.spelldata import Spell
from rules.srd import Monster, MonsterAction, srd


@dataclass(frozen=True, slots=True)
class Blast:
    """A damaging spell: an attack roll (``bonus``) or a save (``dc``)."""

    name: str
    dice: str
    damage_type: DamageType
    bonus: int | None = None
    dc: int = 0
    ability: Ability = Ability.DEX
    half: bool = False
    slot: int = 0
    """The slot level it spends (0: a cantrip)."""
    darts: int = 0
    """Magic Missile: this many darts that always hit, ``dice`` each."""


@dataclass(frozen=True, slots=True)
class Swing:
    """One attack a fighter makes each turn, and what its hit does beyond the damage."""

    bonus: int
    damage: str
    damage_type: DamageType
    name: str = "attack"
    ranged: bool = False
    extra: str = ""
    """More damage on a hit (a wyrmling's bite: ``1d6`` fire)."""
    extra_type: DamageType | None = None
    rider: MonsterAction | None = None
    """The stat-block action, when a hit forces a save or imposes a condition."""


@dataclass(slots=True)
class Kit:
    """A fighter's features, traits and spells, with what is left of them."""

    sneak: str = ""
    rage: int = 0
    """Rage's damage bonus while raging (resists bludgeoning, piercing, slashing)."""
    second_wind: str = ""
    action_surge: bool = False
    pack_tactics: bool = False
    martial_advantage: str = ""
    """Martial Advantage's dice, once a turn while an ally stands."""
    regeneration: int = 0
    regeneration_stopped_by: frozenset[DamageType] = frozenset()
    undead_fortitude: bool = False
    specials: tuple[MonsterAction, ...] = ()
    """Save-based actions (a breath, an engulf) and attacks that only hold (a web)."""
    spent: set[str] = field(default_factory=set)
    """Ids of ``specials`` used and not yet recharged."""
    routine: float = 0.0
    """The average damage of the monster's usual attack (what a special must beat)."""
    cantrip: Blast | None = None
    darts: Blast | None = None
    heal: str = ""
    """A healing spell's formula, to raise a friend at 0 HP (or mend a hurt ally)."""
    heal_spell: str = ""
    """That spell's name, for the log."""
    spare: bool = False
    """Knows Spare the Dying: stabilises a dying friend without a check."""
    slots: dict[int, int] = field(default_factory=dict)
    burned: bool = False
    """Took acid or fire since its last turn (a troll does not regenerate)."""

    def spend_slot(self, lowest: int) -> int:
        """Spend the lowest slot of at least ``lowest``; 0 when none is left."""
        for level in sorted(self.slots):
            if level >= lowest and self.slots[level] > 0:
                self.slots[level] -= 1
                return level
        return 0

    def has_slot(self, lowest: int) -> bool:
        """A slot of at least ``lowest`` is left."""
        return any(n > 0 for lv, n in self.slots.items() if lv >= lowest)

    def clone(self) -> Kit:
        """The kit as it is, for another fight: what a fight spends is its own."""
        kit = Kit(*_KIT_FIELDS(self))  # every field as it is, far cheaper than replace()
        kit.slots, kit.spent = dict(self.slots), set(self.spent)
        return kit


_KIT_FIELDS = attrgetter(*(f.name for f in fields(Kit)))
"""A kit's fields in the order its constructor takes them."""


@dataclass(slots=True)
class Fighter:
    """A combatant reduced to what a fight needs."""

    id: str
    side: str
    ac: int
    vitals: Vitals
    swings: list[Swing]
    dex_mod: int
    dex: int
    name: str = ""
    """What the fight's log calls it ("Goblin 2", "Grubnak", "Mira")."""
    defenses: Defenses = field(default_factory=Defenses)
    monster: bool = False
    crit_range: int = 20
    """Improved Critical: 19."""
    kit: Kit = field(default_factory=Kit)
    saves: dict[Ability, int] = field(default_factory=dict)
    """Saving-throw modifiers, for breath weapons and spells that call for saves."""
    conditions: list[ActiveCondition] = field(default_factory=list)
    exhaustion: int = 0
    kinds: frozenset[str] = frozenset()
    """What it is (``elf``, ``undead``): riders that spare some kinds read it."""
    immune: frozenset[Condition] = frozenset()
    """Conditions it cannot suffer."""
    heals: bool = True
    """Healing magic mends it (not the undead or constructs)."""
    dealt: int = 0
    """Damage it has dealt this fight (hit points its foes lost to it)."""
    wits: int = 10
    """Intelligence: a beast (3 or less) runs; it does not beg."""
    fearless: bool = False
    """It never flees nor yields (the undead, constructs, oozes)."""
    morale: str | None = None
    """Its author's ``morale`` (``to_the_death``, ``flees``, ``surrenders``), if any."""
    medicine: int = 0
    """Its Wisdom (Medicine) modifier, for stabilising a dying friend."""
    left: str = ""
    """How it left the fight alive: ``fled`` or ``surrendered`` (empty: it did not)."""
    spared: bool = False
    """A companion on the party's side knocked out at 0 hit points, not killed."""

    @property
    def up(self) -> bool:
        return self.vitals.hp > 0 and not self.left

    def clone(self) -> Fighter:
        """The fighter as it is, for another fight — far cheaper than building it again from
        its sheet. What a fight changes (kit, conditions, damage dealt) is the clone's own,
        and so are its lists of swings and saves; what is never changed in place (each
        swing, its vitals, its defences) is shared."""
        fighter = Fighter(*_FIGHTER_FIELDS(self))  # far cheaper than dataclasses.replace()
        fighter.kit, fighter.conditions = self.kit.clone(), list(self.conditions)
        fighter.swings, fighter.saves = list(self.swings), dict(self.saves)
        fighter.dealt, fighter.left = 0, ""
        return fighter


_FIGHTER_FIELDS = attrgetter(*(f.name for f in fields(Fighter)))
"""A fighter's fields in the order its constructor takes them."""


def _cantrip(spell: Spell, level: int, bonus: int, dc: int) -> Blast | None:
    if spell.damage is None or spell.damage_type is None or spell.level != 0:
        return None
    times = cantrip_dice_multiplier(level) if spell.cantrip_scaling else 1
    count, _, sides = spell.damage.partition("d")
    dice = f"{int(count or 1) * times}d{sides}"
    if spell.attack:
        return Blast(spell.name, dice, spell.damage_type, bonus=bonus)
    if spell.save:
        return Blast(spell.name, dice, spell.damage_type, dc=dc, ability=spell.save,
                     half=spell.save_success == "half")  # fmt: skip
    return None


def _rank(blast: Blast) -> tuple[bool, float]:
    """How good a cantrip is to fight with: one with an attack roll (Eldritch Blast, Fire
    Bolt) over one with a save, then by its average damage (Eldritch Blast's d10 over
    Chill Touch's d8)."""
    count, _, sides = blast.dice.partition("d")
    try:
        mean = int(count or 1) * (int(sides) + 1) / 2
    except ValueError:
        mean = 0.0
    return blast.bonus is not None, mean


def _spells(kit: Kit, spells: list[str], level: int, bonus: int, dc: int, mod: int) -> None:
    table = srd().spells
    for sid in spells:
        spell = table.get(sid)
        found = _cantrip(spell, level, bonus, dc)
        if found is not None and (kit.cantrip is None or _rank(found) > _rank(kit.cantrip)):
            kit.cantrip = found  # the best: an attack roll over a save, then the most damage
        if sid == "magic_missile" and spell.damage and spell.damage_type:
            kit.darts = Blast(spell.name, spell.damage, spell.damage_type, slot=1, darts=3)
        if spell.stabilizes:
            kit.spare = True
        if spell.heal and spell.level == 1 and not kit.heal:
            kit.heal = f"{spell.heal}{mod:+d}" if spell.add_modifier and mod else spell.heal
            kit.heal_spell = spell.name


def sheet_kit(sheet: CharacterSheet, weapon: str | None) -> Kit:
    """A character's features and spells, as the simulator uses them: only the uses and
    slots the sheet has left (a character fielded from a save may have spent some)."""
    kit = Kit()
    spec = srd().weapons.get(weapon) if weapon is not None else None
    finesse = spec is not None and (spec.finesse or spec.kind == "ranged")
    if sheet.has("sneak_attack") and finesse:
        kit.sneak = f"{(sheet.level + 1) // 2}d6"
    raging = any(e.id == "rage" for e in sheet.effects)
    melee = spec is None or spec.kind == "melee"
    if sheet.has("rage") and melee and (raging or sheet.uses_left("rage") > 0):
        kit.rage = 2 if sheet.level < 9 else 3
    if sheet.has("second_wind") and sheet.uses_left("second_wind") > 0:
        kit.second_wind = f"1d10+{sheet.level}"
    kit.action_surge = sheet.has("action_surge") and sheet.uses_left("action_surge") > 0
    if sheet.spellcasting_ability is not None:
        kit.slots = {lv: n for lv, n in sheet.spell_slots.maximum.items() if n}
        for lv, spent in sheet.spell_slots.expended.items():
            kit.slots[lv] = max(0, kit.slots.get(lv, 0) - spent)
        _spells(kit, list(sheet.spells), sheet.level, sheet.spell_attack_bonus or 0,
                sheet.spell_save_dc or 10, sheet.modifier(sheet.spellcasting_ability))  # fmt: skip
    return kit


def monster_kit(block: Monster) -> Kit:
    """A monster's traits, save-based and holding actions, and spells, as the simulator
    uses them."""
    kit = Kit()
    traits = {t.id: t for t in block.traits if t.id}
    kit.pack_tactics = "pack_tactics" in traits
    if "martial_advantage" in traits:
        kit.martial_advantage = traits["martial_advantage"].dice or "2d6"
    kit.undead_fortitude = "undead_fortitude" in traits
    if "regeneration" in traits:
        kit.regeneration = traits["regeneration"].amount or 10
        kit.regeneration_stopped_by = traits["regeneration"].stopped_by
    kit.specials = tuple(
        act
        for act in block.actions
        if (act.kind == "save" and act.save_dc is not None)
        or (act.is_attack and not act.damage and act.condition is not None)
    )
    kit.routine = routine_average(block)
    magic = block.spellcasting
    if magic is not None:
        kit.slots = dict(magic.slots)
        mod = block.abilities.modifier(magic.ability)
        _spells(kit, list(magic.spells), magic.level, magic.attack_bonus, magic.dc, mod)
    return kit

"""What a fighter of the fast fight simulator can do beyond swinging its weapon: class
features (Sneak Attack, Rage, Second Wind, Action Surge, Improved Critical), monster traits
(Pack Tactics, Martial Advantage, Regeneration, Undead Fortitude, a breath weapon that
recharges) and spells (a damaging cantrip, Magic Missile's darts, healing a fallen friend).

The numbers come from the same data the game plays by (``features.toml``, ``monsters.toml``,
``spells.toml``); the choices are the offline referee's simple ones, so a balance run fights
roughly as the referee would.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.abilities import Ability
from rules.character import CharacterSheet
from rules.damage import DamageType
from rules.spellcasting import cantrip_dice_multiplier
from rules.srd import Monster, Spell, srd


@dataclass(slots=True)
class Blast:
    """A damaging spell or breath: an attack roll (``bonus``) or a save (``dc``)."""

    name: str
    dice: str
    damage_type: DamageType
    bonus: int | None = None
    dc: int = 0
    ability: Ability = Ability.DEX
    half: bool = False
    targets: int = 1
    slot: int = 0
    """The slot level it spends (0: a cantrip, or a breath)."""
    darts: int = 0
    """Magic Missile: this many darts that always hit, ``dice`` each."""


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
    breath: Blast | None = None
    breath_recharge: int = 7
    """The lowest d6 face that brings the breath back (7: never)."""
    breath_ready: bool = True
    cantrip: Blast | None = None
    darts: Blast | None = None
    heal: str = ""
    """A healing spell's formula, to raise a friend at 0 HP."""
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


def _spells(kit: Kit, spells: list[str], level: int, bonus: int, dc: int, mod: int) -> None:
    table = srd().spells
    for sid in spells:
        spell = table.get(sid)
        found = _cantrip(spell, level, bonus, dc)
        if found is not None and (kit.cantrip is None or found.bonus is not None):
            kit.cantrip = found
        if sid == "magic_missile" and spell.damage and spell.damage_type:
            kit.darts = Blast(spell.name, spell.damage, spell.damage_type, slot=1, darts=3)
        if spell.heal and spell.level == 1 and not kit.heal:
            kit.heal = f"{spell.heal}{mod:+d}" if spell.add_modifier and mod else spell.heal


def sheet_kit(sheet: CharacterSheet, weapon: str) -> Kit:
    """A character's features and spells, as the simulator uses them."""
    kit = Kit()
    spec = srd().weapons.get(weapon)
    if sheet.has("sneak_attack") and (spec.finesse or spec.kind == "ranged"):
        kit.sneak = f"{(sheet.level + 1) // 2}d6"
    if sheet.has("rage") and spec.kind == "melee":
        kit.rage = 2 if sheet.level < 9 else 3
    if sheet.has("second_wind"):
        kit.second_wind = f"1d10+{sheet.level}"
    kit.action_surge = sheet.has("action_surge")
    if sheet.spellcasting_ability is not None:
        kit.slots = {lv: n for lv, n in sheet.spell_slots.maximum.items() if n}
        for lv, spent in sheet.spell_slots.expended.items():
            kit.slots[lv] = kit.slots.get(lv, 0) - spent
        _spells(kit, list(sheet.spells), sheet.level, sheet.spell_attack_bonus or 0,
                sheet.spell_save_dc or 10, sheet.modifier(sheet.spellcasting_ability))  # fmt: skip
    return kit


def monster_kit(block: Monster) -> Kit:
    """A monster's traits, breath and spells, as the simulator uses them."""
    kit = Kit()
    traits = {t.id: t for t in block.traits if t.id}
    kit.pack_tactics = "pack_tactics" in traits
    if "martial_advantage" in traits:
        kit.martial_advantage = traits["martial_advantage"].dice or "2d6"
    kit.undead_fortitude = "undead_fortitude" in traits
    if "regeneration" in traits:
        kit.regeneration = traits["regeneration"].amount or 10
        kit.regeneration_stopped_by = traits["regeneration"].stopped_by
    for act in block.actions:
        if act.kind == "save" and act.save_damage and act.save_damage_type and act.save_dc:
            kit.breath = Blast(act.name, act.save_damage, act.save_damage_type, dc=act.save_dc,
                               ability=act.save_ability or Ability.DEX, half=act.save_half,
                               targets=3)  # fmt: skip
            if act.recharge:
                kit.breath_recharge = int(act.recharge.partition("-")[0])
            break
    magic = block.spellcasting
    if magic is not None:
        kit.slots = dict(magic.slots)
        mod = block.abilities.modifier(magic.ability)
        _spells(kit, list(magic.spells), magic.level, magic.attack_bonus, magic.dc, mod)
    return kit

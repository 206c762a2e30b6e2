"""What gear does to rolls: armour that is noisy or bulky (chain mail, plate, a
breastplate's cousins) gives disadvantage on Dexterity (Stealth) checks; a Small creature
swings a Heavy weapon with disadvantage."""

from __future__ import annotations

from app.actions.hooks import AttackSetup, RollSetup, Rule
from rules.skills import Skill
from rules.srd import srd
from rules.traits import species_size


class ArmourStealth(Rule):
    """Armour marked ``stealth_disadvantage`` gives disadvantage on Stealth checks."""

    name = "armour and stealth"

    def before_check(self, setup: RollSetup) -> None:
        sheet = setup.state.party.get(setup.who)
        if setup.skill != Skill.STEALTH.value or sheet is None or sheet.armor is None:
            return
        armour = srd().armor.get(sheet.armor)
        if armour.stealth_disadvantage:
            setup.disadvantage.append(f"{armour.name.lower()} is noisy")


class HeavyWeapons(Rule):
    """SRD: Small creatures have disadvantage on attack rolls with Heavy weapons (a
    halfling or gnome with a greataxe, heavy crossbow or longbow)."""

    name = "heavy weapons"

    def before_attack(self, setup: AttackSetup) -> None:
        sheet = setup.state.party.get(setup.attacker)
        if sheet is None or setup.kind != "weapon" or setup.weapon is None:
            return
        if setup.weapon not in srd().weapons:
            return
        weapon = srd().weapons.get(setup.weapon)
        if "heavy" not in weapon.properties:
            return
        if species_size(sheet.species) == "small":
            setup.disadvantage.append(f"a small creature with the heavy {weapon.name.lower()}")

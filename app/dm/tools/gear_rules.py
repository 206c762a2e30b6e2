"""What worn gear does to rolls: armour that is noisy or bulky (chain mail, plate, a
breastplate's cousins) gives disadvantage on Dexterity (Stealth) checks."""

from __future__ import annotations

from app.dm.tools.hooks import RollSetup, Rule
from rules.skills import Skill
from rules.srd import srd


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

"""Every rule that takes part in play, in the order the executors consult them.

Each rule is a :class:`app.actions.hooks.Rule` living in the module named for what it
holds; adding a rule to the game is adding it here. The tools package installs them when it
is imported, so every executor sees the same rules.
"""

from __future__ import annotations

from app.actions.after_fight import FightsEnd
from app.actions.class_rules import ClassRules
from app.actions.conduct import Charm, Incapacitation, Invisibility, MagicalSleep
from app.actions.effect_rules import EffectRules
from app.actions.favored_enemy import FavoredEnemy
from app.actions.gear_rules import ArmourStealth, HeavyWeapons
from app.actions.grappling import GrappleRelease
from app.actions.hooks import RULES, Rule
from app.actions.metamagic import Heightened
from app.actions.monster_rules import MonsterRules
from app.actions.position_rules import PositionRules
from app.actions.readied import ReadiedRules
from app.actions.rebuke import AbsorbedStrike
from app.actions.species_rules import SpeciesRules
from app.actions.spell_rules import SpellRules
from app.actions.wild_shape import WildShapeRules

PLAY_RULES: list[Rule] = [
    WildShapeRules(),  # first: a beast at 0 HP is the druid back in form, not dying
    SpellRules(),  # before the effects wear off: Acid Arrow burns at the end it lasts to
    EffectRules(),
    PositionRules(),
    Incapacitation(),
    Charm(),
    Invisibility(),
    MagicalSleep(),
    ArmourStealth(),
    HeavyWeapons(),
    ClassRules(),
    FavoredEnemy(),
    SpeciesRules(),
    Heightened(),
    MonsterRules(),
    AbsorbedStrike(),
    ReadiedRules(),
    FightsEnd(),  # after the effects and the rage that end with the fight
    GrappleRelease(),  # last: after every rider that may have felled the grappler
]


def install() -> None:
    """Put the rules of play in :data:`app.actions.hooks.RULES` (once)."""
    if not RULES:
        RULES.extend(PLAY_RULES)


install()

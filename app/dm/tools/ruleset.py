"""Every rule that takes part in play, in the order the executors consult them.

Each rule is a :class:`app.dm.tools.hooks.Rule` living in the module named for what it
holds; adding a rule to the game is adding it here. The tools package installs them when it
is imported, so every executor sees the same rules.
"""

from __future__ import annotations

from app.dm.tools.class_rules import ClassRules
from app.dm.tools.conduct import Charm, Incapacitation, Invisibility, MagicalSleep
from app.dm.tools.effect_rules import EffectRules
from app.dm.tools.favored_enemy import FavoredEnemy
from app.dm.tools.gear_rules import ArmourStealth, HeavyWeapons
from app.dm.tools.grappling import GrappleRelease
from app.dm.tools.hooks import RULES, Rule
from app.dm.tools.metamagic import Heightened
from app.dm.tools.monster_rules import MonsterRules
from app.dm.tools.position_rules import PositionRules
from app.dm.tools.readied import ReadiedRules
from app.dm.tools.rebuke import AbsorbedStrike
from app.dm.tools.species_rules import SpeciesRules
from app.dm.tools.spell_rules import SpellRules
from app.dm.tools.wild_shape import WildShapeRules

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
    GrappleRelease(),  # last: after every rider that may have felled the grappler
]


def install() -> None:
    """Put the rules of play in :data:`app.dm.tools.hooks.RULES` (once)."""
    if not RULES:
        RULES.extend(PLAY_RULES)


install()

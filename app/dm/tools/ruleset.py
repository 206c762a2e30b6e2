"""Every rule that takes part in play, in the order the executors consult them.

Each rule is a :class:`app.dm.tools.hooks.Rule` living in the module named for what it
holds; adding a rule to the game is adding it here. The tools package installs them when it
is imported, so every executor sees the same rules.
"""

from __future__ import annotations

from app.dm.tools.effect_rules import EffectRules
from app.dm.tools.hooks import RULES, Rule
from app.dm.tools.monster_rules import MonsterRules

PLAY_RULES: list[Rule] = [
    EffectRules(),
    MonsterRules(),
]


def install() -> None:
    """Put the rules of play in :data:`app.dm.tools.hooks.RULES` (once)."""
    if not RULES:
        RULES.extend(PLAY_RULES)


install()

"""Favored Enemy (ranger 1st level, SRD 5.1): "You have advantage on Wisdom (Survival)
checks to track your favored enemies, as well as on Intelligence checks to recall
information about them."

The check says what it is about in its reason (the DM's, or the player's words the referee
passes on): a Survival check or an Intelligence check whose reason names the chosen kind
(``undead``) or a creature of it (``zombies``, ``the ghoul``) has advantage."""

from __future__ import annotations

import re
from functools import cache

from app.actions.hooks import RollSetup, Rule
from rules.abilities import Ability
from rules.srd import srd


@cache
def enemy_words(kind: str) -> re.Pattern[str]:
    """The words that name a favored enemy kind (``undead``: undead, zombie(s), ghoul(s)
    …), as one pattern."""
    singular = kind.lower().removesuffix("s")
    names = {kind.lower(), singular}
    for block in srd().monsters.entries.values():
        if block.type.lower().startswith(singular):
            names.add(block.name.lower())
    alternatives = "|".join(sorted((re.escape(n) for n in names), key=len, reverse=True))
    return re.compile(rf"\b(?:{alternatives})(?:e?s)?\b")


def about_favored_enemy(kind: str, reason: str) -> bool:
    """The reason names the favored enemy kind or a creature of it."""
    return bool(enemy_words(kind).search(reason.lower()))


class FavoredEnemy(Rule):
    """A ranger's tracking and lore of its favored enemies."""

    name = "favored enemy"

    def before_check(self, setup: RollSetup) -> None:
        sheet = setup.state.party.get(setup.who)
        if sheet is None or not sheet.has("favored_enemy"):
            return
        kind = sheet.choices.get("favored_enemy")
        tracking = setup.skill == "survival"
        recalling = setup.ability is Ability.INT
        if kind and (tracking or recalling) and about_favored_enemy(kind, setup.reason):
            setup.advantage.append(f"favored enemy ({kind})")

"""``dungeon validate``'s check of the pregenerated characters: each must be what the rules
make of its species, class and level (:mod:`rules.pregens`) — the speed of its species, its
species traits, its class's saving throws, training and hit die, the fixed hit points and
the spell slots of its level, a choice for each feature that asks one. A sheet that leaves
these out gets them when the campaign loads; one that writes them differently is flagged,
naming the character and the field."""

from __future__ import annotations

from app.world.campaign import Campaign
from app.world.references import Problem
from rules.pregens import pregen_mismatches

KIND = "sheet disagrees with the rules"
"""The kind of problem: a warning (the game still plays the sheet as written)."""


def pregen_problems(campaign: Campaign) -> list[Problem]:
    """One problem per field of a pregen that disagrees with its species or class data."""
    problems: list[Problem] = []
    for n, sheet in enumerate(campaign.characters):
        for found in pregen_mismatches(sheet):
            where = f"characters[{n}].{found.field}"
            problems.append(Problem(KIND, where, found.message, subject=f"character:{sheet.id}"))
    return problems

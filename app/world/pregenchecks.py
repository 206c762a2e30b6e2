"""``dungeon validate``'s check of the pregenerated characters: each must be what the rules
make of its species, class and level (:mod:`rules.pregens`) — the speed of its species, its
species traits, its class's saving throws, training and hit die, the fixed hit points and
the spell slots of its level, a choice for each feature that asks one. A sheet that leaves
these out gets them when the campaign loads; one that writes them differently is flagged,
naming the character and the field."""

from __future__ import annotations

from app.world.campaign import Campaign
from app.world.references import Problem
from rules.advancement import highest_level
from rules.classes import class_spec
from rules.pregens import pregen_mismatches

KIND = "sheet disagrees with the rules"
"""The kind of problem: a warning (the game still plays the sheet as written)."""


def pregen_problems(campaign: Campaign) -> list[Problem]:
    """One problem per field of a pregen that disagrees with its species or class data."""
    problems: list[Problem] = []
    low, high = campaign.campaign.levels
    for n, sheet in enumerate(campaign.characters):
        for found in pregen_mismatches(sheet):
            where = f"characters[{n}].{found.field}"
            problems.append(Problem(KIND, where, found.message, subject=f"character:{sheet.id}"))
        spec = class_spec(sheet.character_class) if sheet.character_class else None
        modelled = highest_level(spec) if spec is not None else sheet.level
        if sheet.level > modelled or not low <= sheet.level <= high:
            why = (
                f"the rules model {sheet.character_class} to level {modelled}: past it "
                "the sheet has no features of its level"
                if sheet.level > modelled
                else f"the campaign is written for levels {low} to {high} (campaign.levels)"
            )
            problems.append(Problem(LEVEL, f"characters[{n}].level",
                                    f"{sheet.name} is level {sheet.level}, but {why}",
                                    subject=f"character:{sheet.id}"))  # fmt: skip
    party = {s.name.lower(): s.name for s in campaign.characters}
    for nid, npc in campaign.npcs.items():
        for said in (npc.name, *npc.aliases):
            if said.lower() in party:
                problems.append(Problem(SHARED, f"npcs.{nid}.name",
                                        f"{said!r} is also a character of the party's: "
                                        f"\"talk to {said}\" may mean either",
                                        subject=f"npc:{nid}"))  # fmt: skip
    return problems


SHARED = "name shared with the party"
"""The kind of problem: a person of the story called by a party character's name (a
warning: the game plays, but a line naming them may be taken for either)."""


LEVEL = "pregen's level out of range"
"""The kind of problem: a pregen above what the rules model, or outside the campaign's
levels (a warning: the game still plays the sheet, too strong or too weak for the story)."""

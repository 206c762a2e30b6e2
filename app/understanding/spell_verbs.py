"""A spell called by what it does to its mark, in a fight: "freeze the one closest to
Thorin" is the caster's one frost cantrip, "burn the injured wolf" a cleric's Sacred Flame,
"insult the one that's left" a bard's Vicious Mockery. A table takes the verb for the spell
when the caster has exactly one that does it, aimed at a foe; with two that fit ("burn
them" by one who has Fire Bolt and Burning Hands), or none, or a thing set alight, the line
is left to the other readings (a blow, a ruling, or a question which spell)."""

from __future__ import annotations

import re

from app.understanding.readings import Context
from rules.conditions import Condition
from rules.srd import srd

_VERBS: dict[str, tuple[str, ...]] = {
    "fire": ("burn", "burns", "torch", "torches", "scorch", "scorches", "fry", "fries",
             "ignite", "ignites", "incinerate", "incinerates", "set fire to", "sets fire to",
             "set alight", "sets alight", "flame", "flames", "singe", "singes"),
    "cold": ("freeze", "freezes", "frost", "frosts", "chill", "chills", "ice", "ices"),
    "lightning": ("shock", "shocks", "electrocute", "electrocutes"),
    "psychic": ("insult", "insults", "heckle", "heckles", "belittle", "belittles",
                "trash talk", "trash-talk", "trash talks", "cuss out", "cusses out"),
}  # fmt: skip
"""Verbs that name a kind of harm done to someone ("freeze", "burn", "insult")."""

_AT_START = {
    kind: re.compile(
        r"^(?:i |we |(?:\w+ )?then |and )?(?:\w+ly )?(?:" + "|".join(map(re.escape, verbs)) + r")\b"
    )
    for kind, verbs in _VERBS.items()
}
_FIERY_NAME = re.compile(r"\b(?:flame|fire|burning)\b", re.IGNORECASE)
"""A spell whose name says it burns, whatever its damage is called (Sacred Flame)."""


def spell_by_verb(ctx: Context) -> tuple[int, str] | None:
    """(position, spell id) of the caster's one spell that does what the clause's verb says
    to a foe, in a fight; ``None`` when the verb names no harm or more spells than one fit."""
    if not ctx.scope.fighting:
        return None
    sheet = ctx.state.party.get(ctx.actor or "")
    if sheet is None or not sheet.spells:
        return None
    for kind, pattern in _AT_START.items():
        said = pattern.match(ctx.said)
        if said is None:
            continue
        fitting = harming(sheet.spells, kind)
        if not fitting and kind == "fire":  # "burn it", by a cleric: Sacred Flame
            table = srd().spells
            fitting = [
                s for s in harming(sheet.spells, None) if _FIERY_NAME.search(table.get(s).name)
            ]
        rest = ctx.said[said.end() :]
        at_a_thing = ctx.named("feature", "item_here", "exit", text=rest) and not ctx.named(
            "creature", text=rest
        )  # "set fire to the spilled ale": a thing burnt, no spell at a foe
        return (said.end() - 1, fitting[0]) if len(fitting) == 1 and not at_a_thing else None
    return None


_UNSEEN = re.compile(
    r"\b(?:make|makes|making|turn|turns|turning|render|renders)\s+(?:[\w']+\s+){1,2}?invisible\b|"
    r"\b(?:go|goes|going|turn|turns|turning|become|becomes|becoming|vanish|vanishes)\s+"
    r"invisible\b"
)
"""Someone made unseen ("make Thorin invisible", "Aria turns invisible")."""
_HELD_FAST = re.compile(
    r"\b(?:freeze|freezes|freezing|hold|holds|holding|lock|locks|locking|pin|pins|root|roots)"
    r"\s+(?:[\w']+\s+){1,3}?(?:in place|still|to the spot|where (?:he|she|it|they) stands?)\b|"
    r"\bparaly[sz](?:e|es|ing)\b|\bwords? of binding\b"
)
"""Someone held fast by magic ("freeze him in place", "paralyse the boss")."""
_EFFECTS = ((_UNSEEN, Condition.INVISIBLE), (_HELD_FAST, Condition.PARALYZED))


def spell_by_effect(ctx: Context) -> tuple[int, str] | None:
    """(position, spell id) of the caster's one spell that does to its mark what the line
    says (makes it invisible, holds it fast); ``None`` otherwise."""
    sheet = ctx.state.party.get(ctx.actor or "")
    if sheet is None:
        return None
    table = srd().spells
    for pattern, condition in _EFFECTS:
        said = pattern.search(ctx.said)
        if said is None:
            continue
        doing = [s for s in sheet.spells if s in table and condition in table.get(s).conditions]
        return (said.start(), doing[0]) if len(doing) == 1 else None
    return None


def harming(spells: list[str], kind: str | None) -> list[str]:
    """The spells of these that deal damage of that kind (of any kind, for ``None``)."""
    table = srd().spells
    return [
        sid
        for sid in spells
        if sid in table
        and (spell := table.get(sid)).damage
        and not spell.heal
        and (kind is None or str(spell.damage_type) == kind)
    ]

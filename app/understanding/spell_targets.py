"""Whom a spell is cast at when the words do not name it plainly: friends for a helping
spell cast at nobody named ("bless the girls"), the foes a spell of several darts is
spread over ("magic missile at the rats"), and a name nobody here has ("healing word on
corin", out on the sand)."""

from __future__ import annotations

import re

from app.understanding.readings import Context
from app.understanding.targets import plural
from rules.srd import srd


def allies(ctx: Context, spell: str) -> list[str]:
    """Whom a helping spell cast at nobody named is for: the caster and the friends still
    up, as many as it takes."""
    standing = [c for c, s in ctx.state.party.items() if s.vitals.hp > 0]
    friends = [c for c in standing if c != ctx.actor]
    first = [ctx.actor] if ctx.actor in standing else []
    many = srd().spells.get(spell).targets if spell in srd().spells else 1
    return [*first, *friends][: max(1, many)]


def spread_over(ctx: Context, spell: str, picked: tuple[str, ...]) -> tuple[str, ...]:
    """The foes a spell of several darts or rays is spread over, or an area spell is aimed
    at, when the line speaks of several ("at the rats", "one at each", "burning hands at both
    goblins"): every standing foe of the kind named (or every foe), up to the spell's darts;
    () when it names one."""
    spec = srd().spells.get(spell) if spell in srd().spells else None
    if spec is None or not (spec.beams >= 2 or spec.area) or not ctx.scope.fighting:
        return ()
    if not (plural(ctx.said) or re.search(r"\b(?:each|every|spread|split)\b", ctx.said)):
        return ()
    foes = list(ctx.scope.of("creature"))
    said = {w.rstrip("s") for w in ctx.said.split()}
    named = [t for t in foes if said & {w.rstrip("s") for n in t.names for w in n.lower().split()
                                        if not w.isdigit()}]  # fmt: skip
    chosen = [t.id for t in (named or foes)]
    chosen = sorted(chosen, key=lambda c: c not in picked)  # the one picked first, if any
    return tuple(chosen[: spec.beams] if spec.beams >= 2 else chosen) if len(chosen) > 1 else ()


POINTED = re.compile(r"\b(?:him|his|her|them|their)\b")
"""Words that point a healing spell at someone."""


_AIMED_AT = re.compile(r"\b(?:on|at|to)\s+(?:the\s+|poor\s+)?([a-z][\w'-]+)\s*[.!?]*$")
_NOBODY_ELSE = frozenset({
    "me", "myself", "self", "him", "her", "them", "it", "us", "everyone", "everybody", "all",
    "yourself", "ourselves", "friend", "ally", "herself", "himself", "themself", "themselves",
})  # fmt: skip


def absent_person(ctx: Context) -> str | None:
    """Whom a spell is aimed at by a name nobody here has ("healing word on corin", out on
    the sand where Corin is no one the game can heal): that name, else ``None``."""
    aimed = _AIMED_AT.search(ctx.said)
    if aimed is None or aimed.group(1) in _NOBODY_ELSE:
        return None
    word = aimed.group(1)
    if ctx.named("member", "npc", "creature", "feature", "item_here", "carried", text=word):
        return None
    return word.capitalize()


def aimed_at_friend(ctx: Context, member: str) -> bool:
    """A harmful spell said to be put on a friend ("fire bolt at Thorin"): named after "at",
    "on" or "against", not only called to elsewhere in the line."""
    sheet = ctx.state.party.get(member)
    if sheet is None:
        return False
    names = "|".join(re.escape(w.lower()) for w in sheet.name.split())
    return re.search(rf"\b(?:at|on|against|onto)\s+(?:{names})\b", ctx.said) is not None


WORST_HURT = re.compile(
    r"\b(?:worst|most|badly|hurt(?:est)?|wounded|injured|bleeding|bloodied|weakest|lowest)\b"
)
"""Words that single out who is hurt ("whoever is hurt worst", "the most wounded")."""

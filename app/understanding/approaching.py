"""Walking up to someone or something, read as a DM reads it: up to a person of the story
is a word with them, up to a thing a look at it, and in a fight up to a foe is closing to
blade's reach of it — named, or by what it is doing or what is wrong with it ("step over
to the sleeping ones")."""

from __future__ import annotations

import re

from app.understanding.intent import Intent
from app.understanding.readings import Context
from app.understanding.targets import pick_creatures
from app.understanding.words import has_phrase

_AS_THEY_ARE = re.compile(
    r"\b(?:sleeping|asleep|unconscious|wounded|hurt|bleeding|prone|awake|other|others|rest)\b"
)
"""Foes told by how they are ("the sleeping ones"), a few of them alike: the first of them."""


def approached(ctx: Context, towards: str) -> Intent | None:
    """Walking up to someone is a word with them; up to a thing, a look at it; up to a foe
    in a fight, a step to its side."""
    foes = ctx.named("creature", text=towards) if ctx.scope.fighting else []
    thing = ctx.named("feature", "creature", text=towards)
    if foes and thing and thing[0].kind == "feature":  # "toward the bell rope": the rope,
        return ctx.intent("examine", targets=(thing[0].id,))  # not the bell warden by it
    if ctx.scope.fighting and not foes and not thing:  # "over to the sleeping ones": as told
        told = re.split(r"\b(?:and|then|to)\b", towards)[0]  # (not "… and shoot thrall 1")
        picked = pick_creatures(told, ctx.scope, ctx.state, ctx.vocab)
        if picked.ids and not picked.missing and (picked.named or _AS_THEY_ARE.search(told)):
            foes = [t for t in ctx.scope.of("creature") if t.id in picked.ids[:1]]
    if foes:  # "moves up to the chief" in a fight: to blade's reach of him
        return ctx.intent("manoeuvre", action="engage", targets=(foes[0].id,), confidence=0.8)
    npcs = ctx.named("npc", text=towards)
    present = ctx.scope.of("npc")
    person = any(has_phrase(towards, w) for words in ctx.vocab.people.values() for w in words)
    person = person or re.match(r"(?:her|him|them)\b", towards) is not None  # ("up to her")
    if not npcs and person and len(present) == 1:
        npcs = present  # "up to the woman on the quay", the one person here
    if npcs:
        return ctx.intent("talk", targets=(npcs[0].id,), confidence=0.8)
    things = ctx.named("feature", "creature", text=towards)
    return ctx.intent("examine", targets=(things[0].id,)) if things else None

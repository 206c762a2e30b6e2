"""A look at something: which thing of the scene a look is at — the one named after the
verb, else the one named last before it ("drift over to the trapdoor and look closely at
the marks"), the first of things named alike in a short line, the one thing with writing
on it for "the inscription" — or a way looked out of, or a foe looked over."""

from __future__ import annotations

import re

from app.understanding.intent import Intent
from app.understanding.mentions import mention
from app.understanding.readings import Context
from app.understanding.scope import Thing, ThingKind
from app.understanding.targets import pick_creatures
from app.understanding.ways import crept_past, move
from app.understanding.words import has_phrase, phrase_at
from app.world import view
from rules.damage import LifeState

SIGHT = frozenset({"look", "looks", "peer", "peers", "stare", "stares", "gaze", "gazes",
                   "glance", "glances", "peek", "peeks", "peep", "peeps", "squint", "squints",
                   "watch", "watches"})  # fmt: skip
"""Verbs of only looking: "look up at the lighthouse", "peer down the hole" go nowhere."""
_PAGED_BACK = re.compile(
    r"\b((?:flip|flick|leaf|page|thumb|skim|read|look|glance|turn|go|goes|went)\w*)\s+back\s+"
    r"(through|over)\b"
)
"""Pages turned back ("flips back through the pages", "turn back through the years"): no
way back."""


def examine(ctx: Context, at: int) -> Intent:
    """The look the words from ``at`` take: at what, or out of which way."""
    kinds: tuple[ThingKind, ...] = (
        "feature", "npc", "creature", "item_here", "exit", "carried", "member"
    )  # fmt: skip
    # "flips back through the pages": back through them, no way back
    paged = _PAGED_BACK.sub(r"\1 \2", ctx.said)
    seen = _PAGED_BACK.sub(r"\1 \2", ctx.said[at:])
    things = ctx.named(*kinds, text=seen)
    if not things:  # "… drift over to the trapdoor and look closely at the marks": what
        # was named last before the look, nothing named after it
        before = paged[: len(paged) - len(seen)]
        things = ctx.named(*kinds, text=paged)
        things.sort(key=lambda t: (t.kind == "exit", -_named_last(before, t)))
    # "look out to sea": the sea a feature names before the shore steps it leads to; of
    # things named alike, the first ("the millstone the old man sits on": the stone)
    short = len(seen.split()) <= 20  # (a paragraph's look is at what it ends on)
    things.sort(key=lambda t: (t.kind == "exit", _named_at(seen, t) if short else 0))
    ways = {"outside", "inside", "out", "in", "up", "down", "back"}
    looking = seen.split()[:1] and seen.split()[0] in SIGHT
    # the direction goes with the verb ("look out", "check outside"), never one said before
    # it ("I'll hang back and watch the lighthouse" goes nowhere)
    if things and things[0].kind == "exit" and ways & set(seen.split()[:3]) and not looking:
        # (the way just after the verb: "bandage her *up*" at the end of the line is none)
        return move(ctx, 0) or ctx.intent("examine", targets=(things[0].id,))
    if (things and things[0].kind == "creature") or (not things and ctx.scope.of("creature")):
        pick = pick_creatures(ctx.said, ctx.scope, ctx.state, ctx.vocab)
        if pick.ids and (things or pick.missing):  # ("search goblin 2's body": the fallen)
            return ctx.intent("examine", targets=pick.ids)
    crept = crept_past(ctx, things[0].id) if things and things[0].kind == "exit" else None
    if crept is not None:  # "watches the goblins … slips along the wall toward the hide
        return crept  # curtain": the stealth that opens that way, told with a look first
    if things:
        return ctx.intent("examine", targets=(things[0].id,))
    named = mention(ctx.state, ctx.campaign, ctx.said[at:], ctx.vocab.stop)
    if named is not None:  # "examine the poker": a thing the scene's words name
        found = (named.feature,) if named.feature else ()
        return ctx.intent("examine", targets=found, topic=named.noun, confidence=0.9)
    described = any(has_phrase(ctx.said[at:], k) for k in ctx.vocab.descriptors)
    if described and ctx.scope.of("creature"):  # "look at the wounded one": that foe
        pick = pick_creatures(ctx.said[at:], ctx.scope, ctx.state, ctx.vocab)
        if pick.exact and len(pick.ids) == 1:
            return ctx.intent("examine", targets=pick.ids)
    fallen = _the_fallen(ctx, at)
    if fallen is not None:  # "search the dead one", "check the body": the one lying dead
        return ctx.intent("examine", targets=(fallen,), confidence=0.9)
    written = _written_on(ctx, at)
    if written is not None:  # "read the inscription": the bell whose lip bears letters
        return ctx.intent("examine", targets=(written,), confidence=0.9)
    return ctx.intent("examine", confidence=0.9)


_FALLEN = re.compile(r"\b(?:dead (?:one|guy|thing)|body|corpse|carcass|remains)\b")
"""A foe that lies dead, named only as such ("search the dead one")."""


def _the_fallen(ctx: Context, at: int) -> str | None:
    """The only creature of this place that lies dead, when the look names a body."""
    if _FALLEN.search(ctx.said[at:]) is None:
        return None
    here = ctx.state.scene.id
    dead = [cid for cid, c in ctx.state.creatures.items()
            if c.vitals.state is LifeState.DEAD and c.scene in ("", here)]  # fmt: skip
    return dead[0] if len(dead) == 1 else None


def _named_last(text: str, thing: Thing) -> int:
    """Where the text last names the thing by a whole name (-1 when it does not)."""
    return max((f" {text} ".rfind(f" {n} ") for n in thing.names), default=-1)


def _named_at(text: str, thing: Thing) -> int:
    """Where the text first names the thing (its end when it does not by a whole name)."""
    return min((at for n in thing.names if (at := phrase_at(text, n)) >= 0), default=len(text))


_WRITING = frozenset({"inscription", "inscriptions", "writing", "words", "letters",
                      "lettering", "engraving", "carving", "carvings", "runes", "script",
                      "markings"})  # fmt: skip
"""Words for writing on a thing."""
_WRITTEN = re.compile(
    r"\b(?:letters|lettering|words|written|writing|inscribed|inscription|carved|engraved|runes?)\b"
)
"""A thing's own text saying writing is on it."""


def _written_on(ctx: Context, at: int) -> str | None:
    """The one thing here with writing on it, for a look at "the inscription"."""
    if not _WRITING & set(ctx.said[at:].split()) or ctx.campaign is None:
        return None
    here = view.features_here(ctx.state, ctx.campaign)
    bearing = [fid for fid, f in here.items() if _WRITTEN.search(f.text.lower())]
    return bearing[0] if len(bearing) == 1 else None

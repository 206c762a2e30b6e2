"""The Ready action as players say it: "I ready an attack for when the goblin comes through
the door", "I wait for it to come closer and then stab it", "hold my action until the orc
moves", "ready a fire bolt at the first one that shows up".

Read as a ``manoeuvre`` with ``action="ready"``: the creature watched (if the line names
one) is the target, a spell it names is readied instead of an attack, and ``extra`` holds
what the engine should watch for (``approach``, ``move``, ``attack``, ``cast`` or
``other``) and the trigger in the player's words. Only in a fight: outside one, waiting
for something is just part of the story.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from app.understanding.intent import Intent
from app.understanding.readings import Context
from app.understanding.spells import spell_mentioned
from app.understanding.targets import named_creatures, pick_creatures
from app.understanding.words import has_phrase, phrase_at

_SAID = {"approach": "comes close", "move": "moves", "attack": "attacks", "cast": "casts"}


def _first(text: str, phrases: tuple[str, ...]) -> tuple[int, str] | None:
    """The earliest phrase in the text (the longest, of those starting there)."""
    found = [(at, -len(p), p) for p in phrases if (at := phrase_at(text, p)) >= 0]
    if not found:
        return None
    at, _, phrase = min(found)
    return at, phrase


_TO_DO = re.compile(
    r"^to (?!(?:come|get|move|close|attack|strike|charge|cast|step)\w* "
    r"(?:closer|near|nearer|in|within|at me|at us)\b)\w+"
)
"""What one is ready to do, said with no "when" ("ready to cast sleep on them")."""


_FIRST_TO = re.compile(r"\bthe first \w+ (?:that|to|who|which)\b")
"""Whichever of them does it first, not the one numbered first."""


def readying(ctx: Context) -> Intent | None:
    """The line readies an action, or ``None``."""
    words = ctx.vocab.readying
    said = ctx.said
    if not words:
        return None
    cue = _first(said, words.get("cue", ()))
    if cue is None:
        return None
    if ctx.state.encounter is None:  # "waits in the shadows, ready to cast sleep if things
        # go bad": a plan, told; nothing cast and no fight begun
        planned = re.search(r"\b(?:if|in case|should)\b", said[cue[0] :]) is not None
        return ctx.intent("improvise", action="auto", extra=("free", "0"),
                          confidence=0.8) if planned else None  # fmt: skip
    at, phrase = cue
    before = said[:at].split()[-1:]
    if before and before[0] in words.get("not_before", ()):
        return None  # "doesn't wait for them", "he'll be ready for the next one"
    rest = said[at + len(phrase) :].strip()
    waiting = phrase in words.get("waiting", ())
    acting = any(
        has_phrase(said, w) for w in (*ctx.vocab.verbs.get("attack", ()), *words.get("act", ()))
    )
    if waiting and not acting and spell_mentioned(ctx, True) is None:
        return None  # "I wait for them to come to me": waiting, with nothing readied
    when = _first(rest, words.get("when", ()))
    if when is not None:
        trigger = rest[when[0] :].strip()
        for lead in (
            "just in case ",
            "in case ",
            "for when ",
            "when ",
            "until ",
            "till ",
            "til ",
            "for ",
        ):
            if trigger.startswith(lead) and len(trigger) > len(lead):
                trigger = trigger[len(lead) :]
                break
    elif waiting and rest and not _TO_DO.match(rest):
        trigger = rest
    else:
        return None  # ("I get ready to cast sleep on them": the spell, cast; no trigger)
    for cut in (" and then ", " then ", " and ", " i ", " ill "):  # "… closer and then stab it"
        if cut in f" {trigger} ":
            trigger = f" {trigger} ".split(cut, 1)[0].strip()
            break
    if not trigger:
        return None
    watch = next(
        (kind for kind in ("attack", "cast", "approach", "move")
         if any(has_phrase(trigger, w) for w in words.get(kind, ()))),
        "other",
    )  # fmt: skip
    named = [t.id for t in named_creatures(trigger, ctx.scope)]
    anyone = any(has_phrase(trigger, w) for w in words.get("anyone", ()))
    anyone = anyone or _FIRST_TO.search(trigger) is not None  # "the first rat that moves"
    picked = pick_creatures(trigger, ctx.scope, ctx.state, ctx.vocab) if named else None
    if anyone:  # "whichever wolf charges first": any of them, not wolf 1
        picked = None
    watched = picked.ids[0] if picked is not None and picked.exact and picked.ids else None
    if watch == "other" and watched is not None:
        watch = "approach"  # "ready an attack for the goblin": when it comes
    found = spell_mentioned(ctx.with_said(said), True)
    spell = found[1] if found is not None else None
    if waiting and when is None and watch != "other":  # "wait for it to come closer"
        who = "a foe" if watched is None else ctx.state.name_of(watched)
        trigger = f"{who} {_SAID[watch]}"
    return ctx.intent(
        "manoeuvre", action="ready", targets=(watched,) if watched else (), spell=spell,
        extra=(watch, trigger),
    )  # fmt: skip


_THEN_READY = re.compile(
    r"^(?P<head>.+?)(?:,\s*|\s+)(?:and\s+)?(?:then\s+|(?<=and )|(?<=and\s))(?P<tail>(?:i\s+)?"
    r"(?:ready|readies|hold|holds|wait|waits)\b.*)$",
    re.IGNORECASE | re.DOTALL,
)
"""A deed, then the action readied ("I back off out of reach, then ready a fire bolt …",
"take cover behind the casks and wait for a rat to come at me, then stab it")."""
_FIRST_DEEDS = frozenset({"manoeuvre", "move", "cast", "feature", "use", "attack", "take", "drop"})
"""Deeds a line may tell before the action it readies."""


def readied_after(whole: Intent, text: str, read: Callable[[str], Intent]) -> Intent:
    """The line read as one readied action (``whole``), or, when a deed of its own comes
    first ("I back off out of reach, then ready a fire bolt for the first rat that comes
    close"), that deed and then the readied action: the step is never dropped."""
    found = _THEN_READY.match(text.strip())
    if found is None:
        return whole
    head = read(found.group("head"))
    if head.kind not in _FIRST_DEEDS or head.confidence < 0.7:
        return whole  # ("wait for a rat to come at me, then stab it": one readied action)
    return replace(head, then=(*head.then, replace(whole, text=found.group("tail"))))

"""Which of the campaign's own challenges an improvised deed is: "pry the hasp off with the
poker" forces the trapdoor, "get that light going" lights the lamp. The author's DC and
outcomes then stand, not a ruling of the referee's; a deed done for something else ("stamp
on the trapdoor to scare whatever's below"), or on the way somewhere ("climb up to the lamp
room"), is none."""

from __future__ import annotations

import re

from app.understanding.deeds import Deed, after_verb
from app.understanding.intent import Intent
from app.understanding.readings import Context

CLIMBING_TO = re.compile(
    r"\b(?:climb|climbs|climbing|clamber|clambers)\s+(?:up|down)?\s*"
    r"(?:the (?:ladder|stairs|steps|stair|rungs|tower|ramp)\s+)?(?:to|into)\b"
)
"""Climbing to a place ("climb up to the lamp room"): the stairs taken, no wall scaled."""
UP_A_LADDER = re.compile(
    r"\b(?:climb|climbs|climbing|clamber|clambers)\s+(?:up\s+|down\s+)?(?:the|a)\s+"
    r"(?:(?:last|first|next|few|green|wooden|old|stone|narrow)\s+)*"
    r"(?:ladder|stairs|steps|stair|rungs|staircase)\b"
)
"""Climbing a way made for climbing ("climbs the last green rungs"): no roll for it."""
_SNEAKING_UP = re.compile(
    r"\b(?:sneak|sneaks|creep|creeps|tiptoe|tiptoes|slip|slips)\s+(?:up|round|around|closer)\b"
)
"""Sneaking up to someone, to do something to them: no way past them."""


_ONTO = re.compile(r"\bclimb\w*\s+(?:up\s+)?(?:on top of|onto|on to|atop|up on)\b")
"""Climbing onto a thing ("on top of the mound"): up on it, never at its door."""


def authored(ctx: Context, deed: Deed, target: str | None) -> Intent | None:
    """The campaign's own challenge for the deed, when one is open here on the same thing
    with the same skill ("pry the hasp off with the poker" is forcing the trapdoor, "get
    that light going" is lighting the lamp): the author's DC and outcomes, not a ruling."""
    campaign = ctx.campaign
    if campaign is None or (target is not None and ctx.scope.get(target, "feature") is None):
        return None
    if deed.key == "dig":
        return None  # digging at a thing is never the thing's own challenge (its door)
    if deed.key == "climb" and CLIMBING_TO.search(ctx.said):
        return None  # "climb up to the lamp room": going there, not lighting the lamp yet
    if deed.key == "sneak" and _SNEAKING_UP.search(ctx.said):
        return None  # "creeps up behind them and pinches their dice": up to them, not past
    if _MEANT_FOR_ELSE.search(ctx.said):
        return None  # "stamp on the trapdoor to scare whatever's below": not to force it
    feature = ctx.scope.get(target or "", "feature")
    if feature is not None:
        words = {w for n in feature.names for w in n.split() if len(w) > 3}
    else:  # "pry the hasp off": a part of the thing the challenge is about
        words = {w for w in ctx.said.split()[1:] if len(w) > 3 and w not in ctx.vocab.stop}
    object_words = _OBJECT_ENDS.split(after_verb(ctx.said, deed), maxsplit=1)[0].split()
    done_to = [w for w in object_words if w not in ctx.vocab.stop and len(w) > 3]
    # the thing's own word, last before the object ends ("the cold *grate* so he warms up")
    head = done_to[-1] if feature is None and done_to else None
    if head is not None and re.search(rf"\b(?:my|our) (?:\w+ )?{re.escape(head)}\b", ctx.said):
        head = None  # "light my lantern": one's own, not the lighthouse's "lantern room"
    fits = []
    for thing in ctx.scope.of("challenge"):
        spec = campaign.challenges[thing.id]
        named = " ".join([spec.name, *spec.provoked_by]).lower()
        told = " ".join([spec.success.text or "", spec.failure.text or ""]).lower()
        same_skill = deed.key == "light" or (
            deed.skill != "auto" and (spec.skill is None or deed.skill == spec.skill.value)
        )  # (or strength put to the very thing: "pull up the loose flagstone" searches it)
        same_skill = same_skill or (deed.key == "heave" and feature is not None)
        in_name = any(re.search(rf"\b{re.escape(w)}", named) for w in words)
        # the outcome's words count only without a feature, and only for what the deed is
        # done to: "pry the *hasp*" (the trapdoor's), not "light a fire in the *cold* grate"
        in_told = head is not None and re.search(rf"\b{re.escape(head)}", told) is not None
        over_it = deed.key == "climb" and _ONTO.search(ctx.said) and "climb" not in named
        if same_skill and (in_name or in_told) and not over_it:
            fits.append(thing.id)  # (climbing the barrow mound is no heaving at its door)
    if len(fits) > 1 and deed.key == "heave":  # the trapdoor heaved: forced, not picked
        fits = [f for f in fits if (k := campaign.challenges[f].skill) and k.value == deed.skill]
    if len(fits) > 1:  # two deeds on one thing (ring the bell, cut it down): the one said
        fits = [f for f in fits if _said_like(ctx, deed, campaign.challenges[f].provoked_by)]
    shutting = set(ctx.said.split()[:3]) & _SHUTTING
    if shutting:  # "slam the trapdoor" behind us: shut, not forced open
        fits = [f for f in fits if shutting & set(campaign.challenges[f].name.split())]
    if not fits and deed.key == "sneak" and target is None and not ctx.scope.fighting:
        # "creeps forward, holds her breath, and slips by": the one stealthy way on here
        quiet = [t.id for t in ctx.scope.of("challenge")
                 if (skill := campaign.challenges[t.id].skill) is not None
                 and skill.value == "stealth"]  # fmt: skip
        fits = quiet if len(quiet) == 1 else []
    if len(fits) != 1:
        return None
    return ctx.intent("challenge", targets=(fits[0],), confidence=0.75)


_OBJECT_ENDS = re.compile(
    r"\b(?:so|to|and|with|for|because|while|then|until|before|after|into|onto|from|at|on|in)\b"
)
"""Where the words a deed is done to end ("the hasp off *with* the poker")."""
_MEANT_FOR_ELSE = re.compile(
    r"\b(?:to|so as to|in order to) (?:scare|frighten|startle|spook|warn|alert|wake|signal|"
    r"distract|test|hear|listen|check|find out|see if|see whether|learn)\b"
)
"""A deed's purpose said, that is no challenge's aim: done to a thing for something else."""


_SHUTTING = frozenset({"slam", "slams", "shut", "shuts", "close", "closes", "bar", "bars",
                       "bolt", "bolts"})  # fmt: skip
"""Verbs that shut a thing: never the challenge of getting it open."""


AKIN = (
    frozenset({"push", "shove", "pull", "heave", "haul", "yank", "tug", "swing", "rock"}),
    frozenset({"break", "smash", "cut", "chop", "hack", "saw", "drop", "shatter", "sever"}),
)
"""Verbs that do the same to a thing: moving it by force, or breaking it."""


def _said_like(ctx: Context, deed: Deed, provoked_by: list[str]) -> bool:
    """Whether the line does what the challenge is provoked by: one of its verbs said
    ("… and makes it *ring*"), or one akin to it ("a *shove*" swings the bell as a *pull*
    on its rope does; a *hack* at the beam cuts it down)."""
    verbs = {p.split()[0] for p in provoked_by if p.split()}
    words = ctx.said.split()  # (a verb told of a third person: "shoves", "rings")
    said = (
        set(words)
        | {w[:-1] for w in words if w.endswith("s")}
        | {w[:-2] for w in words if w.endswith("es")}
    )
    if verbs & said:
        return True
    return any(verbs & group and said & group for group in AKIN)


_RESULT = re.compile(
    r"\b(?:so|so that|until|till|and)\s+(?:it|the \w+)\s+(?P<result>\w+(?:\s+\w+){0,3})"
)
"""The end a deed is done for, told as what the thing then does ("throws her weight into
it *so it swings out and rings*")."""


def sought(ctx: Context) -> Intent | None:
    """The one challenge of the scene whose own verb is the end the line's deed is done for
    ("… so it swings out and rings": ringing the bell), when nothing else read the deed."""
    campaign = ctx.campaign
    if campaign is None or ctx.scope.fighting:
        return None
    results = {w[:-1] for m in _RESULT.finditer(ctx.said) for w in m["result"].split()
               if w.endswith("s")}  # fmt: skip
    results |= {w for group in AKIN if results & group for w in group}  # swings: is pulled
    if not results:
        return None
    fits = [
        t.id for t in ctx.scope.of("challenge")
        if results & {p.split()[0] for p in campaign.challenges[t.id].provoked_by if p.split()}
    ]  # fmt: skip
    return ctx.intent("challenge", targets=(fits[0],), confidence=0.7) if len(fits) == 1 else None


def up_a_way(said: str) -> bool:
    """Whether the clause climbs to a place or up a way made for climbing: no roll for it."""
    return CLIMBING_TO.search(said) is not None or UP_A_LADDER.search(said) is not None

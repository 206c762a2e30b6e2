"""A check asked for by its skill's name: "I roll persuasion on Grubnak", "stealth check",
"make an insight check on Wendel", "Survival check on the tracks". Players who know the
game ask for the roll rather than tell the deed; a DM hears the deed the roll is for.

The campaign's own challenge won by that skill here is the ruling when there is one (the
parley with Grubnak is a Persuasion challenge; slipping past the guards a Stealth one).
Else the roll is the improvised deed of that skill on what the words name (an Insight
check on Wendel), a look around for an eye kept open ("roll perception"), or, with
nothing named to do it to, a question back: what is the roll for?"""

from __future__ import annotations

import re

from app.understanding.intent import Intent
from app.understanding.readings import Context, topic_of
from app.understanding.scope import ThingKind
from rules.skills import Skill

_SKILL_WORDS = {
    "acrobatics": "acrobatics",
    "animal handling": "animal_handling",
    "arcana": "arcana",
    "athletics": "athletics",
    "deception": "deception",
    "history": "history",
    "insight": "insight",
    "intimidation": "intimidation",
    "intimidate": "intimidation",
    "investigation": "investigation",
    "investigate": "investigation",
    "medicine": "medicine",
    "nature": "nature",
    "perception": "perception",
    "performance": "performance",
    "persuasion": "persuasion",
    "persuade": "persuasion",
    "religion": "religion",
    "sleight of hand": "sleight_of_hand",
    "stealth": "stealth",
    "survival": "survival",
}
_SKILL = "|".join(sorted(_SKILL_WORDS, key=len, reverse=True))
_ASKED = re.compile(
    rf"^(?:i(?:'ll| will)? |we(?:'ll| will)? |let me |lemme |i want to |i'd like to |gonna )?"
    rf"(?:(?:roll|rolls|make|makes|do|try|attempt|go for)\s+(?:a |an |my |for )?(?P<a>{_SKILL})"
    rf"(?:\s+(?:check|roll|test|save))?|(?P<b>{_SKILL})\s+(?:check|roll|test))"
    rf"(?:\s+(?:on|at|to|for|against|with|of|about)\s+(?P<on>[^,.;!?]+))?\s*(?:[,.;!?].*)?$"
)
"""A skill's roll asked for by name, and what it is on."""
_DEED_OF_SKILL = {
    "persuasion": "sway",
    "intimidation": "cow",
    "deception": "bluff",
    "insight": "insight",
    "stealth": "sneak",
    "athletics": "heave",
    "acrobatics": "balance",
    "investigation": "search",
    "perception": "listen",
    "survival": "track",
    "medicine": "tend",
    "history": "recall",
    "arcana": "recall",
    "religion": "recall",
    "nature": "recall",
    "performance": "perform",
    "sleight_of_hand": "palm",
    "animal_handling": "soothe_beast",
}
"""The improvised deed a roll of each skill stands for, when no challenge is its ruling."""
_WORDS = frozenset({"persuasion", "intimidation", "deception"})
_LOOKING = frozenset({"perception", "investigation"})


def named_check(ctx: Context) -> Intent | None:
    """The deed a check asked for by its skill's name stands for, or ``None`` when the line
    asks for no check by name."""
    typed = " ".join(re.sub(r"[^\w\s'.,;!?]", " ", ctx.raw.lower()).split())  # (its commas)
    asked = _ASKED.match(typed) or _ASKED.match(ctx.said)
    if asked is None:
        return None
    skill = _SKILL_WORDS[asked["a"] or asked["b"]]
    on = (asked["on"] or "").strip()
    kinds: tuple[ThingKind, ...] = ("npc", "creature", "feature", "item_here", "member", "exit")
    named = ctx.named(*kinds, text=on) if on else []
    target = named[0].id if len(named) == 1 else None
    people = ctx.scope.of("npc")
    if on in ("him", "her", "them", "it") and len(people) == 1 and not ctx.scope.fighting:
        target = people[0].id  # "roll insight on her": the one person here
    if not on and skill in {*_WORDS, "insight"} and len(people) == 1 and not ctx.scope.fighting:
        target = people[0].id  # "roll intimidation", with one person here: at them
    challenge = _challenge_of(ctx, skill, target)
    if challenge is not None:
        return ctx.intent("challenge", targets=(challenge,), confidence=0.85)
    npc = ctx.scope.get(target or "", "npc") is not None
    if npc and skill in _WORDS and not ctx.scope.fighting:
        # words to a person of the story are the campaign's talk, as any plea or lie is
        return ctx.intent("talk", targets=(target,), topic=topic_of(ctx, target or ""),
                          confidence=0.75)  # fmt: skip
    if target is None and on:
        return ctx.intent("ask", confidence=0.3, note=f"nothing here goes by {on!r}")
    fallen = ctx.state.party.get(target or "")
    if skill == "medicine" and fallen is not None and fallen.vitals.hp <= 0:
        # "medicine check on aria" as she lies dying: the check that stabilizes her
        return ctx.intent("manoeuvre", action="stabilize", targets=(target,), confidence=0.85)
    if target is None and skill in _LOOKING and not ctx.scope.fighting:
        return ctx.intent("examine", confidence=0.8)  # "roll perception": a careful look
    if target is None and not (ctx.scope.fighting and skill in _WORDS):
        label = skill.replace("_", " ").title()
        return ctx.intent("ask", confidence=0.3, note=f"say what the {label} check is for")
    return ctx.intent("improvise", targets=(target,) if target else (), action=skill,
                      extra=(_DEED_OF_SKILL[skill], "15"), confidence=0.8)  # fmt: skip


def _challenge_of(ctx: Context, skill: str, target: str | None) -> str | None:
    """The one open challenge here won by this skill (about the thing named, when a
    thing of the scene is named)."""
    campaign = ctx.campaign
    if campaign is None:
        return None
    found = []
    for thing in ctx.scope.of("challenge"):
        spec = campaign.challenges.get(thing.id)
        if spec is None or spec.skill is None or spec.skill.value != skill:
            continue
        feature = ctx.scope.get(target or "", "feature")
        words = set(" ".join(feature.names).split()) if feature is not None else set()
        if words and not words & set(" ".join(thing.names).split()):
            continue  # ("investigation check on the casks": not the flagstone's search)
        found.append(thing.id)
    if not found and ctx.scope.get(target or "", "feature") is not None:
        return _kin_challenge(ctx, skill, target or "")
    return found[0] if len(found) == 1 else None


def _kin_challenge(ctx: Context, skill: str, feature: str) -> str | None:
    """The one open challenge about the thing named that a skill of the same ability wins
    ("arcana check on the rune", where quieting the rune is Religion — both Intelligence):
    the roll the player asks for is that attempt, made as the campaign rules it."""
    campaign = ctx.campaign
    thing = ctx.scope.get(feature, "feature")
    if campaign is None or thing is None:
        return None
    words = set(" ".join(thing.names).split())
    found = [
        t.id
        for t in ctx.scope.of("challenge")
        if (spec := campaign.challenges.get(t.id)) is not None
        and spec.skill is not None
        and spec.skill.ability == Skill(skill).ability
        and words & set(" ".join(t.names).split())
    ]
    return found[0] if len(found) == 1 else None

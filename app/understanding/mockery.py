"""Insults hurled at a foe in a fight by one who knows Vicious Mockery: the spell, told in
the player's own words ("Ivo tells the wolf it smells like a wet cheese and its mother was
a lapdog", "she tells it its haircut is the worst thing to wash up on this beach"). A bard's
insult in a fight is the cantrip, as a DM reads it; anyone else's is only words."""

from __future__ import annotations

import re
from functools import cache

from app.understanding.intent import Intent
from app.understanding.readings import WH, Context
from app.understanding.targets import named_creatures, pick_creatures
from app.world.fields import lexicon

MOCKERY = "vicious_mockery"

AT_A_FOE = re.compile(
    r"\b(?:tells?|telling|informs?|shouts? at|yells? at|calls?|jeers? at|taunts?|insults?|"
    r"mocks?|sneers? at|hurls? (?:an )?insults? at|says? to|"
    r"(?:hurls?|flings?|spits?|sings?|shouts?|yells?|sneers?) "
    r"(?:the |a |an |his |her |my )?(?:\w+ )?"
    r"(?:rhyme|insult|curse|taunt|jibe|jeer|verse|ditty|song))\b"
)
"""Words spoken to a foe (the insult itself is what makes them a mockery)."""
_BARBS = (
    "smell", "smells", "haircut", "your mother", "your mum", "its mother", "his mother",
    "her mother", "your face", "its face", "worst", "ugliest", "uglier", "lapdog", "cheese",
    "fat", "dumb", "stink", "stinks", "fleas", "filthiest", "filthy", "mother's", "mangy",
    "cruel", "cutting", "scathing", "biting", "withering", "savage", "vicious", "nasty",
)  # fmt: skip
"""Barbs beyond the insult field's words: what players mock a foe with."""


@cache
def _insults() -> frozenset[str]:
    spec = lexicon().fields.get("insult")
    words = set(spec.words) if spec is not None else set()
    return frozenset(words | set(_BARBS))


def mockery(ctx: Context) -> Intent | None:
    """Vicious Mockery at the foe the insult is hurled at, or ``None``."""
    sheet = ctx.state.party.get(ctx.actor or "")
    if not ctx.scope.fighting or sheet is None or MOCKERY not in sheet.spells:
        return None
    if AT_A_FOE.search(ctx.said) is None:
        return None
    first = re.sub(r"[^\w\s]", "", ctx.raw.lower()).split()[:1]
    if first and first[0] in WH and ctx.raw.rstrip().endswith("?"):
        return None  # "what DC do they save against when I mock them?": asked, no barb
    words = ctx.said.split()
    said = f" {ctx.said} "
    if not any(w in _insults() for w in words) and not any(f" {b} " in said for b in _BARBS):
        return None
    pick = pick_creatures(ctx.said, ctx.scope, ctx.state, ctx.vocab)
    named = named_creatures(ctx.said, ctx.scope) or re.search(r"\b(?:it|him|her|them)\b", said)
    if not pick.ids or not named:
        return None
    return ctx.intent("cast", spell=MOCKERY, targets=pick.ids[:1], confidence=0.85)

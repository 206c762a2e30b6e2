"""Places further off than a way from here: where a person not here is found, the way to
a place named that no way here leads straight to (said back with its first step), and
"home", the place the story began."""

from __future__ import annotations

import re

from app.understanding.intent import Intent
from app.understanding.readings import Context
from app.understanding.words import has_phrase, name_score
from app.world.campaign import Campaign

FAR = "there is no way from here to"
"""How the note of a going to a place further on begins (the first step is named after)."""


_TO_SEE = re.compile(
    r"^\w+(?: back| over| up| down| on)?(?: and)? (?:to see|to visit|to find|see|visit|find|"
    r"(?:to )?(?:talk|speak|chat) (?:to|with)|ask|to|back to|over to) (.+)$"
)
"""Going to see someone ("go see the priest", "head back to Berta"): the words name them."""


def where_someone_is(ctx: Context, rest: str) -> str | None:
    """The place of the campaign where a person the words name (not here) is found."""
    campaign = ctx.campaign
    sought = _TO_SEE.match(rest)
    if campaign is None or sought is None or ctx.named("npc", text=rest):
        return None
    rest = sought.group(1)
    for sid, scene in campaign.scenes.items():
        for pid in scene.npcs:
            person = campaign.npcs.get(pid)
            names = [person.name, *person.aliases] if person is not None else []
            if sid != ctx.state.scene.id and any(
                name_score(rest, n.lower(), ctx.vocab.stop) >= 1 for n in names
            ):
                return sid
    return None


_HOME = re.compile(r"\b(?:back )?home\b")


def home(ctx: Context, rest: str, shut: set[str]) -> Intent | None:
    """Going "home": the first step on the way to where the story began (the inn the
    potboy lives at); ``None`` when the words say no home, the party is there, or no open
    way here leads there."""
    campaign = ctx.campaign
    if campaign is None or not _HOME.search(rest):
        return None
    start = campaign.campaign.start
    if start == ctx.state.scene.id or start not in campaign.scenes:
        return None
    step = first_step(campaign, ctx.state.scene.id, start)
    ways = {w.id for w in ctx.scope.of("exit")} - shut
    return ctx.intent("move", targets=(step,), confidence=0.8) if step in ways else None


def the_way_to(ctx: Context, far: str) -> Intent:
    """Said back: no way from here leads straight to the far place, and which way here is
    the first step there (by the ways the campaign draws)."""
    campaign = ctx.campaign
    assert campaign is not None
    name = campaign.scenes[far].name
    step = first_step(campaign, ctx.state.scene.id, far)
    ways = {w.id: w for w in ctx.scope.of("exit")}
    if step is None or step not in ways:
        return ctx.intent("ask", confidence=0.45, note=f"{FAR} {name}")
    way = ways[step]
    via = campaign.scenes[step].name
    # (0.45: sure enough never to be read as some other deed, and read again after a move)
    return ctx.intent("ask", confidence=0.45,
                      note=f"{FAR} {name}: the way there is through "
                      f"the {way.name} ({via}) first")  # fmt: skip


def first_step(campaign: Campaign, here: str, far: str) -> str | None:
    """The scene next to ``here`` on the shortest way to ``far`` (``None``: no way). A way
    drawn from either end counts (the chapel's causeway is reached from the strand, though
    only the chapel names it)."""
    links: dict[str, set[str]] = {sid: set() for sid in campaign.scenes}
    for sid, scene in campaign.scenes.items():
        for way in scene.exits:
            if way.to in links:
                links[sid].add(way.to)
                links[way.to].add(sid)
    seen = {here}
    frontier = [(n, n) for n in sorted(links.get(here, ()))]
    while frontier:
        nxt = []
        for place, first in frontier:
            if place == far:
                return first
            if place in seen:
                continue
            seen.add(place)
            nxt += [(n, first) for n in sorted(links[place]) if n not in seen]
        frontier = nxt
    return None


def far_place(ctx: Context, rest: str) -> str | None:
    """A place of the campaign the words name that no way from here leads to (its id)."""
    campaign = ctx.campaign
    if campaign is None:
        return None
    here = campaign.scenes.get(ctx.state.scene.id)
    near = {e.to for e in here.exits} if here is not None else set()
    near |= {w.id for w in ctx.scope.of("exit")} | {ctx.state.scene.id}  # (a hidden way too)
    for sid, scene in campaign.scenes.items():
        name = scene.name.lower()
        words = [w for w in name.split() if w not in ctx.vocab.stop and w != "the"]
        if (
            sid not in near
            and words
            and any(has_phrase(rest, w) for w in (words[-1], f"{words[-1]}s"))
        ):
            return sid  # ("off to the woods": Blackthorn Wood)
    for scene in campaign.scenes.values():  # "… then down the shore steps" from the
        for way in scene.exits:  # lighthouse: the harbour's way on, by its own name
            name = way.name.lower()
            if way.to not in near and len(name.split()) > 1 and has_phrase(rest, name):
                return way.to
    return None

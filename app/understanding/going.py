"""Whose a going is, and where one that names no way goes: "as the sun goes down" is the
sun's; "let's go" with one way out of here takes it (but not as a plan said beside another
deed, "a prayer over the drowned before we go"); "go meet the chief" takes the way to him."""

from __future__ import annotations

import re

from app.understanding.intent import Intent
from app.understanding.readings import Context
from app.understanding.ways import shut_ways
from app.understanding.words import has_phrase

_WE_ALL = frozenset({"party", "group", "others", "rest", "team", "lot", "gang", "company"})


def another_goes(ctx: Context, at: int) -> bool:
    """The going at ``at`` is a thing's or a stranger's, said with its article ("as the
    sun goes down", "while the tide goes out"): nobody of the party goes anywhere (though
    "the party goes down" and "the others go back" do)."""
    before = ctx.said[:at].split()
    if len(before) < 2 or before[-2] not in ("the", "a", "an", "its", "his", "her", "their"):
        return False
    return before[-1] not in _WE_ALL and not ctx.named("member", text=before[-1])


ONLY_WAY = "the only way"
"""A going that names no way, taken by the one way out ("let's go" from the chapel) — but
not a plan said with another deed ("a prayer over the drowned before we go")."""


def only_way(ctx: Context) -> Intent | None:
    """Going, with one way out of here at all (and open, and no fight on): that way; going
    "across" where the place has one crossing to make: that crossing."""
    ways = ctx.scope.of("exit")
    if ctx.scope.fighting:
        return None
    crossings = [
        c for c in ctx.scope.of("challenge") if any(n.startswith("cross ") for n in c.names)
    ]
    if re.search(r"\bacross\b", ctx.said) and len(crossings) == 1:
        # "I lead the way across": over what the place has to cross, not back the way in
        return ctx.intent("challenge", targets=(crossings[0].id,), confidence=0.75)
    if len(ways) != 1 or ways[0].id in shut_ways(ctx):
        return None
    return ctx.intent("move", targets=(ways[0].id,), confidence=0.8, extra=(ONLY_WAY,))


def to_meet(ctx: Context) -> Intent | None:
    """ "go meet the chief", "go see Wendel": the way from here to where that person is."""
    if ctx.campaign is None or ctx.scope.fighting:
        return None
    for way in ctx.scope.of("exit"):
        scene = ctx.campaign.scenes.get(way.id)
        for nid in scene.npcs if scene is not None else ():
            npc = ctx.campaign.npcs.get(nid)
            names = [npc.name.lower(), *npc.aliases] if npc is not None else []
            if any(has_phrase(ctx.said, n.lower()) for n in names):
                return ctx.intent("move", targets=(way.id,), confidence=0.75)
    return None


HEADING = re.compile(
    r"\b(back|into|inside|outside|onward|onwards|we go|let's go|lets go|off to|on to|over to)\b"
    r"|^(?:up|down|across|along|through|over) "
)
"""Words that make a place named in a line somewhere to go ("back down to the harbour", "up
the headland path to the lighthouse")."""


_NOT_GOING = re.compile(
    r"\b(?:not|never|won't|wont|don't|dont|can't|cant|ain't|refuse to|no way (?:i'm|we're))"
    r"(?:\s+\w+){0,2}?\s+(?:go|going|goes|step|stepping|set foot|setting foot|head|heading)\b"
)


RETURNED = re.compile(
    r"\b(?:want|wants|wanted|need|needs|get|gets|got|give|gives|bring|brings|pay|pays|paid|"
    r"have|has|win|buy)\b(?:\s+(?!back\b)\S+){1,4}\s+back\b|\b(?:be|being)\s+back\b"
)
""""Back" that is a thing's return or one's own later, not a way taken now ("I want my dagger
back", "we'll be back with sausages")."""
_GIVING_BACK = re.compile(r"\b(?:give|gives|giving|hand|hands|handing|pay|pays|paying)\s+back\b")
_PUTTING = re.compile(
    r"^(?:i\s+|we\s+)?(?:put|puts|set|sets|place|places|lay|lays|return|returns|give|gives|hand|"
    r"hands|slip|slips|toss|tosses|leave|leaves|drop|drops|stuff|stuffs|wedge|wedges|jam|jams|"
    r"shove|shoves|stack|stacks|pile|piles|pour|pours|tip|tips|roll|rolls|drag|drags|block|"
    r"blocks|barricade|barricades|plug|plugs|fill|fills)\s+"
    r"(?!(?:my|our)self\b|(?:into|in|on|through|forward|ahead|onward|onwards|past|back)\b)"
)
"""A line that puts a thing somewhere ("stuff sacking into the tunnel mouth"): where it
goes is no way out."""


def going_nowhere(said: str) -> bool:
    """Words of going that take nobody anywhere: a thing put somewhere or given back, a
    going refused, a return that is a thing's or a later one's."""
    return bool(
        _PUTTING.match(said) or _GIVING_BACK.search(said) or not_going(said)
        or RETURNED.search(said)
    )  # fmt: skip


def not_going(said: str) -> bool:
    """The line says the going is not done ("I'm not going into that tunnel", "he's not
    going another step into goblin holes"): a place named with it is nowhere to go."""
    return _NOT_GOING.search(said) is not None


def headed_for(ctx: Context, target: str | None) -> bool:
    """The way's name follows a word of going, a few words on ("back down to the inn"), not
    "stomps out into the rain … digging near this inn": a going, but not to it."""
    way = ctx.scope.get(target or "", "exit")
    near = [ctx.said[m.start() : m.end() + 40] for m in HEADING.finditer(ctx.said)]
    return way is not None and any(has_phrase(text, n) for text in near for n in way.names)


_GOING_THERE = re.compile(
    r"^(?:i'm|im|i am|we're|we are|were)\s+(?:now\s+|just\s+)?going\s+"
    r"((?:up |down |back |over |out |off )?(?:to|into|through|towards?) "
    r"(?:the|a|an|that|this|our|my)\b|(?:inside|outside|home|upstairs|downstairs)\b)"
)
"""Going told as it happens ("I'm going up to the lighthouse"), not a plan ("I'm going to
look"): a going, said as one."""


def gone(said: str) -> str:
    """ "I'm going up to the lighthouse" read as "I go up to the lighthouse"."""
    going = _GOING_THERE.match(said)
    return f"i go {going.group(1)}{said[going.end() :]}" if going is not None else said

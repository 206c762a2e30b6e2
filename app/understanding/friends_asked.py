"""A line about another party member: who may make them act ("Wren, can you charm her?",
"Bless us before we go in, Sela?"), and whether it is put to them as a question."""

from __future__ import annotations

import re

from app.understanding.intent import Intent
from app.understanding.readings import HEARS, Context


def acting_for(ctx: Context, named: str) -> Intent | None:
    """A line about another party member: who may make them act. ``None`` when the
    player may (they play both, outside a fight or on that one's turn)."""
    state = ctx.state
    name = state.name_of(named)
    mine, theirs = state.controller_of(ctx.actor or ""), state.controller_of(named)
    bidden = _BIDDEN_SHORT.match(ctx.raw.strip()) is not None  # "Aria, sleep them!"
    if len(state.players) > 1 and mine != theirs and _asked_of(ctx, named) and not bidden:
        # "Wren, can you charm her?": words to a friend, whose player answers for them
        return ctx.intent("ask", confidence=0.5,
                          note=f"{name}{HEARS}{theirs} plays {name} and says what "
                               f"{name} does, on {theirs}'s turn")  # fmt: skip
    if len(state.players) > 1 and mine != theirs:  # another player's, whoever's turn it is
        return ctx.intent("refuse", character=named, confidence=0.9,
                          note=f"{name} is played by {theirs}")  # fmt: skip
    if mine == theirs and state.encounter is None and _asked_of(ctx, named, asking=True):
        # "Aria, can you cast something to open it?": the player plays both; the one asked
        # acts when the player says so, as them
        return ctx.intent("ask", confidence=0.5,
                          note=f"{name}{HEARS}{name} is yours to play as well: say what "
                               f"{name} does (\"{name}: …\")")  # fmt: skip
    if state.encounter is not None and state.encounter.current.id != named:
        now = state.encounter.current.name
        return ctx.intent("ask", character=named, confidence=0.3,
                          note=f"it is {now}'s turn, not {name}'s")  # fmt: skip
    return None


_BIDDEN_SHORT = re.compile(
    r"^[\w']+\s*,\s*(?!(?:watch|look|careful|run|duck|get down)\b)"
    r"[\w' ]{1,30}!+$"
)
"""A short order to a friend by name, a deed for them to do ("Aria, sleep them!", "Cass,
pray!"), not a warning shouted ("Bram, watch out!") nor a question."""


_ASKING_YOU = re.compile(
    r"\b(?:can|could|will|would|won't|wont|do|did|are|have) you\b|\?\s*$", re.I
)
"""Words that ask something of the one spoken to ("can you …", "… for us?")."""


_CALLING = r"(?:(?:hey|oi|ok|okay|so|um|uh|ugh|argh|well|right|look|listen)\W+)?"
"""Words before a name that calls someone ("hey Wren, …", "ugh. Thorin, …")."""
_LEAD = rf"^\W*{_CALLING}"

_REQUEST = r"(?:can|could|will|would) you\b"
"""A request put straight after a name with no comma ("Thorin can you smash it")."""


_ABOUT = (
    r"how|what|whats|what's|where|wheres|who|whos|why|when|which|are you|is|is it|"
    r"have you|do you have|did you|you ok|you okay|you alright|you all right"
)
"""A question about the one named, not a request of them."""


def called_last(ctx: Context) -> str | None:
    """The party member a question is put to by name at its end ("Bless us before we go
    in, Sela?"), other than the one speaking."""
    raw = ctx.raw.strip().lower()
    for member in ctx.scope.of("member"):
        if member.id != ctx.actor and any(
            re.search(rf",\s*{re.escape(n)}\s*\?+$", raw) for n in member.names
        ):
            return member.id
    return None


def _asked_of(ctx: Context, named: str, *, asking: bool = False) -> bool:
    """The line calls a party member by name, set off by a comma, and asks something of
    them ("Wren, can you charm her?", "Ivo, read the rune for us?") or shouts it: words to
    them."""
    member = ctx.scope.get(named, "member")
    names = member.names if member is not None else (ctx.state.name_of(named).lower(),)
    raw = ctx.raw.strip().lower()
    lead = re.match(_LEAD, raw)
    rest = raw[lead.end() if lead is not None else 0 :]
    called = any(rest.startswith((f"{n},", f"{n} ,", f"{n}!")) for n in names)
    # or called at the head of a later sentence, or straight into a request without a comma
    # ("ugh. Thorin can you just smash it")
    called = called or any(
        re.search(rf"(?:^|[.!?;]\s+){_CALLING}{re.escape(n)}(?:\s*[,!]|\s+{_REQUEST})", raw)
        for n in names
    )
    # or called last, asking: "Bless us before we go in, Sela?"
    called = called or any(re.search(rf",\s*{re.escape(n)}\s*\?+$", raw) for n in names)
    if asking:  # only asked as a question ("can you …?"), not bidden ("…, will you"), and
        # asked to do something, not about them ("Wren, how many hit points have you got?")
        about_them = re.match(rf"^\W*(?:{'|'.join(map(re.escape, names))})\W+(?:{_ABOUT})\b", rest)
        return called and raw.rstrip().endswith("?") and about_them is None
    # asked ("can you …?"), or shouted to them in the story ("Cass, grab Corin and pull him
    # out of the water!", "Bram, watch out!")
    return called and (bool(_ASKING_YOU.search(raw)) or raw.rstrip().endswith("!"))

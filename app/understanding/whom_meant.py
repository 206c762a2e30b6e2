"""Which foe a clause means when its words alone would pick the wrong one: "the other one"
after a blow this line already struck, and a demand put to a foe who can hear it."""

from __future__ import annotations

import re
from dataclasses import replace

from app.understanding.intent import Intent
from app.understanding.parse import understand_clause
from app.world.campaign import Campaign
from app.world.state import Creature, GameState


def _awake(foe: Creature) -> bool:
    """Standing and able to hear: not dead, gone, asleep or out cold."""
    held = {a.condition.value for a in foe.conditions}
    return foe.vitals.hp > 0 and not foe.left and not held & {"unconscious", "asleep"}


THE_OTHER = re.compile(r"\b(?:the|that) other(?: one| \w+)?\b(?!'s)", re.IGNORECASE)
"""A foe called "the other" (not "the other one's swing": what another foe does)."""


def the_other(read: list[Intent], state: GameState) -> list[Intent]:
    """ "Smash the rat that bit Aria, then hit the other one too": a later blow at "the
    other" (or a step up to it) is never at the one this line already struck, but at the
    next foe standing."""
    out: list[Intent] = []
    struck: list[str] = []
    for clause in read:
        blow = clause.kind in ("attack", "cast")
        closing = clause.kind == "manoeuvre" and clause.action == "engage"  # ("… then step
        if (  # over to the other ones": to a foe this line has not struck)
            (blow or closing)
            and struck
            and clause.targets == tuple(struck[-1:])
            and THE_OTHER.search(clause.text)
        ):
            others = [cid for cid, c in state.creatures.items()
                      if c.side != "party" and _awake(c) and cid not in struck]  # fmt: skip
            clause_now = replace(clause, targets=(others[0],)) if others else clause
        else:
            clause_now = clause
        if blow:
            struck += [t for t in clause_now.targets if t in state.creatures]
        out.append(clause_now)
    return out


def heard_by_the_awake(read: list[Intent], state: GameState) -> list[Intent]:
    """A demand or a plea is put to a foe who can hear it: one lying senseless ("surrender,
    goblin!" with one goblin out cold and tied) gives way to one of its kind still up, or
    else to the one foe here still up ("kneel, or join him", the boss out cold)."""
    out = []
    for clause in read:
        foe = state.creatures.get(clause.target or "")
        words = clause.kind == "improvise" and clause.extra[:1] in (("cow",), ("sway",))
        if words and foe is not None and not _awake(foe):
            kind = foe.name.rstrip(" 0123456789")
            up = [cid for cid, c in state.creatures.items() if c.side != "party" and c.hostile
                  and c.stands_in(state.scene.id) and _awake(c)]  # fmt: skip
            alike = [cid for cid in up if state.creatures[cid].name.rstrip(" 0123456789") == kind]
            heard = alike[:1] or (up if len(up) == 1 else [])
            out.append(replace(clause, targets=tuple(heard)) if up else clause)
            continue
        out.append(clause)
    return out


_NUMBERS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6"}
_LAST_WORDS = re.compile(r"[.!?;—–-]\s+(?P<who>[^.!?;—–-]{2,30}?)\s*[.!]*\s*$")
"""A few words alone at the end of a line ("… looses at the drowned thing. Thrall two.")."""


def foe_named(
    who: str, actor: str | None, state: GameState, campaign: Campaign | None
) -> str | None:
    """The creature a bare phrase ("rat 3", "the boss") points at, if it is one."""
    read = understand_clause(f"attack {who}", actor, state, campaign)
    return read.target if read.kind == "attack" and read.target in state.creatures else None


def named_at_the_end(
    read: list[Intent], text: str, actor: str | None, state: GameState, campaign: Campaign | None
) -> list[Intent]:
    """A foe named alone at the end of a told deed ("Ione draws and looses at the drowned
    thing nearest the deep water. Thrall two."): the player's own pointer at whom the blow
    or spell is aimed, over what the words before it picked."""
    last = _LAST_WORDS.search(text)
    if last is None or len(last["who"].split()) > 4 or len(read) != 1:
        return read
    clause = read[0]
    if clause.kind not in ("attack", "cast") or len(clause.targets) > 1:
        return read
    foe = foe_named(last["who"], actor, state, campaign)
    if foe is None or (clause.targets and clause.targets[0] not in state.creatures):
        return read
    called = set(state.creatures[foe].name.lower().split()) | {foe.split("-")[-1]}
    said = [w.rstrip("s") for w in last["who"].lower().split() if w not in ("the", "number")]
    if not said or any(w not in called and _NUMBERS.get(w) not in called for w in said):
        return read  # only a foe's own name, as called ("Thrall two."), not "hit him"
    return [replace(clause, targets=(foe,))]

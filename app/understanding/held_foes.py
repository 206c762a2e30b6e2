"""A foe pointed at by who holds it: "the rat Thorin is holding", "the one in my grip", "the
grappled goblin", "the one I'm not holding", "the loose one".

A grapple of the rules leaves the held creature grappled, with its grappler as the
condition's source; the words name the grappler (or nobody) and the game finds whom he
holds. Words of holding inside such a description are no grapple of their own: "the
grappled one, shortsword" is a blow at the held rat, not a second grab.
"""

from __future__ import annotations

import re

from app.world.state import GameState
from rules.conditions import Condition

_HOLDING = (
    r"holding|grappling|gripping|pinning|clutching|grabbed|grappled|pinned|grabbing|"
    r"holding onto|holding on to|got hold of|got a hold of|got in a headlock|"
    r"got in (?:a |his |her |my )?(?:grip|hold|headlock)|in (?:a |his |her |my )?"
    r"(?:grip|hold|headlock)|has in (?:a |his |her )?"
    r"(?:grip|hold|headlock)|have in (?:a |my )?(?:grip|hold|headlock)"
)
"""What a grappler does to the one he holds ("the rat Thorin *is holding*")."""
_GRIP = r"grip|arms|hands|hold|headlock|clutches|grasp|grapple"
"""What a held foe is in ("the one in Thorin's *grip*")."""
_HELD = r"grappled|held|pinned|caught|grabbed|trapped|headlocked"
"""A held foe said as what it is ("the *grappled* one", "the one that's *pinned*")."""
_LOOSE = re.compile(
    r"\b(?:loose|free|unheld|ungrappled|running around|running about|not (?:being )?held|"
    r"not grappled|isn't held|isnt held|isn't grappled|nobody(?:'s| is) holding|"
    r"nobody has)\b"
)
"""A foe said to be nobody's to hold ("the loose one")."""
_NOT = r"(?:not\s+|n't\s+|'m\s+not\s+|m\s+not\s+|am\s+not\s+|is\s+not\s+|isn't\s+|isnt\s+)"
_SPANS = re.compile(
    rf"\b(?:{_HELD})\s+(?:one|ones|\w+)\b|\bin\s+(?:[\w']+\s+){{1,2}}(?:{_GRIP})\b|"
    rf"\b(?:one|ones|that|who|which|\w+)\s+(?:that\s+|which\s+)?[\w']+\s+"
    rf"(?:is\s+|'s\s+|has\s+|'ve\s+|have\s+|am\s+|'m\s+|was\s+)?(?:still\s+)?{_NOT}?"
    rf"(?:got\s+)?(?:{_HOLDING})\b|\b(?:that's|thats|that is|who's|being)\s+(?:{_HELD})\b"
)
"""Where a line describes a held foe, whoever holds it: the words of holding there are
part of a description, no grapple."""


def held_spans(said: str) -> list[tuple[int, int]]:
    """The stretches of a line that describe a held foe ("the one thorin is holding")."""
    return [m.span() for m in _SPANS.finditer(said)]


def _grappled(state: GameState, cid: str) -> list[str | None]:
    """The grapplers holding a creature (``None`` for a hold of unknown source)."""
    return [a.source for a in state.creatures[cid].conditions if a.condition is Condition.GRAPPLED]


def held_foes(
    said: str, foe: str, names: str, people: dict[str, str], ids: set[str], state: GameState
) -> tuple[tuple[str, ...], str] | None:
    """The foes of ``ids`` the line points at by who holds them, and the words that did;
    None when the line points at no foe this way, or when the words tell none apart."""
    holds = {cid: _grappled(state, cid) for cid in ids}
    held = {cid for cid, by in holds.items() if by}
    if not held:
        return None
    holder: str | None = None
    negated = False
    by = re.search(
        rf"\b(?:{foe})\s+(?:that\s+|which\s+)?({names})\s*"
        rf"(?:is\s+|'s\s+|s\s+|has\s+|'ve\s+|have\s+|am\s+|'m\s+|m\s+|was\s+)?(?:still\s+)?"
        rf"({_NOT})?(?:got\s+)?(?:{_HOLDING})\b",
        said,
    )
    grip = re.search(rf"\bin\s+({names}|my|his|her|their)(?:'s)?\s+(?:{_GRIP})\b", said)
    state_said = re.search(
        rf"\b(?:{_HELD})\s+(?:{foe})\b|\b(?:{foe})\s+(?:that's|thats|that is|who's|being)\s+"
        rf"(?:{_HELD})\b",
        said,
    )
    loose = _LOOSE.search(said)
    m = by or grip or state_said or loose
    if m is None:
        return None
    if by is not None:
        holder = people.get(by.group(1).removesuffix("'s"))
        negated = bool(by.group(2))
    elif grip is not None:
        word = grip.group(1)
        holder = people.get("me" if word == "my" else word.removesuffix("'s"))
    elif loose is not None and state_said is None:
        negated = True
    if holder is not None and holder not in state.party:
        holder = None
    mine = {cid for cid in held if holder in holds[cid]} if holder else set()
    chosen = mine or {cid for cid in held if not any(s in state.party for s in holds[cid])}
    chosen = chosen or (held if holder is None else set())
    if negated:
        chosen = ids - (mine or held)
        kinds = {state.creatures[cid].monster for cid in mine or held}
        alike = {cid for cid in chosen if state.creatures[cid].monster in kinds}
        chosen = alike if len(alike) == 1 else chosen  # "the one I'm not holding": its fellow
    if not chosen or chosen == ids:
        return None
    return tuple(sorted(chosen)), m.group(0)

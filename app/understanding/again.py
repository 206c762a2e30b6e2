"""A line that asks to do the last thing again ("try again", "kick it again", "try the lock
again", "once more"): the speaker's own last line, read anew as the world now stands. A DM
hears "again" as the deed just done, not as a riddle; the game keeps the lines in its
story, so it can do the same."""

from __future__ import annotations

import re

from app.world.state import GameState

_AGAIN = re.compile(
    r"^\W*(?:(?:ok|okay|ugh|right|alright|fine|argh|damn)\W+)?(?:i |we |let me |lets |let's )?"
    r"(?:(?:try|do|have a go at|have another go at)(?: it| that)?|"
    r"(?P<verb>[a-z]+)(?: it| that| them| him| her| the (?P<thing>[a-z]+))?|"
    r"try (?:the |that |this )?(?P<tried>[a-z]+))?"
    r"\s*(?:again|once more|one more time)(?:,? (?:but )?(?:slower|slowly|more slowly|carefully|"
    r"more carefully|gently|properly|harder|this time))?\W*$",
    re.IGNORECASE,
)
"""The whole line asks for the same again, maybe naming its verb or its thing."""
_PASSING = re.compile(r"^\W*(?:i |we )?(?:pass|wait|skip|done|hold|end (?:my )?turn)\b", re.I)
"""A turn passed: nothing to do again."""
_NO_DEED = re.compile(
    r"^(?:\W*(?:i|inv|inventory|l|x|z|h|help|look|status|\w{1,2})\W*|.*\?\s*)$", re.I
)
"""A line that tried nothing: what "try again" passes over to the deed before it."""
_LOOK_BACK = 12
"""How many turns back the speaker's last line is looked for."""


def repeated(text: str, actor: str | None, state: GameState) -> str | None:
    """The speaker's last line, when this one asks to do it again (and names no other
    deed or thing than it did); ``None`` otherwise."""
    found = _AGAIN.match(text.strip())
    if found is None or actor is None or actor not in state.party:
        return None
    lead = f"{state.name_of(actor)}: "
    verb = (found.group("verb") or "").lower()
    thing = (found.group("thing") or found.group("tried") or "").lower()
    for record in reversed(state.history[-_LOOK_BACK:]):
        for line in reversed(record.actions):
            said = line[len(lead) :] if line.startswith(lead) else ""
            if not said or _AGAIN.match(said) or _PASSING.match(said) or _NO_DEED.match(said):
                continue  # another's line, an "again" before this one, a turn passed, or a
                # look or a question that did nothing ("i", "what's down there?")
            low = said.lower()
            if (
                verb
                and verb not in ("try", "do")
                and not re.search(rf"\b{re.escape(verb[:4])}", low)
            ):
                return None  # "kick it again" after picking a lock: another deed
            if thing and thing not in low:
                continue  # "try the lock again": the last line about the lock
            return said
    return None


_JOINED = re.compile(
    r"^\W*(?:(?:ok|okay|right|alright|fine|yeah|yes|sure)\W+)?(?:"
    r"(?:me|same|same here|ditto)(?: too)?|"
    r"(?:i|we|i'll|ill|i will|we'll|we will)\s+(?:"
    r"follow(?: (?:him|her|them|suit))?|do the same|tag along|go along|come along|"
    r"(?:go|come|cross|try|join in|do (?:that|it))(?:\s+(?:with|after|behind) (?:him|her|them))?"
    r"\s+(?:too|also|as well))"
    r")(?:\s*,\s*+(?!and\b|then\b|but\b|while\b)[^.!?]*)?\W*$",
    re.IGNORECASE,
)
"""A line that joins what another has just done ("I go too", "me too", "I follow, holding my
holy symbol", "I cross too"), with nothing of its own to do."""


def joined(
    text: str, actor: str | None, state: GameState, before: list[str] | None = None
) -> str | None:
    """What another of the party last did, when this line only joins it ("I go too" after
    "Ione: cross the causeway"); ``None`` otherwise. ``before`` are the lines typed earlier
    in the same round (as "Name: line"), looked at first."""
    if _JOINED.match(text.strip()) is None or actor is None or actor not in state.party:
        return None
    own = f"{state.name_of(actor)}: "
    lines = [*(before or [])][::-1]
    for record in reversed(state.history[-_LOOK_BACK:]):
        lines += list(reversed(record.actions))
    for line in lines:
        name, colon, said = line.partition(": ")
        if not colon or line.startswith(own) or name not in _names(state):
            continue
        if _JOINED.match(said) or _PASSING.match(said) or _AGAIN.match(said) or "?" in said:
            continue  # a join, a pass or a question is nothing to join
        # "Ione grits her teeth … We try the causeway again!": what she does, done by the
        # one who joins her (her name read as theirs, never as acting for her)
        return re.sub(rf"^{re.escape(name)}\b(?:'s)?", "I", said.strip())
    return None


def _names(state: GameState) -> set[str]:
    return {sheet.name for sheet in state.party.values()}

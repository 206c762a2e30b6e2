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
    r"\s*(?:again|once more|one more time)\W*$",
    re.IGNORECASE,
)
"""The whole line asks for the same again, maybe naming its verb or its thing."""
_PASSING = re.compile(r"^\W*(?:i |we )?(?:pass|wait|skip|done|hold|end (?:my )?turn)\b", re.I)
"""A turn passed: nothing to do again."""
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
            if not said or _AGAIN.match(said) or _PASSING.match(said):
                continue  # another's line, an "again" before this one, or a turn passed
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

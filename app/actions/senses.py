"""Which sense an ability check relies on, read from what is attempted: "listen at the door"
needs hearing, "look for the lever" or "spot the archer" needs sight. SRD 5.1: a blinded
creature automatically fails any ability check that requires sight, a deafened one any
that requires hearing — so a check has to know which it needs.

The DM may say so (``sense`` on ``request_ability_check``); when it does not, the check's
reason is read here, and the offline referee fills it from the player's line.
"""

from __future__ import annotations

import re
from typing import Literal

Sense = Literal["sight", "hearing"]

_HEARING = re.compile(
    r"\b(listen\w*|hear|hears|hearing|heard|overhear\w*|eavesdrop\w*|press(?:es)? (?:my|his|"
    r"her|their|an) ear)\b",
    re.IGNORECASE,
)
_SIGHT = re.compile(
    r"\b(look|looks|looking|spot|spots|spotting|see|sees|seeing|peer\w*|glimpse\w*|scan\w*|"
    r"watch|watches|watching|by sight|with (?:my|his|her|their) eyes|eye up|read|reads)\b",
    re.IGNORECASE,
)


def sense_needed(text: str) -> Sense | None:
    """The sense a check described by ``text`` needs: ``hearing`` for listening, ``sight``
    for looking or spotting; ``None`` when it needs neither, or either would do ("look and
    listen")."""
    hears, sees = bool(_HEARING.search(text)), bool(_SIGHT.search(text))
    if hears == sees:
        return None
    return "hearing" if hears else "sight"

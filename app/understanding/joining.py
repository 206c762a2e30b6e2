"""How a clause joins the one before it rather than standing alone: a foe named after a
spell that named only itself is the one meant ("ray of frost, goblin 2"), a knock-out said
after a blow is how the blow is struck, the terms after a demand are still the demand
("…and we'll let him live"), and backing off after a deed is a step back, not flight."""

from __future__ import annotations

import re

from app.understanding.intent import Intent
from rules.srd import srd


def knocks_out(intent: Intent, last: Intent | None) -> bool:
    """A knock-out said after a blow at the same foe: the blow is struck to knock out."""
    return (
        last is not None and last.kind == "attack" and intent.kind == "improvise"
        and intent.extra[:1] == ("knock_out",)
        and (not intent.targets or intent.targets == last.targets)
    )  # fmt: skip


def spell_alone(said: str, cast: Intent) -> bool:
    """Whether a spell's clause named only the spell ("ray of frost, goblin 2"): its target
    was a guess, and the foe named after it is the one meant, not one more."""
    spell = cast.spell or ""
    name = srd().spells.get(spell).name.lower() if spell in srd().spells else ""
    rest = said.lower().replace(name, " ") if name else said.lower()
    left = re.sub(r"\b(?:i|cast|casts|casting|a|the|my|at|on)\b|[^\w\s]", " ", rest).split()
    return not [w for w in left if w not in name.split()]  # (or its words turned: "frost ray")


BACKING_OFF = re.compile(
    r"\b(?:back(?:s|ing|ed)? (?:away|off)|step(?:s|ping|ped)? back|edg(?:e|es|ing|ed) back)\b",
    re.IGNORECASE,
)
"""Backing off after a deed ("… and then back away up the stairs"): a step out of reach,
which (unlike "run back to the cellar") leaves the fight to nobody."""
FENDING = re.compile(
    r"\b(?:fends?|fending|wards?|warding|holds?|holding|keeps?|keeping) "
    r"(?:\w+ ){1,3}?(?:off|back|away)\b",
    re.IGNORECASE,
)
"""Foes kept off (someone), no blow told ("fend the wolves off him"): a guard, never a
swing at whichever foe."""
SPOKEN_DEEDS = ("intimidation", "persuasion", "deception")
"""Improvised deeds done in words: a demand, a plea, a bluff."""
TERMS = re.compile(
    r"^\W*(?:and\s+)?(?:we'll|we will|we won't|i'll|i will|i won't|you'll|you will|or else|"
    r"or (?:we|i|you)|if (?:you|he|she|they)|nobody|no one)\b",
    re.IGNORECASE,
)
"""The terms that go with a demand ("…, and we'll let him live", "… or else")."""

"""Small pieces of English the game builds sentences from: a name with its article, and
the pronouns of the people and creatures it speaks of.

Campaign authors name things as they like — ``the dunes``, ``The Old Road``, ``trapdoor``
— and the game's sentences put an article before a name ("breaks for the …"): one helper
does it, so a name that already has its article never reads "the the dunes".

People and creatures are spoken of with the pronoun their campaign gives them (``pronoun =
"she"``); which one a creature of a game takes is :mod:`app.world.pronouns`'s to say.
"""

from __future__ import annotations

import re
from typing import Literal

Pronoun = Literal["he", "she", "they", "it"]
"""How a person or creature is spoken of."""

_ARTICLE = re.compile(r"(?:the|a|an)\s+", re.IGNORECASE)

POSSESSIVE: dict[str, str] = {"he": "his", "she": "her", "they": "their", "it": "its"}
"""A pronoun's possessive: "uses *her* drowning toll"."""
OBJECT: dict[str, str] = {"he": "him", "she": "her", "they": "them", "it": "it"}
"""A pronoun as an object: "the party runs with *her*"."""


def the(name: str) -> str:
    """``the`` and a name, once: "the trapdoor"; "the dunes" for ``the dunes`` or ``The
    Dunes`` (the article the author wrote is kept as "the", never doubled), and "the
    songbook" for ``a songbook``."""
    name = " ".join(name.split())
    found = _ARTICLE.match(name)
    return f"the {name[found.end() :] if found else name}"


def bare(name: str) -> str:
    """A name without the article its author may have given it ("brass astrolabe" for
    ``a brass astrolabe``), for sentences that put their own before it."""
    name = " ".join(name.split())
    found = _ARTICLE.match(name)
    return name[found.end() :] if found else name


def the_start(name: str) -> str:
    """:func:`the` to start a sentence: "The dunes stretch…", the name's own case kept."""
    said = the(name)
    return said[0].upper() + said[1:]

"""What people of the story say when they cannot, or will not, answer: the campaign's own
``unknown`` lines for them, else a line made from their attitude — chosen by the words said,
never by the game's dice, so the same question gets the same answer.

Shared by the talk a person is spoken to (:mod:`.talking`) and the questions put to the
table that the game cannot answer (:mod:`.unknowing`), where someone standing by answers in
their own voice.
"""

from __future__ import annotations

import zlib

from app.world.campaign import NPCSpec

SHRUGS = {
    "friendly": (
        "'Ha — ask me that another time,' says {name}. 'There are worse worries tonight.'",
        "{name} smiles, a little distracted. 'Oh, that's a long story, and not for now.'",
        "{name} thinks about it, then shakes {their} head. 'I can't help you with that, love.'",
    ),
    "indifferent": (
        "{name} shrugs. 'Not something I'll get into.'",
        "{name} shrugs. 'Can't help you there.'",
        "'That's no business of yours,' says {name}, not unkindly.",
    ),
    "hostile": (
        "'And why would I tell you?' {name} snaps.",
        "{name} only glares at you.",
        "'Mind your own business,' says {name}.",
    ),
}
"""What a person says to a question their topics do not cover, by attitude, when the
campaign wrote nothing of its own for them."""
THEIR = {"he": "his", "she": "her", "they": "their", "it": "its"}


def pick(options: tuple[str, ...], text: str) -> str:
    """One of the options, chosen by the words (the same words, the same choice)."""
    return options[zlib.crc32(text.encode("utf-8")) % len(options)]


def off_topic(npc: NPCSpec, text: str) -> str:
    """A person's answer to what their topics do not cover, in their own voice."""
    own = (npc.unknown,) if isinstance(npc.unknown, str) else tuple(npc.unknown)
    own = tuple(line for line in own if line.strip())
    if own:
        return pick(own, text)
    their = THEIR[npc.pronoun or "they"]
    return pick(SHRUGS[npc.attitude], text).format(name=npc.name, their=their)

"""A person of the story the words are said to: called by a name or a word for them set off
by a comma ("Nessa, why …", "what about wolves, grandad?"), or bidden do something ("go on
lad, run upstairs to Berta") — words to them, not a question to the DM nor a deed of the
speaker's own."""

from __future__ import annotations

import re
from functools import lru_cache

from app.understanding.readings import Context
from app.understanding.scope import Thing
from app.understanding.words import monster_kinds


def called_by(raw: str, person: Thing) -> bool:
    """The line calls the person by a name or a word for them, set off by a comma
    ("what about wolves, grandad?", "Nessa, why …", "Wendel lived, Sister. He's alive.",
    "here old man, have a cake"): words to them, not to the DM."""
    said = " ".join(raw.lower().replace("’", "'").split())
    text = said.rstrip(" ?!.")
    # (a word of a name: "… between us, chief?" to the goblin chief)
    names = tuple(
        sorted({*person.names, *(w for n in person.names for w in n.split() if len(w) > 3)})
    )
    at_end, set_off, opening = _calling(names)
    if at_end.search(text) or set_off.search(said) or opening.match(text):
        return True
    return any(_called_last(text, name) for name in names)


@lru_cache(maxsize=4096)
def _calling(names: tuple[str, ...]) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The ways a line calls one of these names, made once per person (a campaign of many
    people with many names made a read of every line compile thousands of patterns)."""
    alt = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return (
        re.compile(rf",\s*(?:old |my |dear )?(?:{alt})$"),
        re.compile(rf",\s*(?:old |my |dear )?(?:{alt})\s*[.!?,]"),
        re.compile(rf"\W*(?:(?:here|hey|oi|look|listen),?\s+)?(?:{alt})\s*,"),
    )


def _called_last(text: str, name: str) -> bool:
    """The name ends the question with no comma, after a whole question of its own ("where
    does the tunnel go lad"), not as what it asks about ("where's the lad", "is it the lad")."""
    words = text.split()
    size = len(name.split())
    if len(words) < size + 3 or " ".join(words[-size:]) != name or name in monster_kinds():
        return False  # ("… hits a sleeping goblin": a kind of foe is asked about)
    before = words[-size - 1]
    return before not in _BEFORE_A_THING and not before.endswith("ing")


_BEFORE_A_THING = frozenset({
    "the", "a", "an", "that", "this", "my", "your", "our", "his", "her", "their", "its", "to",
    "at", "with", "about", "of", "for", "from", "is", "was", "are", "and", "or", "seen",
    "see", "saw", "find", "found", "where", "who", "what", "poor", "little", "young", "old",
})  # fmt: skip
"""Words after which a name is what the question is about, not whom it is put to."""


_LEAD_CALL = re.compile(
    r"^\W*(?:\w+:\s*)?(?:(?:go on|come on|ok|okay|right|now|quick|listen|hey|oi|look)[\s,]+)?"
    r"((?:old |little |young )?[a-z][\w'-]*)\s*,\s*\S",
    re.IGNORECASE,
)
_TAIL_CALL = re.compile(
    r",\s*(?:old |my |dear |little |young )?([a-z][\w'-]*)\s*[.!?]*$", re.IGNORECASE
)
_REASSURING = re.compile(
    r"\b(?:we(?:'ve)? got (?:this|it)|we(?:'ll| will)? (?:handle|manage) (?:this|it)|"
    r"we(?:'re| are| will be|'ll be) (?:fine|ok|okay|right)|leave (?:it|this) to us)\b",
    re.IGNORECASE,
)
_OWN_WORDS = re.compile(r"\b(?:i|i'll|i'm|im|me|my|myself|we|we'll|we're|us|our)\b", re.I)


def bidden(ctx: Context) -> Thing | None:
    """A person here the words are said to by a word for them set off with a comma ("go on
    lad, run upstairs to Berta", "run and hide, lad") and that bid them do something (no
    deed of the speaker's own in the same sentence): words to them, whatever they are
    told to do."""
    first, *after = re.split(r"(?<=[.!?])\s+", ctx.raw.strip(), maxsplit=1)
    later = _REASSURING.sub(" ", " ".join(after))  # "… we got this": no deed of our own
    if _OWN_WORDS.search(first) or _OWN_WORDS.search(later):
        return None  # ("Stand back, Berta. I'm kicking this hatch in.": the deed is ours)
    for pattern in (_LEAD_CALL, _TAIL_CALL):
        called = pattern.search(first)
        if called is None:
            continue
        word = called.group(1).lower()
        people = [n for n in ctx.scope.of("npc") if word in n.names or word in n.id]
        bid = first[: called.start(1)] + " " + first[called.end(1) :]  # the words, not the call
        if len(people) == 1 and _BIDDING.search(bid.lower()):
            return people[0]
    return None


_BIDDING = re.compile(
    r"\b(?:go|run|get|stay|hide|wait|come|take|fetch|tell|bring|follow|leave|head|keep|"
    r"stand|sit|hold|find|grab|climb|get back|get out|upstairs|downstairs|home)\b"
)
"""Words that bid someone do something ("run upstairs to Berta", "stay here"): what the
person called is told to do (not "with respect, goblin": words to them, weighed as words)."""

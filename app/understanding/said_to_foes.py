"""Words said to the foes at the end of a line, not deeds: "run, goblin!" and "take it and
run, little guy" ask the foe to run (a demand, or a bribe), they do not send the speaker
running; after a deed ("I toss the goblin a coin. take it and run, little guy"), the coin
is thrown and then the words are said — the "it" is the coin, never a blow at the goblin."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from app.understanding.intent import Intent
from app.understanding.threats import GENTLE
from app.understanding.vocatives import bids_the_foes, opens_with_foes, to_the_foes, told_the_foes
from app.world.state import GameState

NOT_THEIRS = frozenset({"manoeuvre", "move", "attack", "take", "ask", "drop"})
"""What a line would be read as were it the speaker's deed, which said to the foes is a
demand: to run, to drop it, to take it and go."""
_BRIBE = re.compile(
    r"\b(?:take (?:it|this|that|the \w+)|coins?|gold|silver|bribe|here you go|it'?s yours|"
    r"for you|keep it)\b"
)
"""A gift offered with the words: asked, not threatened (Persuasion)."""
_SENTENCE_END = re.compile(r"[.!?]+\s+(?=\S)")
_BIDDEN = re.compile(
    r"^\W*(?!i\b|i'm\b|i'll\b|we\b|we'll\b)[^.!?]*\b(?:run|flee|leave|go away|go home|go back|"
    r"drop|surrender|give up|yield|get out|get lost|scram|begone|back off|take it|clear off|"
    r"put (?:\w+ ){0,2}down|lay down|lower (?:the|your|that))\b",
    re.IGNORECASE,
)
"""What the foe is bidden to do, not the speaker's own deed ("take it and run, little guy";
never "I attack you, goblin!" nor "take that, goblin!")."""


def demanded(said: Intent) -> Intent:
    """The words said to the foes as a ruling's demand: Persuasion when offered kindly or
    with a gift, else Intimidation (DC 15, "medium")."""
    kind = GENTLE.search(said.text.lower()) or _BRIBE.search(said.text.lower())
    key, skill = ("sway", "persuasion") if kind else ("cow", "intimidation")
    return replace(said, kind="improvise", action=skill, extra=(key, "15"), targets=(),
                   item=None, spell=None, note="", confidence=0.8, then=(),
                   alternatives=())  # fmt: skip


def to_foes(
    text: str, whole: Intent, state: GameState, read: Callable[[str], Intent]
) -> Intent | None:
    """A line, or its last sentences, said to the foes: "run, goblin!" (read ``whole`` as
    the speaker's dash) is the demand; "I toss the goblin a gold coin. take it and run,
    little guy" is the deed, then the words as a demand. ``None`` when the line does not
    end by calling the foes."""
    if whole.kind in ("talk", "ask") and told_the_foes(text, state):
        foes = tuple(t for t in whole.targets if t in state.creatures)
        return replace(demanded(whole), targets=foes)  # "tell the goblin to think carefully
        # about his next move": made of the one told
    bidden = whole.kind in NOT_THEIRS and _BIDDEN.search(text) is not None
    called = opens_with_foes(text, state) or bids_the_foes(text, state)
    if (whole.kind in NOT_THEIRS or whole.kind == "talk") and called:  # (what it is bidden,
        # read after the call, or words in quotes: 'grunts: "Run, little ones, …"'):
        return demanded(whole)  # "Wolf! Run away, or I'll sing again!", "Run, little ones, …"
    if not _SENTENCE_END.search(text):
        return demanded(whole) if bidden and to_the_foes(text, state) else None
    for end in _SENTENCE_END.finditer(text):
        tail = text[end.end() :]
        if not to_the_foes(tail, state) or not _BIDDEN.search(tail):
            continue
        head = text[: end.start()].strip()
        said = read(tail)
        if said.kind in NOT_THEIRS:
            said = demanded(said)
        elif said.kind not in ("talk", "improvise"):
            return None
        first = read(head)
        return replace(first, then=(*first.then, replace(said, then=())))
    return None

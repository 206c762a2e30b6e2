"""A player's own words told back as the story: "warm my hands by the fire", typed as
Thorin, is told "Thorin warms their hands by the fire." — the deed happens as said, in
the voice the story pane uses for everything else.

Only a short deed is told back word for word; a long one is told as done ("Thorin does
just that."), since a paragraph repeated to its writer reads as an echo, not a story.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from app.understanding import Intent
from app.world.state import GameState

LONGEST = 18
"""Words past which a deed is not told back word for word."""

IRREGULAR = {"be": "is", "have": "has", "do": "does", "go": "goes", "can": "can"}
"""Verbs whose "he/she/they" form is no simple "-s"."""

SWAPS = {
    "i": "they", "me": "them", "my": "their", "mine": "theirs", "myself": "themself",
    "i'm": "they're", "im": "they're", "i've": "they've", "i'll": "they'll", "i'd": "they'd",
    "we": "they", "us": "them", "our": "their", "ours": "theirs", "ourselves": "themselves",
}  # fmt: skip
"""The speaker's words for themself, as the story says them of a party member (whose
sheet names no pronoun)."""

STAYING = re.compile(
    r"\b(?:i|we)(?:'ll| will)?\s+(?:stay|remain|wait here|stay behind|hang back here)\b",
    re.IGNORECASE,
)
"""A character who says they stay where they are ("i stay with Nessa")."""


def kept_together(state: GameState, actor: str, intents: Sequence[Intent]) -> str | None:
    """Said when the party goes while some of it said they would stay ("i stay with Nessa",
    typed before another's "go to the lighthouse"): they come along all the same."""
    staying = [i.actor for i in intents if i.actor not in (None, actor) and STAYING.search(i.text)]
    if not staying:
        return None
    who = list(dict.fromkeys(staying))
    names = " and ".join(state.name_of(str(a)) for a in who)
    comes = "comes" if len(who) == 1 else "come"
    return f"{names} {comes} along all the same: the party keeps together."


_SPOKEN = re.compile(r"\b(?:you|your|you're|youre|ma'?am|sir)\b", re.IGNORECASE)
"""Words said to someone: told back as said, not as a deed."""
_LEAD = re.compile(
    r"^(?:(?:ok(?:ay)?|alright|right|so|well|um+|uh+|hmm+|then|and|now|just|fine|sure|yeah|"
    r"yes|yep|no|nah|sigh|ugh|wait|hey|oh)[,!.]*\s+)*"
    r"(?:i'll|i will|i'm going to|im going to|i'm gonna|im gonna|i want to|i'd like to|"
    r"let me|let's|lets|we'll|we|i try to|i)\s+",
    re.IGNORECASE,
)
"""The speaker's own opening words, dropped before the deed is told."""


def told_back(text: str, name: str) -> str:
    """The deed ``text``, typed as the character ``name``, told as the story tells it."""
    deed = text.strip().strip("*").rstrip(" .!…")
    if "?" in deed or _SPOKEN.search(deed):  # "excuse me ma'am, are you alright?": words
        return f"{name} says: “{text.strip()}”"
    called = next((w for w in (name, *name.split()) if deed.lower().startswith(w.lower() + " ")),
                  None)  # "Cass leads the way", typed for Brother Cass  # fmt: skip
    if deed.lower().startswith(name.lower() + ":"):  # "Thorin: warm my hands"
        deed = deed[len(name) + 1 :].strip()
    elif called is not None:
        rest = deed[len(called) + 1 :].strip()
        return (
            _sentence(f"{name} {_swapped(rest.split(), first=-1)}")
            if _short(rest)
            else (f"{name} does just that.")
        )
    doing = _DOING.match(deed)
    if doing is not None and _short(deed):  # "we're taking the sausages back": what is done
        return _sentence(f"{name} is {_swapped(doing.group(1).split(), first=-1)}")
    deed = _LEAD.sub("", deed)
    words = deed.split()
    if not words or not _short(deed) or _WHEN_FIRST.match(deed):
        return f"{name} does just that."
    first = 1 if len(words) > 1 and _ADVERB.fullmatch(words[0]) else 0  # "gently puts"
    return _sentence(f"{name} {_swapped(words, first=first)}")


_DOING = re.compile(r"^(?:i'm|im|i am|we're|we are)\s+(\w+ing\b.*)$", re.IGNORECASE)
"""A deed told as under way ("we're taking the sausages back")."""
_ADVERB = re.compile(
    r"(?!(?:apply|reply|rely|supply|bully|rally|tally|sully|ally|multiply|comply|imply|"
    r"dally|fly)$)[a-z]{2,}ly|just|then|now|also",
    re.IGNORECASE,
)
"""A word before the verb that says how ("gently put …"): the verb after it is the one."""


_WHEN_FIRST = re.compile(r"(?:while|whilst|when|as|once|if|after|before|until)\b", re.IGNORECASE)
"""A deed told from its when ("while he's busy I grab the key"): no verb comes first to
tell it by, so it is told as done."""


def _short(deed: str) -> bool:
    return len(deed.split()) <= LONGEST


def _swapped(words: list[str], *, first: int) -> str:
    """The words with the speaker's pronouns swapped and the verb at ``first`` (and one
    joined to it by "and": "kneel and pray") in its he/she/they form."""
    out = [_swap(w) for w in words]
    if first >= 0:
        out[first] = third_person(out[first].lower())
        for i in range(first + 1, len(out) - 1):  # "… and shake the rain off": a second deed
            if out[i - 1].lower() == "and" and _verb_like(out[i], out[i + 1]):
                out[i] = third_person(out[i].lower())
    return " ".join(out)


_OBJECTS = frozenset({"the", "a", "an", "their", "them", "it", "his", "her", "its", "some",
                      "off", "up", "out", "down", "over", "into", "onto", "on", "at", "to",
                      "him", "themself", "themselves", "around", "back", "away"})  # fmt: skip
"""Words after a verb that begin what it is done to (or how): what follows "and" before
one of them is a second deed ("and shake the rain off"), not a second thing ("my hands and
feet by the fire")."""


def _verb_like(word: str, after: str) -> bool:
    """Whether a word after "and" is a second verb: it begins what is done to something
    (an object word, or someone named: "and keep Tam company")."""
    plain = word.isalpha() and word.lower() not in SWAPS.values() and word.lower() not in _OBJECTS
    told = word.lower().endswith(("s", "ing", "ed"))  # "… and murmuring a prayer": as it is
    return plain and not told and (after.lower() in _OBJECTS or after[:1].isupper())


def _swap(word: str) -> str:
    bare = word.rstrip(",;:")
    said = SWAPS.get(bare.lower())
    return word if said is None else said + word[len(bare) :]


def third_person(verb: str) -> str:
    """A verb's he/she/they-of-one form: "warm" → "warms", "try" → "tries", "go" → "goes"."""
    if verb in IRREGULAR:
        return IRREGULAR[verb]
    if verb.endswith("ed") and not verb.endswith("eed") and verb not in ("shed", "wed", "embed"):
        return verb  # told already ("wanted", "tried"): no -s on the past
    if len(verb) > 2 and verb.endswith("s") and not verb.endswith(("ss", "us", "is")):
        return verb  # told already in the story's voice ("*sits at the bar*", "nods")
    if re.search(r"(?:s|sh|ch|x|z|o)$", verb):
        return verb + "es"
    if re.search(r"[^aeiou]y$", verb):
        return verb[:-1] + "ies"
    return verb + "s"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."

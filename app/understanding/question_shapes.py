"""The shapes of a question put to the game rather than acted on or put to someone here:
what a kind of creature can do ("do wolves get pack tactics"), a question after a greeting
or a pause ("hey, how does sneak attack work?"), one only the game can answer (the rules,
the dice, the numbers, "remind me …"), one put as a condition ("if i hide can they still
see me"), and a question of the speaker's own or of the rules, said after a greeting to
someone ("hi nessa! how many hit points do i have?"); and a further question of a line put
in full from the one before it ("what's my hp and what's Ivo's?")."""

from __future__ import annotations

import re

from app.understanding.intent import Intent
from app.world.state import GameState

OF_THEIR_KIND = re.compile(
    r"^do (?!sneak|things|tricks)[a-z]+s (?:get|have|know|see|hear|"
    r"count|need|take|deal|sleep|breathe|fly|swim|resist|use)\b"
)
"""Asked what a kind of creature can do ("do wolves get pack tactics", "do rats have
darkvision"), with no question mark: never an order ("do two attacks")."""


GREETED = re.compile(
    r"^(?:hey|hi|oi|yo|ok|okay|so|um|uh|wait) (?=(?:how|what|whats|what's|who|why|where|which|"
    r"can|could|do|does|did|is|are|am) )"
)
"""A word of greeting or a pause before a question ("hey, how does sneak attack work?")."""
_FOR_THE_DM = re.compile(
    r"^remind (?:me|us)\b|\bhow many (?:people|folk|folks|customers|patrons|others) (?:are|is) "
    r"(?:here|in|around|with)\b|"
    r"\bcast(?:ing)? \w+(?: \w+)? on\b|"
    r"\bwho(?:'s| is)? (?:has|carries|carrying|holding|got) (?:the|a|an|our|that)\b|"
    r"\b(?:does|do) (?:anyone|anybody|any of us|someone|one of us) (?:have|carry|got)\b|"
    r"\bwho(?:se|'s|s| is)? (?:turn|go) (?:is )?(?:it|next|now)\b|"
    r"\bwhose characters?\b|\bwho (?:is|does) [a-z]+ (?:playing|play)\b|"
    r"\bwho am i(?: playing)?\b|\b(?:what|which) (?:scene|location)\b|\bwho do i play\b|"
    r"\bwhich (?:one|character|char) am i\b|"
    r"\b(?:dc|hp|hit points|ac|xp|cr|challenge rating|modifier|bonus|spell|spells|cantrip|"
    r"advantage|stats?|character sheet|"
    r"athletics|acrobatics|arcana|intimidation|investigation|persuasion|stealth|"
    r"sleight of hand|animal handling)\b"
)
"""A question only the DM answers: the rules, the dice, a character's numbers, what the
story holds ("remind me what the reward is", "does arcana help with runes?", "can i cast
sleep on just grubnak") — and no word a question of the story shares with them ("what's
the history of this place?", "did anyone check on her?" may still be put to the one here)."""


def for_the_dm(said: str) -> bool:
    """The question is the game's to answer, never one a person of the story is asked by
    the topic it touches."""
    return _FOR_THE_DM.search(said) is not None


IF_ASKED = re.compile(
    r"^(?:what )?if (?:i|we) [\w' ]+? (?:can|could|will|would|do|does|is|are|am) "
    r"(?:i|they|we|he|she|it|you|the|my)\b"
)
"""A question put as a condition ("if i hide can they still see me", "if we run will they
follow")."""


_MINE = re.compile(r"\b(?:i|i'll|i'm|im|me|my|myself)\b", re.IGNORECASE)
_YOURS = re.compile(r"\b(?:you|your|u|ur|ya)\b", re.IGNORECASE)
_SCENE_ASKED = re.compile(
    r"^\W*(?:so\s+|ok\s+|and\s+)?(?:who'?s|whos|who is|who else is|who all is) "
    r"(?:here|around|about|in here|with us)\b|^\W*(?:so\s+|ok\s+)?where are we\b",
    re.IGNORECASE,
)
"""A question of the scene, the DM's to answer even after a greeting ("hi! who's here?")."""
RULES_ASKED = re.compile(
    r"\bhow (?:does|do) .+ work\b|\bwhat (?:does|do) .+ do\b|\bwhat'?s the dc\b",
    re.IGNORECASE,
)
"""A question of the rules ("how does sneak attack work again"): the game's to answer."""


def of_mine(clause: Intent) -> bool:
    """A question of the speaker's own ("what's my AC?") or of the rules ("how does sneak
    attack work?"), not one put to the listener."""
    return (
        clause.kind == "question"
        and bool(
            _MINE.search(clause.text)
            or RULES_ASKED.search(clause.text)
            or _SCENE_ASKED.match(clause.text)
        )
        and not _YOURS.search(clause.text)
    )


def asked_again(words: str, last: Intent, before: str, state: GameState) -> str:
    """A further question of a line, put in full from the one before it: "what's my hp
    and what's Ivo's?" asks Ivo's hp; "how many hp does Thorin have, and what's his AC?"
    asks Thorin's AC. ``before`` is the question before, as it was read."""
    whose = _BARE_WHOSE.match(words)
    noun = _ASKED_OF.search(before) if whose is not None else None
    if whose is not None and noun is not None:
        owner = _OWNERS.get(whose.group(1).lower(), whose.group(1))
        return f"what's {owner} {noun.group(1)}?"
    member = last.target
    if member in state.party and _WHOSE.search(words) and _ASKING.match(words):
        return _WHOSE.sub(f"{state.name_of(str(member))}'s", words)
    return words


_BARE_WHOSE = re.compile(
    r"^\W*(?:(?:and|then|also)\s+)*(?:(?:what's|whats|what is|how about|what about)\s+)?"
    r"(mine|yours|ours|his|hers|theirs|[\w]+'s)\W*$",
    re.IGNORECASE,
)
"""A further question that names only whose ("… and what's Ivo's?", "and mine?")."""
_ASKED_OF = re.compile(
    r"\b(?:my|your|our|his|her|their|(?!what's|that's|who's|how's|it's)\w+'s)\s+"
    r"((?!my\b|your\b|our\b|his\b|her\b|their\b)\w+(?:\s+\w+)?)\W*$",
    re.IGNORECASE,
)
"""What the question before asked of someone ("what's my *hp*")."""
_OWNERS = {"mine": "my", "yours": "your", "ours": "our", "hers": "her", "theirs": "their"}
_WHOSE = re.compile(r"\b(?:his|her|their)\b", re.IGNORECASE)
_ASKING = re.compile(
    r"^\W*(?:(?:and|then|also)\s+)*(?:what|whats|what's|how|which|is|does)\b", re.I
)
"""A further question in a line ("… and what's his AC?")."""


def will_kept(before: str, after: str, raw: str) -> str:
    """A line's words with their fillers stripped (``after``), but the leading "will" of a
    question kept: "will magic missile kill him?" asks (read without "will", it cast the
    spell); "Aria will cast sleep" tells. A "do" or "is there" left out is put back ("tracks
    look fresh?", "anywhere to hide?")."""
    asked = raw.rstrip().endswith("?") and before.split()[:1] in (["will"], ["would"])
    if asked and after.split()[:1] != before.split()[:1]:
        return f"{before.split(maxsplit=1)[0]} {after}"
    if raw.rstrip().endswith("?") and _LOOKS.match(after):
        return f"do {after}"  # "tracks look fresh?": asked of them, not a check made
    if raw.rstrip().endswith("?") and _ANYWHERE.match(after):
        return f"is there {after}"  # "anywhere to take cover?": asked, no Dodge taken
    return after


_ANYWHERE = re.compile(r"^(?:anywhere|somewhere|any ?place|any way|anything) (?:to|for)\b")
"""A question asked without its "is there" ("anywhere to hide?", "anything to eat?")."""


_LOOKS = re.compile(
    r"^(?:the |those |these |that |this )?(?:[a-z']+ ){0,2}?(?:[a-z']+s )"
    r"(?:look|seem|feel|smell|sound) (?:[a-z]+)$"
)
"""A question asked without its "do" ("tracks look fresh?", "the stairs seem safe?")."""

"""Gestures told around a deed that are no deed of their own: eyes kept on someone or
following them, a hand rested on a knee, a finger run down a column, pages turned back,
silence kept, a nervous swallow, eyes called by their owner's kind, a word said over a
shoulder. Each is put in the
words the reading knows for what it is (a look, a touch, a mood), so none is read as a
rest, a going, words said, a drink or a look at oneself."""

from __future__ import annotations

import re

_EYES_ON = re.compile(
    r"\b(?:(?:and|while)\s+)?(?:never|not|without)\s+tak(?:e|es|ing)\s+(?:\w+\s+)?eyes?\s+off"
    r"(?:\s+(?:the|of)\s+\w+(?:\s+\w+)?|\s+(?:him|her|them|it))?"
    r"|(?:,\s*|^\s*)(?:while\s+)?(?:watching|eyeing|minding|keeping an eye on)\s+(?:the|my|our|for)"
    r"\s+\w+(?:\s+\w+)?\s*$"
)
"""Eyes kept on someone or something ("never taking her eyes off the grey shapes", "…,
watching the tide"): how a deed is done, no look of its own."""
_EYES_FOLLOW = re.compile(
    r"\bfollow(?:s|ed|ing)?\s+(him|her|them|it|the\s+\w+(?:\s+\w+)?)\s+with\s+"
    r"(?:my|his|her|their|our)\s+eyes\b.*$"
)
"""A gaze that follows something ("follows them with his eyes toward the back wall"): a
look at it, no going."""
_PAGES_BACK = re.compile(
    r"\bturn(?:s|ed|ing)? back (?=(?:the|a|an|his|her|my|its|their|our|some|a few) (?:\w+ )?"
    r"(?:pages?|leaves|covers?|blankets?|sheets?|hood|cloak|sleeves?|log|book|years?)\b)"
)
"""Pages turned back ("turns back the pages, year by year"): a look through them, no way back."""
_FINGER_DOWN = re.compile(
    r"\brun(?:s|ning)? (?:a|my|his|her|their|one|two) (?:finger|hand|thumb|palm)s? "
    r"(?:slowly |gently |lightly )?(?:down|along|over|across|up|round|around)\b"
)
"""A finger run down something ("runs a finger down the columns"): a look at it by touch,
no running and no way down."""
_SAYS_NOTHING = re.compile(r"\b(?:says|say|said|saying) (?:nothing|not a word|naught)\b")
"""Silence kept ("Cass says nothing for a long moment"): no words said to anyone."""
_HAND_RESTED = re.compile(
    r"\brest(?:s|ed|ing)? (a|my|his|her|their|one) (hand|palm|head|chin|cheek|arm|forehead)\b"
)
"""A hand rested on someone ("rests a hand on the blanket over his knee"): a touch, no rest."""
_SWALLOWED = re.compile(
    r"\bswallow(?:s|ed|ing)? (?:hard|drily|dryly|nervously|once|twice|thickly)\b"
)
"""A nervous swallow ("Ivo swallows hard"): a mood, nothing drunk."""
_KIN_EYES = re.compile(
    r"\b(his|her|my|their|our) (?:sharp |keen |old )?(?:gnome|gnomish|dwarf|dwarven|dwarfish|elf|"
    r"elven|elvish|halfling|orcish|tiefling|dragonborn) (eyes|ears|nose|hands|fingers)\b"
)
"""A body part called by its owner's kind ("his gnome eyes pick out a passage"): no look
at the gnome himself."""
_OVER_A_SHOULDER = re.compile(
    r"\b(?:over|across) (?:my|his|her|their|our|a|one) (?:shoulder|shoulders)\b|"
    r"\bshoulders? (?:his|her|their|my|our) (?:bow|pack|bag|axe|hammer|staff|lute|satchel)\b"
)
"""A word said over a shoulder ("she asks Berta, over her shoulder, …"), a bow shouldered:
how, no door shouldered open."""

_TOLD: tuple[tuple[re.Pattern[str], str], ...] = (
    (_EYES_ON, " "),  # "never taking her eyes off the wolves": how, no deed
    (_EYES_FOLLOW, r"look at \1"),  # "follows them with his eyes toward …"
    (_PAGES_BACK, "leaf through "),  # "turns back the pages": no way back
    (_FINGER_DOWN, "examine"),  # "runs a finger down the columns": no way down
    (_SAYS_NOTHING, "is silent"),  # "says nothing for a long moment": no words
    (_HAND_RESTED, r"put \1 \2"),  # "rests a hand on his knee": no rest
    (_SWALLOWED, "is nervous"),  # "swallows hard": nothing drunk
    (_KIN_EYES, r"\1 \2"),  # "his gnome eyes": his eyes, no gnome looked at
    (_OVER_A_SHOULDER, " "),  # "over her shoulder": how, no shoulder to a door
)


def as_gestured(said: str) -> str:
    """The clause with each gesture put as what it is, in this order."""
    for pattern, plain in _TOLD:
        said = pattern.sub(plain, said)
    return said

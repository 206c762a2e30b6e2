"""The shapes of a question put to the game rather than acted on or put to someone here:
what a kind of creature can do ("do wolves get pack tactics"), a question after a greeting
or a pause ("hey, how does sneak attack work?"), one only the game can answer (the rules,
the dice, the numbers, "remind me …"), one put as a condition ("if i hide can they still
see me"), and a question of the speaker's own or of the rules, said after a greeting to
someone ("hi nessa! how many hit points do i have?")."""

from __future__ import annotations

import re

from app.understanding.intent import Intent

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
    r"\bwho am i(?: playing)?\b|\bwho do i play\b|\bwhich (?:one|character|char) am i\b|"
    r"\b(?:dc|hp|hit points|ac|xp|modifier|bonus|spell|spells|cantrip|advantage|stats?|"
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
        and bool(_MINE.search(clause.text) or RULES_ASKED.search(clause.text))
        and not _YOURS.search(clause.text)
    )

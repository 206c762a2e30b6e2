"""A line's words as the hearing reads them: lower-case tokens and the marks that end
clauses, and which words a negation reaches ("I don't think we'll find him") or a vow
withheld covers ("I can't promise we'll find him")."""

from __future__ import annotations

import re

from app.world.tone import vow

NEGATION_REACH = 4
"""Words before a keyword (in its clause) a negation reaches across."""
NEGATIONS = frozenset(
    {"not", "never", "no", "nor", "without", "neither", "nobody", "nothing", "nope",
     "dont", "wont", "cant", "didnt", "doesnt", "isnt", "arent", "wasnt", "shouldnt",
     "wouldnt", "couldnt", "aint", "hardly", "refuse", "kein", "nicht", "nie", "jamais"}
)  # fmt: skip
"""Words that negate what follows them in a clause ("n't" endings count too)."""
BELIEFS = frozenset({"think", "believe", "reckon", "suppose", "guess", "expect", "say"})
_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "`": "'", "\u00b4": "'"})
_TOKEN = re.compile(r"[^\W_]+(?:'[^\W_]+)*|[.!?;:,]")
CLAUSE_END = frozenset(".!?;:,")
CLAUSE_STARTS = frozenset(
    {"but", "though", "although", "however", "and", "or", "so", "then", "if", "we'll", "i'll",
     "you'll", "we", "i", "we're", "i'm"}
)  # fmt: skip
"""Words that start a new clause: a negation before them does not reach past them."""


def has_negation(text: str) -> bool:
    return any(is_negation(t) for t in tokenize(text))


def tokenize(text: str) -> list[str]:
    """A line as lower-case words (apostrophes kept inside them, curly quotes made
    straight) and the punctuation that ends clauses and sentences. Capitals are read
    before this, by :func:`_emphatic`."""
    return _TOKEN.findall(text.translate(_QUOTES).lower())


ASSURANCES = frozenset({"tell", "say", "pretend", "guarantee"})
"""Words that vouch for what follows, as a vow does: withheld ("I won't tell you it'll
be fine"), they vouch for nothing."""


_ACTS = re.compile(r"(?:insult|mock|laugh|threat|offend|disrespect|flatter)")
"""The stems of words for an act of speech itself (insulting, mocking, flattering):
denied ("don't laugh at the helmet", "nobody is threatening anybody"), the act is not done,
and neither is its opposite — no compliment is paid by not insulting."""
_NAMING = re.compile(r"(?:call|sa(?:y|id)|mean|meant)")
"""Words for calling someone something or meaning it, denied only with what they name
("I'm not calling you a liar", "I'm not saying it was your fault", "he didn't mean that
about the pot") — "no need to call anyone home" denies nothing said to the listener."""
_NAMED = frozenset({"you", "it", "that", "you're", "ur", "u", "ya"})


def disowned(tokens: list[str], at: int) -> bool:
    """Whether the word at ``at`` names an act of speech done to the listener, which a
    negation before it disowns: not one done to the speaker ("don't insult me")."""
    after = tokens[at + 1] if at + 1 < len(tokens) else ""
    if _ACTS.match(tokens[at]) is not None:
        return after not in {"me", "us"}
    return _NAMING.fullmatch(tokens[at].removesuffix("ing").removesuffix("s")) is not None and (
        after in _NAMED
    )


def withheld(tokens: list[str], at: int) -> bool:
    """The words at ``at`` follow, in the same clause, a vow or an assurance that is
    withheld ("I can't promise we'll find him", "I'm not going to tell you he's safe"), or
    name or follow an act of speech denied ("I'm not calling you a liar", "nobody is
    threatening anybody"): they are not said to the listener, and neither is their
    opposite."""
    if disowned(tokens, at) and negated(tokens, at):
        return True
    for back in range(at - 1, -1, -1):
        token = tokens[back]
        if token in CLAUSE_END or token in CLAUSE_STARTS - _SPEAKERS:
            return False
        denied = vow(token) or token in ASSURANCES or disowned(tokens, back)
        if denied and negated(tokens, back):
            return True
    return False


_SPEAKERS = frozenset({"we'll", "i'll", "you'll", "we", "i", "we're", "i'm"})
"""Of the words that start a new clause, those that begin what a vow vouches for ("I
can't promise we'll find him")."""


def is_negation(token: str) -> bool:
    return token in NEGATIONS or token.endswith("n't")


def negated(tokens: list[str], at: int) -> bool:
    """A negation within reach before ``at``, in the same clause."""
    for back in range(at - 1, max(-1, at - 1 - NEGATION_REACH), -1):
        token = tokens[back]
        if token in CLAUSE_END or token in CLAUSE_STARTS:
            # "I don't think we'll find him": a negated belief reaches the clause it holds
            return back >= 2 and tokens[back - 1] in BELIEFS and is_negation(tokens[back - 2])
        if is_negation(token):
            return True
    return False


_ADDRESS = frozenset(
    {"lady", "granny", "grandma", "gran", "woman", "old", "mate", "man", "missus", "love",
     "ma'am", "maam", "sir", "pal", "dude", "boy", "lad", "kid", "chief", "mister", "miss"}
)  # fmt: skip
"""Words of address after a word said on its own ("whatever lady", "fine, granny")."""


def said_alone(tokens: list[str], after: int) -> bool:
    """Whether the words ending before ``after`` are said on their own: at the end of the
    line or of a clause, or before a word of address ("ugh, whatever.", "whatever lady")."""
    return after == len(tokens) or tokens[after] in CLAUSE_END or tokens[after] in _ADDRESS

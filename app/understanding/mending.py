"""Slips of the keys mended before a clause is read: a verb of the game's, or a word of the
names of what is here, typed one key wrong ("attakcs grubnak", "tlak to berta", "i wanna
picck the lokc", "look at the wheeel"). Only a word that is no English word and no name of
the scene's is bent, and only to the one word it is a single slip from, so a real word is
always read as itself ("stack the casks" is no "stab")."""

from __future__ import annotations

from functools import cache

from app.understanding.deeds import DEEDS
from app.understanding.known_words import english_words
from app.understanding.scope import Scope
from app.understanding.vocabulary import Vocabulary
from app.understanding.words import one_slip
from rules.features import features
from rules.srd import srd

SHORTEST = 4
"""Words shorter than this are never bent: too many words are one slip from them."""
STRETCHED = 5
"""A word this long may be bent by a letter dropped or added; a shorter one only by two
letters swapped ("tlak"): "shoo" is no "shoot"."""

_VERBS_OF: dict[str, frozenset[str]] = {}
_ONE_WORD_OF: dict[str, frozenset[str]] = {}


def _one_word(vocab: Vocabulary) -> frozenset[str]:
    """The game's one-word verbs of a language, short ones too ("hit")."""
    verbs = _ONE_WORD_OF.get(vocab.code)
    if verbs is None:
        found = {p for group in vocab.verbs.values() for p in group if " " not in p}
        verbs = _ONE_WORD_OF[vocab.code] = frozenset(found)
    return verbs


def _verbs(vocab: Vocabulary) -> frozenset[str]:
    """The game's one-word verbs of a language long enough to be bent to."""
    verbs = _VERBS_OF.get(vocab.code)
    if verbs is None:
        verbs = _VERBS_OF[vocab.code] = frozenset(v for v in _one_word(vocab) if len(v) >= SHORTEST)
    return verbs


_PHRASE_WORDS: dict[str, frozenset[str]] = {}


def _phrase_words(vocab: Vocabulary) -> frozenset[str]:
    """Every word of the game's verb phrases in a language: the game's own words."""
    words = _PHRASE_WORDS.get(vocab.code)
    if words is None:
        found = {w for group in vocab.verbs.values() for p in group for w in p.split()}
        words = _PHRASE_WORDS[vocab.code] = frozenset(found)
    return words


@cache
def _deed_verbs() -> frozenset[str]:
    """The one-word verbs of improvised deeds ("persuade", "heave")."""
    return frozenset(w for d in DEEDS for w in d.words if " " not in w and len(w) >= SHORTEST)


@cache
def _powers() -> frozenset[str]:
    """Every word of a class feature's or a spell's name ("bardic", "inspiration"): a slip
    of one of them ("bardic inspration") is mended like a name of the scene's."""
    names = [f.name for f in features().entries.values()]
    names += [s.name for s in srd().spells.entries.values()]
    return frozenset(
        w for n in names for w in n.lower().split() if len(w) >= SHORTEST and w.isalpha()
    )


def _bent(word: str, candidates: frozenset[str], *, verb: bool = False) -> str | None:
    """The one candidate the word is a single slip from: a letter dropped, added or
    doubled, or two side by side swapped; never one letter for another, which may be a word
    of its own ("snuff", not "sniff"). A clause's ``verb`` that is no English word may be
    bent further, for no word of its own stands in the way: one letter for another
    ("sneek", "lokk") and, if short, one letter dropped ("pik", "kik")."""
    fits = set()
    for candidate in candidates:
        if candidate[0] != word[0] or abs(len(candidate) - len(word)) > 1:
            continue
        if len(candidate) == len(word):
            changed = sum(a != b for a, b in zip(candidate, word, strict=True))
            swapped = changed == 2 and one_slip(word, candidate)
            inner = changed == 1 and word[-1] == candidate[-1]  # (not "curo": Spanish's)
            if not (swapped or (verb and inner and len(word) >= 4)):
                continue
        elif (len(word) < STRETCHED and not verb) or not one_slip(word, candidate):
            continue
        fits.add(candidate)
    return fits.pop() if len(fits) == 1 else None


_MADE_WITH = ("y", "ly", "er", "ers", "ed", "ing", "ish", "ness")
"""Endings that make a word of another ("jump" → "jumpy")."""


def _doubling(word: str, vocab: Vocabulary) -> str | None:
    """A short verb of the game's with its last letter doubled or a double left single
    ("hitt", "kil"): too short to bend by any other slip, and no word of its own."""
    if len(word) not in (3, 4) or word in english_words():
        return None
    verbs = _one_word(vocab)
    if word[-1] == word[-2] and word[:-1] in verbs:
        return word[:-1]
    return word + word[-1] if word + word[-1] in verbs else None


_SUBJECTS = frozenset({"i", "we", "ill", "i'll", "well", "we'll", "lets", "let's", "then"})
"""Words before a clause's verb ("i pik the lock"): the verb is the word after them."""


def mended(said: str, vocab: Vocabulary, scope: Scope) -> str:
    """The clause with each slip of the keys mended: its first word to a verb of the
    game's, any later word to a verb or a word of a name of the scene's ("picck the lokc":
    "pick the lock", with a lock here). A plural keeps its "s" ("attakcs")."""
    known = english_words()
    words = said.split()
    verb_at = 1 if len(words) > 1 and words[0] in _SUBJECTS else 0  # "i pik teh lock"
    if not known or not any(
        (w not in known and (len(w) >= SHORTEST or _doubling(w, vocab) or i == verb_at))
        or (i == verb_at and len(w) == 3 and w not in _phrase_words(vocab))  # ("lok around":
        # a word, but no verb of ours; "hit", "ask" are, and cost nothing more)
        for i, w in enumerate(words)
    ):
        return said
    names = frozenset(w for t in scope.things for n in t.names for w in n.split())
    verbs = _verbs(vocab)
    things = frozenset(w for w in names if len(w) >= SHORTEST and w.isalpha()) | verbs | _powers()
    # a first word is a verb: the game's, an improvised deed's, a challenge's here, a power's
    dares = {n.split()[0] for t in scope.of("challenge") for n in t.names if " " in n}
    first = verbs | _deed_verbs() | frozenset(d for d in dares if len(d) >= SHORTEST) | _powers()
    out = []
    for i, word in enumerate(words):
        stem = word[:-1] if word.endswith("s") else word
        candidates = first if i == verb_at else things
        kept = word in known or word in names or stem in known or stem in names
        kept = kept or word in _phrase_words(vocab)  # ("stomp" of "stomp on": no "stop")
        kept = kept or (word.endswith("es") and word[:-2] in known)  # "blesses" is "bless"
        kept = (
            kept
            or any(  # a word made from a verb ("jumpy", "swinger") is no slip of it
                word.endswith(end)
                and len(word) - len(end) >= 3
                and (word[: -len(end)] in verbs or word[: -len(end)] in known)
                for end in _MADE_WITH
            )
        )
        doubled = _doubling(word, vocab) if not kept and word.isalpha() else None
        if doubled is None and len(word) == 3 and word not in names and word + word[-1] in names:
            doubled = word + word[-1]  # "ring the bel": the bell here
        if doubled is None and i == verb_at and len(word) == 3 and word not in _phrase_words(vocab):
            held = {word[:n] + word[n] + word[n:] for n in range(1, 3)} & first - {word}
            doubled = held.pop() if len(held) == 1 else None  # "lok at the trapdor": a key held
        if doubled is not None:  # "hitt the rat", "kil grubnak": a key held or missed
            out.append(doubled)
            continue
        short = len(word) < SHORTEST and not (i == verb_at and len(word) == 3)  # "kik"
        if short or not word.isalpha() or kept or stem in candidates:
            out.append(word)  # (a plural is itself: "goblins" is no slip of "goblin", nor
            continue  # "heaves" of "heave")
        plural = word.endswith("s")
        slot = i == verb_at
        fixed = _bent(word, candidates, verb=slot) or (
            f"{bent}s" if plural and (bent := _bent(word[:-1], candidates, verb=slot)) else None
        )
        out.append(fixed or word)
    return " ".join(out)

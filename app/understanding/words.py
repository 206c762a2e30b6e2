"""Text helpers: normalising a line, finding phrases, and loose name matching that
forgives plurals and small typos (``rapidfuzz``)."""

from __future__ import annotations

import re
from functools import lru_cache

from rapidfuzz import fuzz

from app.understanding.known_words import english_words, known_words
from app.understanding.slips import mend_name
from rules.srd import srd

TYPO_RATIO = 84.0
"""How alike two words must be (0-100) to count as a typo of each other."""


DETERMINERS = frozenset(
    {"the", "a", "an", "this", "that", "these", "those", "my", "his", "her", "its", "their",
     "our", "your", "some", "one"}
)  # fmt: skip
"""Words that change nothing about which thing is meant ("pick this lock" = "pick the lock")."""


_YES_WORD = (
    r"(?:y|ya|yah|yas|yea|yes+|yeah|yep|yup|sure|ok(?:ay)?|k|do it|react|go|please|now|right|"
    r"exactly|correct|obviously|of course|definitely|absolutely|totally|yes indeed|indeed|"
    r"that'?s? (?:it|right|the one)|si|sí|oui|ja|da)"
)
_YES = re.compile(rf"^\s*{_YES_WORD}(?:[\s,!.]+{_YES_WORD})*\W*$", re.IGNORECASE)


def is_yes(text: str) -> bool:
    """A bare yes to a question put to the player ("yes please!", "ok", "do it", "oui"):
    a reaction offered, or the referee's "Did you mean …?"."""
    return bool(_YES.match(text))


_CHAT = re.compile(r"\b(w|ur|wat|wot|pls|plz|thx|ty|lemme|gimme|lemmie)(?=\s+\w)")
_CHAT_WORDS = {"w": "with", "ur": "your", "wat": "what", "wot": "what", "pls": "please",
               "plz": "please", "thx": "thanks", "ty": "thanks", "lemme": "let me",
               "lemmie": "let me", "gimme": "give me"}  # fmt: skip
"""Chat shorthand before another word, written out ("w the spoon", "ur bro")."""
_FOR_REAL = re.compile(r"\s+(?:fr|frfr|fr fr|ngl|tbh|imo|no cap|deadass)\W*$")
"""Chat's "for real" after a line ("lemme peep whats down there fr"): no word of the deed."""
_ARE_YOU = re.compile(r"\br u\b")
_YOU = re.compile(r"\bu(?= (?:ok|okay|alright|all right|hurt|good|fine|there|know|see|doing)\b)")
""""r u" and "u" before how one is: "are you", "you" (never "u" alone, a way up)."""
_EM = re.compile(r"(\w) '?em\b(?!')")
"""Chat's "em" after a word ("tie em up"): "them"."""
_ILL = re.compile(
    r"^ill (?=(?:tie|go|take|grab|try|cast|attack|hit|shoot|get|check|look|ask|"
    r"talk|give|use|drink|help|stay|wait|pick|open|search|keep|follow|do|be|just|"
    r"have|need|head|run|sneak|climb|bind|light|put|hold)\b)"
)
"""A line opened with "ill" before a verb: "i'll" typed without its apostrophe."""
_ASKED_U = re.compile(r"\b(will|can|would|could|do|did|have|should|shall|thank|tell|give) u\b")
"""A "u" after a word that asks or thanks ("will u pay us", "thank u"): "you"."""


_SET_UP = re.compile(r"\b([a-z]{3,}(?:ed|en))-(up|down|out|in|back|over)\b")
"""A word made with a hyphen from a past form and a direction ("hauled-up", "worn-out")."""
_MID = re.compile(r"\b(?:mid-?|in the middle of (?:the |a )?)(?:fight|combat|battle|swing|brawl)\b")


@lru_cache(maxsize=4096)
def normalise(text: str) -> str:
    """Lowercase words; punctuation becomes space (apostrophes and digits stay); a number
    glued to a word comes apart ("rat2" -> "rat 2"); "w/" is "with", and chat shorthand
    is written out ("ur bro")."""
    text = text.lower().replace("’", "'").replace("#", " ").replace("w/", "with ")
    text = re.sub(r"\bb4\b", "before", text)  # (before "b4" comes apart as a number)
    text = re.sub(r"\block[- ]?picking( time)?\b", "pick the lock", text)  # "lockpicking time"
    text = re.sub(r"(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z]{3})", " ", text)
    text = re.sub(r"(^|\s)'+|'+(\s|$)", " ", text)  # quotes, not apostrophes
    text = re.sub(r"([a-z])\1{2,}", r"\1\1", text)  # "sleeeep" is "sleep" drawn out
    text = _SET_UP.sub(r"\1\2", text)  # "the hauled-up boats": how they lie, no way up
    text = _MID.sub(" ", text)  # "grab the crown mid-fight": when, no blow
    text = _CHAT.sub(lambda m: _CHAT_WORDS[m.group(1)], text)  # "the one w the saucepan"
    text = _FOR_REAL.sub("", text)  # "… whats down there fr": said in earnest, no more
    text = _YOU.sub("you", _ARE_YOU.sub("are you", text))  # "r u ok", "u alright"
    text = _ASKED_U.sub(r"\1 you", text)  # "how much will u pay us"
    text = _EM.sub(r"\1 them", text)  # "tie em up", "get 'em"
    text = _ILL.sub("i'll ", text)  # "ill tie up the other one too"
    text = _FOLLOWED_IN.sub("go ", text)  # "follows Ione in": the party goes in with her
    text = _GIVEN_A_LOOK.sub(r"look at \1", text)  # "give the rope one last look"
    text = _SLID_OUT.sub("takes ", text)  # "slides the scimitar out of his hand": taken
    words = re.sub(r"[^\w\s']", " ", text).replace("_", " ").split()
    # (without the model's files, or in a line with accents — French "flamme sacrée" — no
    # word is taken for a slip)
    known = known_words() if text.isascii() else None
    words = [_TYPOS.get(w) or (mend_name(w, known) if known else w) for w in words]
    for at in range(1, len(words)):  # "attak rat tree": the third rat, no tree
        if words[at] in _NUMBER_SLIPS and words[at - 1].rstrip("s") in monster_kinds():
            words[at] = _NUMBER_SLIPS[words[at]]
    return " ".join(words)


_FOLLOWED_IN = re.compile(
    r"(?:^|(?<=\bi )|(?<=\bwe )|(?<=\bthen )|(?<=\band ))follow(?:s|ing)? "
    r"(?!the\b|them\b|it\b|us\b|me\b)\w+ (?=(?:in|inside|into|through|"
    r"out|outside|down|up)\b)"
)
"""Following a friend into a place ("then follows Ione in"): the party's going, as one."""


_SLID_OUT = re.compile(
    r"\b(?:slides?|slid|sliding)\s+(?=(?:the|his|her|its|their|that)\s+(?:[\w']+\s+){0,2}"
    r"(?:out of|from)\b)"
)
"""A thing slid out of someone's hand or belt: taken (no blade slid into anyone)."""
_GIVEN_A_LOOK = re.compile(
    r"\bgive (it|that|this|him|her|them|the [\w' ]+?|that [\w' ]+?|this [\w' ]+?) "
    r"(?:one last|a last|a|another|a quick|a closer|a good|one more|a long|a hard) "
    r"(?:look|glance|once over|once-over|look over)\b"
)
"""A look given to a thing ("give the bell rope one last look"): looking at it, no gift."""


_NUMBER_SLIPS = {"tree": "three", "thre": "three", "thee": "three", "tow": "two", "fuor": "four"}
"""Slips of a number after a kind of foe ("rat tree", "goblin tow")."""


_TYPOS = {
    "teh": "the", "hte": "the", "adn": "and", "nad": "and", "waht": "what", "taht": "that",
    "wiht": "with", "whit": "with", "pikc": "pick", "pcik": "pick", "lcok": "lock",
    "tkae": "take", "taek": "take", "atack": "attack", "attak": "attack", "atttack": "attack",
    "attck": "attack", "potoin": "potion", "poiton": "potion", "thsi": "this", "jsut": "just",
    "cna": "can", "yuo": "you", "sepll": "spell", "abt": "about",
    "spel": "spell", "swrod": "sword", "sowrd": "sword", "gobiln": "goblin", "gobin": "goblin",
}  # fmt: skip
"""Slips of the fingers common enough to read as the word meant (letters swapped or
dropped in short words)."""


def core(text: str) -> str:
    """The text without determiners, for matching phrases loosely."""
    return " ".join(w for w in text.split() if w not in DETERMINERS)


_SHORT_VERBS = {"go": ("go", "goes", "went")}
"""Short verbs' told forms ("Thorin goes for the chief"); not "going", which mostly tells
of a plan ("I'm going to look")."""


def inflections(word: str) -> list[str]:
    """A verb's forms: "pick" -> picks, picked, picking; "take" -> takes, taking."""
    if word in _SHORT_VERBS:
        return list(_SHORT_VERBS[word])
    if len(word) < 3:
        return [word]  # "hi" has no "his"
    forms = [word, word + "s", word + "es", word + "ed", word + "ing", word + "d"]
    if word.endswith("e"):
        forms.append(word[:-1] + "ing")
    if word.endswith("y"):
        forms += [word[:-1] + "ies", word[:-1] + "ied"]
    if len(word) > 2 and word[-1] not in "aeiouwy" and word[-2] in "aeiou":
        forms += [word + word[-1] + "ing", word + word[-1] + "ed"]
    return forms


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A plural's singular, roughly: enough to match "goblins" to "goblin", "wolves" to
    "wolf". Cached: every name of every person is held against every word of a line."""
    if len(word) > 4 and word.endswith("lves"):
        return word[:-3] + "f"
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def has_phrase(text: str, phrase: str) -> bool:
    """The phrase appears as whole words (both normalised: single spaces)."""
    return bool(phrase) and f" {phrase} " in f" {text} "


def phrase_at(text: str, phrase: str) -> int:
    """Word-boundary position of the phrase in the text, or -1."""
    if not phrase:
        return -1
    return f" {text} ".find(f" {phrase} ")


@lru_cache(maxsize=64)
def _words_of(text: str) -> frozenset[str]:
    """The words of a line (a line is read against hundreds of verb phrases in a row)."""
    return frozenset(text.split())


@lru_cache(maxsize=4096)
def _inflections(word: str) -> tuple[str, ...]:
    return tuple(inflections(word))


@lru_cache(maxsize=8192)
def verb_at(text: str, phrase: str) -> int:
    """Where a verb phrase appears in any of its forms ("backs away", "picking the lock"),
    determiners aside; -1 if nowhere. The position is in ``text``. Cached: a reading asks
    it of the same line and phrase many times over (each reading of a verb, a challenge,
    a rest or a move looks for its own words)."""
    every, rest = _verb_forms(phrase)
    present = _words_of(text)
    # Every match starts with a form of the verb as a whole word of the line: a verb none
    # of whose forms is there is ruled out without building a single phrase.
    if present.isdisjoint(every):
        return -1
    forms = [form for form in every if form in present]
    best = -1
    for form in forms:
        wanted = f"{form} {rest}".strip()
        at = phrase_at(text, wanted)
        if at < 0 and rest and core(rest) != rest:
            bare = core(rest)
            start = phrase_at(text, form)
            if bare and start >= 0:
                after = text[start + len(form) :].split()
                if after and after[0] in DETERMINERS:
                    after = after[1:]
                if " ".join(after).startswith(bare + " ") or " ".join(after) == bare:
                    at = start
        if at < 0 and rest in _OWNER_WORDS:  # "hurl my", typed "Thorin hurls his handaxe"
            start = phrase_at(text, form)
            after = text[start + len(form) :].split()[:2] if start >= 0 else []
            if after[:1] and after[0] in _OWNER_WORDS and after[1:2] and after[1] in weapon_words():
                at = start  # (not "tosses her rope", "throw her a line")
        if at >= 0 and (best < 0 or at < best):
            best = at
    return best


_OWNER_WORDS = frozenset({"my", "his", "her", "their", "our"})
"""Whose a thing is: a verb phrase said with "my" is the same told of another."""


@lru_cache(maxsize=4096)
def _verb_forms(phrase: str) -> tuple[tuple[str, ...], str]:
    """A verb phrase's first word in each of its forms, and the words after it."""
    words = phrase.split()
    if not words:
        return (), ""
    return _inflections(words[0]), " ".join(words[1:])


@lru_cache(maxsize=256)
def _by_first_form(phrases: tuple[str, ...]) -> dict[str, frozenset[str]]:
    """Each form of a first word -> the phrases of a word list that begin with it."""
    index: dict[str, set[str]] = {}
    for phrase in phrases:
        words = phrase.split()
        for form in _inflections(words[0]) if words else ():
            index.setdefault(form, set()).add(phrase)
    return {form: frozenset(found) for form, found in index.items()}


def verbs_in(text: str, phrases: tuple[str, ...]) -> list[str]:
    """The phrases of a word list, in its order, whose verb appears in the line in one of
    its forms: the only ones :func:`verb_at` can find (a line is read against hundreds of
    phrases, and names only a few of their verbs)."""
    index = _by_first_form(phrases)
    possible: set[str] = set()
    for word in _words_of(text):
        possible |= index.get(word, frozenset())
    return [phrase for phrase in phrases if phrase in possible] if possible else []


def starts_with(text: str, phrase: str) -> bool:
    """The text begins with the phrase (whole words)."""
    return text == phrase or text.startswith(phrase + " ")


@lru_cache(maxsize=4096)
def stems(text: str) -> str:
    """The text with every word reduced to its stem (for plural-blind phrase matching).
    Cached: every name in the scene is matched against every line this way."""
    return " ".join(stem(w) for w in text.split())


NAME_FILLERS = frozenset({"the", "and", "of", "one", "ones", "old", "little", "big", "great"})
"""Words of a name that alone point at nobody ("the" of "the Grey Sister", "one" of "little
one", which "the cracked one" does not name)."""


_OWNERS = re.compile(r"(?<=[a-z])'s\b")
"""The possessive ending, which names its owner ("Bram's shoulder", "a wolf's AC")."""


@lru_cache(maxsize=8192)
def name_score(text: str, name: str, stop: frozenset[str]) -> float:
    """How well ``text`` names ``name`` (both normalised): above 1 for the whole phrase
    (longer names score higher), 0.5-0.75 for single words or typos, 0 for nothing.
    Cached: a line is matched against every name in the scope, and the same line ("attack
    the nearest goblin") and names come back turn after turn."""
    if not name:
        return 0.0
    joined = _joined(text, name)
    if joined != text:  # "the log book" names the logbook
        return max(name_score(joined, name, stop), _name_score(text, name, stop))
    return _name_score(text, name, stop)


def _joined(text: str, name: str) -> str:
    """The text with two words run together where together they are a word of the name
    ("log book" for "logbook", "fire place" for "fireplace")."""
    parts = {p for p in name.split() if len(p) >= 6}
    squeezed = text.replace(" ", "")  # (a word made of two is in the words run together)
    if not any(p in squeezed for p in parts):
        return text
    words = text.split()
    if len(words) < 2:
        return text
    out: list[str] = []
    at = 0
    while at < len(words):
        pair = words[at] + words[at + 1] if at + 1 < len(words) else ""
        if pair in parts:
            out.append(pair)
            at += 2
        else:
            out.append(words[at])
            at += 1
    return " ".join(out)


@lru_cache(maxsize=65536)
def _name_score(text: str, name: str, stop: frozenset[str]) -> float:
    """:func:`name_score` of the text as written."""
    if has_phrase(text, name):  # the very word beats one that is only the same stem
        return 1.02 + len(name) / 100  # ("palm" names the palm, not the palms beside it)
    if has_phrase(stems(text), stems(name)):
        return 1.0 + len(name) / 100
    if "'s" in text and has_phrase(_OWNERS.sub("", text), name):
        return 0.8  # the owner named, less than the thing owned: "Bram's shoulder"
    words = [(w, stem(w)) for w in text.split() if len(w) > 2 and w not in stop]
    best = 0.0
    parts = name.split()  # a typo names a thing by its last word ("lamp"), not "great"
    last = len(parts) - 2 if len(parts) > 1 and parts[-1].isdigit() else len(parts) - 1
    for at, part in enumerate(parts):
        if len(part) < 3 or part in stop or part in NAME_FILLERS or part.isdigit():
            continue  # "the" in "the Grey Sister" names nobody by itself
        root = stem(part)
        slips = len(part) > 3 and at == last  # (only the last word is read through a typo)
        for word, word_root in words:
            if word_root == root:
                best = max(best, 0.75)  # (a possessive names its owner: "a wolf's AC")
            elif slips and len(word) > 3 and word not in english_words():
                # ("wolf" of "Wolf 2"; a real word is itself: "whole" is no slip of "hole")
                ratio = fuzz.ratio(word, part)
                if ratio >= TYPO_RATIO:
                    best = max(best, 0.5 + ratio / 400)
    return best


def one_slip(a: str, b: str) -> bool:
    """Whether two words are one slip of the keys apart: one letter dropped, added or
    changed, or two side by side swapped ("secnd", "tlak")."""
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        swapped = len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]]
        return len(diff) == 1 or (swapped and a[diff[1]] == b[diff[0]])
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return any(long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))


POLITE = ("pls", "plz", "please", "thx", "thanks", "ty", "thank you")
"""Words of politeness, which ask and do nothing ("hp check pls")."""


TITLES = frozenset({"brother", "sister", "father", "mother", "sir", "dame", "lady", "lord",
                    "master", "mistress", "old", "young", "the"})  # fmt: skip
"""Words before a name that are not the name ("Brother Cass")."""


@lru_cache(maxsize=1)
def weapon_words() -> frozenset[str]:
    """Every word of every SRD weapon's name ("light", "hammer", "handaxe"), read once."""
    return frozenset(w for k in srd().weapons.entries for w in k.split("_"))


@lru_cache(maxsize=1)
def monster_kinds() -> frozenset[str]:
    """The last word of every SRD monster's name ("goblin", "rat", "wolf"), read once."""
    return frozenset(m.name.lower().split()[-1] for m in srd().monsters.entries.values())


_OWNED = re.compile(r"(?<=\w)'s\b")


def owners(text: str) -> str:
    """The text with possessive endings dropped, so an owner is named by name ("Tam's
    ankle", "skeleton 3's skull": Tam, skeleton 3)."""
    return _OWNED.sub("", text)


_NUMBERED = {
    "one": 1, "first": 1, "two": 2, "second": 2, "three": 3, "third": 3, "four": 4,
    "fourth": 4, "five": 5, "fifth": 5, "six": 6, "sixth": 6, "seven": 7, "seventh": 7,
    "eight": 8, "eighth": 8, "nine": 9, "ninth": 9,
}  # fmt: skip
SLOT_LEVEL = re.compile(
    r"\b(?:level|lvl|lv)[- ]?(one|two|three|four|five|six|seven|eight|nine|\d)\b"
    r"|\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|\d)(?:st|nd|rd|th)?"
    r"[- ](?:level|lvl)\b"
    r"|\b(\d)(?:st|nd|rd|th)? (?:level )?(?:spell )?slot\b"
)
"""A spell slot's level as a line says it ("using a level 2 slot", "at 2nd level", "a
first-level slot"): a number that counts no foe."""


def slot_level(text: str) -> int | None:
    """The spell slot level a line names, or ``None``."""
    found = SLOT_LEVEL.search(text.lower())
    if found is None:
        return None
    word = next(g for g in found.groups() if g)
    return int(word) if word.isdecimal() else _NUMBERED[word]


def head_topic(said: str, matched: list[tuple[str, str]]) -> str | None:
    """Of two topics named side by side, the last ("the goblin boss's name": the boss, of
    the goblins); ``None`` when they are not said together."""
    words = said.split()
    ends = {k: max((i for i, x in enumerate(words) if word_stem(x) == word_stem(w)), default=-9)
            for w, k in matched}  # fmt: skip
    if len(ends) != 2:
        return None
    first, last = sorted(ends, key=lambda k: ends[k])
    return last if ends[last] - ends[first] == 1 else None


def word_stem(word: str) -> str:
    """A word without a plural's ending ("bosses", "goblins"): to find where it is said."""
    return re.sub(r"(?:es|s)$", "", word) if len(word) > 4 else word

"""How a line is said, beside what its words are: whether it is asked, exclaimed or
mocked, and the set phrases that only preface it.

The sensitivity map reads a keyword in its context (:mod:`app.world.sensitivity`); these
are the readings of the context that do not depend on the keyword:

- a question weakens a promise ("will you trust us?"), but "what a magnificent helmet" is
  an exclamation, not a question, though it starts with "what";
- a line said mocking ("*snickers*", "great chief my boot", "oh sure, real heroic") means
  the opposite of its kind words;
- "I'm not going to lie to you" or "honestly" only say that bad news follows: their
  negation negates nothing the line says, so the meaning model reads the line without them;
- a vow can be asked of the listener ("promise me…"), refused ("I promise nothing") or said
  to oneself ("I promise myself"), and "don't worry about the key, I'll pick the lock" takes
  on a task rather than comforting: none of them promises the listener anything;
- "hand over the sausages" demands what an offer would give;
- "!", capitals, "really" and "I swear" say a line with emphasis.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

INTERROGATIVES = frozenset(
    {"will", "would", "can", "could", "do", "does", "did", "are", "is", "was", "were",
     "shall", "should", "why", "what", "how", "who", "where", "when", "which", "may"}
)  # fmt: skip
"""Words that make a sentence they start a question, "?" or not."""
_EXCLAIMS = frozenset({"a", "an"})
"""After "what", words that make the sentence an exclamation ("what a joke", "what an
honour"): it says, it does not ask."""
_ASKERS = frozenset({"i", "we", "you", "he", "she", "they", "it"})
"""After "may", the subjects that make it a request ("may we…"), not a wish ("may your…")."""
_PROPOSALS = frozenset({"about"})
"""After "how" or "what", a word that makes a sentence without "?" a proposal ("how about
you shut up"): it says, it does not ask."""

SENTENCE_END = frozenset(".!?")
_AUXILIARIES = frozenset(
    {"do", "does", "did", "is", "are", "was", "were", "can", "could", "will", "would",
     "have", "has", "had", "should", "shall"}
)  # fmt: skip
_PRONOUNS = frozenset({"you", "i", "we", "he", "she", "it", "they", "ya"})
"""A tag question is an auxiliary and a pronoun ("…, do they?", "…, isn't it?")."""
_TAG_STARTS = frozenset({"right", "eh", "yeah", "huh", "ok", "okay", "innit", "yes", "no", "see"})

_MOCKING = re.compile(
    r"\*\s*(?:\w+\s+)?(?:snicker|smirk|scoff|sneer|jeer|laugh|chuckle|cackle|guffaw|giggle"
    r"|roll)s?\b[^*]*\*"  # an emote: *snickers*, *laughs at him*, *rolls eyes*
    r"|\b(?:i|we|he|she)\s+(?:snicker|smirk|scoff|sneer|jeer)s?\b"  # "I snicker and…"
    r"|\b(?:snicker|smirk|scoff|sneer|jeer|giggle|chuckle|snort)s\s+(?:at|behind)\b"
    r"|\b(?:mimic(?:s|ked|king)?|parod(?:y|ies|ied|ying))\b"  # "mimics his quaver"
    r"|\bp+f+t+\b|\bpsh+\b"  # "pfft", "pshh"
    r"|\bmy\s+(?:boot|foot|arse|ass|eye)\s*[.!]"  # "great chief my boot."
    r"|\b(?:oh|yeah)\s+sure\b|\byeah\s+right\b|\bmore\s+like\b"  # "oh sure, real heroic"
    r"|\*\s*(?:totally|so|very|really)\s*\*"  # "it's *totally* not your fault"
    r"|\bhow\s+(?:terrifying|scary|frightening|fearsome|impressive|noble|majestic|brave|"
    r"heroic)\s*[.!]*\s*$"  # "the great chief of the turnip thieves. How terrifying."
    r"|\b(?:lol|lmao|haha)\s+(?:the|what|such)\s+(?:a\s+)?(?:brave|great|mighty|noble|fearsome|"
    r"heroic)\b"  # "lol the brave keeper, hiding in his tower"
    r"|\b(?:i'?m|we'?re)\s+(?:so\s+)?(?:shaking|trembling|quaking)\b"  # "I'm shaking."
    r"|\bsome\s+(?:hero|chief|king|leader|keeper|friend|warrior)\b"  # "some hero you are"
    r"|\breal\s+(?:brave|heroic|clever|noble|classy|impressive)\b"  # "real brave, wendel"
    r"|\boh,?\s+well\s+done\b|\btop\s+marks\b|\bso\s+proud\s+of\s+yourself\b"
    r"|\bbrave\b[^.!?]*\btoo\s+(?:scared|afraid|frightened)\b"  # "the brave keeper, too scared"
    r"|\b(?:ever\s+so|wow\W+)\s*(?:impressive|scary|terrifying|brave|regal)\b"
    r"|\b(?:truly|so|very)\s+(?:terrifying|scary|frightening)\s*[.!]*\s*$"
    r"|\bha\s+ha\b"  # "ha ha ha nice kitchenware, your majesty"
    r"|\bsorry\s+for\s+yourself\b"  # "sitting in the dark feeling sorry for yourself"
    r"|\bwhat\s+a\s+(?:brave|great|fine|mighty|noble)\s+\w+,\s+\w+ing\b[^.!?]*\bwhile\b",
    re.IGNORECASE,
)
"""Marks of mockery: a line with one says the opposite of its kind words. Laughter counts
only as an emote between asterisks ("*laughs*"), not as a word ("we laughed about it")."""

_PREFACES = re.compile(
    r"\b(?:i'm|i\s+am|im)\s+not\s+(?:going\s+to|gonna)\s+lie(?:\s+to\s+(?:you|ya|u))?"
    r"|\bi\s+(?:won't|will\s+not|wont)\s+lie(?:\s+to\s+(?:you|ya|u))?"
    r"|\bnot\s+(?:going\s+to|gonna)\s+lie\b"
    r"|\bto\s+be\s+(?:honest|frank|fair)\b|\bhonestly\b|\bfrankly\b",
    re.IGNORECASE,
)
"""Set phrases that preface a line without being part of what it says."""


def without_prefaces(text: str) -> str:
    """The line less its prefaces ("I won't lie to you, he may be dead" → "he may be
    dead"), for reading its meaning; the line itself when nothing is left."""
    rest = _PREFACES.sub(" ", text.translate(_QUOTES))
    rest = re.sub(r"^[\s,.;:!-]+", "", rest)
    rest = re.sub(r"\s+([,.;:!?])", r"\1", " ".join(rest.split()))
    return rest if rest.strip(" ,.;:!?") else text


_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "`": "'", "\u00b4": "'"})


_THREAT = re.compile(
    r"\bor\s+(?:else\b|(?:i|we)(?:'ll|\s+will|'d)?\s+(?:\w+\s+)?(?:cut|kill|split|gut|burn|"
    r"smash|end|stab|break|hurt|drag|make)\b|(?:you'll|you\s+will)\s+(?:die|regret|be\s+sorry)\b"
    r"|(?:meet|face|taste|feel)\s+(?:the|my|our)\b|die\b(?!\s+trying))",
    re.IGNORECASE,
)


def threatening(text: str) -> bool:
    """The line threatens the one it is said to ("let go of that rope or I'll cut you down",
    "bow to us, or meet the sharp end of this"): whatever kind words or goods it holds, it
    is no kindness and no offer."""
    return _THREAT.search(text.translate(_QUOTES)) is not None


def mocking(text: str) -> bool:
    """The line is said mocking: its kind words mean their opposite."""
    return _MOCKING.search(text.translate(_QUOTES)) is not None


_UNDECIDED = re.compile(
    r"\b(?:haven'?t (?:yet )?decided|not (?:yet )?decided|(?:we'?re|i'?m|we are|i am) not sure|"
    r"not sure (?:if|whether|we|i)|don'?t know (?:if|whether|what)|no idea (?:if|whether|what)|"
    r"we'?ll see about)\b",
    re.IGNORECASE,
)
_BUT_STILL = re.compile(
    r"\b(?:but|though|still|anyway|whatever happens|we'll|we will|i'll|i will|promise)\b", re.I
)


_HEDGED = re.compile(
    r"\b(?:no guarantees?|no promises?|can'?t promise|cannot promise|won'?t promise|"
    r"eventually|when we feel like it|if we feel like it|(?:get|got) (?:round|around) to|"
    r"if we have (?:the )?time|if we can be bothered|no rush|"
    r"if (?:we|i) had (?:any|some|the|a|gold|coin|coins|money|anything)|"
    r"(?:was|were) going to (?:bring|give|offer|get) (?:you|him|her|them)\b[^.!?]*\bbut)\b",
    re.IGNORECASE,
)


def hedged(text: str) -> bool:
    """The line takes back the assurance it gives ("we'll look into it, no guarantees",
    "we'll get round to your little problem eventually"), or gives only what it would give
    ("if we had gold we'd offer it", "I was going to bring you a gift, but …"): no comfort
    and no offer is given."""
    return _HEDGED.search(text.translate(_QUOTES)) is not None


def undecided(text: str) -> bool:
    """The line says the speaker has not made up their mind, or does not know, and vouches
    for nothing after it ("we haven't decided whether we're taking the job yet", "I'll be
    honest, I don't know what's down there"): no comfort, offer or assurance is given."""
    said = text.translate(_QUOTES)
    found = _UNDECIDED.search(said)
    return found is not None and _BUT_STILL.search(said[found.end() :]) is None


def sentence(tokens: Sequence[str], at: int) -> tuple[int, int]:
    """The span of the sentence holding ``tokens[at]`` (end: its closing mark or the end)."""
    start = at
    while start > 0 and tokens[start - 1] not in SENTENCE_END:
        start -= 1
    end = at
    while end < len(tokens) and tokens[end] not in SENTENCE_END:
        end += 1
    return start, end


def _tag(tokens: Sequence[str], start: int, end: int) -> int | None:
    """Where a tag question closing a sentence starts ("…, you know that?", "…, right?",
    "…, aren't you?"): the words before it are said, not asked. ``None`` without one."""
    comma = next((i for i in range(end - 1, start - 1, -1) if tokens[i] == ","), None)
    if comma is None:
        return None
    tag = tokens[comma + 1 : end]
    if not tag or len(tag) > 3:
        return None
    if tag[0] in _TAG_STARTS or list(tag[:2]) == ["you", "know"]:
        return comma
    if len(tag) == 2 and (tag[0].endswith("n't") or tag[0] in _AUXILIARIES):
        return comma if tag[1] in _PRONOUNS else None
    return None


def questioned(tokens: Sequence[str], at: int) -> bool:
    """The word at ``at`` is in a question: its sentence ends in "?" (and the word is not
    before a closing tag question) or starts with an interrogative word — not "what a…",
    which exclaims, "how about…", which proposes, or "may…", which wishes ("may your
    spoon be ever mighty"), when no "?" asks."""
    start, end = sentence(tokens, at)
    if end < len(tokens) and tokens[end] == "?":
        tag = _tag(tokens, start, end)
        return tag is None or at > tag
    if start >= at or tokens[start] not in INTERROGATIVES:
        return False
    second = tokens[start + 1] if start + 1 < end else ""
    if tokens[start] == "may":  # "may we come in" asks; "may your spoon…" wishes
        return second in _ASKERS
    if tokens[start] == "what" and second in _EXCLAIMS:
        return False
    return not (tokens[start] in ("how", "what") and second in _PROPOSALS)


_VOWS = ("promis", "swear", "swor", "vow")
"""Word beginnings of vows: "promise", "promised", "swear", "swore", "vowed"."""
_REFUSALS = frozenset({"nothing", "none"})
_CHORE_OBJECTS = frozenset({"the", "a", "an", "that", "this", "those", "these"})
_CHORE_SUBJECTS = frozenset({"i", "i'll", "i've", "i'm", "i'd"})
_DEMANDS = (("hand", "over"), ("give", "back"), ("give", "me"), ("give", "us"), ("hand", "me"))
"""Words that take from the listener rather than give to them ("hand over the sausages")."""
_REACH = 5


def vow_asked(tokens: Sequence[str], end: int) -> bool:
    """The vow ending at ``end`` is asked of the listener ("promise me you'll lock the
    door", "swear to me you won't follow us"), not made to them."""
    after = tuple(tokens[end + 1 : end + 3])
    return tokens[end].startswith(_VOWS) and (after[:1] == ("me",) or after == ("to", "me"))


def solicited(tokens: Sequence[str], at: int, end: int) -> bool:
    """The offer at ``at``…``end`` is asked of the listener, not made to them ("make us an
    offer", "what's your offer", "what do you offer us")."""
    after = tokens[end + 1] if end + 1 < len(tokens) else ""
    before = tuple(tokens[max(0, at - 2) : at])
    return tokens[at].startswith("offer") and (
        after in {"us", "me"} or before[-1:] == ("your",) or before in _ASKED_FOR
    )


_ASKED_FOR = frozenset({("us", "an"), ("me", "an"), ("us", "a"), ("me", "a")})
"""Words before "offer" that ask it of the listener ("make us an offer")."""


def vow(token: str) -> bool:
    """Whether a word is a vow ("promise", "swore", "vowed")."""
    return token.startswith(_VOWS)


def vow_refused(tokens: Sequence[str], end: int) -> bool:
    """The vow ending at ``end`` promises nothing ("I promise nothing", "I swear to you
    nothing"): a negation after the verb, as "I can't promise" has one before it."""
    if not tokens[end].startswith(_VOWS):
        return False
    return any(t in _REFUSALS for t in tokens[end + 1 : end + 4])


def chore(tokens: Sequence[str], end: int) -> bool:
    """ "Don't worry about the key, I'll pick the lock": the worry ending at ``end`` is a
    task the speaker takes on (a thing, then a clause of their own), not comfort for the
    listener's fears — "don't worry about the money" alone still comforts."""
    if not tokens[end].startswith("worr") or end + 2 >= len(tokens):
        return False
    if tokens[end + 1] != "about":
        return False
    thing = tokens[end + 2]
    if thing not in _CHORE_OBJECTS and not thing.endswith("ing"):
        return False
    for at in range(end + 3, len(tokens) - 1):
        if tokens[at] in SENTENCE_END:
            return False
        if tokens[at] == "," and tokens[at + 1] in _CHORE_SUBJECTS:
            return True
    return False


_DETERMINERS = frozenset({"a", "an", "the", "this", "that", "such", "your", "what", "quite"})
_TOKENS_OF_CARE = frozenset({
    "hand", "hands", "arm", "arms", "word", "words", "smile", "hug", "pat", "squeeze",
    "voice", "tone", "look", "nod", "presence", "thought", "thoughts", "news", "grin",
})  # fmt: skip
_LISTENERS = frozenset({"you", "her", "him", "them", "us", "me", "everyone", "yourself"})


def of_a_thing(tokens: Sequence[str], at: int, end: int, direction: str | None = None) -> bool:
    """ "A reassuring fire", "comforting place you've got": the one word at ``at``, in its
    -ing form, describes a thing the next word names, not what is said to the listener —
    while "a comforting hand on his shoulder" and "reassuring her" still comfort, and a
    slight's word (``direction`` "down") describes the listener ("lying old goat")."""
    if direction == "down" or end != at or at + 1 >= len(tokens):
        return False
    if not tokens[at].endswith("ing"):
        return False
    after = tokens[at + 1]
    if not after.isalpha() or after in _TOKENS_OF_CARE or after in _LISTENERS:
        return False
    return at == 0 or tokens[at - 1] in _DETERMINERS


def demanded(tokens: Sequence[str], at: int) -> bool:
    """The thing at ``at`` is demanded of the listener ("hand over the sausages", "give
    back the key"), not offered to them: a demand verb before it in its clause."""
    words = tokens[max(0, at - _REACH) : at]
    for i in range(len(words) - 1, -1, -1):
        if words[i] in ",;:.!?":
            return False
        if tuple(words[i : i + 2]) in _DEMANDS:
            return True
    return False


_GIVING = re.compile(
    r"\b(?:give|gives|gave|giving|here|here's|heres|take|takes|have|has|bring|brings|brought|"
    r"hand|hands|handing|toss|tosses|throw|throws|roll|rolls|set|sets|slide|slides|lay|lays|"
    r"put|puts|place|places|holds?\s+out|offer\w*|present\w*|for\s+you|for\s+your|yours|"
    r"want|wants|fancy|like\s+some|share|pay|paid|spare|keep|trade|deal|swap|get\s+you|"
    r"feed|leave|left|pile|plenty|sack|basket|string|barrel|bag|crate|some|more|if|unless|"
    r"accept|supply|supplies|arrange|alliance|feast|for\s+peace|propos\w*|agreement|truce|"
    r"sweeten|waggl\w*|entic\w*|wave|waves|dangl\w*|"
    r"biete\w*|gebe|geben|doy|damos|traemos|traigo|ofrezco|donne|donnons)\b",
    re.IGNORECASE,
)


def giving(text: str) -> bool:
    """Whether a line gives, sets down, promises or asks about giving something (a verb of
    handing over, "for you", "want", a sack or basket of it, a condition): a thing it
    names can be an offer. "So he likes sausages" and "a thief who nicks sausages" name
    the goods and offer nothing."""
    return _GIVING.search(text.translate(_QUOTES)) is not None


EMPHATICS = frozenset({"really", "truly", "absolutely", "definitely", "honestly"})
"""Words that strengthen what a line says…"""
VOWS = frozenset({("i", "swear"), ("i", "promise"), ("we", "swear"), ("we", "promise")})
"""… and vows ("I swear", "we promise"; not "we can't promise")."""

REFLEXIVES = frozenset({"myself", "ourselves"})
"""Said to oneself: "I promise myself", "we swore to ourselves" promise the listener
nothing, so a match these follow does not count."""


def to_oneself(tokens: list[str], end: int) -> bool:
    """The words ending at ``end`` are said to oneself ("promise myself", "to myself")."""
    after = tokens[end + 1 : end + 3]
    return bool(after) and (
        after[0] in REFLEXIVES or (after[0] == "to" and len(after) > 1 and after[1] in REFLEXIVES)
    )


_CAPS = re.compile(r"\b[A-Z]{3,}\b")


def emphatic(text: str, tokens: list[str]) -> bool:
    """The line is said with emphasis: "!", a word in capitals (not the whole line
    shouted by a stuck caps lock), or an emphatic word."""
    if "!" in text or any(t in EMPHATICS for t in tokens):
        return True
    if any(pair in VOWS for pair in pairwise(tokens)):
        return True
    return bool(_CAPS.search(text)) and not text.isupper()

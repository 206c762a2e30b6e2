"""A line of several actions, cut into its clauses: "I drink the potion and attack the
rat", "hide, then shoot", "before I go down I light the lantern".

The cut is made on the words a player strings actions with (``and``, ``then``, commas,
sentence ends, ``before``/``after``/``while``), never inside quoted speech, and only
*proposed* here: the parser keeps a cut when every part reads as an action, a question or
words to someone on its own (:mod:`.parse`), so "ask Berta about Tam and the key" or
"attack the goblin and the rat" stay one clause. ``before`` and ``after`` put the clauses
in the order they happen ("attack after I drink" drinks first).

A later clause may point back at an earlier one ("then shoot *it*", "and give it to
*her*"): :func:`refer_back` puts the earlier clause's target in place of the pronoun, so
each clause is read on its own words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

MAX_CLAUSES = 4
"""More actions than this in one line are not cut further (a long paste is read as one)."""

QUOTED_SPEECH = re.compile(r"\"[^\"]*\"|“[^”]*”|(?<!\w)'(?:[^']|(?<=\w)'(?=\w)){3,}'(?!\w)")
_QUOTE_ENDS = "\x01"
"""The mark a quoted sentence's close leaves in a line read for its cuts."""
_STRONG = re.compile(
    r"(?:(?<=\x01)\s+|[.!?;]+\s+|\s*,?\s+and\s+then\s+|\s*,\s*then\s+|\s+then\s+|\s*,\s*and\s+|"
    r"\s+and\s+(?=i\s|i'll\s|we\s)|\s*,\s+(?=i\s|we\s|i'll\s)|"
    r"\s+(?=\*\w[^*]*\*)|(?<=\w\*)\s+(?=\w))",
    re.IGNORECASE,
)
"""Boundaries that nearly always join two deeds: a sentence end, "then", ", and",
"and I …", ", I …", either side of a deed in asterisks ("*grabs rope* tie him up")."""
_WEAK = re.compile(r"\s+and\s+|\s+[&+]\s+|\s*,\s+|\s+while\s+|\s+plus\s+", re.IGNORECASE)
"""Boundaries that join two deeds only when a verb follows ("drink and attack") and
otherwise join two things ("the rat and the goblin")."""
_BEFORE = re.compile(
    r"^\s*before\s+(.+?)\s*(?:,|\s[—–-]{1,2})\s*(.+)$|^(.+?)\s+before\s+(.+)$", re.IGNORECASE
)
_AFTER = re.compile(r"^\s*after\s+(.+?)\s*,\s*(.+)$|^(.+?)\s+after\s+(.+)$", re.IGNORECASE)
_WHEN = re.compile(
    r"^\s*(?:when|once|as soon as)\s+(?!(?:do|does|did|can|could|should|shall|will|would|is|"
    r"are|was|were|am|have|has|had)\b)(.+?)\s*,\s*(.+)$",
    re.IGNORECASE,
)
"""A leading "when" that tells when, with a comma ("when she looks away, I take the key"):
what it waits for first, then the deed; never a question ("when does the boat leave, …")."""
_BARE = re.compile(r"^\s*(before|after)\s+(.+?)\s+((?:i|i'll|then|we'll)\s.+)$", re.IGNORECASE)
"""A leading "before"/"after" with no comma: "before we go down I light my lantern"."""
_WHILE = re.compile(
    r"^\s*(?:while|whilst)\s+(.+?)\s*,?\s+((?:i|i'll|we|we'll)\s.+)$", re.IGNORECASE
)
"""A leading "while" and the speaker's own deed, comma or none: "while they fiddle with the
lock I ask Berta for a pint"."""


def meanwhile(text: str, others: frozenset[str]) -> str | None:
    """The speaker's deed of a line that opens on what someone else does meanwhile ("while
    they fiddle with the lock I ask Berta for a pint", "while Mira picks it, I keep watch":
    the asking, the watching — ``others`` are the names of the rest of the table); ``None``
    for any other line, or when the deed points back into the clause it follows ("while
    he's distracted I stab him")."""
    found = _WHILE.match(_masked(text))
    if found is None:
        return None
    before, deed = found.group(1), text[found.start(2) : found.end(2)]
    first = before.split()[0].lower().strip(",")
    if not (others_deed(before) or first in others) or _BACK.search(deed):
        return None
    return deed


ARMED = re.compile(
    r"\b(?:arrow|bolt|blade|sword|shortsword|longsword|axe|battleaxe|handaxe|mace|dagger|"
    r"staff|bow|shortbow|longbow|crossbow|spear|club|hammer|warhammer|scimitar|knife|rapier|"
    r"javelin|sling|stone|dart)s?\b",
    re.IGNORECASE,
)
"""A part that takes up a weapon or a missile: what a later "it" is loosed or swung."""


@dataclass(frozen=True)
class Piece:
    """One proposed clause: its words, and whether the cut before it was a strong one."""

    text: str
    strong: bool
    subordinate: bool = False
    """Cut off by "before"/"after": a deed of the speaker's only when it says so ("before
    I go", "after drinking"), not a plan of the party's ("before we go down") or another's
    deed ("before he heaves the door")."""
    part: int = 0
    """Which run of the line it was cut from (a sentence or a "then" clause, in time
    order): pieces of one part may be glued back together, in their own order."""
    asked: bool = False
    """It ended in a question mark ("tie him up? nah, …"): wondered aloud, not done."""
    awaited: bool = False
    """Cut off by "before": what waits for the deed ("… before we cross"), not done yet."""


def _masked(text: str) -> str:
    """The line with quoted speech blanked out (same length), so no cut falls inside it,
    nor at the "and" of "between Aria and the rats" (two ends of one place), nor at the
    comma before a time told ("the storm, forty years back")."""
    text = QUOTED_SPEECH.sub(_blanked, text)
    text = _AGO.sub(lambda m: "\0" + m.group(2), text)
    text = _BOTH_ASKED.sub(lambda m: m.group(1) + "\0" * len(m.group(2)), text)
    text = _PAIRED.sub(_paired, text)
    return _BETWEEN.sub(lambda m: m.group(1) + "\0" * len(m.group(2)), text)


def _paired(found: re.Match[str]) -> str:
    """Two words said as one ("back and forth") with their "and" blanked out; any other
    words as they are ("in and then …" is two deeds)."""
    if " ".join(found.group(0).lower().split()) not in _PAIRS:
        return found.group(0)
    return found.group(1) + "\0" * len(found.group(2)) + found.group(3)


_AGO = re.compile(
    r"(,)(\s*(?:[\w-]+\s+){0,2}(?:years?|months?|weeks?|days?|nights?|moons?|winters?|summers?"
    r"|hours?)\s+(?:back|ago|before)\b)",
    re.IGNORECASE,
)
"""A time told after a comma ("the storm, forty years back"): when, not a deed of its own."""


_BOTH_ASKED = re.compile(
    r"^(\W*(?:what|which|how many|how much)\s+\w+(?:\s+\w+)?\s+)(and)(?=\s+\w+(?:\s+\w+)?\s+"
    r"(?:do|does|did|are|is|have|has|can|could)\b)",
    re.IGNORECASE,
)
"""The "and" of two things asked about at once ("what spells and features do I have?"):
one question, never a cut."""
_PAIRED = re.compile(
    r"\b(up |back |to |in |on |here |over |again |now |round )(and)( down| forth| fro| out| off"
    r"| there| over| again| then| round)\b",
    re.IGNORECASE,
)
_PAIRS = frozenset({"up and down", "back and forth", "to and fro", "in and out", "on and off",
                    "here and there", "over and over", "again and again", "now and then",
                    "round and round"})  # fmt: skip
"""Two words said as one ("up and down the road", "back and forth", "now and then"): how a
deed is done, never a cut between two."""
_BETWEEN = re.compile(r"(\bbetween\s+(?:[\w']+\s+){1,3}?)(and)(?=\s)", re.IGNORECASE)
"""The "and" of a place between two things, never a cut."""


def _cut(text: str, pattern: re.Pattern[str], strong: bool) -> list[Piece]:
    masked = _masked(text)
    pieces: list[Piece] = []
    start = 0
    for match in pattern.finditer(masked):
        if match.start() == 0 or (not strong and _HANGING.search(masked[start : match.start()])):
            continue  # ("what's my and Aria's hp": "my" wants what comes after the "and")
        asked = "?" in masked[match.start() : match.end()]
        pieces.append(Piece(text[start : match.start()], strong if pieces else True, asked=asked))
        start = match.end()
    last = text.rstrip().endswith("?")
    pieces.append(Piece(text[start:], strong if pieces else True, asked=last))
    return [p for p in pieces if p.text.strip(" ,.;!?")]


def _ordered(text: str) -> list[tuple[str, bool, bool]]:
    """``before``/``after`` put in time order: "after I drink, I attack" and "I attack
    after drinking" both drink first; "I drink before I attack" keeps its order. Each
    part comes with whether it is subordinate, and whether it is what waits ("before X")."""
    masked = _masked(text)
    bare = _BARE.match(masked)
    if bare is not None:
        x = text[bare.start(2) : bare.end(2)]
        y = text[bare.start(3) : bare.end(3)]
        later = bare.group(1).lower() == "after"
        return (
            [(x, True, False), (y, False, False)] if later else [(y, False, False), (x, True, True)]
        )
    for pattern, first_is_later in ((_WHEN, True), (_AFTER, True), (_BEFORE, False)):
        match = pattern.match(masked)
        if match is None:
            continue
        if match.group(1) is not None:  # "after X, Y" / "before X, Y"
            x = text[match.start(1) : match.end(1)]
            y = text[match.start(2) : match.end(2)]
        else:
            y = text[match.start(3) : match.end(3)]  # "Y after X" / "Y before X"
            x = text[match.start(4) : match.end(4)]
        if first_is_later:
            return [(x, True, False), (y, False, False)]
        then = _THEN_AFTER.search(x) if match.group(1) is None else None
        if then is not None:  # "short rest here before the tunnel, then go in": the going
            return [(y, False, False), (x[: then.start()], True, True),  # is a deed of its own
                    (x[then.end() :], False, False)]  # fmt: skip
        return [(y, False, False), (x, True, True)]
    return [(text, False, False)]


_THEN_AFTER = re.compile(r"\s*,\s*(?:and\s+)?then\s+|\s*[;.]\s+then\s+", re.IGNORECASE)
"""Where the words after "before" give way to a deed of their own (", then …")."""


def asked_first(text: str) -> str | None:
    """The question of a line that puts it before a plan ("before we go down — Berta,
    anything down there we shouldn't break?", "before I go, can I light my lantern?"):
    asked first, and the going waits for the answer. ``None`` for any other line."""
    match = _BEFORE.match(_masked(text))
    if match is None or match.group(1) is None or not text.rstrip().endswith("?"):
        return None
    return text[match.start(2) : match.end(2)]


def _blanked(quoted: re.Match[str]) -> str:
    """Quoted words blanked out; a quote that ends a sentence before another begins
    ("… \"No. With you.\" He steps inside") keeps its full stop, where the cut falls."""
    words = quoted.group(0)
    after = quoted.string[quoted.end() : quoted.end() + 2]
    ends = len(words) > 2 and words[-2] in ".!?" and after[:1] == " " and after[1:].isupper()
    return "\0" * (len(words) - 1) + (_QUOTE_ENDS if ends else "\0")


def propose(text: str, *, in_time_order: bool = True) -> list[Piece]:
    """The clauses a line may hold, in the order they happen; one piece when there is
    nothing to cut. Each piece keeps its own words (fillers such as "then" are left for
    the parser to drop). ``in_time_order=False`` leaves "before"/"after" uncut ("I run
    after him" is one deed). Worked out once per line (the words alone decide it)."""
    return list(_proposed(text, in_time_order))


@lru_cache(maxsize=4096)
def _proposed(text: str, in_time_order: bool) -> tuple[Piece, ...]:
    pieces: list[Piece] = []
    part = 0
    for ordered, under, awaited in _ordered(text) if in_time_order else [(text, False, False)]:
        for strong in _cut(ordered, _STRONG, True):
            part += 1
            weaks = _cut(strong.text, _WEAK, False)
            for weak_no, weak in enumerate(weaks):
                cut = weak.strong or weak_no == 0
                asked = weak.asked or (strong.asked and weak is weaks[-1])
                if pieces and not cut and _LONE_OBJECT.fullmatch(weak.text.strip()):
                    # "bless ione and me": "me" is the blessing's, no deed of its own
                    last = pieces[-1]
                    joined = f"{last.text} and {weak.text.strip()}"
                    pieces[-1] = Piece(joined, last.strong, last.subordinate, last.part,
                                       last.asked or asked, last.awaited)  # fmt: skip
                    continue
                if pieces and _ONLY_QUOTED.fullmatch(pieces[-1].text) and _TAG.match(weak.text):
                    last = pieces[-1]  # '"Back!" I shout': the words and who says them
                    pieces[-1] = replace(last, text=f"{last.text} {weak.text.strip()}")
                    continue
                pieces.append(Piece(weak.text.strip(), cut, under, part, asked, awaited))
    return tuple(pieces[: MAX_CLAUSES * 3])


_ONLY_QUOTED = re.compile(r"[\"“‘'][^\"“”]+[\"”’'][.!?,]*")
"""A piece that is words in quotes and nothing more."""
_TAG = re.compile(
    r"\s*(?:\w+\s+){0,2}?(?:says?|said|shouts?|shouted|yells?|yelled|cries|cried|roars?|"
    r"roared|hollers?|hollered|bellows?|bellowed|whispers?|whispered|snaps?|snapped|mutters?|"
    r"muttered|growls?|growled|calls?|called|hiss(?:es)?|hissed|screams?|screamed)\b"
    r"(?:\s+(?:out|back|at \w+))?\s*[.!]*\s*$",
    re.IGNORECASE,
)
"""The tag after words in quotes, and nothing more ("I shout", "Thorin roars")."""


_HANGING = re.compile(r"\b(?:my|your|his|our|their|the|a|an|its)\s*$", re.IGNORECASE)
"""A piece that ends on a word that wants its noun: no cut after it."""
_LONE_OBJECT = re.compile(r"(?:me|myself|us|him|her|them|you)[.!?]*", re.IGNORECASE)
"""A piece that is only a pronoun: the object of the clause before it ("… and me")."""
_BACK = re.compile(
    r"\b(it|him|her|them|that one|the same one|same one|that thing)\b(?!'s)",
    re.IGNORECASE,
)
_KEEP_HER = re.compile(r"\bher\s+(?!again\b|too\b|now\b|first\b|with\b|\W*$)\w+", re.IGNORECASE)


def refer_back(text: str, name: str) -> str:
    """A later clause with its pronoun pointing back replaced by the earlier clause's
    target ("then shoot it" -> "then shoot Giant Rat 2"). "Her" before a noun is a
    possessive ("her sword") and stays."""
    if not name:
        return text
    possessive = {m.start() for m in _KEEP_HER.finditer(text)}
    for match in _BACK.finditer(text):
        if match.start() in possessive:
            continue
        return text[: match.start()] + name + text[match.end() :]
    return text


_OWN_DEED = re.compile(r"^(?:i|i'll|i'm|then i|we|we'll|let's|lets)\s|^\w+ing\b", re.IGNORECASE)


def own_deed(piece: Piece) -> bool:
    """Whether a piece says a deed of the speaker's: any piece but a subordinate one
    that does not start with "I" or an "-ing" verb ("after drinking"). What the party
    waits to do ("I tie the rope round us before we cross", "we eat before we go near the
    lighthouse") is the plan the deed serves, not done now."""
    said = piece.text.strip()
    if piece.awaited and _PARTY_PLAN.match(said):
        return False
    return not piece.subordinate or bool(_OWN_DEED.match(said))


_PARTY_PLAN = re.compile(r"^(?:we|we'll|let's|lets|we're|everyone|the party)\s", re.IGNORECASE)


_OTHERS = re.compile(
    r"^(?:he|she|they|it|you|he'll|she'll|they'll|you'll|he's|she's|they're|you're|it's|"
    r"its(?= \w+ing\b)|it'll|"
    r"nobody|no one|noone|no-one|everyone|"
    r"everybody|anyone|anybody|someone|somebody|nothing)\s",
    re.IGNORECASE,
)


def others_deed(text: str) -> bool:
    """A clause whose subject is someone else ("… and he heaves the door", "… and nobody
    gets hurt")."""
    hedged = re.sub(
        r"^(?:maybe|perhaps|hopefully|so|and|that way|with luck)[,\s]+",
        "",
        text.strip(),
        flags=re.IGNORECASE,
    )  # "…, maybe she'll open up"
    return bool(_OTHERS.match(hedged))


def mentions_back(text: str) -> bool:
    """Whether a clause points back at something already named ("it", "him", "them")."""
    possessive = {m.start() for m in _KEEP_HER.finditer(text)}
    return any(m.start() not in possessive for m in _BACK.finditer(text))


_SUCH_AS = re.compile(r"^\W*(?:like|such as|say|e\.?g\.?|or maybe|maybe)\b", re.I)
_URGENT = re.compile(
    r"^\W*(?:quick(?:ly)?|hurry(?: up)?|now|go go go|fast|come on|quick now|asap)\W*$", re.I
)


_PAUSE = re.compile(
    r"^\s*(?:wait|wait wait|hold on|hang on|hmm+|um+|uh+|oh|(?:(?:hey|hi|ok|okay|so)\s+)?"
    r"(?:(?:a|one)\s+)?(?:quick|real|serious|dumb|stupid|honest)?\s*(?:question|q))"
    r"\s*[,.!?:\-—]*\s*$",
    re.IGNORECASE,
)
"""A pause or a preface a line opens with ("wait, …", "hey quick question, …"): no deed or
words of its own."""


def by_the_way(pieces: list[Piece], at: int, after_a_deed: bool) -> bool:
    """Whether the piece at ``at`` says nothing of its own: how fast, after a deed ("i
    stabilize aria, quick!"), or the question before it asked again by example ("is there
    a back way in? like an outside door")."""
    text = pieces[at].text
    if after_a_deed and _URGENT.match(text):
        return True
    if at == 0 and len(pieces) > 1 and _PAUSE.match(text):
        return True  # "wait, why am I down here?": a pause before the words, no turn held
    return at > 0 and pieces[at - 1].asked and _SUCH_AS.match(text) is not None

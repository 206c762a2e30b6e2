"""Who a line heard by the sensitivity map is said of, and how: of someone else, sent on
to someone else, in mockery, with its praise undone by an insult, or with an act of speech
disowned. These rules take back (or turn) what the words alone seemed to say; the map
(:mod:`app.world.sensitivity`) applies them to its matches."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence

from app.world import intent
from app.world.heard import Entry, Match
from app.world.wordreach import CLAUSE_END, disowned, tokenize
from app.world.wordreach import negated as negated_at

_ESTEEM = frozenset({"insult", "praise", "courtesy", "dismissal"})
"""Fields of what one thinks of the listener themselves: words of another are no slight
or praise of them."""
_YOU = frozenset({"you", "your", "you're", "youre", "yours", "u", "ur", "ya", "yourself"})
_YOU_KNOW = re.compile(r"\byou know\b|\bmind you\b|\bi tell you\b")
"""Ways of saying "you" that turn to nobody ("he's just old, you know")."""


def esteem(match: Match) -> bool:
    """Whether a match is of what one thinks of the listener themselves (an insult,
    praise): words of someone else are no slight or praise of them."""
    return bool(_ESTEEM & set(match.entry.spec.fields))


def of_another(text: str, addressee: str, people: Mapping[str, Sequence[str]]) -> bool:
    """The line speaks of someone else of the story, not to its listener: it begins
    with another person ("Wendel's not a bad man, you know") or "that <word for them>"
    ("that goblin chief sounds like …"), and never turns to "you" (but "you know")."""
    words = [t for t in tokenize(text) if t not in CLAUSE_END]
    if not words or _YOU & set(_YOU_KNOW.sub(" ", " ".join(words)).split()):
        return False
    start = " ".join(words[:4])
    start = re.sub(r"^(?:that|the|this|your|old)\s+", "", start)
    for npc, names in people.items():
        if npc != addressee and any(re.match(rf"{re.escape(n)}\b", start) for n in names):
            return True
    return False


def message_for_another(
    text: str,
    addressee: str | None,
    people: Mapping[str, Sequence[str]],
    present: Collection[str] = (),
) -> bool:
    """The line is words to pass on or already given to someone else of the story
    ("tell Nessa we'll bring Corin home", "we promised Nessa we'd find him"), or turns to
    someone else by name who is not here ("We'll bring Corin back, Nessa", said to Wendel
    at the lighthouse; "It wasn't your fault, old man", said to Nessa): its kind words are
    theirs, not the listener's."""
    if addressee is None:
        return False
    if called_another(text, addressee, people, present):
        return True
    said = " ".join(t for t in tokenize(text) if t not in CLAUSE_END)
    found = _SENT_ON.match(said)
    if found is None:
        return False
    rest = said[found.end() :]
    return any(npc != addressee and any(re.match(rf"{re.escape(n)}\b", rest) for n in names)
               for npc, names in people.items())  # fmt: skip


def called_another(
    text: str, addressee: str, people: Mapping[str, Sequence[str]], present: Collection[str] = ()
) -> bool:
    """The line calls someone of the story who is not here, by a name or a word for them
    alone, as one calls a person: first, before a comma, or after a comma at a sentence's
    end ("Nessa, …", "…, Nessa, I promise", "…, old man."). (Someone here called too is
    one of several spoken to: "See, Berta, … And Tam, you were brilliant".)"""
    lowered = " ".join(text.lower().split())
    mine = set(people.get(addressee, ()))
    for npc, names in people.items():
        for name in names:
            if npc == addressee or npc in present or name in mine or len(name) < 3:
                continue
            n = re.escape(name)
            if re.match(
                rf"\s*(?:oi |hey |oh )?{n}\s*,(?!\s*(?:is it|was it|you say)\b)", lowered
            ) or re.search(rf",\s*{n}\s*(?:[,.!?]|$)", lowered):
                return True
    return False


_SENT_ON = re.compile(
    r"(?:please\s+|can\s+you\s+|could\s+you\s+|would\s+you\s+)?(?:tell|give|pass\s+on\s+to)\s+"
    r"|(?:we|i)\s+(?:promised|told|swore\s+to|gave\s+our\s+word\s+to)\s+"
)
"""The start of words sent on to someone else ("tell …", "we promised …")."""


def kind_to(match: Match, who: str) -> bool:
    """Whether a match is kind words to ``who``."""
    return match.entry.spec.about == who and intent.kind_of(match.entry.spec) == "up"


def derided(entries: Sequence[Entry], addressee: str | None) -> list[Match]:
    """A line that mocks the one it is said to, heard as nothing else about them: the
    judgment that moves them down and listens for insults, at its ``field_confidence``
    (laughing at someone is a slight, whatever the words)."""
    if addressee is None:
        return []
    for entry in entries:
        spec = entry.spec
        if spec.about == addressee and spec.direction == "down" and "insult" in spec.fields:
            return [Match(entry, spec.field_confidence, "said mocking")]
    return []


def mocked(match: Match, candidates: Sequence[Entry]) -> Match | None:
    """A match in a mocking line: kind words ("up") mean the judgment that names them
    its ``negated`` one, else the one that moves their person the other way; without
    such a judgment, nothing. Other matches stand."""
    spec = match.entry.spec
    if spec.direction != "up":
        return match
    opposite = next((e for e in candidates if e.spec.negated == match.entry.id), None)
    if opposite is None:
        opposite = next(
            (e for e in candidates
             if e.spec.about == spec.about and e.spec.direction == "down"),
            None,
        )  # fmt: skip
    if opposite is None:
        return None
    return Match(opposite, match.confidence, match.keyword, match.entry.id, loose=match.loose)


_PRAISE = frozenset({"praise", "courtesy"})


def unpraised(kept: list[Match]) -> list[Match]:
    """The matches less praise of someone the same line insults: "oh great and terrible
    chief of the soup pot" and "your throne is a stack of barrels, your crown a pot" are
    said mocking, and honour paid with an insult is no honour. (Comfort beside a slight
    stands: "fine, we'll fetch your brat, but you pay double" does both.)"""
    insults = [
        m for m in kept if m.entry.spec.direction == "down" and "insult" in m.entry.spec.fields
    ]

    def mocked(praise: Match) -> bool:
        spec = praise.entry.spec
        if spec.direction != "up" or not _PRAISE & set(spec.fields):
            return False
        # a loose word of insult ("we'd be fools to cross you", "he's an oaf") may be of
        # someone else: only the campaign's own words of insult mock the praise
        return any(i.entry.spec.about == spec.about and not i.loose for i in insults)

    return [m for m in kept if not mocked(m)]


def disowning(text: str) -> bool:
    """Whether the line denies an act of speech ("I won't flatter you either", "nobody is
    threatening anybody"): neither the act nor its opposite is heard in it."""
    tokens = tokenize(text)
    return any(disowned(tokens, at) and negated_at(tokens, at) for at in range(len(tokens)))


_LOOKED = re.compile(
    r"^\s*\*\s*(?:\w+\s+)?(?:looks?|glances?|stares?|peers?|gazes?|eyes|watches|squints?|"
    r"studies|scans?)\b[^*]*\*\s*$",
    re.IGNORECASE,
)


def only_looked(text: str) -> bool:
    """The line is only a look, in stars ("*looks at the cold grate, then at the unlit
    lamp*"): nothing is said to anyone, so nothing is heard by its meaning."""
    return _LOOKED.match(text) is not None and not re.search(r"\b(?:you|your)\b", text, re.I)


def to_a_friend(text: str, friends: Sequence[str], people: Mapping[str, Sequence[str]]) -> bool:
    """The line is said to a party member, called by name first or at a sentence's end
    ("Mira, you're the bravest of us", "Nice work, Mira. You're the hero of the hour"),
    and names nobody of the story: words to a friend, not to the one the judgments are
    about (but "Don't be rude, Thorin. Sorry about him, Berta" turns to her)."""
    lowered = text.lower()
    called = any(
        re.match(rf"\s*{re.escape(f)}\s*,", lowered)
        or re.search(rf",\s*{re.escape(f)}\s*[.!]", lowered)
        for f in friends
    )
    if not called:  # (most lines call no friend: the names of the story go unread)
        return False
    if any(re.search(rf"\b{re.escape(n)}\b", lowered) for names in people.values() for n in names):
        return False
    return not message_for_another(text, "", people)  # ("Mira, tell Berta …": sent on)

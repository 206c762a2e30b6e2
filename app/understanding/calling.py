"""Whom a line calls to first: "Corin! Can you hear me?", "Hail, dead king, …" — a person
of the story called by name before the words (or the deed) that follow."""

from __future__ import annotations

import re

from app.understanding.parse import understand_clause
from app.understanding.scope import person_words
from app.understanding.vocabulary import ENGLISH
from app.world.state import GameState

CALLED = re.compile(
    r"^\W*(?:(?i:hey|oi|hail|ho|o)[\s,]+)?([A-Z][\w'-]+(?: [A-Z][\w'-]+)?)\s*(?:[!,]|\.(?=\s+\S))"
)
NO_NAME = frozenset(
    {
        "afternoon", "evening", "morning", "night", "hello", "hi", "hiya", "howdy", "greetings",
        "cheers", "good", "welcome", "goodbye", "bye", "farewell",
        "ah", "aha", "alright", "and", "but", "careful", "come", "cool", "crap", "damn", "dang",
        "everyone", "fine", "folks", "friends", "go", "god", "gods", "great", "guys", "ha", "haha",
        "help", "hey", "hmm", "hurry", "lads", "listen", "lol", "look", "nice", "no", "nope", "now",
        "oh", "ok", "okay", "oops", "ouch", "please", "quick", "quiet", "right", "run", "shit",
        "so",
        "sorry", "stop", "thanks", "then", "ugh", "wait", "well", "wow", "yeah", "yes", "yikes",
    }
)  # fmt: skip
"""Words that open a line with a comma or "!" without calling anyone ("Damn, …")."""


_LOWER = re.compile(r"^\W*(?:(?:hey|oi|hail|ho|o)[\s,]+)?([a-z][\w'-]+(?: [a-z][\w'-]+)?)\s*[!,]")
"""The same call typed in lower case ("wendel, was it your fault?")."""


_ASKED_BARE = re.compile(
    r"^\W*([A-Za-z][\w'-]+)\s+(?=(?:are|is|do|did|can|could|what|whats|how|where|who|why|have|"
    r"will|would)\b)",
    re.IGNORECASE,
)
"""A name said straight before a question, with no comma ("tam are you ok?")."""


def opening(text: str, state: GameState) -> re.Match[str] | None:
    """Where a line's call to someone ends: a name first, capitalised, or in lower case
    when it is the name of a person of the story ("nessa, where is he?")."""
    m = CALLED.match(text)
    if m is not None:
        return m
    m = _LOWER.match(text) or _ASKED_BARE.match(text)
    campaign = state.campaign
    if m is None or campaign is None:
        return None
    name = m.group(1)
    known = {w.lower() for p in campaign.npcs.values()
             for w in (p.name, p.name.split()[0], *p.aliases)}  # fmt: skip
    return m if name in known else None


def called(text: str, state: GameState, actor: str | None) -> tuple[str, ...] | None:
    """Whom the line calls to first ("Corin!", "Hail, dead king,"): the people of the story
    it names (none, for a name the game does not know), or ``None`` when it calls nobody —
    no name first, or a party member's (who is then the one acting)."""
    m = opening(text, state)
    if m is None:
        return None
    name = m.group(1).lower()
    if name.split()[0] in NO_NAME or name.split()[0] in ("i", "we", "you", "let's", "lets"):
        return None
    party = {s.name.lower().split()[0] for s in state.party.values()} | set(state.party)
    if name.split()[0] in party:
        return None
    opened = understand_clause(m.group(1), actor, state, state.campaign)
    if opened.kind not in ("ask", "talk"):
        return None  # "Second Wind, then …", "Rage!": a deed named, not a person called
    campaign = state.campaign
    people = campaign.npcs if campaign is not None else {}
    named = [
        pid for pid, p in people.items()
        if name in {p.name.lower(), p.name.lower().split()[0], *(a.lower() for a in p.aliases),
                    *person_words(p.description, ENGLISH.people)}  # ("Missus, …" to Odile)
    ]  # fmt: skip
    spoken = name.split()[0] in {p.split()[0] for p in ENGLISH.verbs.get("talk", ())}
    if not named and spoken and opened.kind == "talk" and opened.targets:
        return None  # "Thank Berta, then go down": words to her, the line's first clause
    return tuple(named[:1])


_SENT_NAMED = re.compile(
    r"^\W*(?:go|run|get|head|hurry|off you go|go on)\b([^.!?,]*?),?\s+([A-Za-z][\w'-]+)\s*[!.]",
    re.IGNORECASE,
)
"""A going told to someone named after it ("go home corin!", "run, Tam!")."""
_TO_A_PLACE = frozenset({"the", "to", "a", "an", "my", "our", "at", "of", "up", "on", "in", "by",
                         "for", "off", "into", "with", "from", "past", "near", "after", "behind",
                         "beside", "towards", "toward", "see", "visit", "find", "meet",
                         "ask", "speak", "talk", "warn", "tell", "thank", "check", "fetch",
                         "help"})  # fmt: skip
"""Words before a name that make it where, or with whom, the going is (or whom the party
goes to: "go up to see wendel")."""


def sent_named(text: str, state: GameState) -> str | None:
    """The name a line sends off after the going ("go home corin!"): the going is theirs,
    not the party's, when it is someone the story knows by that name — here or not (the
    talk to them tells which)."""
    m = _SENT_NAMED.match(text)
    before = m.group(1).split()[-1:] if m is not None else []
    if m is None or (before and before[0].lower() in _TO_A_PLACE):
        return None  # ("go up the stairs with Tam!": the party goes, with him)
    name = m.group(2).lower()
    party = {s.name.lower().split()[0] for s in state.party.values()} | set(state.party)
    campaign = state.campaign
    people = campaign.npcs.values() if campaign is not None else ()
    known = {w.lower() for p in people for w in (p.name, p.name.split()[0], *p.aliases)}
    # and those the people speak of by name ("My brother Corin …")
    known |= {k for p in people for k in p.topics
              if any(k.capitalize() in said.text for said in p.topics.values())}  # fmt: skip
    if not name or name in NO_NAME or name in party or name not in known:
        return None
    return name


_SENT_OFF = re.compile(
    r"^\s*(?:\w+:\s*)?(?:go on|off you go|go|run along|get going|hurry|run|quick)\s*,?\s+"
    r"(?!(?:on|up|in|out|down|back|now|then|quick|quickly|home)\b)"
    r"((?:young |little |old )?\w+)\s*[,!]",
    re.IGNORECASE,
)
"""Someone sent off by a word for them ("go on lad, get upstairs"): the going is theirs."""


def sent_off(text: str, state: GameState) -> tuple[str | None, bool]:
    """Whom a going is told to ("go on lad, get upstairs", "go home corin!"), and whether
    it is someone the story knows by that name (so a going is never the party's)."""
    m = _SENT_OFF.match(text)
    if m is not None:
        return m.group(1), False
    named = sent_named(text, state)
    return named, named is not None


def a_friend_called(called: tuple[str, ...] | None, state: GameState) -> bool:
    """The line calls first someone of the story who is no foe ("Tam, run for the
    stairs!"): what it bids is theirs to do, not the speaker's going."""
    if not called:
        return False
    return not any(c.npc in called and c.hostile for c in state.creatures.values())


def bidden_to_fight(called: tuple[str, ...] | None, state: GameState) -> bool:
    """Someone called who is no foe here (so a line of no deed of the speaker's bids them
    fight: "Corin! Over here! Fight them!"; not "Grubnak! die!", at a foe called)."""
    if called is None:
        return False
    return not any(c.npc in called for c in state.creatures.values() if c.npc)

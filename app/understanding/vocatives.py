"""Whom a line calls, and whether the game knows them: a name nobody in the story has
("Gandalf, what do you think?" is refused, said so), and a crowd of foes called at the end
of a line ("give up and go home, little guys": every clause of it said to them)."""

from __future__ import annotations

import re

from app.understanding import calling
from app.understanding.known_words import english_words
from app.understanding.vocabulary import ENGLISH
from app.understanding.words import monster_kinds, stem
from app.world import view
from app.world.state import GameState

_CALLED_LAST = re.compile(
    r",\s*(?:you\s+)?(?:(little|stupid|dumb|ugly|filthy|nasty|poor|big)\s+)?([a-z]+)\s*[!.?]*\s*$"
)
"""A line ending with whom it is said to ("… and surrender, goblins!")."""
_ADDRESSEES = frozenset({"guys", "boys", "lads", "fellas", "folks", "lot", "gents", "beasts",
                         "vermin", "creatures", "monsters", "things", "brutes"})  # fmt: skip
"""Words for a crowd of foes called at the end of a line."""
_ONE_CALLED = frozenset({"guy", "fella", "fellow", "buddy", "pal", "mate", "chum"})
"""Words for one foe called at the end of a line, while there are foes about."""


_YOU_LOT = re.compile(r"\byou (?:two|three|four|lot|both|there|all)\b(?! (?:of us|are|were|did))")
"""Foes called by how many they are, or pointed at ("you two!", "you lot", "you there")."""


def to_them_all(text: str, state: GameState) -> bool:
    """The line ends by calling the foes ("HEY! drop the dice and surrender, goblins!",
    "give up and go home, little guys"): every clause in it is said to them."""
    nobody_else = state.campaign is None or not view.npcs_here(state, state.campaign)
    if _YOU_LOT.search(text.lower()) and nobody_else and _foe_names(state, waiting=True):
        return True  # ("HEY! you two! hands where I can see them!", the goblins dicing)
    called = _CALLED_LAST.search(text.lower())
    if called is None:
        return False
    word = stem(called.group(2))
    names = [c.name for c in state.creatures.values() if c.side != "party"]
    crowd = word != called.group(2)  # ("yield, goblin!" is to one of them: whom, it says)
    one = called.group(2) in _ONE_CALLED and bool(names)  # "take it and run, little guy"
    return (crowd and word in _kinds(names)) or called.group(2) in _ADDRESSEES or one


def to_the_foes(text: str, state: GameState) -> bool:
    """The line ends by calling foes that are here, and only foes: by their kind ("run,
    goblin!", "drop it and run, goblins") or by a word no friend is called ("take it and
    run, little guy") — not "guys" or "lads", which the party is called as often."""
    called = _CALLED_LAST.search(text.lower())
    names = _foe_names(state) if called is not None else []
    if called is None or not names:
        return False
    if stem(called.group(2)) in _kinds(names):
        return True
    return called.group(1) is not None and called.group(2) in _ONE_CALLED | _ADDRESSEES


_CALLED_FIRST = re.compile(
    r"^\W*(?:(?:hey|oi|you|listen)\W+)?(?:(little|stupid|dumb|ugly|filthy|nasty|poor|big)\s+)?"
    r"([a-z]+)\s*[!,]"
)


_TOLD_OFF = re.compile(
    r"\b(?:run away|go away|get lost|go home|go back|leave|drop|back off|get out|flee|scram|"
    r"begone|clear off|surrender|give up|yield|or (?:i'?ll|else|die|you die))\b"
)
"""What a foe is told to do, said after calling it ("Wolf! Run away, or I'll sing again!")."""
_OWN_AFTER = re.compile(r"\W*(?:i|i'll|i'm|we|we'll|let's|lets|then)\b")


def opens_with_foes(text: str, state: GameState, waiting: bool = False) -> bool:
    """The line opens by calling foes that are here by their kind ("Wolf! Run away, or
    I'll sing again!", "goblin, run away"): what follows is said to them. With ``waiting``,
    the foes of a fight not yet begun count too."""
    called = _CALLED_FIRST.match(text.lower())
    names = _foe_names(state, waiting=waiting) if called is not None else []
    if called is None or not names or stem(called.group(2)) not in _kinds(names):
        return False
    rest = text[called.end() :].lower()  # ("Goblins! I attack …", "wolves!! run": to us)
    return not _OWN_AFTER.match(rest) and _TOLD_OFF.search(rest) is not None


_BIDDEN_CALLED = re.compile(
    r"(?:^|[\"“:]\s*)(?:run|flee|go home|go away|get out|get lost|surrender|give up|yield|scram|"
    r"begone|back off|clear off|drop (?:it|them|your \w+))\s*,\s*(?:you\s+)?(?:(little|stupid|"
    r"dumb|ugly|filthy|nasty|poor|big|small)\s+)?([a-z]+)\s*[,!.\"”]"
)
"""Foes bidden, then called, in one breath ("Run, little ones, and tell your chief …")."""


def bids_the_foes(text: str, state: GameState) -> bool:
    """The line bids the foes here do something and calls them as it does ("Run, little
    ones, and tell your chief a dwarf is coming", "surrender, goblins, or die"): said to
    them, no deed of the speaker's own."""
    called = _BIDDEN_CALLED.search(text.lower())
    names = _foe_names(state) if called is not None else []
    if called is None or not names:
        return False
    if stem(called.group(2)) in _kinds(names):
        return True
    return called.group(1) is not None and called.group(2) in _ONE_CALLED | _ADDRESSEES | {"ones"}


_TOLD_TO = re.compile(
    r"\b(?:tell|tells|told|warn|warns|order|orders|command|commands|threaten|threatens|"
    r"dare|dares|advise|advises)\s+((?:[\w']+\s+){1,3}?)(?:not\s+)?to\b"
)
"""A foe told what to do, or warned ("tells the last goblin to think very carefully")."""


def told_the_foes(text: str, state: GameState) -> bool:
    """In a fight, the line tells foes here what to do, or warns them ("I tell the goblin to
    think carefully about his next move"): a demand made of them, no deed of the speaker's."""
    told = _TOLD_TO.search(text.lower())
    if told is None or state.encounter is None:
        return False
    kinds = _kinds(_foe_names(state))
    return any(stem(w) in kinds for w in told.group(1).split())


def _foe_names(state: GameState, *, waiting: bool = False) -> list[str]:
    """The foes here: those standing against the party, and with ``waiting`` those of this
    place's fight not yet begun (the goblins dicing in the tunnel, called "oi goblins!")."""
    names = [c.name for c in state.creatures.values() if c.side != "party" and c.hostile]
    campaign = state.campaign
    if not waiting or campaign is None or state.encounter is not None:
        return names
    return names + [campaign.monster(g.monster).name for e in view.waiting_fights(state)
                    for g in campaign.encounters[e].monsters if not g.npc]  # fmt: skip


def _kinds(names: list[str]) -> set[str]:
    return {stem(w) for n in names for w in n.lower().split() if w.isalpha()} | monster_kinds()


_GREETINGS = frozenset({
    "hello", "hullo", "hallo", "greetings", "howdy", "hiya", "heya", "evening", "morning",
    "afternoon", "cheers", "thanks", "sorry", "please", "listen", "alright", "okay", "well",
    "welcome", "goodbye", "farewell",
    "hm", "hmm", "hmmm", "um", "umm", "uh", "uhh", "er", "erm", "ugh", "argh", "ah", "ahh",
    "oh", "ooh", "eh", "huh", "meh", "welp", "whew", "phew", "wow", "yikes", "oops", "ha",
    "haha", "lol", "ok", "yes", "yeah", "yep", "no", "nah", "nope", "sure", "right", "fine",
})  # fmt: skip
"""Words a line opens with before a comma (or a stop: "Hm. I hate rain.") that greet,
soften or sigh, never a name."""
A_NAME = re.compile(r"^\s*([A-Z][a-z]{4,}),\s+\S")
"""A line that opens by calling someone by what can only be a name, with a comma
("Gandalf, what do you think?"), not a cry ("Corin!", "Oi,", "Ma'am,")."""


def called_nobody(text: str, state: GameState, actor: str | None, plainly: bool = False) -> str:
    """Why a line that calls someone by a name nobody in the story has cannot be answered
    ("" when it calls nobody, or someone the story knows). ``plainly``, for a line read as
    something else: only a name that is no word of the language ("Gandalf, what do you
    think?", not "Kneel, both of you!")."""
    opening = calling.opening(text, state)
    if opening is None or calling.called(text, state, actor) != ():
        return ""
    name = opening.group(1)
    if not name[:1].isupper() or any(name.lower() == p.lower() for p in state.players):
        return ""
    if name.lower() in _GREETINGS:  # "Hello, goblins! We come in peace.": a greeting
        return ""
    if not plainly:
        return f"there is nobody called {name} here"
    story = state.campaign.model_dump_json().lower() if state.campaign is not None else ""
    if re.search(rf"\b{re.escape(name.lower())}\b", story):
        return ""  # ("Corin, hold on!": the young man the strand's story names)
    words = name.lower().split()
    known = english_words()
    if any(w in known or stem(w) in known or {w + "s", w + "ing", w + "ed"} & known
           or w in ENGLISH.common
           or w in ENGLISH.weapons or any(w == p.split()[0] for ps in ENGLISH.verbs.values()
                                          for p in ps) for w in words):  # fmt: skip
        return ""
    return f"there is nobody called {name} here"

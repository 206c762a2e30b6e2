"""Clauses of a several-action line that tell one deed, folded into it: "charge rat 1 and
hit it" is one blow, "uncork the potion and drink it" one potion, "sit by Wendel and ask
about the chapel" the words to him."""

from __future__ import annotations

import re
from dataclasses import replace

from app.understanding.elision import COMING_BACK
from app.understanding.intent import Intent
from app.understanding.manoeuvring import PINNED
from rules.srd import srd


def one_deed(read: list[Intent]) -> list[Intent]:
    """Clauses that tell one improvised deed twice ("I bang my sword on my shield and roar
    at the rats to scare them off"): one deed, at whom the clauses name."""
    out: list[Intent] = []
    for clause in read:
        last = out[-1] if out else None
        if (
            last is not None
            and clause.kind == last.kind == "improvise"
            and clause.action == last.action
            and clause.extra[:1] == last.extra[:1]
        ):
            out[-1] = replace(last, targets=last.targets or clause.targets)
            continue
        held = last is not None and (last.kind, last.action) == (clause.kind, clause.action)
        pinned = held and clause.action == "grapple" and PINNED.search(clause.text) is not None
        if pinned and last is not None and last.targets in ((), clause.targets):
            continue  # "grabs goblin 1 and holds him down": one grapple
        shoved = last is not None and _shoves(last) and _shoves(clause)
        if shoved and last is not None and clause.targets in ((), last.targets):
            continue  # "slam my shield into her and push her back down the nave": one shove
        if (
            last is not None
            and clause.kind == last.kind == "move"
            and clause.targets == last.targets
            and not COMING_BACK.search(clause.text)
        ):  # (but "take Tam up to Berta and then come straight back down": there and back)
            continue  # "head back in and get out of this rain": one way, told twice
        last_spell = last.spell if last is not None and last.kind == "cast" else None
        mocked = last_spell == "vicious_mockery"
        words = clause.kind == "talk" or (clause.kind == "cast" and clause.spell == last_spell)
        if mocked and last is not None and words and clause.targets in ((), last.targets):
            continue  # "vicious mockery on it, tell him his mother was a mackerel": its words
        resting = any(c.kind == "rest" for c in out)
        if resting and (clause.kind == "rest" or (clause.kind, clause.action) == _SONG):
            continue  # "short rest. I play a song while everyone patches up": the one rest
        if last is not None and clause.extra[:1] == ("rescue",) and _GRABBED.match(last.text):
            out[-1] = clause  # "grab Corin and pull him away from them": one rescue
            continue
        gripped = last is not None and last.kind == "improvise" and last.action == "auto"
        if (
            gripped
            and last is not None
            and clause.kind == "challenge"
            and (_GRABBED.match(last.text))
        ):
            out[-1] = clause  # "take hold of the bell's rim and set it swinging": rung
            continue
        climbed = last is not None and last.kind == "improvise" and not last.targets
        if (
            climbed
            and last is not None
            and last.extra[:1] == ("climb",)
            and (clause.kind == "challenge")
        ):
            out[-1] = clause  # "I climb up and light the lamp": the way up to it, no roll
            continue
        if (
            last is not None
            and last.kind == "examine"
            and clause.action == "insight"
            and clause.targets == last.targets
        ):
            out[-1] = clause  # "look the mother in the eye. Is she telling us everything?"
            continue
        opened = last is not None and last.kind == "use" and _UNCORKED.match(last.text)
        if opened and last is not None and clause.item == last.item and clause.kind == "use":
            out[-1] = clause  # "uncork the potion and drink it": one potion, drunk
            continue
        if opened and _DRUNK.match(clause.text):
            continue  # "uncorks his potion and knocks it back"
        laid = last is not None and last.kind == "improvise" and _LAID_FIRE.search(last.text)
        if laid and _LIT_IT.match(clause.text):
            continue  # "lay a fire in the cold grate and light it": the fire laid, lit
        if last is not None and last.kind in ("take", "improvise") and _STOWED.match(clause.text):
            continue  # "take the padlock off the hasp and pocket it": the taking, put away
        sat = last is not None and _SAT.search(last.text) is not None and clause.kind == "talk"
        if (
            sat
            and last is not None
            and last.kind == "improvise"
            and last.targets in ((), clause.targets)
        ):
            out[-1] = clause  # "sit by Wendel and ask about the chapel": sat down to talk
            continue
        if last is not None and last.extra[:1] == ("listen",) and _LISTEN.match(clause.text):
            continue  # "put my ear to the trapdoor and listen": the one listening
        if last is not None and last.extra[:1] == ("help",) and _HELPING.search(clause.text):
            continue  # "help Thorin, distract it so he gets a clean hit": how one helps
        if last is not None and _what_it_does(last, clause):
            continue  # "sacred flame, finish her", "thunderwave! knock them back": the one deed
        if (
            last is not None
            and clause.kind == last.kind == "attack"
            and (clause.targets == last.targets or _POINTED.search(clause.text))
            and _CLOSING.match(last.text)
            and not _AGAIN.search(clause.text)
        ):  # "charge rat 1 and hit it": how one blow is struck, not two (with the weapon the
            out[-1] = replace(clause, text=last.text) if clause.item and not last.item else last
            continue  # second names: "… and smashes at it with his battleaxe")
        out.append(clause)
    return out


_CLOSING = re.compile(
    r"^\W*(?:i\s+|[A-Z][a-z]+\s+)?(?:charges?|rush(?:es)?|runs? (?:at|up to)|close (?:in on|with)|"
    r"go(?:es)? (?:straight |right |directly )?for|leap at|"
    r"(?:dart|dive|rush|charge|leap|wade|jump|step|run|sprint|dash)(?:s|es)? "
    r"in(?! (?:the|a|an|my|his|her)\b)|"
    r"lunge at|dash at|advance on|step up to|move in on|"
    r"(?:sneak|sneaks|creep|creeps|slip|slips|circle|circles|get|gets|move|moves|edge|edges)"
    r" (?:up |round |around )?(?:behind|up to|up on|round to|around to))\b",
    re.IGNORECASE,
)
"""A clause that closes in on a foe: with a blow at the same foe after it, one attack."""
_AGAIN = re.compile(r"\b(?:again|twice|second|another|once more)\b", re.IGNORECASE)
_ENDING = re.compile(
    r"^\W*(?:and\s+)?(?:finish|finishes|kill|kills|end|ends|drop|drops|take out|"
    r"takes out|put|puts)\b",
    re.IGNORECASE,
)
"""What a spell is to do to its mark ("sacred flame, *finish* her"), not a blow of its own
("bless the party then *whack* her")."""
_POINTED = re.compile(r"\b(?:it|him|her|them|that one)\b", re.IGNORECASE)


def _what_it_does(means: Intent, clause: Intent) -> bool:
    """A blow or spell named, then what it is to do, said short with no means of its own
    ("shortsword, stab her", "sacred flame, finish her", "thunderwave! knock them both
    back"): one deed, not a second one waiting for the next turn."""
    if _AGAIN.search(clause.text) or len(clause.text.split()) > 9:
        return False
    same = clause.targets in ((), means.targets) or _POINTED.search(clause.text) is not None
    plain_blow = clause.kind == "attack" and not clause.item and not clause.action
    if means.kind == "attack" and means.item and len(means.text.split()) <= 2:
        return same and plain_blow  # "shortsword, stab her": the blade, then the blow
    if means.kind != "cast" or not means.spell or not same:
        return False
    pushed = means.spell == "thunderwave" and (clause.action or "").startswith("shove")
    if clause.kind == "cast" and clause.spell and clause.spell != means.spell:
        # "thunderwave from the ground, blast them back": the spell's own blast, no second
        # spell chosen by the verb alone
        return srd().spells.get(clause.spell).name.lower() not in clause.text.lower()
    return pushed or (plain_blow and _ENDING.match(clause.text) is not None)


_GRABBED = re.compile(
    r"^\W*(?:i\s+)?(?:grab|grabs|seize|seizes|takes? hold of|catch)\b|"
    r"^\W*(?:i\s+|we\s+)?(?:run|rush|dash|sprint|hurry|race|wade|dive|leap|jump|splash|"
    r"charge)(?:s|es|ed)?\s+(?:\w+\s+)?(?:to|into|toward|towards|over|up|in|out)\b",
    re.I,
)
"""What comes before pulling someone clear: taking hold of them, or getting to them ("I run
to the young man and pull him away", "rush into the water and haul Corin clear")."""


def _shoves(clause: Intent) -> bool:
    """The clause is a shove of the rules (away or to the ground)."""
    return clause.kind == "manoeuvre" and (clause.action or "").startswith("shove")


_SAT = re.compile(r"\b(?:sit|sits|sat|kneel|kneels|knelt|crouch|crouches|squat|squats)\b", re.I)
_LISTEN = re.compile(
    r"^\W*(?:and\s+|then\s+)*(?:i\s+)?listens?(?:\s+(?:hard|closely|carefully))?\W*$", re.I
)
_LAID_FIRE = re.compile(
    r"\b(?:lay|lays|laid|build|builds|built|make|makes|made|start|starts|stack|stacks)\s+"
    r"(?:a|the|some|our)?\s*(?:small\s+|little\s+|quick\s+)?(?:fire|campfire|blaze|kindling)\b",
    re.I,
)
_LIT_IT = re.compile(
    r"^\W*(?:and\s+|then\s+)*(?:i\s+)?(?:light|lights|lit|kindle|kindles)\s+it\b", re.I
)
"""A fire laid and then lit ("lay a fire in the grate and light it"): one deed."""
_UNCORKED = re.compile(
    r"^\W*(?:i\s+|\w+\s+)?(?:uncork|unstopper|unscrew|open|pop)(?:s|ed|ped)?\b", re.I
)
"""Opening a flask, which drinking it after finishes: one use."""
_DRUNK = re.compile(
    r"^\W*(?:and\s+|then\s+)*(?:i\s+|he\s+|she\s+)?(?:knock|down|neck|chug|drain)(?:s|ed)?\s+"
    r"(?:it|(?:the\s+|my\s+|his\s+|her\s+)?(?:\w+\s+)?(?:potion|flask|vial|bottle|draught))"
    r"(?:\s+(?:back|down|in one))?\W*$",
    re.I,
)
"""Drinking what was just opened, in words the verbs above do not hold ("knocks it back")."""
_STOWED = re.compile(
    r"^\W*(?:and\s+|then\s+)*(?:i\s+)?(?:(?:pocket|stow|stash)(?:s|ed)?\s+"
    r"(?:it|them|the [\w ]{1,30}?)(?:\s+away)?|"
    r"(?:put|puts|tuck|tucks|slip|slips)\s+(?:it|them|the [\w ]{1,30}?)\s+"
    r"(?:away|in(?:to)?\s+my\s+(?:pocket|pack|bag|belt|pouch|satchel|backpack)))\W*$",
    re.I,
)
"""Putting away what was just taken ("… and pocket it"): part of the taking."""
_SONG = ("improvise", "performance")
"""A song played through a rest is part of it (a bard's Song of Rest), no check of its own."""
_HELPING = re.compile(
    r"\b(?:distract\w*|draw(?:s|ing)? (?:its|his|her|their|the \w+'s) (?:eye|attention)|"
    r"so (?:that )?\w+ (?:can|gets?|has|could)|hold(?:s|ing)? .{1,30}\bsteady|"
    r"while (?:he|she|they|\w+) (?:works?|tries|picks?))\b",
    re.IGNORECASE,
)
"""How one lends a hand in a fight, said after "help …": part of the Help, never a blow."""

"""The table's own shorthand, read before anything else in a line: a hurry-up ("chop
chop") and a battle cry ("RAAAH!") that are no deed and no words to anyone, a cry or a blow
said as where it lands before the deed it colours ("RAAAH! I charge the rats", "arrow to
the face"), keeping watch, and questions put to the table rather than to whoever stands
nearby ("what's happened so far? I lost track", "how's everyone doing, hp wise?"); and the
typist's own padding around a deed ("ok so I try to …", "… pls")."""

from __future__ import annotations

import re

from app.understanding.intent import Intent
from app.understanding.memo import by_words
from app.understanding.people_called import called_by
from app.understanding.readings import FOR_THE_TABLE, Context
from app.understanding.vocabulary import Vocabulary
from app.understanding.words import POLITE, starts_with

TABLE_ASKED = re.compile(
    r"\b(?:what(?:'s| has| have)? (?:happened|gone on) (?:so far|until now|up to now)|"
    r"(?:the )?story so far|\brecap\b|lost track|catch (?:me|us) up|fill (?:me|us) in|"
    r"what did (?:i|we) miss|(?:hp|health|hit points?)[- ]wise|"
    r"how(?:'s| is| are) (?:every(?:one|body)|the (?:party|group|team)|we all) "
    r"(?:doing|holding up|looking)(?! today)|"
    r"how(?:'s| is| are) (?:every(?:one|body)'?s?|the (?:party|group|team)'?s?|our) "
    r"(?:health|hp|hit points|wounds)|"
    r"^(?:so |ok |okay )?(?:is|are) (?:any(?:one|body)|any of us|every(?:one|body)|we(?: all)?) "
    r"(?:else |still )?(?:hurt|wounded|injured|bleeding|badly hurt|ok|okay|alright|all right)\b|"
    r"how (?:does|do|will) (?:the |this |a )?(?:whole )?(?:taking turns|turn[- ]taking|turns?|"
    r"turn order|initiative)(?: thing| system)? (?:work|go))"
)
"""Questions for the table, never a person here ("what's happened so far? I lost track",
"how's everyone doing, hp wise?", "how does this taking turns thing work?")."""
_CRY = r"(?:r+a+w*r*g*h+|a+r+g+h+|h+r+a+h*|y+a+h+|h+y+a+h+|w+a+a+h+|h+u+z+a+h*|a+a+h+)"
_CRY_ALONE = re.compile(_CRY)
_CRY_FIRST = re.compile(rf"^{_CRY}\s+(?=\w)")
"""A battle cry before the deed ("RAAAH! I charge the rats"): its colour, no words to
anyone."""
WAR_CRY = re.compile(r"\b(?:war[- ]?cry|battle[- ]?cry|roars?|bellows?|howls?|yells?)\b", re.I)
"""A cry with no words in it: a paragraph's flourish, not a threat, before a blow."""
DEMANDS = re.compile(
    r"\b(?:surrender|yield|drop|give up|run|leave|flee|or else|or die|back off|get out)\b", re.I
)
"""What a threat asks of the foes: a cry with it is a threat."""
_WATCH_KEPT = re.compile(
    r"^(?:i |we )?(?:keep|keeps|stand|stands|keep a|keeps a) (?:watch|"
    r"lookout)\b"
)
"""Keeping watch ("I keep watch by the door"): waiting on guard while the others act."""
_BLOW_VERBS = {"arrow": "shoot", "bolt": "shoot", "blade": "stab", "sword": "slash",
               "axe": "hack", "dagger": "stab", "knife": "stab", "fist": "punch",
               "boot": "kick", "knee": "kick", "elbow": "punch"}  # fmt: skip
_BLOW_SAID = re.compile(
    rf"^(?:an? |my |one )?({'|'.join(_BLOW_VERBS)})s? (?:to|in|into|through) (?=the |his |her |"
    r"its |their |that )"
)
"""A blow said as a weapon and where it lands ("arrow to the face", "boot to the ribs")."""
_HURRY = re.compile(r"^(?:chop[- ]?chop|chop[- ]?chop[- ]?chop)[.!]*$")
""""Chop chop": hurry up, said to the table or the party, not a blow."""
STATE_ASKED = re.compile(r"\s*(?:is|are|was|were|has|have|did|does)\b[^?]*\?\s*$", re.I)
"""A yes-or-no question about how things stand ("is rat 3 still out cold?")."""


_MOURNED = re.compile(
    r"(?:rip|r\.?i\.?p\.?|oof|press f(?: for)?|f for|pour one out for|so long)"
    r"(?:\s+(?:poor |old |our |the )?([\w']+(?: [\w']+)?))?\W*"
)
"""The table's sigh over a friend ("rip thorin", "press f for Aria"): no deed, no blow."""


_POINTED = re.compile(
    r"(?:him|her|them|it|that one|this one|one more|again|now)(?: too| again)?\W*"
)
"""A cry in a fight with no deed in it ("her!", "them!", "one more!")."""


def _sighed_over(ctx: Context, said: str, whom: str) -> bool:
    """Who a sigh is over ("rip thorin", "rip rats lol", "rip sister"): a friend, someone of
    the story, foes of the fight, or anything at all said with a laugh."""
    if re.search(r"\b(?:lol|lmao|rofl|haha\w*|xd)\b", said) or ctx.named("member", "npc"):
        return True
    kinds = {w.lower().rstrip("s") for c in ctx.state.creatures.values() for w in c.name.split()}
    return bool({w.rstrip("s") for w in whom.split()} & kinds)


_TOLD_PAST = re.compile(
    r"^(?:the|that|his|her|its|their) (?!one\b|ones\b|rest\b|others?\b)\w+"
    r"(?: (?!that\b|who\b|which\b|with\b|i\b|we\b)\w+)? "
    r"(?:\w+ed|fell|went|ran|flew|broke|came|bit|fled|sank|got|split|spun)"
    r"(?: away| off| over| out| down| under| across)?\b(?! (?:at|on|to)\b)"
)
"""A thing's doing told in the past ("the saucepan rolled away lmao"): a remark on what
happened, nobody's deed."""


def to_no_one(ctx: Context, said: str) -> Intent | None:
    """A line that is only a hurry-up or a cry: said to be no deed, with nobody answering."""
    if _HURRY.match(said):  # "chop chop": the table's impatience, no blow
        return ctx.intent("ask", confidence=0.2, note="a hurry-up, not a deed")
    if _CRY_ALONE.fullmatch(said):  # "RAAAH!" alone: a cry, no words to anyone
        return ctx.intent("ask", confidence=0.35, note="a battle cry, not a deed")
    if ctx.scope.fighting and _POINTED.fullmatch(said):  # "her!", "one more!": at whom?
        return ctx.intent("ask", confidence=0.3, note="a cry in the fight, no deed said")
    told = _TOLD_PAST.match(said)
    alone = told is not None and not re.search(
        r",|\b(?:and|then|so|but|i|we)\b", said[told.end() :]
    )
    if alone and len(said.split()) <= 8 and not ctx.raw.rstrip().endswith("?"):
        return ctx.intent("ask", confidence=0.2, note="said of what happened, no deed")
    mourned = _MOURNED.fullmatch(said)
    if mourned is not None and (not mourned[1] or _sighed_over(ctx, said, mourned[1])):
        return ctx.intent("ask", confidence=0.2, note=f"a sigh {FOR_THE_TABLE}")  # "rip thorin"
    return None


def plain_deed(said: str, *, fighting: bool) -> str:
    """The deed without the cry before it, and (in a fight) a blow said as where it lands
    put as the blow ("arrow to the face": shoot at the face)."""
    said = _CRY_FIRST.sub("", said)
    if fighting:
        said = _BLOW_SAID.sub(lambda m: f"{_BLOW_VERBS[m.group(1)]} at ", said)
        # "… while he's busy yelling": what the foe is about, no words of the speaker's
        said = _WHILE_THEY.sub("", said).strip() or said
    return said


_WHILE_THEY = re.compile(
    r"(?<=\w)\s+(?:while|whilst|as)\s+(?:he|she|it|they)(?:'s|'re| is| are| was| were)?"
    r"\s+(?:busy|distracted|yelling|shouting|looking|turned|facing|staring|screaming|roaring|"
    r"not looking)\b[^,.;!?]*?(?=\s*(?:[,.;!?]|\band\b|\bthen\b)|$)"
)
"""What a foe is busy with while the blow lands ("… while he's busy yelling at the big
ones"): the blow's moment, no words of the speaker's."""


def of_the_table(ctx: Context, said: str) -> Intent | None:
    """Keeping watch out of a fight (a wait, on guard), or a question for the table that no
    person here is called on to answer."""
    if _WATCH_KEPT.match(said) and not ctx.scope.fighting:  # "I keep watch by the door,
        return ctx.intent("hold", confidence=0.8)  # axe ready": waits, on guard
    if not TABLE_ASKED.search(said):
        return None
    if any(called_by(ctx.raw, n) for n in ctx.scope.of("npc")):
        return None  # ("Berta, how's everyone doing?": asked of her)
    return ctx.intent("question", confidence=0.9)  # "what's happened so far? I lost track"
    return None


@by_words
def strip_fillers(said: str, vocab: Vocabulary) -> str:
    """Drop leading words that add nothing ("I", "we", "then", "try to")."""
    fillers = sorted(vocab.fillers, key=len, reverse=True)
    changed = True
    while changed and said:
        changed = False
        for filler in fillers:
            if starts_with(said, filler) and said != filler:
                if filler == "lets" and _LETS_A_THING.match(said):
                    continue  # "lets it fly at the wounded one": she lets it, no "let's"
                said = said[len(filler) :].strip()
                changed = True
                break
    return _POLITE_END.sub("", said)


_POLITE_END = re.compile(rf"(?<=\w)\s+(?:{'|'.join(POLITE)})$")
"""Politeness at the end of a line ("hp check pls"): nothing to read in it."""
_LETS_A_THING = re.compile(r"^lets (?:it|him|her|them|the|an?|fly|loose|go of|rip)\b")
"""A story's "lets" (she lets it fly), not a suggestion ("lets go")."""

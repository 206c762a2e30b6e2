"""Telling someone what to do, or what the party means to do: "tell Nessa we're heading to
the lighthouse next", "yell at Corin to run for the steps", "I tell the others to fall
back to the door". The message is words said, not the speaker's own deed, whatever verbs
it holds: a person of the story is spoken to; the party's own members act on their own
turns, so the DM asks what each of them does."""

from __future__ import annotations

import re

from app.understanding import readings as r
from app.understanding.intent import Intent

_TELLING = re.compile(
    r"^(?:tell|tells|yell at|yell to|yells at|shout at|shout to|shouts at|shouts to|"
    r"call to|call out to|calls to|whisper to|whispers to|warn|warns|urge|urges|"
    r"signal to|signals to|order|orders|beg|begs|send|sends|"
    r"(?:shout|shouts|yell|yells|call|calls|cry|cries|scream|screams) (?:out )?for)\s+(.+)$"
)
"""A verb of telling, and what follows it: the one told, then the message."""
_GROUP = re.compile(r"^(?:the others|everyone|everybody|the party|the group|the rest|my friends|"
                    r"my companions|the team|you all|y'all|guys)\b")  # fmt: skip
"""Words for the party told all at once."""
_PRONOUN = re.compile(r"^(?:them|him|her|it|you|you lot|the lot of them)\b")
_DEMAND = re.compile(
    r"\b(?:drop|surrender|give up|yield|lay down|throw down|put down|stand down|back off|"
    r"run|flee|leave|stop|get out)\b"
)
"""What a foe is told to do when the words are a demand, not talk."""
_MESSAGE = re.compile(r"^(?!me\b|myself\b|us\b)(?:\S+\s+){1,4}?(?:to|that)\s+\w")
"""Someone told to do a thing ("Corin to run", "the young man to get away")."""


_BARE_VERB = re.compile(
    r"^\W*(?!(?:and\s+)?(?:then|also|after|before)\b)(?:and\s+)?"
    r"(?!i\b|we\b|he\b|she\b|they\b|you\b|i'll\b|we'll\b)[a-z]+\b"
)
"""A clause that goes straight on with a verb ("and fight them"), no "then", no subject."""


_THEM = frozenset({"them", "him", "her", "it", "back", "off", "away", "up", "down", "out"})
"""How a message told on ends when it is still the one told's ("and fight them", "and run")."""


def goes_on_telling(told_text: str, piece: str) -> bool:
    """A clause after someone was told to do a thing that carries on the message ("yell
    at the young man to wake up *and fight them*"): their deed, not the speaker's."""
    match = _TELLING.match(re.sub(r"^(?:i|we)\s+", "", told_text.strip().lower()))
    if match is None or not re.search(r"\bto\s+\w+", match.group(1)):
        return False
    words = re.sub(r"^\W*(?:and\s+)?", "", piece.strip().lower()).strip(" !.").split()
    short = len(words) <= 3 and (len(words) == 1 or words[-1] in _THEM)  # "and fight them"
    return short and bool(_BARE_VERB.match(piece.strip().lower())) and not piece.endswith("?")


def told(ctx: r.Context) -> Intent | None:
    """A line that tells someone something ("tell Nessa we're going"): talk to that one,
    or, told to the party, asking what each member does; ``None`` for anything else."""
    match = _TELLING.match(ctx.said)
    if match is None:
        return None
    rest = match.group(1)
    head = " ".join(rest.split()[:2])
    if _GROUP.match(rest):
        each = "each of the party acts on their own turn: say what they do"
        return ctx.intent("ask", confidence=0.3, note=each)
    people = ctx.named("npc", "creature", text=head)
    foes = [p for p in people if p.kind == "creature"] or _PRONOUN.match(rest)
    if ctx.scope.fighting and foes and _DEMAND.search(rest):
        return None  # "yell at them to drop their blades": a demand, cowing them (a ruling)
    if people:
        who = people[0].id
        return ctx.intent("talk", targets=(who,), topic=r.topic_of(ctx, who), confidence=0.8)
    members = [m for m in ctx.named("member", text=head) if m.id != ctx.actor]
    if members:
        name = members[0].name
        turn = f"{name} acts on {name}'s own turn: say what {name} does"
        return ctx.intent("ask", confidence=0.3, note=turn)
    if _MESSAGE.match(rest):
        return ctx.intent("talk", confidence=0.7)  # "yell at the boy to run": words only
    return None


_PROMISING = re.compile(
    r"^(?:and\s+)?(?:i\s+|we\s+)?(?:promise|promises|swear|swears|vow|vows|pledge|pledges)"
    r"(?:\s+(?:to\s+)?(?P<whom>him|her|them|you|[a-z]+))??\s+"
    r"(?:to|that|on|we'll|i'll|we will|i will|we'd|i'd|we're|i'm)\b"
)
"""A promise made ("promise to relight the lamp for him", "swear to Nessa that we'll bring
him home"): words given, not the deed promised."""


_WILL_FOR_YOU = re.compile(
    r"^(?:we'll|we will|i'll|i will|we're gonna|we are going to|im gonna|i'm gonna)\s"
    r".*\b(?:you|u|ur|your|yer|ya)\b"
)
"""A promise to the one listening, in the future ("we'll get ur boy back")."""


def promised(ctx: r.Context) -> Intent | None:
    """A promise: words to the one it is made to (named, or the one person here), never
    the deed it promises; ``None`` for anything else."""
    match = _PROMISING.match(ctx.said)
    if match is None:
        return None
    people = ctx.named("npc", text=match.group("whom") or "")
    here = ctx.scope.of("npc")
    who = people[0].id if people else here[0].id if len(here) == 1 else None
    if who is None:
        return ctx.intent("talk", confidence=0.7)
    return ctx.intent("talk", targets=(who,), topic=r.topic_of(ctx, who), confidence=0.8)


_HAGGLING = re.compile(
    r"\b(?:(?:we|you) (?:have|got) a deal|it's a deal|deal\?|no deal|make it (?:\d+|ten|twenty|"
    r"thirty|forty|fifty|a hundred)|what's in it for (?:us|me)|whats in it for (?:us|me)|"
    r"how much (?:will|would|do|does|can) (?:you|u|she|he) (?:pay|give|offer)|"
    r"(?:\d+|ten|twenty|thirty|forty|fifty|a hundred) (?:gold|gp|coins|silver)(?: each)? "
    r"(?:sounds?|seems?|is) (?:fair|right|good)|our (?:fee|price)|(?:pay|paid) (?:us )?up front)"
)
"""Haggling over a reward ("what's in it for us?", "make it thirty and we have a deal"):
words to the one paying, never a deed."""


def haggled(ctx: r.Context) -> Intent | None:
    """Haggling, out of a fight, with the one person here: words to them (``None`` for
    anything else, or when it is not clear who is haggled with)."""
    return _to_the_one_here(ctx) if _HAGGLING.search(ctx.said) else None


def pledged(ctx: r.Context) -> Intent | None:
    """A deed promised to the one person here, in the future ("we'll get ur boy back"):
    words to them — asked only when the line reads as no deed of the game's (``None``
    otherwise, or in a fight, or with no one or several here)."""
    raw = " ".join(ctx.raw.lower().replace("\u2019", "'").split())  # (the said drops "we'll",
    raw = re.sub(r"^[a-z][\w' ]{0,30}:\s*", "", raw)  # and "Thorin: " typed before it)
    return _to_the_one_here(ctx) if _WILL_FOR_YOU.match(raw) else None


def _to_the_one_here(ctx: r.Context) -> Intent | None:
    """Words to the one person here, out of a fight (``None`` in a fight, or with no one
    or several here: it is not clear who is spoken to)."""
    here = ctx.scope.of("npc")
    if ctx.scope.fighting or len(here) != 1:
        return None
    who = here[0].id
    return ctx.intent("talk", targets=(who,), topic=r.topic_of(ctx, who), confidence=0.75)


_GESTURE = re.compile(
    r"^(?:i\s+|we\s+)?(?:(?:give|gives|giving)\s+(?P<to>.+?)\s+(?:a|an)\s+(?:\w+\s+)?"
    r"(?:hug|pat|squeeze|wink|smile|nod|bow|cuddle|embrace|kiss)|"
    r"(?:hug|hugs|embrace|embraces|cuddle|cuddles|pat|pats|ruffle|ruffles|comfort|comforts|"
    r"squeeze|squeezes|smile at|smiles at|wink at|winks at|nod to|nods to|nod at|nods at|"
    r"bow to|bows to|wave to|waves to|wave at|waves at|tip my hat to|tips her hat to|"
    r"tips his hat to|shake hands with|shakes hands with)\s+(?P<whom>.+))$"
)
"""A gesture made to a person ("give Berta a hug", "ruffle Tam's hair", "nod to the
priest"): a greeting or a comfort, which the person answers as words to them."""


def gesture(ctx: r.Context) -> Intent | None:
    """A gesture of greeting or comfort to a person here: words to them, answered in kind
    (``None`` for anything else, or a gesture to someone who is not here)."""
    match = _GESTURE.match(ctx.said)
    if match is None:
        return None
    whom = re.sub(r"'s\b", "", match.group("to") or match.group("whom") or "")
    people = ctx.named("npc", text=whom)
    if not people:
        return None
    who = people[0].id
    return ctx.intent("talk", targets=(who,), topic=r.topic_of(ctx, who), confidence=0.8)

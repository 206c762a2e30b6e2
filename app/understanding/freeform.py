"""Deeds the game has no word for: "warm my hands by the fire", "untangle one of the nets",
"add a stone of my own to the cairn". A good DM does not ask what the player means by
them — the words say it — and nothing stands against them, so they simply happen.

This is the last reading of a clause, taken only when nothing else read it (or read no
more than a name in it): the clause starts with a word used as a verb, followed by what
it is done to, with or about; and what it names is here — a person or thing of the scene,
something the scene's words mention, or the speaker's own hands, gear or self. A deed on
something the scene does not hold is left to the DM to ask about: saying yes to it would
make up the world. The reading is an automatic improvised deed (``extra`` ``free``): the
referee tells it back as it happens, and no roll, state or turn is spent on it.
"""

from __future__ import annotations

import re

from app.understanding.deed_kinds import PULLED_FREE
from app.understanding.intent import Intent, Reading
from app.understanding.known_words import english_words
from app.understanding.mentions import scene_mentions
from app.understanding.readings import Context
from app.understanding.scope import Thing
from app.understanding.vocabulary import Vocabulary
from app.understanding.words import has_phrase, one_slip, owners
from app.world.wording import the

NOT_DEEDS = frozenset(
    """
    a an the this that these those my your his her its our their some any every each all no
    i me you he she it we they him them us myself yourself himself herself itself ourselves
    what who whom whose where when why how which whats wheres whos hows
    is are was were am be been being do does did done can could would should will shall may
    might must have has had
    dont don't doesnt didnt cant can't wont won't not never nope nah no
    yes yeah yep yup ok okay oh ah uh um hmm well so hey hi hello lol lmao omg wow huh oops
    sure thanks thank please sorry alright right wait idk meh ugh hah haha heh great cool
    nice fine good bad
    think wonder guess know hope wish want need like love hate feel believe suppose mean bet
    reckon doubt forget seem seems
    let lets go going gonna come back open close shut finish end kill heal show give use
    drink ask tell talk say speak look see hold keep stomp heal
    and or but then because if while though also just still again maybe perhaps
    up down out off over in on at to with away about around into onto through across along
    under past inside outside upstairs downstairs forward forwards onward onwards
    very really quite too not
    """.split()  # noqa: SIM905 -- a word list reads best as words
)
"""First words that start no deed: the small words of English, questions, yes and no, the
table's noises, and verbs of the mind ("I think …", "I wonder …"), wanting and going
(going somewhere is a move, read elsewhere)."""

PRONOUNS = frozenset({"it", "them", "him", "her", "that", "this", "these", "those", "one"})
"""Words that point at something said before rather than name it."""
PARTICLES = frozenset(
    {"up", "down", "out", "off", "over", "in", "on", "at", "to", "with", "back", "away", "about",
     "around"}
)  # fmt: skip
"""Small words after a verb that name nothing ("help him up", "deal with it")."""
LATER_VERBS = frozenset({"heal", "attack", "kill", "open", "go", "fight"})
"""Verbs of the game that, said later in the line, make it more than a deed on its own."""
_NEXT_VERB = re.compile(r"\b(?:and|then|to)\s+(?:i\s+|then\s+|also\s+)?([a-z'-]+)")
"""The verb of a later clause ("… and heal her", "… to throw it")."""
SAID_AS_WELL = frozenset({"say", "call", "whisper", "shout", "yell", "greet", "thank", "chat",
                          "comfort", "promise", "offer", "share", "pass", "hand", "order",
                          "good", "hello", "hi", "hey", "greetings", "pay", "knock", "slide",
                          "sweep", "bowl", "trip", "spell", "question", "launch"})  # fmt: skip
"""Words of the game's verbs that, later in a deed the game has no word for, are part of
it ("bury the drowned and say a few words over them", "tap a cask and pour a mug")."""
_TURNS = re.compile(
    r"[.!?;]\s+\S|\s[-–—]\s|\b(?:wait|actually|nevermind|never mind)\b|\bor (?:i|we|else)\b",
    re.IGNORECASE,
)
"""A line of several sentences, or one that turns back on itself ("ring the bell - wait,
actually no")."""

_OBJECT = (
    r"the|a|an|my|his|her|their|our|your|some|one|two|three|all|each|every|this|that|these|"
    r"those|it|them|him|me|myself|himself|herself|themselves|ourselves|up|down|out|off|over|"
    r"into|onto|on|at|to|through|by|around|round|across|along|under|with|in|from|back|away|"
    r"about|beside|behind|towards?|near|against"
)
DEED = re.compile(rf"^([a-z][a-z'-]+)\s+(?:{_OBJECT})\b")
"""A clause that starts with a word and then what it is done to, with or about."""

_LEAD_IN = re.compile(
    r"^(?:(?:help|helps|try to|tries to|go and|gently|carefully|quietly|slowly|quickly)\s+|"
    r"(?:kneel|kneels|crouch|crouches|sit|sits|lean|leans|stand|stands|step|steps)"
    r"(?:\s+(?:down|up|forward|over))?\s+and\s+)"
)
"""Words before the deed itself ("help haul a boat", "kneel and lay a fire")."""

OWN = re.compile(r"\b(?:my|myself|our|ourselves|his|her|their)\s+(?:own\s+)?([a-z]+)")
"""What belongs to the one who does it ("my hands", "myself"): always at hand."""


def free_deed(ctx: Context, found: Intent | None) -> Intent | None:
    """The clause as a deed that simply happens, when it reads as one and nothing else read
    it; ``found`` is what the other readings made of it (``None``, or a question back)."""
    if found is not None and (found.kind != "ask" or found.confidence > 0.4):
        return None
    if "?" in ctx.raw or ctx.scope.fighting or _TURNS.search(ctx.raw.strip()):
        # a question is answered, never acted on; in a fight a deed with no word of the
        # game's own is asked about (a blow? a shove?); a line of several sentences, or
        # one taken back, is more than one deed
        return None
    said = ctx.said
    start = DEED.match(said) or DEED.match(said := _LEAD_IN.sub("", said, count=1))
    if start is None or start.group(1) in NOT_DEEDS or len(said.split()) > 24:
        return None
    if _near(start.group(1), own_verbs(ctx.vocab)):
        return None  # the game's own verb, not understood (or mistyped): asked
    if _slipped(start.group(1), ctx):
        return None  # "pik the lok": a verb of the game's mistyped, asked about
    if _garbled(said, start.group(1), ctx):
        return None  # "pcik the lok": no telling back a deed made of words nobody knows
    rest = said[start.end(1) :]
    if not set(rest.split()) - PRONOUNS - PARTICLES:
        return None  # "finish it", "help him up": what "it" is, the DM asks
    later = {m.group(1) for m in _NEXT_VERB.finditer(said)}
    if later & ((own_verbs(ctx.vocab) - SAID_AS_WELL) | LATER_VERBS):
        return None  # "kneel by Wren and heal her": a deed the game knows, not placed
    targets = [t for t in ctx.named("npc", "member", "feature", "item_here", "carried", "exit",
                                    text=owners(rest)) if t.id != ctx.actor]  # fmt: skip
    if targets and all(t.kind == "exit" for t in targets):
        return None  # "follow the road north": a way out named is a move, read elsewhere
    if _remedy(ctx, targets):
        return None  # "put the salve on his cuts": the item's own use, asked
    parting = start.group(1) in PARTING and re.search(r"\b(?:back|down|away|aside|where)\b", rest)
    if parting and any(t.kind == "carried" for t in targets):
        return None  # "put the crown back", carried: where it goes is the DM's to ask
    if found is not None and found.targets:
        held = [t for t in targets if t.id in found.targets]
        targets = held or targets
    elsewhere = _done_elsewhere(ctx)
    if elsewhere is not None:  # "ring the bell", in the nave: up in the belfry, said so
        return elsewhere
    if not targets and not _here(ctx, rest):
        return _not_here(ctx, rest)
    target: Thing | None = targets[0] if targets else None
    lying = [t for t in targets if t.kind == "item_here"]
    if lying and PULLED_FREE.match(said):
        # "I pick the blue ribbon off the thorn": taken, into the pack — never told as done
        # with the ribbon still lying there
        return ctx.intent("take", targets=(lying[0].id,), item=lying[0].id, confidence=0.8)
    tried = _tried_on(ctx, target)
    if tried is not None:  # "I fix the great lamp for him": its lighting, asked, never told
        return tried  # done when nothing was done
    return ctx.intent(
        "improvise",
        targets=(target.id,) if target is not None else (),
        action="auto",
        extra=("free", "0"),
        confidence=0.6,
    )


_UNTIL = re.compile(
    r"\b(?:at|on|onto|in|into|with|to|from|by|for|off|over|under|behind|beside|near|while|"
    r"and|then|so)\b"
)


_OWN_VERBS: dict[str, frozenset[str]] = {}


def own_verbs(vocab: Vocabulary) -> frozenset[str]:
    """The first words of the game's verbs for giving, using, talking and casting in a
    language ("give", "drink", "ask", "cast"): a line that starts with one and was not
    understood is a deed the game knows and could not place (the item is not carried, the
    person not here), which the DM asks about rather than waves through."""
    known = _OWN_VERBS.get(vocab.code)
    if known is None:
        groups = [vocab.verbs.get(kind, ()) for kind in ("give", "use", "talk", "cast")]
        groups.append(vocab.manoeuvres.get("shove", ()))
        known = frozenset(p.split()[0] for group in groups for p in group if p.split())
        known = _OWN_VERBS[vocab.code] = known - HOUSEHOLD
    return known


HOUSEHOLD = frozenset({"pour", "light", "rub", "spread", "smear", "down", "read", "wield", "bow",
                       "wave", "nod", "make"})  # fmt: skip
"""Words of those verbs that as often do an everyday thing ("pour myself an ale")."""


def _not_here(ctx: Context, rest: str) -> Intent | None:
    """A deed on something the scene does not hold: said plainly, nothing done."""
    words = rest.split()
    while words and words[0] in ("the", "a", "an", "some", "up", "down", "out", "off"):
        words = words[1:]
    cut = _UNTIL.search(" ".join(words))
    thing = " ".join(words)[: cut.start()].strip() if cut else " ".join(words)
    if not thing or len(thing.split()) > 4 or set(thing.split()) & _NO_THING:
        return None  # ("we don't care", "them", "me what we're doing": no thing named)
    who = ctx.state.name_of(ctx.actor or "") if ctx.actor else "The party"
    return ctx.intent("ask", action="unseen", confidence=0.3,
                      note=f"{who} sees no {thing} here")  # fmt: skip


_MENDED = re.compile(
    r"^(?:i |we )?(?:fix|repair|mend|restore|work|operate|start|activate|get|set|make|tend|"
    r"trim|fuel|fill|service|rig|prepare|ready)(?:s|es|ed|ing)?\b"
)
"""Deeds that set a thing to work ("fix the great lamp"): what a challenge about it is for."""


def _tried_on(ctx: Context, target: Thing | None) -> Intent | None:
    """A deed with no word of the game's on a thing a challenge here is about ("fix the great
    lamp", with "light the great lamp" to be tried): asked whether that is what is meant."""
    if target is None or target.kind != "feature" or not _MENDED.match(ctx.said):
        return None
    words = {w for n in target.names for w in n.split() if len(w) > 3}
    about = [
        t for t in ctx.scope.of("challenge") if words & {w for n in t.names for w in n.split()}
    ]
    if len(about) != 1:
        return None
    return ctx.intent("ask", confidence=0.4, note="say a little more",
                      alternatives=(Reading("challenge", about[0].id, about[0].name),))  # fmt: skip


def _done_elsewhere(ctx: Context) -> Intent | None:
    """A deed the campaign makes a challenge of in another place ("ring the bell" below the
    belfry): said where it is done, and the way there — never told as done here."""
    campaign = ctx.campaign
    if campaign is None:
        return None
    for spec in campaign.challenges.values():
        if spec.scene == ctx.state.scene.id or spec.scene not in campaign.scenes:
            continue
        there = campaign.scenes[spec.scene]
        things = {w.lower() for f in there.features.values() for n in (f.name, *f.aliases)
                  for w in n.split()}  # fmt: skip
        named = [p.lower() for p in spec.provoked_by if p.split()[-1].lower() in things]
        if not any(has_phrase(ctx.said, p) for p in named):
            continue  # (only a deed on a thing of that place: "ring the bell", never "say a
            # prayer" or "hide", which are anywhere's)
        way = ctx.scope.get(spec.scene, "exit")
        where = f": {the(way.name)} leads there" if way is not None else ""
        place = campaign.scenes[spec.scene].name
        who = ctx.state.name_of(ctx.actor or "") if ctx.actor else "The party"
        note = f"{who} cannot do that from here; it is done in {place}{where}"
        return ctx.intent("ask", action="unseen", confidence=0.3, note=note)
    return None


_NO_THING = frozenset({
    "i", "me", "we", "us", "you", "he", "him", "she", "her", "they", "them", "it", "what",
    "who", "where", "how", "why", "don't", "dont", "not", "we're", "i'm", "you're", "it's",
})  # fmt: skip
"""Words no thing's name is made of: words like these are no object to look for."""


PARTING = frozenset({"put", "set", "place", "lay", "leave", "drop", "toss", "throw", "hide",
                     "bury", "stash", "hang", "prop"})  # fmt: skip
"""Verbs that part the speaker from what they carry: a carried thing so placed is no deed
that simply happens (the game would still hold it as carried)."""


def _garbled(said: str, verb: str, ctx: Context) -> bool:
    """Whether the deed is a challenge of the scene mistyped ("pick the lok", of "pick the
    lock"): its verb a challenge's first word and a word after it one slip from one of that
    challenge's, asked about rather than told back as done ("Mira picks the lok")."""
    named = {w for t in ctx.scope.of("challenge") for n in t.names if n.split()[:1] == [verb]
             for w in n.split()[1:] if len(w) >= 3}  # fmt: skip
    rest = set(said.split()[1:]) - named
    return any(one_slip(w, n) for w in rest for n in named)


def _slipped(word: str, ctx: Context) -> bool:
    """Whether a word is one slip of the keys from a verb the game reads here (its own
    verbs of every kind, or the first word of a challenge of the scene) without being one:
    a deed mistyped is the DM's to ask about, never waved through as something else."""
    verbs = _verbs_of(ctx.vocab) | {
        first for t in ctx.scope.of("challenge") for n in t.names
        if len(first := n.split()[0] if n.split() else "") >= 4
    }  # fmt: skip
    if word in verbs or not _near(word, verbs):
        return False
    return word not in english_words()  # "stack the casks" is no "stab" mistyped


_VERBS: dict[str, frozenset[str]] = {}


def _verbs_of(vocab: Vocabulary) -> frozenset[str]:
    """The first words (of four letters or more) of every verb and manoeuvre phrase of a
    language: made once per language, as a vocabulary never changes."""
    known = _VERBS.get(vocab.code)
    if known is None:
        phrases = [*(p for ps in vocab.verbs.values() for p in ps),
                   *(p for ps in vocab.manoeuvres.values() for p in ps)]  # fmt: skip
        known = frozenset(p.split()[0] for p in phrases if p.split() and len(p.split()[0]) >= 4)
        _VERBS[vocab.code] = known
    return known


def _near(word: str, verbs: frozenset[str]) -> bool:
    """Whether a word is one of the verbs, or one slip of the keys from one ("tak", "tlak"
    for "talk"): a mistyped verb of the game's is no deed of its own."""
    if word in verbs:
        return True
    if len(word) < 3:
        return False
    for verb in verbs:
        if len(verb) < 4 or abs(len(verb) - len(word)) > 1 or verb[0] != word[0]:
            continue
        if one_slip(word, verb):
            return True
    return False


def _remedy(ctx: Context, targets: list[Thing]) -> bool:
    """Whether a thing named is a remedy (a potion, a salve), carried or lying here: using
    it is the game's own verb (which says when it must be picked up first)."""
    items = ctx.campaign.items if ctx.campaign is not None else {}
    return any(t.kind in ("carried", "item_here") and t.id in items and items[t.id].heals
               for t in targets)  # fmt: skip


def _here(ctx: Context, rest: str) -> bool:
    """Whether what the deed is done to is at hand: the speaker's own, something the
    scene's words mention, or nothing at all ("wave", "nod along")."""
    if OWN.search(rest):
        return True
    if ctx.campaign is None or ctx.state.scene.id not in ctx.campaign.scenes:
        return False
    if not any(len(w) > 3 and w not in ctx.vocab.stop for w in rest.split()):
        return True  # "bow low", "nod along": nothing is named that could be missing
    return scene_mentions(ctx, rest)

"""The readings of a line that need no verb: whole-line commands, the character a line
names, speaking to someone by name, and questions."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from rapidfuzz.distance import Levenshtein

from app.understanding.clauses import QUOTED_SPEECH
from app.understanding.intent import Intent, IntentKind
from app.understanding.known_words import known_words
from app.understanding.scope import Scope, Thing, ThingKind, another_numbered
from app.understanding.takingback import takes_back
from app.understanding.vocabulary import Vocabulary
from app.understanding.whom import most_about
from app.understanding.words import (
    TITLES,
    has_phrase,
    head_topic,
    name_score,
    normalise,
    starts_with,
    stem,
)
from app.world.campaign import Campaign
from app.world.state import GameState

FACT_OPENERS = ("what ", "whats ", "what's ", "which ", "am i", "how much ", "how many ")
"""How a line asking a fact begins ("what level am I", "how much xp do we have")."""


@dataclass(frozen=True)
class Context:
    """One line being read, and what it may refer to."""

    raw: str
    said: str
    actor: str | None
    state: GameState
    campaign: Campaign | None
    vocab: Vocabulary
    scope: Scope

    def with_said(self, said: str) -> Context:
        """The same line, with some words already consumed."""
        return replace(self, said=said)

    def intent(self, kind: IntentKind, **values: Any) -> Intent:
        """An intent for this line."""
        values.setdefault("language", self.vocab.code)
        return Intent(kind=kind, text=self.raw, actor=self.actor, **values)

    def named(self, *kinds: ThingKind, text: str | None = None, floor: float = 0.7) -> list[Thing]:
        """Things of these kinds the text names, best first (near-ties kept together)."""
        said = self.said if text is None else text
        scored = [
            (max((name_score(said, n, self.vocab.stop) for n in t.names), default=0.0), t)
            for t in self.scope.of(*kinds)
        ]  # (not a creature when the text names another of its kind by number)
        scored = [(s, t) for s, t in scored if s >= floor and not another_numbered(said, t)]
        if not scored:
            return []
        top = max(s for s, _ in scored)
        return [t for s, t in sorted(scored, key=lambda p: -p[0]) if s >= top - 0.05]


_POSSESSIVE = re.compile(r"'s\b")


def hurt_friends(ctx: Context, *, with_self: bool = False) -> list[str]:
    """Other party members hurt (and the actor, ``with_self``), the most first: whom a
    spell at "him" or a potion is for, or one at "whoever is hurt worst"."""
    party = ctx.state.party
    hurt = [m for m, s in party.items()
            if (with_self or m != ctx.actor) and s.vitals.hp < s.vitals.max_hp]  # fmt: skip
    return sorted(hurt, key=lambda m: party[m].vitals.hp / max(1, party[m].vitals.max_hp))


_TROUBLE = re.compile(
    r"\b(?:what(?:'?s| is)? (?:wrong|the matter|happened|going on|troubling you)|"
    r"who are you (?:waiting|calling|looking|searching|shouting) for|"
    r"why are you (?:crying|upset|sad|worried|calling|shouting)|what troubles you|"
    r"you look (?:worried|upset|sad)|why (?:so|the) (?:glum|sad|down|blue|gloomy|grim|worried)|"
    r"why the long face|what(?:'?s| is) eating you|"
    r"what(?:'?s| has) got you (?:down|worried|upset))\b"
)
"""Asking what troubles someone: the first of their topics, what they would say first."""


def topic_of(ctx: Context, npc_id: str, text: str | None = None) -> str | None:
    """The NPC's topic a line is about: a topic's key, or words of what they would say."""
    if ctx.campaign is None or npc_id not in ctx.campaign.npcs:
        return None
    said = _POSSESSIVE.sub("", ctx.said if text is None else text)
    topics = ctx.campaign.npcs[npc_id].topics
    named = [(w, k) for w, k in ctx.campaign.npcs[npc_id].topic_names()  # its key, or a word
             if name_score(said, w.replace("_", " "), ctx.vocab.stop) >= 0.75]  # fmt: skip
    if named:
        return head_topic(said, named) or named[0][1]
    for key in topics:  # a word players use for what the topic is ("paying" → reward)
        if any(has_phrase(said, w) for w in ctx.vocab.topic_words.get(key, ())):
            return key
    for key in topics:  # a topic that is someone: named by what people call them
        other = ctx.campaign.npcs.get(key)
        names = [other.name, *other.aliases] if other is not None else []
        if any(name_score(said, n, ctx.vocab.stop) >= 0.75 for n in names):
            return key
    if topics and _TROUBLE.search(said):  # "what's wrong?", "who are you waiting for": what
        return next(iter(topics))  # troubles them, the first thing they would speak of
    # " about " may be the line's last or first word: split the padded line, never the bare
    about = f" {said} ".split(" about ", 1)[1].strip() if " about " in f" {said} " else ""
    asked = not about and (ctx.raw.rstrip().endswith("?") or (said.split() or [""])[0] in WH)
    about = about or (said if asked else "")  # ("why is every shutter closed?": the village)
    words = {stem(w) for w in about.split() if len(w) > 3 and w not in ctx.vocab.stop}
    if asked:  # (a plain question's own words: none common, nor who is asked)
        person = ctx.campaign.npcs[npc_id]
        own = {w.lower() for n in (person.name, *person.aliases) for w in n.split()}
        common = ctx.vocab.common
        words = {stem(w) for w in about.split() if len(w) > 4 and w not in ctx.vocab.stop
                 and w not in common and w not in own}  # fmt: skip
    if not words:
        return None
    overlaps = sorted(((len(words & {stem(w.strip(".,'!?")) for w in answer.text.lower().split()}),
                        key) for key, answer in topics.items()), reverse=True)  # fmt: skip
    best = overlaps[0] if overlaps and overlaps[0][0] else None
    if best is None or (asked and len(overlaps) > 1 and overlaps[1][0] == best[0]):
        return None  # (a question put plainly: its words in one answer alone)
    return best[1]


def topic_key(ctx: Context, npc_id: str) -> str | None:
    """One of the NPC's topics named outright in the line (not just words of an answer)."""
    if ctx.campaign is None or npc_id not in ctx.campaign.npcs:
        return None
    names = ctx.campaign.npcs[npc_id].topic_names()
    said = _POSSESSIVE.sub("", ctx.said)  # "your daughter's name" names the daughter
    matched = [
        (w, k) for w, k in names if name_score(said, w.replace("_", " "), ctx.vocab.stop) >= 1
    ]
    found = {k for _, k in matched}
    if len(found) > 1:  # "Sister Maelis": the name, not the title before it
        found = {k for w, k in matched if w not in TITLES} or found
    if len(found) == 2:
        found = {head} if (head := head_topic(said, matched)) else found
    return next(iter(found)) if len(found) == 1 else None


def about_words(said: str, vocab: Vocabulary) -> str | None:
    """What follows "about" in a line, as a short topic."""
    if " about " not in f" {said} ":
        return None
    rest = said.split("about", 1)[1].split()
    words = [w for w in rest if w not in vocab.stop]
    return " ".join(words[:4]) or None


WANTS_AN_OBJECT = ("search", "check", "examine", "inspect", "investigate", "use", "take", "get")
"""Verbs that, as the whole line, are asked back ("search what?")."""

GOING = ("go", "walk", "head", "move", "run", "climb")
"""Verbs that make a direction after them a way to go ("go north", "climb up")."""

_HOLD_TAIL = re.compile(
    r"(?:[,.;!]?\s*(?:for now|for this turn|this turn|for me|for the moment|someone else go|"
    r"somebody else go|next player|next|over to you|your go|your turn|go ahead|next up))+$"
)
"""What a player adds after ending their turn ("… for now, someone else go")."""
_WAITING_ON = re.compile(
    r"^(?:i'll |ill |i |we |we'll |let's |lets |\w+ )?(?:wait|waits|hang back|hangs back)"
    r"(?: here)? (?:for|on|until|till) [\w' ]{1,40}$|^(?:i'm |im |i am )?coming(?: along)?$"
)
"""Waiting on someone out of a fight ("wait for mira", "thorin waits for mira to finish"):
the turn passed to the others."""


_TOLD_SO = re.compile(
    r"\b(?:tell|tells|telling|told|say|says|saying|said|promise|promises)\b|^\W*(?:vicious )?mock"
)
"""A stepping-away told ("tell them I'll be right back", "mockery: … ring a doorbell")."""
_ALONG = frozenset({"me too", "same", "same here", "ditto", "i tag along", "tag along"})
"""Going along with the others: out of a fight the party's way; in one, no deed named."""
_BACK = re.compile(
    r"^(?:ok |okay )?(?:i'?m|im|i am) back(?: now| again| guys| all)?$|^(?:nice|good|great|"
    r"sweet|awesome|lovely|what a) (?:hit|shot|one|job|roll|throw|swing|spell|save|move)$"
)
_SLIP = re.compile(
    r"\b(?:keyboard|autocorrect|auto correct|typo|typos|misclick|mistyped|wrong (?:window|chat|"
    r"tab|button)|(?:sent|hit enter|pressed enter) (?:that )?too (?:early|soon)|didn't mean to "
    r"(?:send|hit enter|press enter|type that))\b"
)
"""A slip at the keyboard, owned up to: words for the table, none for the story."""
_MEANT = re.compile(r"\b(?:i mean|i meant|meant to say|should be|should have been)\b")
"""A slip put right in the same line ("typo, I meant pick the lock"): read what is meant."""
MOOD = "a mood, told: "
"""The note of a gesture that only shows a mood ("*sighs*"): after it, the gesture as the
story tells it; nothing is done and nothing spent."""
FOR_THE_TABLE = "for the table, not the story"
SURPRISED = "a cry of surprise"
"""The note of "wait, what": asked what just happened."""
"""The note of a line said to the table (a slip owned up to): nothing happens in the game."""


PADDING = re.compile(
    r"^\s*(?:(?:huh|um+|uh+|hmm+|er+m?|ok|okay|so|well|wait|sorry|lol|ugh|eh)\s+)+|"
    r"(?<=\s)(?:even|actually|really|like|just|exactly|again)(?=\s)|"
    r"\s+(?:here|now|again|then|real quick|quick|quickly)\s*$"
)
"""Words around a table command that change nothing of it ("huh what do i do", "what can i
even do here", "what do i have on me now")."""


_GO_ON = frozenset({"go on", "keep going", "carry on", "continue", "tell me more",
                    "tell us more", "and then", "and", "go on then", "please go on"})  # fmt: skip
"""A whole line that bids the one telling a tale go on."""
_BEWILDERED = re.compile(
    r"^(?:wait|hold on|huh|what|wat|wut)\W+(?:what|wat|huh|wtf|why|how|who)\W*$"
)
"""A cry of surprise ("wait, what"), not a wait."""


def whole_line(ctx: Context, said: str) -> Intent | None:
    """Text-adventure commands typed as the whole line."""
    vocab = ctx.vocab
    kind = vocab.abbreviations.get(said)
    if kind == "hold" and not ctx.scope.fighting and said in ("pass", "z", "wait"):
        return ctx.intent("hold", confidence=0.9)
    if kind is not None:
        return ctx.intent(kind)  # type: ignore[arg-type]
    if said in vocab.look_around:
        return ctx.intent("examine")
    people = ctx.scope.of("npc")
    if said in _GO_ON and len(people) == 1 and not ctx.scope.fighting:  # "keep going", to the
        return ctx.intent("talk", targets=(people[0].id,), confidence=0.8)  # one telling it
    if said in WANTS_AN_OBJECT:
        return ctx.intent("ask", confidence=0.3, note=f"{said} what?")
    plain = " ".join(PADDING.sub(" ", f" {said} ").split())  # "huh what do i do", "what
    # can i even do here"
    now = (
        ctx.campaign is not None and re.search(r"\bwe do (?:now|next)\W*$", said) and plain != said
    )
    if (said in vocab.help or (plain in vocab.help and not now)
            or said in ("help me", "help please", "help pls", "please help")):  # fmt: skip
        return ctx.intent("help")  # ("what do we do now": the story's next step)
    if takes_back(said, vocab):
        return ctx.intent("help", note="taking back")
    if any(has_phrase(said, p) for p in vocab.levelling):
        # "what level am I?" asks a fact; "how do I level up?" asks how the game works
        climbing = any(has_phrase(said, w) for w in ("up", "gain", "take", "need", "next"))
        if said.startswith(FACT_OPENERS) and not climbing:
            return ctx.intent("question")
        if re.search(r"\b(?:xp|exp|experience)\b", said) and (
            said.split(maxsplit=1)[0] in vocab.question_starts or ctx.raw.rstrip().endswith("?")
        ):
            return ctx.intent("question", note="levelling")  # "did we get xp for the rats?"
        return ctx.intent("help", note="levelling")
    if any(has_phrase(said, p) for p in vocab.usage):
        return ctx.intent("help", note="usage")
    if any(has_phrase(said, p) for p in vocab.stepping_away) and not _TOLD_SO.search(said):
        return ctx.intent("ask", confidence=1.0, note="stepping away")  # chatter to the
        # table, answered with how to step away
    if (_SLIP.search(said) and not _MEANT.search(said)) or _BACK.match(said):
        # "sorry my cat walked on the keyboard", "ok im back", "nice hit!": for the table
        return ctx.intent("ask", confidence=0.2, note=FOR_THE_TABLE)
    if said in vocab.inventory or plain in vocab.inventory:
        return ctx.intent("inventory")
    if _BEWILDERED.match(said):  # "wait, what": no waiting, a player lost for a moment
        return ctx.intent("question", note=SURPRISED)
    bare = _HOLD_TAIL.sub("", said)
    if not ctx.scope.fighting and _WAITING_ON.match(said):
        return ctx.intent("hold")  # "wait for mira": out of a fight, the round is hers
    if ctx.scope.fighting and said in _ALONG:  # "same" as one's own turn in a fight: as
        return ctx.intent("ask", confidence=0.3, note="the same as whom?")  # what? asked
    held = said in vocab.hold or bare in vocab.hold or vocab.abbreviations.get(bare) == "hold"
    done, me = _DONE_SAID.match(said), ctx.scope.get(ctx.actor or "", "member")  # "Aria's
    held = held or bool(done and me and done.group(1) in me.names)  # done, Thorin's turn"
    if held and ctx.raw.rstrip().endswith("?"):  # "that's it?", "wait?": asked, no turn held
        return ctx.intent("ask", confidence=0.3, note=f"{said}? Say what to do, or end the turn")
    if held:
        return ctx.intent("hold")  # "i'm done for now, someone else go", "nothing, next"
    for verb in ("x", "l", "look at", "examine"):
        if starts_with(said, verb) and said != verb:
            rest = said[len(verb) :].strip()
            things = ctx.named("feature", "npc", "creature", "item_here", "carried", "exit",
                               "member", text=rest)  # fmt: skip
            if things and verb in ("x", "l"):
                return ctx.intent("examine", targets=(things[0].id,))
    words = said.split()
    go = words[1:] if words[0] in GOING else words
    step = words[1:] if words[0] in ("i", "we") and len(words) > 1 else words
    advancing = step[0] in (
        "move",
        "step",
        "press",
        "advance",
        "push",
        "edge",
        "creep",
        "walk",
        "stride",
        "stalk",
        "march",
        "stomp",
        "wade",
    )
    running = step[0] in ("run", "rush", "charge", "dash", "sprint", "hurry", "race")
    advancing = advancing or (running and len(step) == 2)  # "run up" in a fight: at them
    if ctx.scope.fighting and advancing and step[1:] in (["up"], ["in"], ["closer"],
                                                       ["forward"], ["forwards"], ["ahead"],
                                                       ["on"], []):  # fmt: skip
        return closer(ctx)  # "I move up" in a fight: towards the foe, not up the stairs
    if ctx.scope.fighting and go == ["back"] and len(words) > 1:  # "run back": out of reach,
        return ctx.intent("manoeuvre", action="withdraw", confidence=0.9)  # still in the fight
    if len(go) == 1 and go[0] in vocab.directions:
        direction = vocab.directions[go[0]]
        said_so = {direction, go[0], *_ALSO.get(direction, ())}  # ("in": the way "inside")
        exits = [t for t in ctx.scope.of("exit") if said_so & set(t.names)]
        if len(exits) == 1:
            return ctx.intent("move", targets=(exits[0].id,), action=direction)
        return ctx.intent("ask", action=direction, confidence=0.3,
                          note=f"no way leads {direction} from here")  # fmt: skip
    return None


_ALSO = {"in": ("inside", "indoors"), "out": ("outside", "outdoors")}
"""Words an exit may be named by for a way said in one word ("go in": the way "inside")."""


def closer(ctx: Context) -> Intent:
    """A step towards the foe, none named ("I move up", "step forward"): the one foe there
    is, or asked which."""
    foes = ctx.scope.of("creature")
    if len(foes) == 1:
        return ctx.intent("manoeuvre", action="engage", targets=(foes[0].id,), confidence=0.9)
    return ctx.intent("ask", action="engage", confidence=0.3,
                      note="closer to which of them?")  # fmt: skip


def subject(ctx: Context, said: str) -> tuple[str, str | None]:
    """A party member named at the start as the one acting: ("attacks the rat", "thorin")."""
    for member in ctx.scope.of("member"):
        for name in member.names:
            if starts_with(said, name) and said != name:
                rest = said[len(name) :].strip()
                if rest.split()[0] in ("and", "or", "is", "has", "have", "was"):
                    continue  # "Thorin and I…", "Thorin is hurt": not an order
                if rest.split()[0] in _CALLED_TO and _SHOUTED_AT.search(ctx.raw):
                    continue  # "ione NO what are you doing!!": words to her, not her deed
                return rest, member.id
    first, _, rest = said.partition(" ")
    slipped = _slipped_name(ctx, first) if rest and len(first) >= 4 else None
    if slipped is not None and rest.split()[0] not in ("and", "or", "is", "has", "was"):
        return rest, slipped  # "mirra picks the lock", "thoren studies the tracks": theirs
    return said, None


def _slipped_name(ctx: Context, word: str) -> str | None:
    """The one party member a word that is no English word is a slip of ("mirra", "arya",
    "thoren": one letter off their first name), or ``None``."""
    known = known_words()
    if not known or word in known:  # (without the words of the language, no slip is read)
        return None
    close = [m.id for m in ctx.scope.of("member") for n in m.names[:1]
             if Levenshtein.distance(word, n.split()[0]) == 1]  # fmt: skip
    return close[0] if len(set(close)) == 1 else None


_CALLED_TO = frozenset({"no", "nooo", "noo", "stop", "wait", "dont", "don't", "careful", "look",
                        "watch", "hey"})  # fmt: skip
"""Words after a friend's name that call to them rather than tell what they do."""
_SHOUTED_AT = re.compile(r"!|\?|\b(?:you|your|you're|youre)\b", re.IGNORECASE)
"""Marks of words said to someone: a cry, a question, "you"."""


def request(ctx: Context) -> str | None:
    """A question that asks to act ("can I pick the lock?"): the action's words."""
    for phrase in sorted(ctx.vocab.requests, key=len, reverse=True):
        if starts_with(ctx.said, phrase) and ctx.said != phrase:
            return ctx.said[len(phrase) :].strip()
    return None


HEARS = " hears you: "
"""How the note of words to a friend another player plays begins, after the friend's name:
the whole line is said to them (never cut into deeds), and the reply is the note."""
WH = frozenset({"what", "where", "who", "whom", "whose", "why", "how", "when", "which", "whats",
                "wheres", "whos", "hows"})  # fmt: skip
"""Question words that make a question without a question mark."""

_DONE_SAID = re.compile(r"^([a-z]+)(?:'s| is) (?:done|finished)\b(?:\W+\w+'s turn)?\W*$")
"""The one playing says their character is done ("Aria's done, Thorin's turn")."""
CAN_I = ("can i", "could i", "may i", "can we", "could we", "may we", "should i", "should we",
         "am i able to", "is it possible to", "can i still", "could i still")  # fmt: skip


def can_i(ctx: Context) -> str | None:
    """ "Can I pick this lock?" — a question (answered, not acted on): the action's words."""
    members = [f"{aux} {n}" for aux in ("can", "could") for m in ctx.scope.of("member")
               for n in m.names]  # fmt: skip
    for phrase in sorted((*CAN_I, *members), key=len, reverse=True):
        if starts_with(ctx.said, phrase) and ctx.said != phrase:
            return ctx.said[len(phrase) :].strip()
    return None


def addressed(ctx: Context) -> Thing | None:
    """The person present a line speaks to: named, the one whose topics fit, or the only
    one here."""
    npcs = ctx.named("npc")
    if npcs:
        return npcs[0]
    present = ctx.scope.of("npc")
    keyed = [n for n in present if topic_key(ctx, n.id) is not None]
    if len(keyed) == 1:
        return keyed[0]
    fitting = [n for n in present if topic_of(ctx, n.id) is not None]
    if len(fitting) == 1:
        return fitting[0]
    if len(present) == 1:
        return present[0]
    plain = ctx.vocab.stop | ctx.vocab.common  # (words that name nobody)
    return most_about(_POSSESSIVE.sub("", ctx.said), present, ctx.campaign, plain)


_LISTENING = re.compile(r"^listen\s+(?:at|for|through|closely|carefully|hard|in|out|to the\b)")
"""Listening at something ("listen at the trapdoor for sounds"): a look, no words said."""


def _a_thing_of_the_story(ctx: Context) -> bool:
    items = ctx.campaign.items.values() if ctx.campaign is not None else ()
    return any(has_phrase(ctx.said, n.lower()) for i in items for n in (i.name, *i.aliases))


def talk_cued(ctx: Context) -> bool:
    """The line opens with words said to someone ("sorry about the noise", "i swear it",
    "we will find her"), as read or as typed (before its "I"/"we will" is set aside)."""
    typed = normalise(re.sub(r"^\s*[\w' ]{1,30}:\s*", "", ctx.raw))  # ("Mira: we come in …")
    return any(starts_with(ctx.said, c) or starts_with(typed, c) for c in ctx.vocab.talk_cues)


def spoken(ctx: Context) -> Intent | None:
    """Words said to someone: "sorry about the noise", "your mam's waiting", quoted speech,
    or calling out a name."""
    said = ctx.said
    vocab = ctx.vocab
    quoted = '"' in ctx.raw or "“" in ctx.raw
    quoted = quoted or (not ctx.scope.fighting and QUOTED_SPEECH.search(ctx.raw) is not None)
    # ('…' too, out of a fight: in one, words shouted at the foes colour a blow)
    at_a_thing = _LISTENING.match(said) is not None and bool(ctx.named("feature", "exit"))
    cue = talk_cued(ctx) and not at_a_thing
    you = any(has_phrase(said, y) for y in vocab.you)
    if not (quoted or cue or you or ctx.raw.rstrip().endswith("!")):
        return None
    if not (quoted or cue or you) and len(said.split()) <= 2 and _a_thing_of_the_story(ctx):
        return None  # "potion!": a thing called for, not words to anyone
    who = addressed(ctx)
    if who is not None:
        return ctx.intent("talk", targets=(who.id,), topic=topic_of(ctx, who.id),
                          confidence=0.8)  # fmt: skip
    absent = ctx.campaign is not None and any(
        has_phrase(said, n.name.lower()) for n in ctx.campaign.npcs.values()
    )
    if quoted or cue or ctx.scope.of("creature") or (you and absent):
        return ctx.intent("talk", confidence=0.7)
    return None

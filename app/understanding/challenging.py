"""Which of a scene's authored challenges a line attempts: the author's phrases read in
full ("pick the lock"), a challenge's verb and its object apart ("smash the padlock with
his axe"), other words for its verbs ("haul on the bell"), the forced way in chosen by words
of force, and a plain attempt at its object ("try the lock again")."""

from __future__ import annotations

import re
from collections.abc import Iterable

from app.understanding.addressing import only_said
from app.understanding.intent import Intent, Reading
from app.understanding.manoeuvring import hypothetical
from app.understanding.negation import NEGATING
from app.understanding.readings import Context
from app.understanding.scope import ThingKind
from app.understanding.words import core, has_phrase, verb_at

PLAIN_TALK = frozenset({"talk", "ask", "say", "speak", "tell", "greet", "chat", "question"})
"""Talking verbs that never by themselves start an authored challenge (a roll)."""

ATTEMPTS = ("try", "attempt", "have a go at", "have another go", "work on", "fiddle with",
            "give it a go", "have a go", "tinker with", "jiggle", "one more go at",
            "another go at", "one more try at", "another try at", "have a crack at",
            "another crack at", "one more shot at", "another shot at", "start on",
            "get started on", "make a start on", "set to work on", "go to work on")  # fmt: skip
"""Words of a plain attempt at a challenge's object ("try the lock")."""


_TOO_PLAIN = frozenset({"room", "floor", "wall", "walls", "door", "way", "place", "ground",
                        "top", "bottom", "side", "end"})  # fmt: skip
"""Words of a feature's names too plain to stand for it in a challenge's object."""
_PARTICLES = frozenset({"down", "up", "off", "out", "over", "away", "through", "in", "open",
                        "back", "aside", "again"})  # fmt: skip
"""Words that end a challenge's phrase without naming what it is done to."""


def _objects(ctx: Context, cid: str, kind: ThingKind = "challenge") -> set[str]:
    """The words a challenge's phrases act on, with the names of features they share
    (``kind`` "settled" for one done already)."""
    thing = ctx.scope.get(cid, kind)
    if thing is None:
        return set()
    said = [[w for w in p.split()[1:] if w not in _PARTICLES] for p in thing.names]
    objects = {words[-1] for words in said if words}  # "cut the bell down": the bell
    for feature in ctx.scope.of("feature"):
        named = set(" ".join(feature.names).split()) - ctx.vocab.stop - _TOO_PLAIN  # (never
        # "the", nor the "room" of the lamp's "lantern room": "warm the room" is no lamp)
        if objects & named:
            objects |= named
    # ("light my lantern": one's own, not the lighthouse's "lantern room")
    return {
        o for o in objects if not re.search(rf"\b(?:my|our) (?:\w+ )?{re.escape(o)}\b", ctx.said)
    }


def _without_names(ctx: Context) -> str:
    """The line with the names of things present blanked out ("the hide curtain" holds no
    "hide")."""
    said = f" {ctx.said} "
    for thing in ctx.scope.of("exit", "feature", "npc", "item_here", "carried"):
        for name in thing.names:
            if len(name.split()) > 1:
                said = said.replace(f" {name} ", " _ ")
    return said.strip()


PARTICLE = re.compile(r"(?<=\w) (?:up|open|off|out|away|loose|down) (?=(?:the|that|this|a|an|my|"
                      r"his|her|their|its|those|these) )")  # fmt: skip
"""A verb's particle before its object ("pry *up* the flagstone", "force *open* the hatch"),
which an author's "pry the flagstone" leaves out."""


def challenge(ctx: Context, strong: bool) -> Intent | None:
    if ctx.scope.fighting and not strong:
        return None  # in a fight only a challenge's own words try it (one made to end it)
    best: tuple[int, str] | None = None
    said = ctx.said if strong else _without_names(ctx)
    said = " ".join(_ONCE_MORE.sub(" ", said).split())  # "pray one more time for her"
    shortened: str | None = None  # the line with things by their last word, made when needed
    again = strong or has_phrase(ctx.said, "again")  # "pray over her again": the one done
    for thing in ctx.scope.of("challenge", "settled") if again else ctx.scope.of("challenge"):
        for phrase in thing.names:
            if (len(phrase.split()) > 1) != strong or phrase in PLAIN_TALK:
                continue
            where = said
            at = verb_at(said, core(phrase) if strong else phrase)
            if at < 0 and strong:
                where = core(said)
                at = verb_at(where, core(phrase))
            if at < 0 and strong and PARTICLE.search(said):  # "pry up the flagstone"
                where = core(PARTICLE.sub(" ", said))
                at = verb_at(where, core(phrase))
            if at < 0 and strong:  # "lift that loose flagstone": the thing by its last word
                if shortened is None:
                    shortened = core(PARTICLE.sub(" ", _by_last_word(ctx, said)))
                where = shortened
                at = verb_at(where, core(phrase))
            before = [w for w in where[:at].split() if w not in ("even", "ever")]
            if at > 0 and before[-1:] and before[-1] in NEGATING:
                continue  # "you've stopped lighting that lamp": not done, said of it
            if at >= 0 and phrase.split()[0] in PLAIN_TALK and _ABOUT.match(where[at:]):
                continue  # "let's talk about peace, Grubnak": his topic asked, no roll yet
            if at >= 0 and only_said(ctx, where[at:].split()[0]):
                continue  # "Thorin whispers: 'I'm not built for sneaking'": words
            after = where[at:].split()[1:2] if at >= 0 else []
            if not strong and after and after[0] in _UP_TO and len(phrase.split()) == 1:
                continue  # "sneak up and knock out the closest goblin": going up to them
            if after and _a_friend(ctx, after[0]):
                continue  # "bless Cass": a friend blessed, not the warden prayed to rest
            if after and (phrase.split()[-1], after[0]) in _OTHER_DEEDS:
                continue  # "sneak attack the right goblin": a rogue's blow, no slipping past
            if at > 0 and _came_for(ctx, thing.id, where[:at]):
                continue  # "we've come to talk peace": the talk begins, no roll for it yet
            if at >= 0 and (best is None or at < best[0]):
                best = (at, thing.id)
    if best is None:
        return _by_its_verb(ctx) if strong else None
    if not strong and len(ctx.said.split()) < 2:
        found = ctx.scope.get(best[1])
        label = found.name if found else best[1]
        return ctx.intent("ask", confidence=0.4, note="say a little more",
                          alternatives=(Reading("challenge", best[1], label),))  # fmt: skip
    return ctx.intent("challenge", targets=(best[1],), confidence=0.95 if strong else 0.85)


_PASSING = re.compile(r"\b(?:past|around|round|by|along|through|across|beyond)\b")
"""Words of a way past or around what is sneaked by."""
_BARE_SNEAK = re.compile(
    r"(?:(?:we|i|let's|lets) (?:sneak|creep|tiptoe|skulk)(?: it| quietly| carefully| now| then)?|"
    r"(?:sneak|creep|tiptoe|skulk) (?:it|quietly|carefully|now|then))"
)
"""Sneaking said with nothing to sneak past ("we sneak", "sneak quietly"): past what the
scene's stealth is for (one word alone is asked back, as the guide says)."""
_ABOUT = re.compile(r"\S+\s+(?:(?:to|with)\s+\w+\s+)?about\b")
"""Talk about a thing ("talk about peace"): a topic, not the talk that wins it."""
_ONCE_MORE = re.compile(r"\b(?:one more time|one last time|once more|once again)\b")
"""Words of a deed done again, between its verb and the rest of its words."""


def _a_friend(ctx: Context, word: str) -> bool:
    """The word is a friend's name, or the speaker or the party ("me", "us")."""
    if word in ("me", "myself", "us", "ourselves"):
        return True
    return any(word == n.split()[0] for t in ctx.scope.of("member") for n in t.names)


_LONE_VERB = re.compile(
    r"^(?:(?:i|we|let's|lets|then|now|and|so|ok|okay|try|tries)\s+)*(\w+)"
    r"(?:\s+(?:over|across|now|together|quickly|carefully|slowly|again|once more|one more time|"
    r"this time|fast))*\W*$"
)
_ANY_DEED = frozenset({"go", "take", "walk", "head", "get", "look", "use", "open", "try", "make",
                       "do", "run", "move", "find", "ask", "talk", "say"})  # fmt: skip
"""Verbs too common to name one challenge by themselves."""


def _by_its_verb(ctx: Context) -> Intent | None:
    """A challenge said by its verb alone ("then we cross" on the strand): the one challenge
    here whose author's words start with that verb."""
    lone = _LONE_VERB.match(ctx.said)
    if lone is None or lone.group(1) in _ANY_DEED | PLAIN_TALK:
        return None
    verb = lone.group(1)
    verbs = {verb, verb.removesuffix("ing")}  # ("try crossing again": cross)
    found = {t.id for t in ctx.scope.of("challenge") for p in t.names
             if len(p.split()) > 1 and p.split()[0] in verbs}  # fmt: skip
    if len(found) != 1 or len(ctx.raw.split()) < 2:  # ("pick" alone says too little)
        return None
    return ctx.intent("challenge", targets=(found.pop(),), confidence=0.8)


_COME_TO = re.compile(r"\b(?:come|came|here|coming)\s+(?:here\s+)?to\s+$")
"""Words that say what one came for ("we've come *to* talk peace"): the talk opened."""
_WORDS_SKILLS = frozenset({"persuasion", "deception", "intimidation"})


def _came_for(ctx: Context, cid: str, before: str) -> bool:
    """Whether the words before a challenge's verb say it is what one came for ("we've come
    to talk peace") and it is won by talk (a persuasion, a lie, a threat): that opens the
    talk, and the roll comes when the case is made."""
    spec = ctx.campaign.challenges.get(cid) if ctx.campaign is not None else None
    if spec is None or spec.skill is None:
        return False
    return spec.skill.value in _WORDS_SKILLS and _COME_TO.search(before) is not None


_OTHER_DEEDS = frozenset({("sneak", "attack"), ("sneak", "peek"), ("sneak", "attacks")})
"""A challenge's word that with the next one is another deed ("sneak attack")."""
_UP_TO = frozenset({"up", "round", "around", "closer", "towards", "toward"})
"""Words after a verb that make it a way of going up to someone ("creeps up behind them")."""


def _by_last_word(ctx: Context, said: str) -> str:
    """The line with each thing of the scene named in full called by its last word ("that
    loose flagstone" -> "that flagstone"), as an author's phrase names it."""
    for thing in ctx.scope.of("feature", "exit", "item_here"):
        for name in thing.names:
            if len(name.split()) > 1:
                said = re.sub(rf"\b{re.escape(name)}\b", name.split()[-1], said)
    return said


def _done_now(said: str, verb: str) -> bool:
    """The verb is in the line as a thing done, not one ruled out ("so it can never ring
    again") or wondered about."""
    at = verb_at(said, verb)
    return at >= 0 and not hypothetical(said, at)


_PRONOUNS = frozenset({"her", "him", "it", "them", "me", "us", "you", "one"})


_LIKE = {
    "pull": ("haul", "tug", "yank", "heave"),
    "ring": ("toll", "clang", "swing"),
    "force": ("heave", "shoulder", "ram", "batter", "lever", "prise", "bust", "boot",
              "kick in", "kick down", "stave in"),
    "smash": ("hit", "bash", "whack", "hammer", "pound", "strike", "belt"),
    "break": ("bust",),
    "lift": ("raise", "hoist", "heave", "prise", "lever"),
    "pry": ("prise", "lever", "jimmy"),
    "pick": ("work", "tinker with", "fiddle with", "jiggle", "tease", "jimmy"),
    "light": ("kindle", "relight", "fire up"),
    "cross": ("wade", "run across", "hurry across", "dash across", "start across",
              "pick my way across", "make it across", "head across", "go across"),
    "walk": ("start out along", "set out along", "set off along", "start along", "go along",
             "make my way along", "pick my way along", "edge along", "inch along",
             "head along", "head out along", "make our way along", "pick our way along"),
}  # fmt: skip
"""Other words for a challenge's verbs: "haul on the bell" is pulling it, "heaves" at a
trapdoor forces it."""


def _on_it(said: str, verb: str) -> bool:
    """The verb is done to "it", close after it ("pick it", "try to force it open"), not a
    verb with a particle of its own ("picks up the poker … weighs it")."""
    after = said[verb_at(said, verb) :].split()[1:4]
    return bool(after) and after[0] not in ("up", "out", "off") and "it" in after


_FORCING = ("force", "break", "smash", "kick", "bash", "pry", "prize", "wrench", "rip", "tear",
            "boot", *_LIKE["force"])  # fmt: skip
"""Words of force: the way in that is forced, of a campaign's ways to deal with a thing."""


def _forcing(said: str) -> bool:
    return any(verb_at(said, word) >= 0 for word in _FORCING)


def _by_force(ctx: Context, cid: str) -> bool:
    """The challenge is dealt with by strength (an Athletics or Strength roll)."""
    spec = ctx.campaign.challenges.get(cid) if ctx.campaign is not None else None
    if spec is None:
        return False
    skill = spec.skill.value if spec.skill is not None else ""
    ability = spec.ability.value if spec.ability is not None else ""
    return skill == "athletics" or (not skill and ability == "str")


_TRYING_TO_KNOW = re.compile(
    r"\b(?:try|tries|trying|tried|attempts?|attempting)\s+to\s+(?:judge|see|figure|work out|"
    r"tell|find out|guess|understand|read|remember|recall|spot|hear|listen|look|notice|learn|"
    r"make out|puzzle)\b"
)
"""Trying to learn something ("trying to judge what made them"): a look, no attempt at the
challenge of the thing looked at."""


_THEIR_TRY = re.compile(
    r"\b(?:before|after|until|once|while|when|as)\s+(?:she|he|they|it|\w+)\s+"
    r"(?:tries|attempts|try|attempt)\b.*"
)
"""An attempt someone else makes, told as when the deed is done ("I tie my rope around
Ione's waist before she tries the causeway"): no attempt of the player's."""


_AGAIN = re.compile(
    r"(?:(?:let me |i'll |i |we )?(?:try|have a go|give it|go)(?: it)? )?"
    r"(?:again|once more|one more time|another (?:go|try|shot))"
    r"(?:,? (?:harder|then|please|now|carefully|quickly|properly|with (?:more|all (?:my|his|her|"
    r"their|our)) (?:force|strength|might)))*"
)
"""Another try at the one challenge tried, said alone ("try again, harder", "once more")."""


_NEXT_CLAUSE = re.compile(r"\b(?:then|and then|after that|while|before|after|why|ask|asks)\b")
"""Words that start another clause: an object past them is not the verb's."""


def _in_its_clause(said: str, verb: str, thing: str) -> bool:
    """The thing is named after the verb, in the verb's own clause ("light the cold grate
    so the old man can warm up, then ask him why he let the lamp go dark" lights no lamp),
    or before it ("the padlock: smash it")."""
    at = verb_at(said, verb)
    found = [m.start() for m in re.finditer(rf"\b{re.escape(thing)}\b", said)]
    return any(o < at or not _NEXT_CLAUSE.search(said[at:o]) for o in found)


_QUOTED = re.compile(r"[\"“”]|(?:^|\s)'[^']+'")
"""Words quoted in a line: what is said, not a challenge tried."""


def challenge_by_parts(ctx: Context) -> Intent | None:
    """A challenge's verb and its object apart ("smash the padlock with his axe"), or a
    plain attempt at its object ("try the lock again"), or just "again"."""
    said = ctx.said
    if ctx.scope.fighting and (set(said.split()) & NEGATING or _QUOTED.search(ctx.raw)):
        return None  # in a fight, not words said ("she doesn't sing it. She says: '…'")
    open_ones = [t.id for t in ctx.scope.of("challenge")]
    fits = []
    for cid in open_ones:
        thing = ctx.scope.get(cid, "challenge")
        assert thing is not None
        verbs = _verbs(ctx, thing.names, alike=True)
        objects = _objects(ctx, cid) - verbs - _PRONOUNS  # the lamp's "light" lights nothing
        # (and "bless her" is no challenge's object: "say her name" is not "say a prayer")
        done = [
            v
            for v in verbs
            if _done_now(said, v)
            and not _came_for(ctx, cid, said[: max(verb_at(said, v), 0)])
            and not (v in PLAIN_TALK and _ABOUT.match(said[max(verb_at(said, v), 0) :]))
        ]
        # ("let's talk about peace": his topic asked, no roll for winning it yet)
        if done and any(_in_its_clause(said, v, o) for v in done for o in objects):
            fits.append(cid)
    if not fits and has_phrase(said, "it"):
        for cid in open_ones:
            thing = ctx.scope.get(cid, "challenge")
            assert thing is not None
            verbs = _verbs(ctx, thing.names, alike=False)
            if any(_done_now(said, v) and _on_it(said, v) for v in verbs):
                fits.append(cid)
    if len(fits) == 1:
        return ctx.intent("challenge", targets=(fits[0],), confidence=0.8)
    tried = [c for c in open_ones if c in ctx.state.challenges]
    mine = _THEIR_TRY.sub("", said)  # (not "… before she tries the causeway": hers, later)
    attempt = any(verb_at(mine, a) >= 0 for a in ATTEMPTS) and not _TRYING_TO_KNOW.search(said)
    if attempt and not tried:
        aimed = [c for c in open_ones if any(has_phrase(said, o) for o in _objects(ctx, c))]
        forced = [c for c in aimed if _by_force(ctx, c)] if _forcing(said) else []
        if aimed:  # the way the words say ("lever the padlock off"), else the campaign's first
            return ctx.intent("challenge", targets=((forced or aimed)[0],), confidence=0.75)
    again = _AGAIN.fullmatch(said) is not None  # "try again, harder"
    attempt = attempt or again
    if attempt and tried:  # ("try the lock again": the lock, though forcing it failed too)
        aimed = [c for c in open_ones if any(has_phrase(said, o) for o in _objects(ctx, c))
                 or (c in tried and has_phrase(said, "it"))]  # fmt: skip
        aimed = [c for c in aimed if c in tried] or aimed  # (again: what was tried before)
        if len(aimed) > 1:  # the way the words say: by force, or by a steady hand
            way = [c for c in aimed if _by_force(ctx, c) == _forcing(said)]
            aimed = way if len(way) == 1 else aimed
        if len(aimed) == 1 or (again and len(tried) == 1):
            return ctx.intent("challenge", targets=((aimed or tried)[0],), confidence=0.8)
    if attempt:  # "try the lock again" once it cannot be: tried, and told why not
        over = [
            t.id
            for t in ctx.scope.of("settled")
            if any(has_phrase(said, n.split()[-1]) for n in t.names if len(n.split()) > 1)
        ]
        if len(over) == 1:
            return ctx.intent("challenge", targets=(over[0],), confidence=0.8)
    if has_phrase(said, "again"):  # "hit the lock again to make sure": done, and told so
        over = [t.id for t in ctx.scope.of("settled") if _done_by_parts(ctx, t.id, said)]
        if len(over) == 1:
            return ctx.intent("challenge", targets=(over[0],), confidence=0.8)
    return None


def _verbs(ctx: Context, names: Iterable[str], *, alike: bool) -> set[str]:
    """The verbs of a challenge's phrases of several words ("if you stop", "in exchange
    for": no verbs), with the words like them when ``alike``."""
    verbs = {p.split()[0] for p in names if len(p.split()) > 1} - {"open", "move"}
    verbs -= ctx.vocab.stop | {"if"}
    return verbs | {like for verb in verbs for like in _LIKE.get(verb, ())} if alike else verbs


def _done_by_parts(ctx: Context, cid: str, said: str) -> bool:
    """A settled challenge's verb (or a like one) done to its object in one clause."""
    thing = ctx.scope.get(cid)
    if thing is None:
        return False
    verbs = _verbs(ctx, thing.names, alike=True)
    objects = _objects(ctx, cid, "settled") - verbs - _PRONOUNS
    return any(_done_now(said, v) and _in_its_clause(said, v, o) for v in verbs for o in objects)


def stealth_challenge(ctx: Context) -> Intent | None:
    """The scene's one open challenge rolled with Stealth, for a sneaking said in other
    words ("tiptoe around the dice game", "creep along the wall behind Mira")."""
    passing = _PASSING.search(ctx.said) or _BARE_SNEAK.fullmatch(ctx.said)  # ("sneak!")
    if ctx.campaign is None or ctx.scope.fighting or not passing:
        return None  # ("creep up behind the goblins": on them, not past them)
    open_ = [t.id for t in ctx.scope.of("challenge")
             if (spec := ctx.campaign.challenges.get(t.id)) is not None
             and spec.skill is not None and spec.skill.value == "stealth"]  # fmt: skip
    if len(open_) != 1:
        return None
    return ctx.intent("challenge", targets=(open_[0],), confidence=0.85)

"""A name at the start of a line that is nobody here, acting ("Legolas looks around",
"Boromir joins us and smashes the lock"): refused, said so, never played as the speaker's."""

from __future__ import annotations

from functools import cache

from app.understanding.known_words import english_words
from app.understanding.other_spells import NAMED as OTHER_SPELLS
from app.understanding.readings import Context
from app.understanding.spells import opens_with_a_spell
from app.understanding.vocabulary import Vocabulary
from app.understanding.words import normalise
from rules.srd import srd


def stranger(ctx: Context) -> str | None:
    """A name at the start that is nobody here, acting ("Legolas looks around")."""
    words = ctx.raw.split()
    if len(words) < 2 or not words[0].replace("-", "").isalpha():  # ("Ruck-Ruck smashes")
        return None
    long_name = _long_name(words)  # "Jack Sparrow boards a boat", "Geralt of Rivia tracks"
    called = [w.lower() for w in words[:long_name] if w.lower() not in _TITLES]
    if long_name and not _anyone(ctx, called or [w.lower() for w in words[:long_name]]):
        words = [" ".join(words[:long_name]), *words[long_name:]]
    first, verb = words[0].lower(), words[1].lower().strip(".,!?")
    titled = verb == "the" and len(words) > 3 and words[0][:1].isupper()
    if titled:  # "Conan the barbarian storms into the woods": a name and its title
        verb = words[3].lower().strip(".,!?")
    elif verb in _BEFORE_VERBS and len(words) > 2:  # "Drizzt dual wields at the rat"
        verb = words[2].lower().strip(".,!?")
    if not titled and verb in ctx.vocab.stop:
        return None  # "raises his battered shield": a verb before "his", never a name
    if words[0].isupper() and words[1].strip(".,!?").isupper():
        return None  # a line shouted ("ALRIGHT LETS GO DOWN"): capitals are no name
    vocab = ctx.vocab
    if first in vocab.common or first in vocab.stop or first in vocab.question_starts:
        return None
    small = not words[0][:1].isupper()
    known = first in _known_words(vocab) or first in vocab.question_slips
    if small and (len(words) > 4 or known or verb == "does"):
        return None  # typed small, a name only in a short line and no word the game knows
    verbs = {p.split()[0] for phrases in vocab.verbs.values() for p in phrases}
    verbs |= {p.split()[0] for phrases in vocab.manoeuvres.values() for p in phrases}
    verbs |= DEED_VERBS  # ("Frodo sneaks into the woods")
    verbs |= {p.split()[0] for t in ctx.scope.of("challenge", "settled") for p in t.names if p}
    # ("Wendel rings the bell": the scene's own deed, done by someone not in the party)
    base = {verb, verb[:-1], verb[:-2], verb[:-3] + "y" if verb.endswith("ies") else verb}
    deed = bool(base & (verbs | _one_word_spells()))  # ("Brother Tuck blesses the harbour")
    called = [w for w in first.split() if w not in _TITLES] or first.split()
    if _anyone(ctx, called):  # "Nessa sends her love": someone of the story, spoken of
        if not deed or titled or verb in _WORDS_SENT or not _third_person(verb):
            return None  # ("Tam stabs Grubnak": someone of the story, not the player's)
        return _of_the_story(ctx, called)
    if first in verbs:  # "Attack the rat that's bleeding.": a verb first, no name
        return None
    acting = deed or verb in ("plays", "sings", "says", "does", "greets", "storms")
    named = words[0][:1].isupper() and not words[0].isupper() and verb not in _WORDS_SENT
    players = {p.lower() for p in ctx.state.players}
    acting = acting or (named and first not in players and _told_of(verb))  # "Boromir blows
    # his horn" (not "EEK rats", nor "Kai logs off", typed of a player at the table)
    if not (verb.endswith("s") and not verb.endswith("ss") and (acting or titled)):
        return None
    opening = normalise(" ".join(words[:3]))  # (looked up last: every spell's name is read)
    if opens_with_a_spell(opening) or any(opening.startswith(n) for n in OTHER_SPELLS):
        return None  # "dissonant whispers on her": a spell named first, not Dissonant
    return words[0]


_WORDS_SENT = frozenset({"sends", "says", "tells", "asks", "wants", "wishes", "thanks", "hopes",
                         "needs", "knows", "thinks", "sent", "said"})  # fmt: skip
"""What someone of the story is told of saying, not doing ("Nessa sends her love")."""
_BEFORE_VERBS = frozenset({"dual", "quickly", "slowly", "then", "also", "just", "now"})
"""Words between a name and its deed ("Drizzt dual wields", "Tam quickly grabs")."""


def _third_person(verb: str) -> bool:
    """A verb as told of someone ("stabs", "helps"; not "stop", "kiss")."""
    return verb.endswith("s") and not verb.endswith("ss")


def _told_of(verb: str) -> bool:
    """Whether a word in -s is a verb of the language told of someone ("blows", "wields",
    "reaches"): its root, or a form of it, is an English word."""
    known = english_words()
    root = verb[:-2] if verb.endswith("es") and verb[:-2] in known else verb[:-1]
    return verb.endswith("s") and bool({root, root + "ing", root + "ed"} & known)


def _of_the_story(ctx: Context, called: list[str]) -> str | None:
    """Someone of the story, not of the party, here or elsewhere, made to act by the line
    ("Tam stabs Grubnak", "Nessa helps us fight"): nobody the player moves. ``None`` for
    the party and for a companion fighting beside it."""
    if ctx.campaign is None:
        return None
    with_us = {c.npc for c in ctx.state.creatures.values() if c.npc and c.side == "party"}
    for nid, person in ctx.campaign.npcs.items():
        names = (person.name, *person.aliases)
        if nid not in with_us and any(w in n.lower().split() for n in names for w in called):
            return person.name
    return None


@cache
def _one_word_spells() -> frozenset[str]:
    """Spells named by one word ("bless", "sleep"), which are verbs too."""
    return frozenset(n for s in srd().spells.entries.values() if " " not in (n := s.name.lower()))


_TITLES = frozenset({"brother", "sister", "sir", "lady", "lord", "father", "mother", "master",
                     "mistress", "captain", "old", "young", "dame", "friar", "saint"})  # fmt: skip
"""Words before a name that many share ("Brother Tuck" is no Brother Cass)."""


def _long_name(words: list[str]) -> int:
    """How many words a capitalised name of two words, "X of Y" or "X son of Y" takes at
    the start ("Walter White", "Geralt of Rivia", "Gimli son of Gloin"); 0 for none."""

    def capital(word: str) -> bool:
        return word[:1].isupper() and not word.isupper() and word.isalpha()

    if len(words) > 3 and capital(words[0]) and words[1] == "of" and capital(words[2]):
        return 3
    kin = ("son", "daughter", "child", "heir")  # "Gimli son of Gloin attacks"
    if len(words) > 4 and capital(words[0]) and words[1].lower() in kin and words[2] == "of":
        return 4 if capital(words[3]) else 0
    if len(words) > 2 and capital(words[0]) and capital(words[1]):
        return 2
    return 0


def _anyone(ctx: Context, said: list[str]) -> bool:
    """A word of the name (lower-cased) belongs to a thing here, someone of the story or
    the party."""
    names = [n for t in ctx.scope.things for n in t.names]
    if ctx.campaign is not None:
        names += [n for p in ctx.campaign.npcs.values() for n in (p.name, *p.aliases)]
    names += [s.name for s in ctx.state.party.values()]
    return any(w in n.lower().split() for n in names for w in said if w != "of")


DEED_VERBS = frozenset({
    "sneak", "creep", "tiptoe", "punch", "kick", "climb", "grab", "search", "pray", "sing",
    "dance", "greet", "wave", "hug", "shout", "yell", "storm", "stride", "march", "wander",
    "stroll", "charge", "dash", "sprint", "jump", "leap", "stab", "shoot", "cast", "swing",
    "join", "track", "follow", "hunt", "lead", "scout", "board", "draw", "heal", "part", "save",
    "rescue", "summon", "smite", "bless", "curse", "fight", "kill", "arrive", "appear", "help",
})  # fmt: skip
"""Verbs a stranger's line may start with beyond the game's own phrases."""


_KNOWN: dict[str, frozenset[str]] = {}


def _known_words(vocab: Vocabulary) -> frozenset[str]:
    """Every word the vocabulary's phrases use, and the SRD's kinds of creature: a small
    first word that is one of them is no stranger's name ("wolf attacks")."""
    known = _KNOWN.get(vocab.code)
    if known is None:
        phrases = [p for ps in vocab.verbs.values() for p in ps]
        phrases += [p for ps in vocab.manoeuvres.values() for p in ps]
        phrases += [p for ps in vocab.people.values() for p in ps] + [*vocab.people]
        phrases += [*vocab.weapons, *vocab.fillers, *vocab.descriptors, *vocab.hold]
        phrases += [m.name.lower() for m in srd().monsters.entries.values()]
        known = frozenset(w for p in phrases for w in p.lower().split())
        _KNOWN[vocab.code] = known
    return known

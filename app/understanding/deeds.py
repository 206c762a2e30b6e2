"""The improvised deeds the referee knows by name — tie up, wake, knock out, cow, sway,
climb, heave, help, perform, pray, track … — each with the words players use for it, the
skill it calls for and how hard it is (an SRD-style DC: easy 10, medium 15, hard 20), or
``auto`` when nothing stands against it. :mod:`app.understanding.improvised` reads a
line as one of them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache


@dataclass(frozen=True)
class Deed:
    """A kind of improvised deed: the words for it, the check it needs, how hard."""

    key: str
    words: tuple[str, ...]
    skill: str
    """The skill a DM calls for, or ``auto`` when it simply happens."""
    dc: int
    needs_object: bool = True
    """Whether the deed must be done to something the scene names."""


DEEDS: tuple[Deed, ...] = (
    Deed("bind", ("tie up", "tie", "bind", "truss", "gag", "shackle", "rope up", "tie him up",
                  "lasso", "rope",
                  "tie her up", "tie it up", "tie them up"), "athletics", 10),
    Deed("wake", ("wake up", "wake", "shake awake", "shake", "rouse", "slap awake", "nudge",
                  "snap out of"),
         "auto", 0),
    Deed("knock_out", ("knock out", "knock him out", "knock her out", "knock it out",
                       "pommel", "knock unconscious", "choke out", "sap", "subdue",
                       "knock senseless", "knock him senseless", "knock her senseless"),
         "athletics", 15),
    Deed("cow", ("demand", "order", "tell them to surrender", "intimidate", "threaten",
                 "scare", "shout at", "yell at", "roar at", "bellow at", "menace", "glare at",
                 "warn"), "intimidation", 15, needs_object=False),
    Deed("sway", ("convince", "persuade", "plead with", "reason with", "beg", "bargain with",
                  "appeal to", "talk down", "calm", "calm down", "soothe"), "persuasion", 15,
         needs_object=False),
    Deed("bluff", ("lie to", "bluff", "trick", "fool", "deceive", "distract", "feint",
                   "pretend", "play dead", "feign death", "feign sleep", "play possum"),
         "deception", 15, needs_object=False),
    Deed("climb", ("climb", "clamber", "scale", "climb onto", "climb up", "jump onto",
                   "leap onto", "vault", "jump", "leap"), "athletics", 10, needs_object=False),
    Deed("floor", ("knock", "shield-bash", "shield bash", "slam"), "athletics", 15),
    Deed("shut", ("shut", "slam shut", "pull shut", "push shut", "bolt"), "auto", 0),
    Deed("heave", ("kick over", "tip over", "topple", "overturn", "flip", "push over",
                   "lift", "heave", "drag", "pull", "barricade", "block", "wedge",
                   "break", "smash", "bash", "pry", "prise", "prize open", "kick", "tip",
                   "knock over", "push", "shove", "haul", "yank", "tug", "hack through",
                   "hack at", "chop", "cut through", "hew", "stop", "jam", "hold shut",
                   "hold open", "roll", "tear", "rip", "plug", "stop up", "stack", "pile up",
                   "pile"),
         "athletics", 15),
    Deed("help", ("help", "assist", "lend a hand", "give a hand", "aid", "steady", "hold the",
                  "back up", "cover for"), "auto", 0),
    Deed("perform", ("play", "sing", "fiddle", "strum", "hum", "whistle", "dance", "juggle",
                     "recite", "perform", "tell a joke", "tell a story", "serenade",
                     "start singing", "start to sing", "begin singing", "begin to sing",
                     "start playing", "break into song"),
         "performance", 10, needs_object=False),
    Deed("pray", ("pray", "say a prayer", "offer a prayer", "kneel and pray", "give thanks",
                  "bless the", "say a blessing", "say the rites", "say words over"),
         "religion", 10, needs_object=False),
    Deed("track", ("follow the tracks", "follow the footprints", "follow the trail", "trail",
                   "follow the prints", "follow the little footprints", "track",
                   "follow the bootprints", "follow the blood", "look for tracks"),
         "survival", 10, needs_object=False),
    Deed("dig", ("dig", "dig into", "dig up", "excavate", "shovel", "tunnel into"),
         "athletics", 15, needs_object=False),
    Deed("bury", ("bury", "dig a grave", "dig graves", "dig a grave for", "give them a burial",
                  "cover the bodies", "cover the body"), "auto", 0, needs_object=False),
    Deed("throw", ("throw", "toss", "lob", "chuck", "fling"), "auto", 0, needs_object=False),
    Deed("show", ("show", "hold up", "hold out", "dangle"), "auto", 0),
    Deed("rescue", ("pull away", "drag away", "haul away", "pull back", "drag back",
                    "drag clear", "pull clear", "drag free", "pull free",
                    "haul free", "wrench free", "tear free"), "athletics", 10,
         needs_object=False),
    Deed("grab", ("grab", "snatch", "pick up", "take up", "pull out"), "auto", 0),
    Deed("place", ("put", "place", "set", "lay", "lower", "dip", "drop"), "auto", 0),
    Deed("knock", ("knock on", "knock at", "rap on", "bang on", "hammer on", "tap on",
                   "knock three times on", "knock twice on", "knock once on", "knock loudly on",
                   "knock hard on", "knock politely on", "knock a few times on"), "auto", 0),
    Deed("balance", ("balance", "tumble", "roll under", "slide under", "slide down",
                     "slide along", "slide across the floor", "slide between", "slide beneath",
                     "slide through", "swing from", "swing on", "dive"), "acrobatics", 15,
         needs_object=False),
    Deed("search", ("search", "rummage", "rummage through", "dig through",
                    "feel around", "check for", "pat down", "frisk", "rifle through", "poke",
                    "poke at", "prod", "stir", "rake through"),
         "investigation", 10),
    Deed("listen", ("listen", "listen at", "eavesdrop", "press my ear", "sniff", "smell",
                    "put my ear", "put an ear", "lay my ear", "press an ear"),
         "perception", 10, needs_object=False),
    Deed("sneak", ("sneak", "creep", "tiptoe", "slip past", "sneak up on", "sneak past"),
         "stealth", 15, needs_object=False),
    Deed("palm", ("pickpocket", "pick his pocket", "pick her pocket", "lift his", "steal",
                  "palm", "swipe", "pocket", "slip the", "ease the", "filch", "nick the"),
         "sleight_of_hand", 15),
    Deed("tend", ("bandage", "treat", "patch up", "splint", "check his pulse",
                  "check her pulse", "check the wound"), "medicine", 10),
    Deed("light", ("light", "kindle", "relight", "light up", "put out", "snuff",
                   "extinguish", "douse", "get the light going", "get that light going",
                   "get the lamp going", "get that lamp going", "get the fire going",
                   "get a fire going", "get it lit", "get it going", "get it burning"),
         "auto", 0, needs_object=False),
    Deed("posture", ("sit down", "sit", "lie down", "crouch",
                     "crouch down", "squat", "settle down", "stand up", "get up"), "auto", 0,
         needs_object=False),
    Deed("recall", ("recall", "remember", "try to remember", "think back"), "history", 10,
         needs_object=False),
    Deed("soothe_beast", ("calm the", "tame", "pet", "feed the", "whistle to"),
         "animal_handling", 15),
    Deed("guard", ("step in front of", "stand in front of", "stand guard", "keep guard",
                   "stand over", "stand between", "put myself between", "get between",
                   "step between", "watch over", "shield", "protect", "guard"), "auto", 0,
         needs_object=False),
    Deed("insight", ("weigh up", "tell if", "tell whether", "sense whether", "sense if",
                     "judge whether", "judge if", "work out if", "work out whether",
                     "figure out if", "figure out whether", "read her face", "read his face",
                     "read their faces", "study her face", "study his face", "watch her face",
                     "watch his face", "search her face", "search his face"),
         "insight", 15, needs_object=False),
    Deed("refresh", ("drink", "sip", "taste", "take a drink", "have a drink", "take a swig",
                     "have a swig"), "auto", 0),
    Deed("kindness", ("wrap", "pour", "tuck", "ruffle", "tousle", "put a blanket",
                      "lay a blanket", "put my blanket", "spread a blanket", "make", "brew",
                      "hug", "embrace", "pat", "comfort",
                      "console", "put a hand on", "put my hand on", "put an arm around",
                      "put my arm around", "put my cloak", "drape", "kneel beside",
                      "sit with", "sit beside", "sit down beside", "sit down next to",
                      "sit next to", "sit down with",
                      "hold her hand", "hold his hand", "wipe",
                      "dry her", "dry his", "fetch", "slide"), "auto", 0),
)  # fmt: skip


_KICKED_AT = re.compile(
    r"^(?:i\s+)?(?:kick|kicks|boot|boots|flick|flicks)\b.*\b(?:at|into|in)\s+"
    r"(?!the \w+s\b|them\b|all\b|both\b)"
)
"""A thing kicked at one foe (at "the rats" it is the thing kicked that is ruled on)."""


def flung(deed: Deed, said: str) -> bool:
    """Whether the deed sends a thing at someone: thrown, or kicked at them ("kick the dice
    into goblin 1's face")."""
    return deed.key == "throw" or (deed.key == "heave" and _KICKED_AT.match(said) is not None)


def verb_at_start(said: str, word: str) -> bool:
    """Whether the clause starts with the deed's words, as a verb in any of its forms."""
    return verb_start(said, word) is not None


def verb_start(said: str, word: str) -> re.Match[str] | None:
    """Where the deed's words start the clause, or ``None``."""
    first, pattern = verb_pattern(word)
    if first not in said:  # the verb is matched as written: without it, no match
        return None
    return pattern.match(said)


@cache
def verb_pattern(word: str) -> tuple[str, re.Pattern[str]]:
    """A deed's words as a verb said first, in any of its forms ("knock"s, "knocked"),
    compiled once: every clause is tried against every deed's words."""
    first = word.split(maxsplit=1)[0]
    rest = word[len(first) :]
    forms = rf"{re.escape(first)}(?:s|es|ed|d|ing|ting|ping)?{re.escape(rest)}"
    return first, re.compile(rf"^(?:i\s+|we\s+)?(?:\w+ly\s+)?{forms}\b")


def after_verb(said: str, deed: Deed) -> str:
    """The clause after the deed's own verb (its first word: "follow" of "follow the
    footprints"): "light a fire in the grate" lights a fire, and its "light" names no lamp
    called "light"."""
    starts = [m for m in (verb_start(said, w.split()[0]) for w in deed.words) if m]
    return said[max(m.end() for m in starts) :] if starts else said


GRIT_THROWN = re.compile(
    r"^(?:i |we )?(?:kick|kicks|throw|throws|fling|flings|toss|tosses|hurl|hurls|flick|flicks|"
    r"scoop|scoops)(?: up)? (?:a (?:handful|fistful) of |some )?(?:the )?(?:sand|dirt|mud|grit|"
    r"ash|ashes|salt|dust|soot)\b"
)
"""Grit thrown in a foe's face ("kick sand into its eyes"): a trick, not a blow."""


_TO_ONESELF = re.compile(r"\b(?:hum|hums|humming|whistle|whistles|whistling)\b")
"""A tune kept to oneself: no performance to be judged."""
_AN_AUDIENCE = re.compile(
    r"\b(?:for|to) (?:the|them|everyone|him|her|us|all|you)\b|\b(?:crowd|audience)\b"
)
"""Words of someone the tune is for."""


def unheard_tune(said: str, people_here: bool) -> bool:
    """A song or tune with no one to judge it: nobody here, or one hummed or whistled to
    oneself ("*hums a sea shanty*") — told, with no Performance roll."""
    return not people_here or (
        _TO_ONESELF.search(said) is not None and _AN_AUDIENCE.search(said) is None
    )

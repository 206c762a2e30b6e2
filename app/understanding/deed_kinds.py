"""Which improvised deed a clause is: the longest of the deeds' words it starts with, or a
deed told around whom it is done to ("check Wren for injuries", "pull Corin away from
them"), a blow meant to subdue ("knock him out with the pommel"), a sleeper woken ("kick
the sleeping rat awake")."""

from __future__ import annotations

import re
from functools import cache, lru_cache

from app.understanding.deeds import DEEDS, GRIT_THROWN, Deed, verb_pattern
from app.understanding.ways import HELD_OUT

SUBDUING = re.compile(
    r"\b((?<!the )(?<!a )(?<!that )(?<!which )(?<!who )(?<!thats )(?<!that's )"
    r"knock(?:s|ed|ing)?[ -](?:\w+ ){0,4}?"
    r"(?:out(?! of)|unconscious|senseless|cold)|"
    r"non-?lethal(?:ly)?|subdue|pommel|flat of (?:my|the|his|her) (?:blade|sword|axe)|"
    r"take (?:him|her|it|them) alive|(?:don'?t|do not|without) kill(?:ing)?|out cold|sap|"
    r"(?:so|till|until) (?:he|she|it|they)(?:'s| is|'ll| will)? (?:stays? |goes )?out(?! of))\b",
    re.IGNORECASE,
)
"""Words that make a blow one meant to subdue: whoever it drops is knocked out, not dead."""

AWAKE = re.compile(
    r"(?<!still )(?<!that's )(?<!thats )(?<!who's )(?<!whos )(?<!is )(?<!are )(?<!one )\bawake"
    r"(?:$| with\b| using\b)|"
    r"\bto wake(?: \w+){0,2}(?: up)?$|"
    r"\b(?:to see|to check) (?:if|whether) (?:\w+ ){1,2}(?:wakes?|stirs?|is awake)\b"
)
"""Words that end a deed by waking someone: the kick or slap is only the means."""


_TOLD_APART = (
    ("show", HELD_OUT),  # "hold the locket up so she can see it"
    ("throw", GRIT_THROWN),  # "kick sand into its eyes": a trick thrown, no kick landed
    ("tend", re.compile(r"\b(?:stop|stops|stem|stems|staunch|staunches|stanch)\b(?: [\w']+){0,2}? "
                        r"bleed")),  # "tries to stop ivos bleeding"
    ("tend", re.compile(
        r"^(?:i |we )?(?:check|checks|look|looks)\b(?: \w+){0,3}? (?:over )?for (?:injur|wound|cut|"
        r"bruis|bite|broken|fever|sick|infect|poison)|^(?:i |we )?check(?:s)? (?:whether|if|that)\b"
        r".*\b(?:sick|hurt|injured|ill|wounded|breathing|infected)\b")),
    ("track", re.compile(
        r"^(?:i |we )?follow(?:s|ed|ing)? (?:the |those |these |her |his |its |their )?(?:\w+ )?"
        r"(?:tracks|footprints|bootprints|prints|trail|blood|drag marks|marks|scent)\b")),
    ("palm", re.compile(r"^(?:i |we )?pick(?:s|ed|ing)? (?:[\w']+ ){0,5}?pockets?\b")),
    ("shut", re.compile(
        r"^(?:i |we )?(?:slam(?:s|med)?|close[sd]?)(?: \w+){0,2}? (?:door|trapdoor|hatch|gate|"
        r"lid|shutters?|"
        r"window)\b")),
    ("rescue", re.compile(
        r"^(?:i |we )?(?:(?:try|tries) to )?(?:(?:grab|grabs|seize|seizes|catch|catches) \w+ and )?"
        r"(?:pull|pulls|drag|drags|haul|hauls|yank|yanks|wrench|wrenches|tear|tears)\b"
        r"(?: \w+){1,3}? (?:away|clear|back|free|to safety|out of (?:their|its|his|her|the "
        r"\w+'?s?) (?:grip|grasp|hands|clutches|arms|hold)|up the "
        r"(?:beach|sand|shore)|out of the (?:water|sea|shallows|waves|surf|tide|shallow "
        r"water)|ashore|to shore|onto the (?:sand|beach))\b")),
)  # fmt: skip
"""Deeds told around whom they are done to ("check Wren for injuries", "follow the little
bootprints", "pull Corin away from them")."""


@lru_cache(maxsize=1024)
def deed_of(said: str) -> Deed | None:
    """The improvised deed a clause starts with (the longest words that fit), if any.
    Cached by the clause: a line's reading asks it more than once, and the same words
    ("attack the nearest goblin") come back turn after turn."""
    if _OWN_FEET.match(said):  # "drags her wet boots over to the fire": a step, no heave
        return None
    best: tuple[int, Deed] | None = None
    for size, deed, first, pattern in _deed_verbs():
        if first in said and (best is None or size > best[0]) and pattern.match(said):
            best = (size, deed)
    if SUBDUING.search(said):  # "knock goblin 1 out with the pommel"
        return next(d for d in DEEDS if d.key == "knock_out")
    if AWAKE.search(said):  # "kick the sleeping rat awake", "slap his cheeks to wake him"
        return next(d for d in DEEDS if d.key == "wake")
    for key, pattern in _TOLD_APART:  # the deed's words split by whom it is done to
        if pattern.search(said):
            return next(d for d in DEEDS if d.key == key)
    return best[1] if best else None


@cache
def _deed_verbs() -> tuple[tuple[int, Deed, str, re.Pattern[str]], ...]:
    """Every deed's words, in order, as :func:`deed_of` tries them: their length, the deed,
    the verb as written (a clause without it cannot start with it) and the verb in any of
    its forms said first (made once: every clause is tried against all of them)."""
    return tuple((len(word), deed, *verb_pattern(word)) for deed in DEEDS for word in deed.words)


_OWN_FEET = re.compile(
    r"^(?:i\s+|we\s+|\w+\s+)?(?:drag|drags|dragging|haul|hauls|hauling|pull|pulls)\s+"
    r"(?:my|his|her|their|our)\s+(?:\w+\s+)?(?:feet|boots|heels)\b"
)
"""One's own feet dragged along ("drags her wet boots over to the fire"): a way of walking."""
PULLED_FREE = re.compile(
    r"^(?:i\s+|we\s+)?(?:\w+ly\s+)?(?:pull|tug|yank|pluck|unhook|work|prise|prize|pry|pries|"
    r"tease|pick|untie|unpin|free|fish|ease|unwind|peel|lift|scoop)(?:s|es)?\b"
    r".*\b(?:off|from|out of|free|loose|down)\b"
)
"""A thing worked free of where it is caught ("pull the blue ribbon off the thorn", "pick
the ribbon off the thorn"): taken."""

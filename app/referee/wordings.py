"""Other words for what the offline referee says most, for ``/reroll``: the last turn told
again with the same dice and the same results.

The referee narrates from fixed sentences (:mod:`app.referee.narrate`, :mod:`~.acting`,
:mod:`~.answers`). Each family here holds one of those sentences first, exactly as the
referee says it, and other ways of saying the same thing after it. A retelling reads the
turn's narration back sentence by sentence, recognises the family and the values each
sentence was made from (who, what weapon, how much damage), and says it with another
member of the family — so every name and number comes back unchanged, and nothing the
referee cannot recognise (the campaign's own text) is touched.

The choice is deterministic and never draws from the game's dice: a ``random.Random``
seeded from the game's seed, the turn and how many times it was retold. Each retelling
moves every sentence it recognises to another wording than the one it had, so rerolling
again always gives a different telling.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

FAMILIES: dict[str, tuple[str, ...]] = {
    # attacks (told_results.MISS, HIT, CRIT, FALLS)
    "miss": (
        "{a}'s {w} goes wide of {t}.",
        "{t} twists away from {a}'s {w}.",
        "{a}'s {w} finds only air where {t} stood.",
        "{t} slips aside; {a}'s {w} meets nothing.",
    ),
    "swing": (
        "{a} swings — and misses {t}.",
        "{a} swings at {t} and misses.",
        "{t} ducks under {a}'s swing.",
    ),
    "hit": (
        "{a} lands a {w} on {t} for {d} damage.",
        "{a} strikes {t} with the {w}: {d} damage.",
        "{t} reels from {a}'s {w} ({d} damage).",
        "{a}'s {w} connects with {t}: {d} damage.",
        "{a} catches {t} with the {w} — {d} damage.",
    ),
    "crit": (
        "A brutal blow! {a}'s {w} tears into {t} for {d}.",
        "A perfect strike! {a}'s {w} finds the gap in {t}'s guard for {d}.",
        "Critical! {a} drives the {w} home into {t} for {d}.",
    ),
    "falls": (
        "{t} collapses and does not rise.",
        "{t} falls still.",
        "{t} drops.",
        "{t} goes down and stays down.",
        "{t} crumples to the floor, lifeless.",
    ),
    "knocked_out": (
        "{t} crumples, unconscious.",
        "{t} drops, senseless.",
        "{t} sinks to the ground, out cold.",
    ),
    "monster_hits": ("The {w} hits {t}.", "The {w} strikes {t}.", "{t} is struck by the {w}."),
    "monster_misses": (
        "The {w} misses {t}.",
        "The {w} fails to touch {t}.",
        "{t} is missed by the {w}.",
    ),
    "caught": (
        "{t} is caught full on ({d} damage).",
        "{t} takes the full force of it ({d} damage).",
        "It engulfs {t} ({d} damage).",
    ),
    "dodges": (
        "{t} dodges the worst of it ({d} damage).",
        "{t} twists clear of the worst ({d} damage).",
        "{t} is only grazed by it ({d} damage).",
    ),
    # the flow of a fight
    "next": (
        "Now it is {n}'s turn.",
        "{n} is up next.",
        "The turn passes to {n}.",
        "All eyes turn to {n} — it is their move.",
    ),
    "initiative": (
        "Roll for initiative! {n} acts first.",
        "Weapons out — roll for initiative! {n} is quickest.",
        "Initiative! {n} moves first.",
    ),
    "still_action": (
        "{n} still has an action this turn.",
        "{n} is not done yet: an action remains this turn.",
        "{n} has an action left this turn.",
    ),
    "still_turn": (
        "It is still {n}'s turn.",
        "{n} has not yet spent the turn.",
        "The turn is still {n}'s.",
    ),
    "over": (
        "The fight is over. Silence settles, broken only by hard breathing.",
        "The fight is done. Only hard breathing breaks the quiet.",
        "It is over. The last echoes fade, and the party catches its breath.",
    ),
    "closes": ("{a} closes with {t}.", "{a} rushes in on {t}.", "{a} moves in close to {t}."),
    "holds": (
        "{n} holds, watching for an opening.",
        "{n} waits, blade ready, for an opening.",
        "{n} bides their time, watching for a gap.",
    ),
    "waits": (
        "{n} waits to see what the others do.",
        "{n} hangs back, watching the others.",
        "{n} lets the others move first.",
    ),
    "needless": (
        "{n} needn't {x} — it is {y}.",
        "There is no need for {n} to {x}: it is {y}.",
        "{n} has no need to {x}; it is {y}.",
    ),
    # spells and care
    "casts": ("{a} casts {s}.", "{a} calls up {s}.", "{a} speaks the words of {s}."),
    "takes": ("{t} takes {d} damage.", "{t} is hurt for {d} damage.", "{d} damage sears {t}."),
    "regains": (
        "{t} regains {d} hit points.",
        "{t} recovers {d} hit points.",
        "{d} hit points flow back into {t}.",
    ),
    "shrugs": ("{t} shrugs it off.", "{t} resists it.", "It washes over {t} to no effect."),
    "drinks": ("{a} drinks the {i}.", "{a} downs the {i}.", "{a} gulps down the {i}."),
    # the scene and talk (answers.present_text, options_text, exits_text; acting._do_talk)
    "here": ("Here: {n}.", "Present: {n}.", "You see {n} here."),
    "lying": ("Lying about: {i}.", "Scattered around: {i}.", "You notice {i} lying about."),
    "foes": ("Foes: {n}.", "Against you: {n}.", "Hostile: {n}."),
    "could": ("You could {o}.", "You might {o}.", "From here you could {o}."),
    "ways": ("Ways on: {o}.", "Ways out: {o}.", "From here the ways lead on: {o}."),
    "says": ("{n}: '{q}'", "{n} answers: '{q}'", "{n} tells you: '{q}'"),
    # a retelling's own opening for a check (the campaign's outcome text follows as written)
    "attempt": ("{n} tries to {r}.", "{n} sets out to {r}.", "{n} makes an attempt to {r}."),
}
"""Each family: the referee's own sentence first, then other words for it. Every member of
a family uses the same fields (a test holds them to it)."""

_NUMBER_FIELDS = {"d"}
"""Fields that are always a number (damage, hit points)."""
_CHECK = re.compile(r"(?P<n>[^:—\n]+): (?P<r>[a-z][^—\n]*?) — [12]d20")
"""A check the story kept (``Mira: pick the trapdoor padlock — 1d20 (13) + 7 = 20``): the
campaign names its challenges as what is done, so the words read as an attempt."""
_SPLIT = re.compile(r"(?<=[.!?)'])(\s+)(?=[A-Z('])")
"""Between two sentences of a paragraph."""


@dataclass(frozen=True)
class _Wording:
    family: str
    index: int
    pattern: re.Pattern[str]


def _compile(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", template)
    out = []
    for i, part in enumerate(parts):
        if i % 2 == 0:
            out.append(re.escape(part))
        else:
            body = r"\d+" if part in _NUMBER_FIELDS else r"[^\n]+?"
            out.append(f"(?P<{part}>{body})")
    return re.compile("".join(out))


@cache
def _wordings() -> list[_Wording]:
    return [
        _Wording(family, index, _compile(template))
        for family, templates in FAMILIES.items()
        for index, template in enumerate(templates)
    ]


def recognise(sentence: str) -> tuple[str, int, dict[str, str]] | None:
    """The family, the member and the values a sentence was made from (None: not one of
    the referee's sentences)."""
    for wording in _wordings():
        match = wording.pattern.fullmatch(sentence)
        if match:
            return wording.family, wording.index, match.groupdict()
    return None


def _reword(sentence: str, rng: random.Random) -> str | None:
    found = recognise(sentence)
    if found is None:
        return None
    family, index, values = found
    members = FAMILIES[family]
    step = 1 + rng.randrange(len(members) - 1)  # never the wording it had
    return members[(index + step) % len(members)].format(**values)


def _paragraph(text: str, rng: random.Random) -> tuple[str, int]:
    """A paragraph in other words, and how many sentences changed."""
    whole = _reword(text.strip(), rng)
    if whole is not None:
        return whole, 1
    pieces = _SPLIT.split(text)
    changed = 0
    for i in range(0, len(pieces), 2):  # sentences at even places, the spaces between
        new = _reword(pieces[i].strip(), rng)
        if new is not None:
            pieces[i] = new
            changed += 1
    return "".join(pieces), changed


def _attempt(rolls: Sequence[str], rng: random.Random) -> str:
    """A sentence opening the telling of a turn whose first roll was a check, so a turn the
    campaign's own words tell (a lock, a trap) is told anew too; empty when there was none."""
    for roll in rolls[:1]:
        match = _CHECK.match(roll)
        reason = match["r"] if match else ""
        if match and reason != "initiative" and " vs " not in reason:
            members = FAMILIES["attempt"]
            return members[rng.randrange(len(members))].format(n=match["n"], r=reason)
    return ""


def retell(
    narrative: str, seed: int, turn: int, times: int, rolls: Sequence[str] = ()
) -> str | None:
    """The narrative told in other words — the ``times``-th retelling of ``turn`` in a game
    of ``seed``, whose rolls were ``rolls`` — or ``None`` when the referee recognises none
    of it (the campaign's own text, said as written)."""
    rng = random.Random(f"reroll/{seed}/{turn}/{times}")
    paragraphs = narrative.split("\n\n")
    opened = bool(paragraphs) and (recognise(paragraphs[0].strip()) or ("",))[0] == "attempt"
    changed = 0
    for i, paragraph in enumerate(paragraphs):
        paragraphs[i], n = _paragraph(paragraph, rng)
        changed += n
    opening = "" if opened else _attempt(rolls, rng)
    if opening:
        paragraphs.insert(0, opening)
    return "\n\n".join(paragraphs) if changed or opening else None

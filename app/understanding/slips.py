"""Slips of the fingers in the game's own words ("hti rat 1", "swnig at teh rat", "lognbow
thrall 2", "fireblot grubnak", "slep spell"): a line the game could not read is read once
more with each such slip mended, and that reading is kept if it is understood. A word is
mended when the language does not have it and it is one slip from exactly one word the
game reads — two letters swapped, or for a longer word one letter dropped, doubled or
wrong. A word of the language is never changed ("too" stays "too"), nor a form of one
("goblins"), nor one a slip away from two of the game's words."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from functools import cache

from rapidfuzz import process
from rapidfuzz.distance import OSA

from app.understanding.deeds import DEEDS
from app.understanding.intent import Intent
from app.understanding.known_words import known_with
from app.understanding.vocabulary import ENGLISH
from app.world.state import GameState
from rules.srd import srd

SHORTEST = 3
"""Words shorter than this are left as typed ("hi", "ok")."""


@cache
def game_words() -> tuple[str, ...]:
    """The single words of the game's verbs, moves, weapons, spells and kinds of foe."""
    phrases = [p for ps in ENGLISH.verbs.values() for p in ps]
    phrases += [p for ps in ENGLISH.manoeuvres.values() for p in ps]
    phrases += [*ENGLISH.weapons, *ENGLISH.spell_words, *(w for d in DEEDS for w in d.words)]
    phrases += [s.name.lower() for s in srd().spells.entries.values()]
    phrases += [m.name.lower().split()[-1] for m in srd().monsters.entries.values()]
    words = {w for p in phrases for w in p.split() if w.isalpha() and len(w) >= SHORTEST}
    return tuple(sorted(words))


@cache
def _game_set() -> frozenset[str]:
    return frozenset(game_words())


def second_look(text: str, read: Callable[[str], Intent], state: GameState) -> Intent:
    """``read(text)``, or, when that is not understood (asked back, unsure, nothing more)
    and the line holds a slip, the reading of the line mended, if that one is. Words of the
    campaign's own are never slips ("locket" is no "pocket")."""
    first = read(text)
    which_spell = first.note.startswith("which spell")  # ("cast slep on the rats": a slip)
    where_to = first.note == "where to?"  # ("go to teh woman": a slip too)
    if (
        first.kind != "ask"
        or first.confidence > UNREAD
        or first.then
        or ("?" in first.note and not which_spell and not where_to)
    ):
        return first  # (understood, or a choice asked back: "knock out which of them: …?")
    language = known_with(state.campaign)
    mended = _WORD.sub(lambda m: mend(m.group().lower(), language), text) if language else text
    if mended.lower() == text.lower():
        return first
    again = read(mended)
    if which_spell and again.kind != "cast":
        return first
    return first if again.kind == "ask" else replace(again, text=text)


UNREAD = 0.4
"""The confidence at or below which a reading that asks back is no reading at all (a
foe named with no verb the game knows: "hti rat 1")."""
_WORD = re.compile(r"[^\W\d_]+")


@cache
def named_things() -> tuple[str, ...]:
    """The single words of the spells' and weapons' names: long, and like no other word."""
    names = [*ENGLISH.weapons, *ENGLISH.spell_words]
    names += [s.name.lower() for s in srd().spells.entries.values()]
    return tuple(sorted({w for n in names for w in n.split() if w.isalpha() and len(w) > 4}))


def mend_name(word: str, language: frozenset[str]) -> str:
    """A slip of a spell's or a weapon's name mended wherever it is typed ("fireblot the
    hurt one", "lognbow thrall 2"): only a word of five letters or more, or it is kept."""
    return mend(word, language, named_things()) if len(word) > 4 else word


def mend(word: str, language: frozenset[str], words: tuple[str, ...] | None = None) -> str:
    """The game's word a slip of ``word`` is, or ``word`` itself (see the module): among
    ``words``, or all the game's words."""
    if len(word) < SHORTEST or not word.isascii() or not word.isalpha() or word in language:
        return word
    words = words or game_words()
    stems = _stems(word)
    if word in words or word in _game_set() or stems & language or stems & _game_set():
        return word  # a word of the game's, or a form of one ("goblins", "flicks")
    found = process.extract(word, words, scorer=OSA.distance, score_cutoff=1, limit=6)
    near = [w for w, distance, _ in found if distance == 1 and _slip(word, w)]
    for kind in (_swapped, _dropped, _added, _wrong):  # the commonest slips first
        meant = [w for w in near if kind(word, w)]
        if meant:
            return meant[0] if len(meant) == 1 else word
    return word


def _stems(word: str) -> set[str]:
    """What a word may be a form of ("goblins", "flicks", "dodges", "grappled", "healing")."""
    found = set()
    for ending, roots in (("s", ("",)), ("es", ("",)), ("ed", ("", "e")), ("ing", ("", "e")),
                          ("d", ("",))):  # fmt: skip
        if word.endswith(ending) and len(word) - len(ending) >= SHORTEST:
            found |= {word[: -len(ending)] + root for root in roots}
    return found


def _swapped(typed: str, meant: str) -> bool:
    return len(typed) == len(meant) and sorted(typed) == sorted(meant)


def _dropped(typed: str, meant: str) -> bool:
    return len(meant) == len(typed) + 1 and any(
        meant[:i] + meant[i + 1 :] == typed for i in range(len(meant))
    )


def _added(typed: str, meant: str) -> bool:
    """One letter struck twice ("stabb", "chaarge"; not "yarrow" for "arrow")."""
    return (
        any(
            typed[:i] + typed[i + 1 :] == meant
            and typed[i] in typed[max(0, i - 1) : i] + typed[i + 1 : i + 2]
            for i in range(len(typed))
        )
        and len(typed) == len(meant) + 1
    )


def _wrong(typed: str, meant: str) -> bool:
    """One letter wrong, in a long word ("shortsqord"; not "kelp" for "keep", nor the
    German "danke" for "dance")."""
    return len(typed) == len(meant) > 5


def _slip(typed: str, meant: str) -> bool:
    """A three-letter word only by two letters swapped ("hti" for "hit"), so a short name
    or word is not taken for another ("ione" is no "one", "bow" no "cow")."""
    if len(meant) > SHORTEST and len(typed) > SHORTEST:
        return True
    return len(typed) == len(meant) and sorted(typed) == sorted(meant) and typed != meant

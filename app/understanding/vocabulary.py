"""The words the game understands, as data: one TOML file per language beside this
module (``en.toml``), loaded into a :class:`Vocabulary`.

A campaign written in another language adds its own file (or registers a vocabulary with
:func:`register`); the parser holds no English of its own.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent


@dataclass(frozen=True)
class Vocabulary:
    """Word lists for one language. Phrases are lowercase, single spaces, no punctuation."""

    code: str
    name: str
    verbs: dict[str, tuple[str, ...]]
    """Intent kind -> the verb phrases that start it ("pick up" -> take)."""
    question_starts: tuple[str, ...]
    """First words of a question."""
    requests: tuple[str, ...]
    """Openings that make a question into a request to act ("can i", "let me")."""
    fillers: tuple[str, ...]
    """Words at the start of a line that add nothing ("i", "we", "try to")."""
    abbreviations: dict[str, str]
    """Whole-line text-adventure commands -> intent kind (``l`` -> examine)."""
    directions: dict[str, str]
    """Direction words -> canonical direction ("n" -> "north", "down" -> "down")."""
    ordinals: dict[str, int]
    numbers: dict[str, int]
    descriptors: dict[str, str]
    """Words that pick a creature by its state -> the state ("wounded", "asleep", "last")."""
    manoeuvres: dict[str, tuple[str, ...]]
    """Combat action -> phrases (withdraw: "back away")."""
    rests: dict[str, tuple[str, ...]]
    """short/long -> phrases."""
    hold: tuple[str, ...]
    help: tuple[str, ...]
    inventory: tuple[str, ...]
    look_around: tuple[str, ...]
    """Whole lines (or questions) that mean "describe where we are"."""
    pronouns: dict[str, str]
    """Pronoun -> who it points at ("she" -> "person", "it" -> "thing")."""
    positions: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Moving in a fight -> phrases: ``engage`` ("close with", "move next to"), ``cover``
    ("take cover behind"), ``ranged`` (words for a foe that shoots: "archer")."""
    people: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """A word for a kind of person -> how players call one ("woman": "ma'am", "lady")."""
    spell_words: dict[str, str] = field(default_factory=dict)
    """Short or misspelled names of spells -> the spell id ("firebolt" -> fire_bolt)."""
    plain_spells: tuple[str, ...] = ()
    """Spell ids whose name is an ordinary word ("sleep", "shield"): only a cast when the
    caster knows it or says "cast"."""
    weapons: tuple[str, ...] = ()
    """Weapon words that make a verb of an attack ("axe the wolf", "mace the wounded one")."""
    leave: tuple[str, ...] = ()
    """Phrases for leaving the place (no way named)."""
    talk_cues: tuple[str, ...] = ()
    """Openings of lines said to someone ("sorry", "thanks", "we'll find her")."""
    features: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Class feature or trait id -> phrases that use it ("second wind", "lay on hands")."""
    you: tuple[str, ...] = ()
    """Words that address the listener ("you", "your")."""
    attack_styles: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Ways of making an attack -> phrases (thrown: "throw"; two_handed: "both hands";
    both: "both blades"; unarmed: "punch", "kick")."""
    shove_down: tuple[str, ...] = ()
    """Words that make a shove knock its target prone rather than push it back."""
    common: frozenset[str] = field(default_factory=frozenset)
    """Frequent words of the language, to tell it from others."""
    stop: frozenset[str] = field(default_factory=frozenset)
    """Words too common to name anything on their own."""
    readying: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """The Ready action: ``cue`` phrases ("hold my action"), ``when`` words that start its
    trigger ("until"), and the words of each trigger the engine watches for (``approach``,
    ``move``, ``attack``, ``cast``)."""
    levelling: tuple[str, ...] = ()
    """Phrases asking about experience and levels ("level up", "how much xp"): answered
    with who can take a level and how (``/levelup``)."""
    usage: tuple[str, ...] = ()
    """Phrases asking what the AI DM costs ("how many tokens"): answered with ``/usage``."""
    stepping_away: tuple[str, ...] = ()
    """Phrases a player says leaving the table for a while ("brb", "bathroom break"):
    answered with ``/away`` and ``/back``, never taken as the character's action."""
    question_slips: dict[str, str] = field(default_factory=dict)
    """First words of a question as fingers slip -> the word meant ("wat" -> "what");
    ``hwo`` is "how" before a word of measure ("hwo many") and "who" otherwise."""
    topic_words: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Common words for what a person of a story is asked about, by the topic key authors
    use ("reward": "pay", "paying", "gold"): a line with one of them is about that topic of
    the one asked, when they have it."""
    taking_back: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """A player asking to take a turn back ("undo that", "go back a turn"): ``lines`` said
    as the whole line (after ``openers`` such as "oops"), ``anywhere`` phrases that say it
    in any line. Answered with ``/undo``, never taken as the character's action."""


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(value)
    if isinstance(value, dict):
        return {k: _tupled(v) for k, v in value.items()}
    return value


def load_vocabulary(path: Path) -> Vocabulary:
    """Read a language's vocabulary file."""
    with path.open("rb") as handle:
        raw = tomllib.load(handle)
    names = {f.name for f in fields(Vocabulary)}
    unknown = set(raw) - names
    if unknown:
        raise ValueError(f"{path.name}: unknown keys {', '.join(sorted(unknown))}")
    values = {k: _tupled(v) for k, v in raw.items()}
    for key in ("common", "stop"):
        values[key] = frozenset(values.get(key, ()))
    return Vocabulary(**values)


ENGLISH = load_vocabulary(HERE / "en.toml")

LANGUAGES: dict[str, Vocabulary] = {"en": ENGLISH}
"""Vocabularies by language code."""


def register(vocabulary: Vocabulary) -> None:
    """Add (or replace) the vocabulary of a language."""
    LANGUAGES[vocabulary.code] = vocabulary


_CODE = re.compile(r"[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?")
"""A language code ("en", "pt-BR"): a file beside this module, never a path elsewhere."""


def vocabulary_for(code: str) -> Vocabulary | None:
    """The vocabulary of a language: registered, or a ``<code>.toml`` file beside this module."""
    if code not in LANGUAGES and _CODE.fullmatch(code) and (HERE / f"{code}.toml").is_file():
        LANGUAGES[code] = load_vocabulary(HERE / f"{code}.toml")
    return LANGUAGES.get(code)

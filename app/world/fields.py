"""Semantic fields: the built-in lexicon (``lexicon.toml``) of families of words and short
phrases that mean one thing a player may say — reassurance, comfort, praise, courtesy,
apology, insult, threat, violence, greed, dismissal, offer, distrust.

A campaign's ``[judgments.<id>]`` names the fields it listens for besides its own
keywords (``fields = ["reassurance"]``), so an author need not foresee every way of
saying it: "relax, your lad will be back by supper" is heard without listing "relax".

Words are compared by their Snowball stem (``promise``, ``promised``, ``promising`` are
one), after common player spellings are read as the word they mean (``dont``, ``ur``).
The index is by the stem of a phrase's first word, so a line costs one dictionary look-up
per word whatever the number of fields.
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources

import snowballstemmer
from pydantic import BaseModel, ConfigDict, Field

_STEMMER = snowballstemmer.stemmer("english")

FILLERS = frozenset(
    {"just", "really", "truly", "totally", "completely", "absolutely", "quite", "very",
     "surely", "definitely", "certainly"}
)  # fmt: skip
"""Words that only colour a phrase: "you're going to be *just* fine" says "going to be
fine". A phrase is matched with them left out of both the phrase and the line, so a
field's phrase need not list every way of padding it (emphasis is read apart)."""


class FieldSpec(BaseModel):
    """One semantic field of the lexicon."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    description: str
    words: list[str] = Field(default_factory=list)
    phrases: list[str] = Field(default_factory=list)
    questions: float | None = Field(default=None, ge=0.0, le=1.0)
    """How much a match in a question counts; ``None``: as any match (weakened)."""


class Lexicon(BaseModel):
    """The whole lexicon file."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    spellings: dict[str, str] = Field(default_factory=dict)
    fields: dict[str, FieldSpec]


@cache
def lexicon() -> Lexicon:
    """The built-in lexicon (read once)."""
    text = resources.files("app.world").joinpath("lexicon.toml").read_text(encoding="utf-8")
    return Lexicon.model_validate(tomllib.loads(text))


def field_names() -> list[str]:
    """The names of the built-in fields, in the lexicon's order."""
    return list(lexicon().fields)


def unknown_field(name: str) -> str | None:
    """Why ``name`` is not a field (with a did-you-mean), or ``None`` when it is one."""
    names = field_names()
    if name in names:
        return None
    close = difflib.get_close_matches(name, names, n=1)
    hint = f"did you mean {close[0]!r}?" if close else f"known fields: {', '.join(names)}"
    return f"unknown semantic field {name!r}: {hint}"


@lru_cache(maxsize=8192)
def stem(word: str) -> str:
    """A word's stem, to compare inflected forms ("promised" -> "promis")."""
    return str(_STEMMER.stemWord(word))


def stems(tokens: Sequence[str]) -> list[str]:
    """Tokens (lower-case words and clause marks) as stems, with common spellings read as
    the word they mean; a spelling of two words ("gonna") keeps its place by joining."""
    spellings = lexicon().spellings
    out: list[str] = []
    for token in tokens:
        meant = spellings.get(token, token)
        out.append(" ".join(stem(w) for w in meant.split()))
    return out


@dataclass(frozen=True)
class FieldHit:
    """A field's phrase found in a line."""

    field: str
    phrase: str
    at: int
    """The index of its first token…"""
    end: int
    """… and of its last."""
    questions: float | None


@dataclass(frozen=True)
class _Phrase:
    field: str
    text: str
    stems: tuple[str, ...]


Words = Callable[[str], list[str]]
"""How a line is split into tokens."""


_FILLER_STEMS = frozenset(stem(w) for w in FILLERS)


def _phrase_stems(phrase: str, words_of: Words) -> tuple[str, ...]:
    found: list[str] = []
    for part in stems(words_of(phrase)):
        found += part.split()
    kept = tuple(w for w in found if w not in _FILLER_STEMS)
    return kept or tuple(found)


class FieldIndex:
    """The phrases of some fields, indexed by the stem of their first word."""

    def __init__(self, names: Sequence[str], words_of: Words) -> None:
        """``words_of``: how a line is split into tokens (the sensitivity map's own
        tokenizer, so a phrase and a line are read alike)."""
        self._by_first: dict[str, list[_Phrase]] = {}
        specs = lexicon().fields
        self._questions = {name: specs[name].questions for name in names if name in specs}
        for name in names:
            spec = specs.get(name)
            if spec is None:
                continue
            for text in (*spec.words, *spec.phrases):
                words = _phrase_stems(text, words_of)
                if words:
                    self._by_first.setdefault(words[0], []).append(_Phrase(name, text, words))

    def __bool__(self) -> bool:
        return bool(self._by_first)

    def names(self, word: str, field: str) -> bool:
        """Whether ``word`` on its own is a word of ``field`` (by its stem)."""
        found = stems([word])[0]
        return any(p.field == field and p.stems == (found,) for p in self._by_first.get(found, ()))

    def scan(self, tokens: Sequence[str]) -> Iterator[FieldHit]:
        """Every phrase of the indexed fields in a tokenized line."""
        flat: list[str] = []
        starts: list[int] = []
        for at, part in enumerate(stems(tokens)):
            for word in part.split() or [part]:
                if word in _FILLER_STEMS:
                    continue  # read apart: see FILLERS
                flat.append(word)
                starts.append(at)
        for i, word in enumerate(flat):
            for phrase in self._by_first.get(word, ()):
                n = len(phrase.stems)
                if tuple(flat[i : i + n]) == phrase.stems:
                    asked = self._questions[phrase.field]
                    yield FieldHit(phrase.field, phrase.text, starts[i], starts[i + n - 1], asked)

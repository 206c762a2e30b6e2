"""Meaning by example: what a player's line means when its words are not the ones an
author or the lexicon foresaw ("the sea took them, keeper, not you" comforts Wendel
without one keyword of comfort).

A line is compared with example sentences — each semantic field's in ``meanings.toml``,
ordinary table talk that means nothing, and each judgment's own description, examples and
keyword phrases — as static sentence embeddings: the mean of its word pieces' vectors,
distilled once from ``all-MiniLM-L6-v2`` (``meaning_model/``, see its ``NOTICE.md``) and
read with ``model2vec``. The nearest example says what the line means, if it is near
enough: a line nearest to table talk, or to a field nobody here listens for, means nothing.

It is the second ear, after the keywords and fields of :mod:`app.world.sensitivity`, and
is careful by design: a line must be clearly nearer what it means than its rivals (table
talk, a field nobody here listens for, another judgment), a question promises nothing, a
line of one or two words is too short to read, and a line with a negation is only
compared with examples that have one ("it wasn't your fault" is comfort; "I won't
promise anything" is no promise). The model
loads lazily, once, from the files installed with the game — never from the network — and
a game without it hears by keywords alone.
"""

from __future__ import annotations

import re
import threading
import tomllib
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field

from app.world.tone import without_prefaces

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

NEAR = 0.6
"""How similar (cosine) a line must be to its nearest example to mean what it means."""
NEGATED_NEAR = 0.7
"""… and a line with a negation in it, to a negated example: negation is where word
vectors are weakest, so such a line must be nearer still."""
MARGIN = 0.02
"""How much nearer the line must be to what it means than to its nearest rival — neutral
talk, a field nobody here listens for, another judgment — for the nearer to count: a line
about as near to "we'll have your lad home" as to "we'll have a look at the lock" is
heard as neither."""
MIN_WORDS = 3
"""Fewer words than this are not read for meaning ("lol", "fine", "thank you")."""
MAX_READINGS = 16
"""At most this many readings of one line (the whole, its sentences, its quoted words):
a wall of text costs no more than a long speech."""

MODEL_FILES = ("config.json", "model.safetensors", "tokenizer.json")
MODEL_ATTRIBUTION = (
    "The game reads players' words for meaning with static embeddings distilled (with "
    "model2vec) from the all-MiniLM-L6-v2 sentence transformer by the sentence-transformers "
    "authors, licensed under the Apache License 2.0."
)
"""The credit the meaning model carries (the credits screen and ``dungeon credits``)."""

ExampleKind = Literal["field", "judgment", "neutral"]


class _Examples(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    examples: list[str] = Field(min_length=1)


class MeaningsFile(BaseModel):
    """The built-in examples file, ``meanings.toml``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    fields: dict[str, _Examples]
    """Examples of each semantic field (a field of ``lexicon.toml``)."""
    neutral: _Examples
    """Table talk that means none of them."""


@dataclass(frozen=True)
class Example:
    """One example sentence and what it means."""

    text: str
    kind: ExampleKind
    name: str = ""
    """The field's name, or the judgment's id; empty for neutral talk."""
    negated: bool = False
    """Whether it has a negation in it (compared only with lines that have one)."""


@dataclass(frozen=True)
class Nearest:
    """A line's nearest example, and how near it is (cosine similarity)."""

    example: Example
    similarity: float


_REPORTED = re.compile(
    r"\b(?:tell|tells|assure|assures|promise|promises|reassure|reassures|say to|says to)\s+"
    r"(?:\w+\s+)?(?:that\s+)?(?=(?:we|we'll|i|i'll|he|he'll|she|she'll|they|it|it'll)\b)",
    re.IGNORECASE,
)
_CURLY = str.maketrans({"\u2019": "'", "\u2018": "'"})
_THIRD = {"her": "your", "his": "your", "him": "you", "she": "you", "he": "you"}


_WITHHELD = re.compile(r"(?:n't|\bnot|\bnever|\bcannot)(?:\s+\w+)?\s*$", re.IGNORECASE)
"""A negation just before a reporting verb: "I can't promise he's alive" reports nothing."""


def as_said(text: str) -> str:
    """A line that reports its words ("I tell Berta we'll have her lad home") read as the
    words themselves, said to her ("we'll have your lad home"); not a report withheld ("I
    can't promise he's alive" does not say he is)."""
    found = _REPORTED.search(text)
    if found is None or _WITHHELD.search(text[: found.start()].translate(_CURLY)):
        return text
    words = text[found.end() :].split()
    return " ".join(_THIRD.get(w.lower(), w) for w in words)


_SENTENCES = re.compile(r"(?<=[.!?;])\s+")
_QUOTED = re.compile(
    r"[\"\u201c]([^\"\u201c\u201d]{1,400})[\"\u201d]"  # "…" or “…”
    r"|(?:^|(?<=[\s:,]))['\u2018](?=\S)(.{1,400}?)(?<=\S)['\u2019](?=[\s.,!?;:]|$)"  # '…'
)
"""Words in quotes: what a character says, inside a line that tells what they do."""


ASKING_ABOUT = re.compile(
    r"^\s*(?:\w+:\s*)?(?:i\s+|we\s+|let'?s\s+|lets\s+)?(?:(?:talk|speak|chat)\s+(?:to|with)\s+"
    r"[\w' ]{1,30}?(?:\s+about\s+[\w' ]{1,40})?|(?:ask|question|greet|approach)\s+[\w' ]{1,30}?"
    r"(?:\s+about\s+[\w' ]{1,40})?)\s*[.!]?\s*$",
    re.IGNORECASE,
)
"""A line that tells the game whom to talk to or what to ask about ("talk to Berta", "ask
Berta about the key"): an instruction at the table, with none of the words said in it, so
there is nothing in it to read for meaning (its name alone is near every example about
the person)."""


def readings(text: str) -> list[str]:
    """What of a line is read for meaning: the whole line and, when it has several
    sentences, each sentence of :data:`MIN_WORDS` words or more on its own; and the words
    a line quotes ("Thorin kneels by her. 'Your boy eats supper with you tonight.'"), with
    each of their sentences. A vector is the mean of its words, so a plain sentence beside
    small talk or stage directions ("Sit yourself down a moment. We'll see to the
    cellar.") is clearer alone than in the whole."""
    found = [text]
    quoted = [next(g for g in m.groups() if g is not None) for m in _QUOTED.finditer(text)]
    for whole in [text, *quoted]:
        parts = [p for p in (part.strip() for part in _SENTENCES.split(whole)) if p]
        candidates = [whole, *parts] if whole is not text else parts if len(parts) > 1 else []
        for part in candidates:
            if part not in found and len(re.findall(r"[^\W_]+", part)) >= MIN_WORDS:
                found.append(part)
    return found[:MAX_READINGS]


def _model_dir() -> Path:
    return Path(str(resources.files("app.world").joinpath("meaning_model")))


_LOADING = threading.Lock()
_LOADED: list[object | None] = []
"""The model once loaded (or ``None`` when it could not be): one item, or none yet."""


def _model() -> object | None:
    """The static embedding model, loaded once; ``None`` when its files are missing or do
    not load (the game then hears by keywords alone)."""
    with _LOADING:
        if not _LOADED:
            _LOADED.append(_load())
        return _LOADED[0]


def _load() -> object | None:
    folder = _model_dir()
    if not all((folder / name).is_file() for name in MODEL_FILES):
        return None  # never let the library look for it on the network
    try:
        from model2vec import StaticModel

        return StaticModel.from_pretrained(folder)
    except Exception:
        return None


def warm() -> None:
    """Load the model in the background (once), so that the first line read for meaning
    does not wait for it: called when the play screen opens on a game with judgments. Not
    a daemon thread: a quick exit waits the moment it needs rather than cutting an import
    short."""
    if not _LOADED and not _LOADING.locked():
        threading.Thread(target=_model, name="meaning-model").start()


def available() -> bool:
    """Whether lines can be read for meaning here."""
    return _model() is not None


def encode(texts: Sequence[str]) -> NDArray[np.float32] | None:
    """Unit vectors for ``texts`` (one row each), or ``None`` without the model."""
    import numpy as np

    model = _model()
    if model is None:
        return None
    vectors = np.asarray(model.encode(list(texts)), dtype=np.float32)  # type: ignore[attr-defined]
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    unit: NDArray[np.float32] = vectors / np.maximum(norms, 1e-9)
    return unit


def known_words(text: str) -> int:
    """How many of the line's words the model knows whole (one piece of its vocabulary,
    not spelled out in fragments): "xyzzy plugh" has none, and its pieces mean nothing.
    0 without the model."""
    model = _model()
    if model is None:
        return 0
    tokenizer = model.tokenizer  # type: ignore[attr-defined]
    words = re.findall(r"[^\W\d_]{2,}", text.lower())
    return sum(1 for w in words if len(tokenizer.encode(w, add_special_tokens=False).tokens) == 1)


def pieces(texts: Sequence[str]) -> list[NDArray[np.float32]] | None:
    """The vectors of each text's word pieces (one row per piece, possibly none), or
    ``None`` without the model: what :mod:`app.world.intent` pools its own way."""
    import numpy as np

    model = _model()
    if model is None:
        return None
    dim = int(model.dim)  # type: ignore[attr-defined]
    found = model.encode_as_sequence(list(texts), max_length=512)  # type: ignore[attr-defined]
    return [np.asarray(p, dtype=np.float32).reshape(-1, dim) for p in found]


@cache
def meanings() -> MeaningsFile:
    """The built-in examples (read once)."""
    text = resources.files("app.world").joinpath("meanings.toml").read_text(encoding="utf-8")
    return MeaningsFile.model_validate(tomllib.loads(text))


class MeaningIndex:
    """Examples to compare lines with: the built-in ones and a map's own, embedded once
    (lazily, on the first line read)."""

    def __init__(self, own: Sequence[Example], negated: Callable[[str], bool]) -> None:
        self._negated = negated
        built_in = meanings()
        examples = [
            Example(text, "field", name, negated(text))
            for name, spec in built_in.fields.items()
            for text in spec.examples
        ]
        examples += [
            Example(text, "neutral", "", negated(text)) for text in built_in.neutral.examples
        ]
        examples += own
        self.examples = examples
        self._vectors: NDArray[np.float32] | None = None
        meanings_of: dict[tuple[ExampleKind, str], int] = {}
        self._meaning_of = [meanings_of.setdefault((e.kind, e.name), len(meanings_of))
                            for e in examples]  # fmt: skip
        self._judged: dict[str, list[int]] = {}
        """Where each judgment's examples are."""
        for place, example in enumerate(examples):
            if example.kind == "judgment":
                self._judged.setdefault(example.name, []).append(place)
        self._negations = [e.negated for e in examples]
        self._common = [e.kind != "judgment" for e in examples]
        """Which examples every line is compared with (fields and neutral talk)."""

    def scores(self, text: str, allowed: Collection[str]) -> list[Nearest] | None:
        """For each meaning the line is compared with — each field, neutral talk and each
        judgment ``allowed`` (by id) — its nearest example among those with the line's own
        negation; ``None`` without the model."""
        import numpy as np

        if self._vectors is None:
            self._vectors = encode([e.text for e in self.examples])
        line = encode([text])
        if self._vectors is None or line is None:
            return None
        negated = self._negated(text)
        kept = np.array(self._common, dtype=bool)
        for name in allowed:
            kept[self._judged.get(name, [])] = True
        kept &= np.array(self._negations, dtype=bool) == negated
        at = np.flatnonzero(kept)
        if not at.size:
            return []
        similarities = self._vectors[at] @ line[0]
        meanings = np.asarray(self._meaning_of)[at]
        order = np.lexsort((-similarities, meanings))  # by meaning, nearest first
        _, first = np.unique(meanings[order], return_index=True)
        return [
            Nearest(self.examples[int(at[order[i]])], float(similarities[order[i]])) for i in first
        ]


@dataclass(frozen=True)
class Heard:
    """What a line means by example: the judgments its nearest example speaks for."""

    ids: frozenset[str]
    nearest: Nearest
    margin: float
    """How much nearer that example is than the nearest that speaks for none of them."""


def heard_as(
    scores: Sequence[Nearest], speaks_for: Callable[[Example], frozenset[str]], negated: bool
) -> Heard | None:
    """What one reading of a line means: the judgments its nearest example speaks for
    (``speaks_for``: a judgment's own example speaks for it, a field's for every judgment
    here that names the field, neutral talk for none), when that example is near enough
    (:data:`NEAR`, :data:`NEGATED_NEAR`) and nearer by :data:`MARGIN` than every example
    that speaks for none of them; else ``None``. A line nearest to table talk, or to a
    field nobody here listens for, means nothing."""
    if not scores:
        return None
    top = max(scores, key=lambda found: found.similarity)
    ids = speaks_for(top.example)
    if not ids or top.similarity < (NEGATED_NEAR if negated else NEAR):
        return None
    rivals = [found.similarity for found in scores if not speaks_for(found.example) & ids]
    ahead = top.similarity - max(rivals, default=-1.0)
    if ahead <= 0 or ahead < MARGIN:
        return None
    return Heard(ids, top, ahead)


def hear(
    index: MeaningIndex,
    text: str,
    listening: Mapping[str, Collection[str]],
    *,
    negated: Callable[[str], bool],
    asked: Callable[[str], bool],
) -> Heard | None:
    """What a line means among the judgments ``listening`` (each id with the fields it
    names), by the reading of it that is nearest to an example and clear of its rivals:
    the whole line, each sentence, the words it quotes (:func:`readings`). A reading that
    is a question (``asked``) promises nothing and is passed over; one that reports what
    was said ("I tell her we'll find him") is read as said."""
    by_field: dict[str, frozenset[str]] = {}
    for jid, fields in listening.items():
        for name in fields:
            by_field[name] = by_field.get(name, frozenset()) | {jid}

    def speaks_for(example: Example) -> frozenset[str]:
        if example.kind == "judgment":
            return frozenset({example.name}) if example.name in listening else frozenset()
        if example.kind == "field":
            return by_field.get(example.name, frozenset())
        return frozenset()

    best: Heard | None = None
    for part in readings(text):
        if asked(part) or ASKING_ABOUT.match(part):
            continue
        said = as_said(without_prefaces(part))  # "I won't lie to you, …" negates nothing
        found = heard_as(index.scores(said, listening) or [], speaks_for, negated(said))
        if found is not None and (
            best is None or found.nearest.similarity > best.nearest.similarity
        ):
            best = found
    return best

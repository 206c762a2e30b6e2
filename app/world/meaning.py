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
is careful by design: a question promises nothing, a line of one or two words is too
short to read, and a line with a negation is only compared with examples that have one
("it wasn't your fault" is comfort; "I won't promise anything" is no promise). The model
loads lazily, once, from the files installed with the game — never from the network — and
a game without it hears by keywords alone.
"""

from __future__ import annotations

import re
import threading
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

NEAR = 0.65
"""How similar (cosine) a line must be to its nearest example to mean what it means."""
NEGATED_NEAR = 0.75
"""… and a line with a negation in it, to a negated example: negation is where word
vectors are weakest, so such a line must be nearer still."""
MIN_WORDS = 3
"""Fewer words than this are not read for meaning ("lol", "fine", "thank you")."""

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
_THIRD = {"her": "your", "his": "your", "him": "you", "she": "you", "he": "you"}


def as_said(text: str) -> str:
    """A line that reports its words ("I tell Berta we'll have her lad home") read as the
    words themselves, said to her ("we'll have your lad home")."""
    found = _REPORTED.search(text)
    if found is None:
        return text
    words = text[found.end() :].split()
    return " ".join(_THIRD.get(w.lower(), w) for w in words)


_SENTENCES = re.compile(r"(?<=[.!?;])\s+")


def readings(text: str) -> list[str]:
    """What of a line is read for meaning: the whole line and, when it has several
    sentences, each sentence of :data:`MIN_WORDS` words or more on its own. A vector is
    the mean of its words, so a plain sentence beside small talk ("Sit yourself down a
    moment. We'll see to the cellar.") is clearer alone than in the whole."""
    parts = [p for p in (part.strip() for part in _SENTENCES.split(text)) if p]
    alone = [p for p in parts if len(re.findall(r"[^\W_]+", p)) >= MIN_WORDS]
    return [text, *alone] if len(parts) > 1 else [text]


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

    def nearest(self, text: str, allowed: Callable[[Example], bool]) -> Nearest | None:
        """The example nearest to ``text`` among those ``allowed`` (neutral talk and every
        field always compete) with the line's own negation, or ``None`` when none is near
        enough or the model is missing."""
        import numpy as np

        if self._vectors is None:
            self._vectors = encode([e.text for e in self.examples])
        line = encode([text])
        if self._vectors is None or line is None:
            return None
        negated = self._negated(text)
        similarities = self._vectors @ line[0]
        for at in np.argsort(-similarities):
            example = self.examples[int(at)]
            if example.negated != negated:
                continue
            if example.kind == "judgment" and not allowed(example):
                continue
            similarity = float(similarities[at])
            if similarity < (NEGATED_NEAR if negated else NEAR):
                return None
            return Nearest(example, similarity)
        return None

"""The lines the intent head (:mod:`app.world.intent`) is fitted on and measured with:
every judgment corpus's lines, each with the judgments listening to it and which of them
it means, and what the sensitivity map hears in it without the head; and the authors'
examples (each shipped judgment's description and examples, the built-in examples of each
field and of table talk). ``fit_intent`` fits the shipped weights on them,
``bench_intent_lofo`` measures the head leaving one corpus out in turn."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from app.world import intent, meaning
from app.world.sensitivity import SensitivityMap, _said_to, _wholly_asked, build
from tests.benchmarks.bench_judgments import (
    DATA,
    FILES,
    FROZEN,
    _campaigns,
    campaign_of,
)

FIELD_KINDS: dict[str, intent.Kind] = {
    **dict.fromkeys(("reassurance", "comfort", "apology", "praise", "courtesy"), "up"),
    **dict.fromkeys(("insult", "threat", "violence", "dismissal", "greed", "distrust"), "down"),
    "offer": "offer",
}
"""The kind of a built-in field's examples (a field of neither kind is not used)."""


@dataclass(frozen=True)
class Listener:
    """A judgment listening to a corpus line."""

    id: str
    kind: intent.Kind | None
    meant: bool
    """Whether the line is labelled with it."""
    counts: bool
    """Whether a match of it at its ``field_confidence`` counts (the campaign's floor)."""


@dataclass(frozen=True)
class Line:
    """A corpus line, as the head needs it."""

    corpus: str
    text: str
    listeners: tuple[Listener, ...]
    heard: frozenset[str]
    """What the map hears without the head (at or above the campaign's floor)."""
    firm: frozenset[str]
    """Of them, those heard by a keyword the campaign wrote (never doubted)."""
    unheard: int
    """Judgments it means that do not listen here (always missed)."""
    asked: bool
    """Whether every sentence of it is a question."""


@contextmanager
def without_head() -> Iterator[None]:
    """The map as it hears without the intent head."""
    kept = list(intent._HEADS)
    intent._HEADS[:] = [None]
    try:
        yield
    finally:
        intent._HEADS[:] = kept


def corpora() -> list[str]:
    """The corpora worked against (the frozen holdouts left out)."""
    return [name for name in FILES if (DATA / name).exists() and name not in FROZEN]


def lines(names: Sequence[str]) -> list[Line]:
    """Every line of the named corpora."""
    campaigns = _campaigns()
    found: list[Line] = []
    with without_head():
        for name in names:
            maps: dict[tuple[str, str, tuple[str, ...]], SensitivityMap] = {}
            text = (DATA / name).read_text(encoding="utf-8")
            for line in tomllib.loads(text)["line"]:
                campaign = campaign_of(line, campaigns)
                floor = campaign.events.min_confidence
                present = ([line["to"]] if "to" in line else []) + line.get("present", [])
                key = (campaign.campaign.id, line["scene"], tuple(present))
                if key not in maps:
                    maps[key] = build(campaign, line["scene"], present)
                heard = maps[key].heard(line["text"], line.get("to"), present)
                expect = set(line["expect"])
                listeners = tuple(
                    Listener(
                        e.id,
                        intent.kind_of(e.spec),
                        e.id in expect,
                        e.spec.field_confidence >= floor,
                    )
                    for e in maps[key].entries
                    if _said_to(e, line.get("to"), present)
                )
                found.append(
                    Line(
                        name,
                        line["text"],
                        listeners,
                        frozenset(m.entry.id for m in heard if m.confidence >= floor),
                        frozenset(m.entry.id for m in heard if not m.loose),
                        len(expect - {li.id for li in listeners}),
                        _wholly_asked(line["text"]),
                    )
                )
    return found


def authors() -> list[tuple[str, intent.Kind | None]]:
    """The authors' examples and their kinds (``None``: table talk, of no kind)."""
    found: list[tuple[str, intent.Kind | None]] = []
    for campaign in _campaigns().values():
        for spec in campaign.judgments.values():
            kind = intent.kind_of(spec)
            if kind is not None:
                found += [(text, kind) for text in (spec.description, *spec.examples)]
    built_in = meaning.meanings()
    for name, spec in built_in.fields.items():
        if name in FIELD_KINDS:
            found += [(text, FIELD_KINDS[name]) for text in spec.examples]
    found += [(text, None) for text in built_in.neutral.examples]
    return found


def features(texts: Sequence[str]) -> NDArray[np.float64]:
    """The head's features for ``texts`` (the meaning model must be here)."""
    rows = intent.features(texts)
    assert rows is not None, "the meaning model is not installed"
    return rows


Heads = dict[str, NDArray[np.float64]]


def fit_heads(
    corpus: Sequence[Line],
    rows: NDArray[np.float64],
    examples: Sequence[tuple[str, intent.Kind | None]],
    example_rows: NDArray[np.float64],
    penalty: float = 3.0,
) -> Heads:
    """One head per kind: fitted on the corpus lines some judgment of that kind listens to
    (meaning it or not) and on every author example (of that kind or not)."""
    heads: Heads = {}
    for kind in intent.KINDS:
        chosen = [
            i for i, line in enumerate(corpus) if any(li.kind == kind for li in line.listeners)
        ]
        labels = [
            float(any(li.kind == kind and li.meant for li in corpus[i].listeners)) for i in chosen
        ]
        labels += [float(k == kind) for _, k in examples]
        stacked = np.vstack([rows[chosen], example_rows])
        heads[kind] = intent.fit(stacked, np.array(labels), penalty)
    return heads


Counts = tuple[int, int, int]


def counted(
    corpus: Sequence[Line],
    chances: Sequence[dict[str, float] | None],
    doubt: float,
    sure: float,
) -> Counts:
    """True positives, false positives and false negatives over the lines, each heard as
    the map hears it with the head's ``chances`` (``None``: without the head)."""
    tp = fp = fn = 0
    for line, chance in zip(corpus, chances, strict=True):
        kinds = {li.id: li.kind for li in line.listeners if li.counts}
        got = set(line.heard)
        if chance is not None:
            got = intent.combined(
                line.heard, line.firm, kinds, chance, doubt, sure, asked=line.asked
            )
        meant = {li.id for li in line.listeners if li.meant}
        tp += len(got & meant)
        fp += len(got - meant)
        fn += len(meant - got) + line.unheard
    return tp, fp, fn

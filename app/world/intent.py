"""What a line does to the one it is said to — kind words, hostile words, an offer — read
as a whole, whatever its topic: a second opinion on what the sensitivity map heard.

Nearest-example matching (:mod:`app.world.meaning`) often finds an example about the
same *things* (the cellar, the bell) rather than the same *intent*: a question about the
bell sits near a promise about it. The intent head looks at how a line is said rather
than what it is about. It reads a line's word pieces in the meaning model — their mean,
and the strongest and weakest value of each dimension over them (a word of contempt or of
comfort anywhere in the line shows there even when the rest is about the cellar) — and a
few cues of the speech act that are no campaign's words (a question, a negation, a first
person's future, "you", "if", "or", an emote between asterisks, laughter). Three small
logistic heads, one per :data:`KINDS`, give the chance that the line is kind to, hostile
to, or an offer to the one it is said to.

A judgment has a kind (:func:`kind_of`: ``offer`` if it listens for offers, else its
``direction``, else what its fields lean to). The map then keeps what a loose reading (a
field's word, an example's meaning) heard only when the head does not think its kind
unlikely (:data:`DOUBT`), and, when the words heard nothing, hears a judgment whose kind
the head is sure of (:data:`SURE`): the wrong act on the right topic is dropped, the right
act in words no example has is heard. A keyword the campaign wrote is never doubted.

The weights (``meaning_model/intent.npz``) are fitted offline by ``python -m
tests.benchmarks.fit_intent`` on the judgment corpora and the built-in and shipped
examples; the thresholds were chosen leaving one corpus out in turn (``python -m
tests.benchmarks.bench_intent_lofo``). The head loads lazily with the meaning
model; without either, the map hears as it did without it.
"""

from __future__ import annotations

import math
import re
import threading
from collections.abc import Collection, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from app.world.exclusion import exclusive
from app.world.heard import Entry, Match
from app.world.meaning import known_words, pieces

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from app.world.eventspec import JudgmentSpec

Kind = Literal["up", "down", "offer"]
KINDS: tuple[Kind, ...] = ("up", "down", "offer")
"""What a line can do to its listener that the head reads: kind words (reassurance,
comfort, praise, courtesy, an apology), hostile words (an insult, a threat, greed,
dismissal, distrust), an offer."""

SAID: dict[Kind, str] = {"up": "kind words", "down": "hostile words", "offer": "an offer"}
"""How a match the head made names what it heard."""

DOUBT = 0.3
"""A judgment heard by a loose reading (a field's word, an example's meaning) is dropped
when the head gives its kind less than this chance: "heroes like us don't come cheap" holds
a word of comfort and comforts nobody. A campaign's own keyword is never doubted."""
SURE = 0.95
"""A judgment nobody's words matched is heard when the head gives its kind at least this
chance ("I've seen scarier things in a chicken coop" slights the chief)."""

SCALE = 8.0
"""Each pooled vector is a unit vector times this, so that word-piece dimensions and the
0/1 speech-act cues weigh alike under one regularisation."""
WEIGHTS_FILE = "intent.npz"
MAX_CHARS = 2000
"""Only this much of a line is read: a wall of text costs no more than a long speech."""

_UP_FIELDS = frozenset({"reassurance", "comfort", "apology", "praise", "courtesy"})
_DOWN_FIELDS = frozenset({"insult", "threat", "violence", "dismissal", "greed", "distrust"})


def kind_of(spec: JudgmentSpec) -> Kind | None:
    """What a judgment hears a line do: an offer when it listens for offers, else its
    direction, else what its fields lean to; ``None`` for one the head cannot judge (no
    direction and no field of kind or hostile words)."""
    fields = set(spec.fields)
    if "offer" in fields:
        return "offer"
    if spec.direction == "up":
        return "up"
    if spec.direction == "down":
        return "down"
    if fields & _UP_FIELDS and not fields & _DOWN_FIELDS:
        return "up"
    if fields & _DOWN_FIELDS and not fields & _UP_FIELDS:
        return "down"
    return None


_CURLY = str.maketrans({"\u2019": "'", "\u2018": "'"})
_CUES = (
    re.compile(r"\?"),
    re.compile(
        r"\b(?:not|never|no|nobody|nothing|none|without)\b|n't\b"
        r"|\b(?:dont|wont|cant|didnt|isnt|wasnt|aint)\b"
    ),
    re.compile(
        r"\b(?:we|i)(?:'ll| will| shall|'re going to| are going to| am going to|'m going to"
        r"|'re gonna|'m gonna)\b"
    ),
    re.compile(r"\b(?:you|your|you're|ur|u|yours)\b"),
    re.compile(r"\bif\b"),
    re.compile(r"\*"),
    re.compile(r"!"),
    re.compile(r"\bwe\b|\bwe'"),
    re.compile(r"\bi\b|\bi'"),
    re.compile(r"\bor\b"),
    re.compile(r"\b(?:lol|lmao|haha\w*|snort\w*|laugh\w*|smirk\w*)\b"),
)
"""Speech-act cues, none a campaign's word: a question; a negation; a first person's
future (a promise, a threat); "you"; a condition; an emote; an exclamation; "we"; "I";
"or" (do this or else); laughter."""
CUES = len(_CUES) + 1
"""How many speech-act features a line has (the cues and its length)."""


def cues(text: str) -> list[float]:
    """The speech-act cues of a line (1.0 or 0.0 each) and its length (log of its words)."""
    lowered = text.lower().translate(_CURLY)
    found = [1.0 if cue.search(lowered) else 0.0 for cue in _CUES]
    return [*found, math.log1p(len(re.findall(r"[a-z']+", lowered))) / 3]


def features(texts: Sequence[str]) -> NDArray[np.float64] | None:
    """One row per text: its pooled word pieces (mean, maximum, minimum; each a unit
    vector times :data:`SCALE`), its speech-act cues, and a constant 1; ``None`` without
    the meaning model."""
    import numpy as np

    texts = [text[:MAX_CHARS] for text in texts]
    found = pieces(texts)
    if found is None:
        return None
    rows = []
    for text, vectors in zip(texts, found, strict=True):
        read = vectors if len(vectors) else np.zeros((1, vectors.shape[1]), dtype=np.float32)
        pooled = [read.mean(0), read.max(0), read.min(0)]
        unit = [p / max(float(np.linalg.norm(p)), 1e-9) * SCALE for p in pooled]
        rows.append(np.concatenate([*unit, cues(text), [1.0]]))
    return np.vstack(rows)


def fit(
    rows: NDArray[np.float64], labels: NDArray[np.float64], penalty: float = 3.0
) -> NDArray[np.float64]:
    """A logistic head: weights for ``rows`` (features, last column constant) predicting
    ``labels`` (0 or 1), by Newton's method with an L2 ``penalty`` on all but the constant.
    Deterministic: no random draw."""
    import numpy as np

    weights = np.zeros(rows.shape[1])
    ridge = np.full(rows.shape[1], penalty)
    ridge[-1] = 1e-6
    for _ in range(8):
        chance = 1 / (1 + np.exp(-(rows @ weights)))
        gradient = rows.T @ (chance - labels) + ridge * weights
        hessian = (rows * (chance * (1 - chance))[:, None]).T @ rows + np.diag(ridge)
        weights = weights - np.linalg.solve(hessian, gradient)
    fitted: NDArray[np.float64] = weights
    return fitted


def chances(heads: Mapping[str, NDArray[np.float64]], row: NDArray[np.float64]) -> dict[str, float]:
    """The chance of each kind for one line's features."""
    import numpy as np

    return {kind: float(1 / (1 + np.exp(-float(row @ w)))) for kind, w in heads.items()}


def combined(
    heard: Collection[str],
    firm: Collection[str],
    kinds: Mapping[str, Kind | None],
    chance: Mapping[str, float],
    doubt: float = DOUBT,
    sure: float = SURE,
    *,
    asked: bool = False,
) -> set[str]:
    """What a line is heard as, the head consulted. Of the judgments ``heard``, those
    ``firm`` (by a keyword the campaign wrote for them: "pay us first" in a line of
    promises is still greed), those of no kind the head reads, and those whose kind the
    head does not doubt. When the words heard nothing of those listening (``kinds``: each
    id with its kind), every one whose kind the head is sure of — the head speaks into
    silence, never over what the words heard, so it cannot turn an insult into praise.
    A line that only asks (``asked``) is never made kind words by the head: a question
    promises and comforts nothing ("will you have him home by dark?"), though it can mock
    or offer."""
    kept = {
        jid for jid in heard if jid in firm or (k := kinds.get(jid)) is None or chance[k] >= doubt
    }
    if any(jid in kinds for jid in heard):
        return kept
    kept |= {
        jid
        for jid, k in kinds.items()
        if k is not None and chance[k] >= sure and not (asked and k == "up")
    }
    return kept


def weighed(
    text: str, kept: list[Match], listening: Sequence[Entry], asked: bool = False
) -> list[Match]:
    """What a line was heard as (``kept``), with the head's second opinion: a loose match
    whose kind of words the head doubts is dropped, a judgment ``listening`` whose kind it
    is sure of is heard at its ``field_confidence`` (:func:`combined`; ``asked``: every
    sentence of the line is a question). Without the head, ``kept``."""
    kinds = {e.id: kind_of(e.spec) for e in listening}
    if not any(kinds.values()) or not re.search(r"[^\W_]", text):
        return kept
    if known_words(text) == 0:
        return kept  # "xyzzy plugh": no word the model knows, so no opinion of its kind
    chance = read(text)
    if chance is None:
        return kept
    held = {m.entry.id for m in kept}
    firm = {m.entry.id for m in kept if not m.loose}
    chosen = combined(held, firm, kinds, chance, asked=asked)
    weighed = [m for m in kept if m.entry.id in chosen]
    for entry in listening:
        kind = kinds[entry.id]
        if entry.id in chosen and entry.id not in held and kind is not None:
            said = f"heard as {SAID[kind]} ({chance[kind]:.2f})"
            weighed.append(Match(entry, entry.spec.field_confidence, said, loose=True))
    return exclusive(weighed)


def _weights_path() -> Path:
    return Path(str(resources.files("app.world").joinpath("meaning_model", WEIGHTS_FILE)))


_LOADING = threading.Lock()
_HEADS: list[dict[str, NDArray[np.float64]] | None] = []


def heads() -> dict[str, NDArray[np.float64]] | None:
    """The fitted heads by kind, loaded once; ``None`` without their file or the model."""
    with _LOADING:
        if not _HEADS:
            _HEADS.append(_load())
        return _HEADS[0]


def _load() -> dict[str, NDArray[np.float64]] | None:
    import numpy as np

    path = _weights_path()
    probe = features(["a"])
    if not path.is_file() or probe is None:
        return None
    try:
        with np.load(path, allow_pickle=False) as stored:
            loaded: dict[str, NDArray[np.float64]] = {
                kind: np.asarray(stored[kind], dtype=np.float64) for kind in KINDS
            }
    except (OSError, KeyError, ValueError):
        return None
    if any(w.shape != probe[0].shape for w in loaded.values()):
        return None  # weights for another model: hear without them
    return loaded


def read(text: str) -> dict[str, float] | None:
    """The chance of each kind for a line, or ``None`` when the head is not here."""
    fitted = heads()
    if fitted is None:
        return None
    rows = features([text])
    return None if rows is None else chances(fitted, rows[0])

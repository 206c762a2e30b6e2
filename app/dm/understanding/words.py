"""Text helpers: normalising a line, finding phrases, and loose name matching that
forgives plurals and small typos (``rapidfuzz``)."""

from __future__ import annotations

import re

from rapidfuzz import fuzz

TYPO_RATIO = 84.0
"""How alike two words must be (0-100) to count as a typo of each other."""


def normalise(text: str) -> str:
    """Lowercase words; punctuation becomes space (apostrophes and digits stay)."""
    text = text.lower().replace("’", "'").replace("#", " ")
    return " ".join(re.sub(r"[^\w\s']", " ", text).replace("_", " ").split())


def stem(word: str) -> str:
    """A plural's singular, roughly: enough to match "goblins" to "goblin"."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def has_phrase(text: str, phrase: str) -> bool:
    """The phrase appears as whole words."""
    return bool(phrase) and re.search(rf"(^|\s){re.escape(phrase)}($|\s)", text) is not None


def phrase_at(text: str, phrase: str) -> int:
    """Word-boundary position of the phrase in the text, or -1."""
    if not phrase:
        return -1
    m = re.search(rf"(^|\s){re.escape(phrase)}($|\s)", text)
    return -1 if m is None else m.start() + len(m.group(1))


def starts_with(text: str, phrase: str) -> bool:
    """The text begins with the phrase (whole words)."""
    return text == phrase or text.startswith(phrase + " ")


def stems(text: str) -> str:
    """The text with every word reduced to its stem (for plural-blind phrase matching)."""
    return " ".join(stem(w) for w in text.split())


def name_score(text: str, name: str, stop: frozenset[str]) -> float:
    """How well ``text`` names ``name`` (both normalised): above 1 for the whole phrase
    (longer names score higher), 0.5-0.75 for single words or typos, 0 for nothing."""
    if not name:
        return 0.0
    if has_phrase(text, name) or has_phrase(stems(text), stems(name)):
        return 1.0 + len(name) / 100
    words = [w for w in text.split() if len(w) > 2]
    best = 0.0
    for part in name.split():
        if len(part) < 3 or part in stop or part.isdigit():
            continue
        for word in words:
            if word in stop:
                continue
            if stem(word) == stem(part):
                best = max(best, 0.75)
            elif len(part) > 3 and len(word) > 3:
                ratio = fuzz.ratio(word, part)
                if ratio >= TYPO_RATIO:
                    best = max(best, 0.5 + ratio / 400)
    return best

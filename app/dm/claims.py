"""Dice the DM narrates but never rolled.

"You roll a 20 and hit!", "the goblin takes 7 damage", "Mira regains 5 hit points" — a
language model writes such lines without calling a tool, and then the story and the game
disagree. A claimed number is *backed* when it appears in a result of this turn (a roll's
total or dice, damage dealt, hit points left); otherwise it is a claim the engine never
made. :class:`ClaimFilter` streams narration sentence by sentence and holds back, from the
first sentence with an unbacked claim on, everything until the reply is complete, so the
turn loop can ask the model once to resolve it with a tool before anyone reads it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
}  # fmt: skip
_NUMBER = r"(\d{1,3}|" + "|".join(sorted(_WORDS, key=len, reverse=True)) + r")"
_PATTERNS = [
    # "You roll a 20", "rolls a seventeen", "rolled 15" (not "rolls 2 dice", "roll 3 times")
    re.compile(r"\broll(?:s|ed)?\s+(?:a\s+|an\s+|of\s+)?" + _NUMBER
               + r"\b(?!\s*(?:dice|die|times|d\d))", re.IGNORECASE),
    re.compile(r"\b(?:natural|nat)\s+" + _NUMBER + r"\b", re.IGNORECASE),
    # "7 damage", "7 points of fire damage", "for 12 slashing damage"
    re.compile(r"\b" + _NUMBER + r"\s+(?:points?\s+of\s+)?(?:[a-z]+\s+)?damage\b", re.IGNORECASE),
    # "regains 5 hit points", "down to 3 HP", "heals 8"
    re.compile(r"\b" + _NUMBER + r"\s+(?:hit\s+points?|hp)\b", re.IGNORECASE),
    re.compile(r"\b(?:heals?|healed|regains?|regained|recovers?)\s+" + _NUMBER + r"\b",
               re.IGNORECASE),
    re.compile(r"\b(?:a\s+)?total\s+of\s+" + _NUMBER + r"\b", re.IGNORECASE),
]  # fmt: skip
_SENTENCE_END = re.compile(r"[.!?…]+[\"')\]]*\s+|\n")
_HOLD_AT_MOST = 400
"""Characters of one unfinished sentence held back before it is shown anyway."""


def _value(word: str) -> int:
    return int(word) if word.isdigit() else _WORDS[word.lower()]


def claims_in(text: str) -> list[tuple[str, int]]:
    """Each ``(phrase, number)`` in ``text`` that states a roll or an amount."""
    found: dict[int, tuple[str, int]] = {}  # by where the number stands: one claim each
    for pattern in _PATTERNS:
        for match in pattern.finditer(text):
            found.setdefault(match.start(1), (match.group(0), _value(match.group(1))))
    return [found[at] for at in sorted(found)]


def numbers_in(value: Any) -> set[int]:
    """Every whole number inside a tool result or an event (dicts, lists, dataclasses)."""
    found: set[int] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, bool):
            continue
        if isinstance(item, int):
            found.add(item)
        elif isinstance(item, str):
            found.update(int(n) for n in re.findall(r"\d{1,3}", item))
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple | set):
            stack.extend(item)
    return found


class ClaimFilter:
    """Streams prose a sentence at a time; from the first sentence that claims a number no
    result backs, holds everything back until :meth:`finish`."""

    def __init__(self, backed: Iterable[int] = (), *, active: bool = True) -> None:
        self.backed = set(backed)
        self.active = active
        self._sentence = ""
        self.held = ""
        """Text held back from the first unbacked claim on."""
        self.claims: list[str] = []
        """The unbacked claims, as written."""

    def _unbacked(self, sentence: str) -> list[str]:
        return [phrase for phrase, n in claims_in(sentence) if n not in self.backed]

    def feed(self, text: str) -> str:
        """Text that may be shown now."""
        if not self.active:
            return text
        if self.held:
            self.held += text
            return ""
        self._sentence += text
        out: list[str] = []
        while True:
            end = _SENTENCE_END.search(self._sentence)
            if end is None:
                break
            sentence, self._sentence = self._sentence[: end.end()], self._sentence[end.end() :]
            claims = self._unbacked(sentence)
            if claims:
                self.claims, self.held, self._sentence = claims, sentence + self._sentence, ""
                return "".join(out)
            out.append(sentence)
        if len(self._sentence) > _HOLD_AT_MOST and not self._unbacked(self._sentence):
            out.append(self._sentence)
            self._sentence = ""
        return "".join(out)

    def finish(self) -> str:
        """The last, unfinished sentence if it claims nothing unbacked (else it is held)."""
        rest, self._sentence = self._sentence, ""
        if self.held:
            self.held += rest
            return ""
        claims = self._unbacked(rest) if self.active else []
        if claims:
            self.claims, self.held = claims, rest
            return ""
        return rest

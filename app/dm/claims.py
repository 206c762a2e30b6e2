"""Dice the DM narrates but never rolled.

"You roll a 20 and hit!", "the goblin takes 7 damage", "Mira regains 5 hit points" — a
language model writes such lines without calling a tool, and then the story and the game
disagree. A claimed number is *backed* when a result of this turn of the same kind says it:
a roll (“you roll a 17”, “a natural 20”) needs a roll with that total or die this turn, an
amount of damage (“7 damage”, “takes 7”) damage of that amount, healing (“regains 5”) healing
of that amount, and hit points (“down to 3 HP”) a hit-point value as it stands or stood —
so "you roll a 17" is not backed because somebody happens to have 17 hit points.
:class:`ClaimFilter` streams narration sentence by sentence and holds back, from the first
sentence with an unbacked claim on, everything until the reply is complete, so the turn loop
can ask the model once to resolve it with a tool before anyone reads it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

from pydantic import BaseModel

from app.actions.events import CombatUpdate, DiceRoll, StateChange

ClaimKind = Literal["roll", "damage", "healing", "hp", "total"]
"""What a claimed number is: a roll's result, damage dealt, healing, hit points, or a total
(of a roll or an amount)."""

_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
}  # fmt: skip
_NUMBER = r"(\d{1,3}|" + "|".join(sorted(_WORDS, key=len, reverse=True)) + r")"
_TYPES = (
    "acid|bludgeoning|cold|fire|force|lightning|necrotic|piercing|poison|psychic|radiant|"
    "slashing|thunder"
)
_I = re.IGNORECASE
_PATTERNS: list[tuple[ClaimKind, re.Pattern[str]]] = [
    # "You roll a 20", "rolls a seventeen", "rolled 15" (not "rolls 2 dice", "roll 3 times")
    ("roll", re.compile(r"\broll(?:s|ed)?\s+(?:a\s+|an\s+|of\s+)?" + _NUMBER
                        + r"\b(?!\s*(?:dice|die|times|d\d))", _I)),
    ("roll", re.compile(r"\b(?:natural|nat)\s+" + _NUMBER + r"\b", _I)),
    # "7 damage", "7 points of fire damage", "for 12 slashing damage"
    ("damage", re.compile(r"\b" + _NUMBER + r"\s+(?:points?\s+of\s+)?(?:[a-z]+\s+)?damage\b", _I)),
    # "takes 7", "takes 7 slashing" (not "takes 10 minutes", "takes 2 steps")
    ("damage", re.compile(r"\btak(?:es|e|en)\s+" + _NUMBER + r"\b(?=\s*(?:points?\b|hp\b|hit\s+"
                          r"points?\b|damage\b|(?:" + _TYPES + r")\b|[.,;:!?)]|$))", _I)),
    ("damage", re.compile(r"\blos(?:es|e|t)\s+" + _NUMBER + r"\s+(?:hit\s+points?|hp)\b", _I)),
    # "regains 5 hit points", "heals 8" — read before "N hit points": it is healing, not HP
    ("healing", re.compile(r"\b(?:heals?|healed|regains?|regained|recovers?)\s+" + _NUMBER
                           + r"\b", _I)),
    # "down to 3 HP", "at 28 hit points"
    ("hp", re.compile(r"\b" + _NUMBER + r"\s+(?:hit\s+points?|hp)\b", _I)),
    ("total", re.compile(r"\b(?:a\s+)?total\s+of\s+" + _NUMBER + r"\b", _I)),
]  # fmt: skip
SENTENCE_END = re.compile(r"[.!?…]+[\"')\]]*\s+|\n")
"""Where a sentence of narration ends (its closing quote and the space after included)."""
_HOLD_AT_MOST = 400
"""Characters of one unfinished sentence held back before it is shown anyway."""


class Claim(NamedTuple):
    """A number narration states, as written."""

    phrase: str
    number: int
    kind: ClaimKind


def _value(word: str) -> int:
    return int(word) if word.isdecimal() else _WORDS[word.lower()]


def claims_in(text: str) -> list[Claim]:
    """Each claim in ``text`` that states a roll or an amount, in order."""
    found: dict[int, Claim] = {}  # by where the number stands: one claim each
    for kind, pattern in _PATTERNS:
        for match in pattern.finditer(text):
            claim = Claim(match.group(0), _value(match.group(1)), kind)
            found.setdefault(match.start(1), claim)
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


_RESULT_KEYS: dict[str, ClaimKind] = {
    "total": "roll", "natural": "roll", "roll": "roll", "rolls": "roll", "dice": "roll",
    "kept": "roll", "damage": "damage", "dealt": "damage", "healed": "healing",
    "restored": "healing", "healing": "healing", "hp": "hp", "max_hp": "hp", "temp_hp": "hp",
}  # fmt: skip
"""The keys of a tool result whose numbers back a claim, and of which kind."""
_VITALS = re.compile(r"(\d+)/(\d+) HP")


@dataclass
class Backing:
    """The numbers this turn's results stand behind, by kind (see :data:`ClaimKind`)."""

    rolls: set[int] = field(default_factory=set)
    """Totals, natural rolls and dice of this turn's rolls."""
    damage: set[int] = field(default_factory=set)
    """Damage rolled or dealt this turn."""
    healing: set[int] = field(default_factory=set)
    """Healing rolled or restored this turn."""
    hp: set[int] = field(default_factory=set)
    """Hit points (current and maximum) as they stand or stood this turn."""

    @classmethod
    def of(cls, numbers: Iterable[int]) -> Backing:
        """Backing in which these numbers back a claim of any kind."""
        found = set(numbers)
        return cls(set(found), set(found), set(found), set(found))

    def backs(self, claim: Claim) -> bool:
        """Whether a result of this turn says the claimed number, as the same kind."""
        if claim.kind == "total":
            return claim.number in self.rolls | self.damage | self.healing
        return claim.number in self._of(claim.kind)

    def _of(self, kind: ClaimKind) -> set[int]:
        return {"roll": self.rolls, "damage": self.damage, "healing": self.healing,
                "hp": self.hp}.get(kind, set())  # fmt: skip

    def add_event(self, event: BaseModel) -> None:
        """Take in what an event shows: a roll, a hit-point change, a fight's tracker."""
        if isinstance(event, DiceRoll):
            self.rolls |= {event.total, *event.kept, *(d.value for d in event.dice)}
            if event.natural is not None:
                self.rolls.add(event.natural)
            if event.check_type in ("damage", "amount"):
                self.damage.add(event.total)
            if event.check_type in ("healing", "amount"):
                self.healing.add(event.total)
        elif isinstance(event, StateChange) and event.kind == "hp":
            before = _VITALS.search(event.before or "")
            after = _VITALS.search(event.after or "")
            for found in (before, after):
                if found:
                    self.hp |= {int(found.group(1)), int(found.group(2))}
            if before and after:
                moved = int(after.group(1)) - int(before.group(1))
                (self.healing if moved > 0 else self.damage).add(abs(moved))
            taken = re.search(r"\btakes (\d+)", event.description)
            if taken:  # what temporary hit points soaked up was dealt all the same
                self.damage.add(int(taken.group(1)))
        elif isinstance(event, CombatUpdate):
            for who in event.combatants:
                self.hp |= {who.hp, who.max_hp}

    def add_result(self, result: Mapping[str, Any]) -> None:
        """Take in a tool result's numbers under the keys that say what they are."""
        stack: list[Any] = [result]
        while stack:
            item = stack.pop()
            if isinstance(item, dict):
                for key, value in item.items():
                    kind = _RESULT_KEYS.get(str(key))
                    if kind is not None:
                        self._of(kind).update(_whole_numbers(value))
                    if isinstance(value, dict | list):
                        stack.append(value)
            elif isinstance(item, list):
                stack.extend(item)


def _whole_numbers(value: Any) -> set[int]:
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value}
    if isinstance(value, list):
        return {v for v in value if isinstance(v, int) and not isinstance(v, bool)}
    return set()


class HoldFrom:
    """Streams prose a sentence at a time; from the first sentence that ``flags`` marks,
    holds everything back until :meth:`finish` (the rest of the reply may depend on it)."""

    def __init__(self, flags: Callable[[str], bool] | None = None, *, active: bool = True) -> None:
        self.flags = flags
        self.active = active
        self._sentence = ""
        self.held = ""
        """Text held back from the first flagged sentence on."""

    def _flagged(self, sentence: str) -> bool:
        return self.flags is not None and self.flags(sentence)

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
            end = SENTENCE_END.search(self._sentence)
            if end is None:
                break
            sentence, self._sentence = self._sentence[: end.end()], self._sentence[end.end() :]
            if self._flagged(sentence):
                self.held, self._sentence = sentence + self._sentence, ""
                return "".join(out)
            out.append(sentence)
        if len(self._sentence) > _HOLD_AT_MOST and not self._flagged(self._sentence):
            out.append(self._sentence)
            self._sentence = ""
        return "".join(out)

    def finish(self) -> str:
        """The last, unfinished sentence if nothing is flagged (else it is held)."""
        rest, self._sentence = self._sentence, ""
        if self.held:
            self.held += rest
            return ""
        if rest and self.active and self._flagged(rest):
            self.held = rest
            return ""
        return rest


class ClaimFilter(HoldFrom):
    """Holds narration back from the first sentence that claims a number no result backs."""

    def __init__(self, backed: Backing | Iterable[int] = (), *, active: bool = True) -> None:
        super().__init__(active=active)
        self.backed = backed if isinstance(backed, Backing) else Backing.of(backed)
        self.claims: list[str] = []
        """The unbacked claims, as written."""

    def _unbacked(self, sentence: str) -> list[str]:
        return [c.phrase for c in claims_in(sentence) if not self.backed.backs(c)]

    def _flagged(self, sentence: str) -> bool:
        claims = self._unbacked(sentence)
        if claims:
            self.claims = claims
        return bool(claims)

"""The script language of headless play: what an author writes to test a campaign, and
what lets a script survive a different seed.

A script is lines of four kinds (blank lines and ``#`` comments are skipped)::

    Mira: pick the lock                       an action, as a player types it
    Mira: pick the lock until passed trapdoor_lock
                                              repeat it until the condition holds
    fight until the combat ends               whoever may act fights (the fighting brain)
    yield until the combat ends               whoever may act does nothing (to test a defeat)
    expect flag tam_found                     an assertion: reported with its line

Conditions (for ``until`` and ``expect``; ``not`` in front of any): ``scene <id>``,
``flag <name>``, ``flag <name> = <value>``, ``ending <id>``, ``no ending``, ``fight``,
``no fight``, ``hp <character> <op> <n>``, ``passed <challenge>``, ``failed <challenge>``,
``fired <trigger>``, ``item <item id>``, ``score <key> <op> <n>`` (ops ``< <= > >= == !=``).
Most become the campaign's own condition atoms (:class:`app.world.when.Fact`), so a
script's ``expect`` means exactly what an ending's ``when`` means.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Literal

from pydantic import ValidationError

from app.world.campaign import Campaign
from app.world.facts import holds
from app.world.references import flags_set, missing
from app.world.scores import known_key
from app.world.state import GameState
from app.world.when import Fact

MAX_REPEATS = 12
"""Tries of a ``… until`` line before it fails: more than any fair retry needs."""
MAX_FIGHT_TURNS = 200
"""Party turns of one ``fight until the combat ends`` before it fails (a stuck fight)."""

_OPS: dict[str, Callable[[float, float], bool]] = {
    "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
    "==": operator.eq, "!=": operator.ne,
}  # fmt: skip
_COMPARE = re.compile(r"^([^\s<>=!]+)\s*(<=|>=|==|!=|<|>)\s*(-?\d+(?:\.\d+)?)$")
FIGHT = re.compile(r"^(fight|yield) until the (combat|fight|battle) ends?$", re.IGNORECASE)
"""``fight until the combat ends``, or ``yield until …``: the party lays down its arms
(each one up ends their turn) — how a script reaches a defeat ending."""


class ConditionError(ValueError):
    """A condition a script cannot mean (the message says what is wanted)."""


@dataclass(frozen=True)
class Condition:
    """One ``until`` / ``expect`` condition: its text and how to test it on a state."""

    text: str
    kind: str
    arg: str = ""
    op: str = ""
    number: float = 0.0
    value: str | None = None
    negated: bool = False

    def fact(self) -> Fact | None:
        """The campaign condition atom this is, when there is one."""
        if self.kind == "scene":
            return Fact(in_scene=self.arg)
        if self.kind == "flag":
            if self.value is None:
                return Fact(flag=self.arg)
            return Fact(flag=self.arg, equals=_flag_value(self.value))
        if self.kind in ("passed", "failed", *FATES):
            return Fact.model_validate({self.kind: self.arg})
        if self.kind == "item":
            return Fact(has_item=self.arg)
        if self.kind == "fired":
            return Fact(happened=f"fired.{self.arg}")
        if self.kind == "score":  # (plain decimals: the comparison reads no exponent)
            number = f"{self.number:.6f}".rstrip("0").rstrip(".")
            return Fact(compare=f"{self.arg} {self.op} {number}")
        return None

    def holds(self, state: GameState) -> bool:
        """Whether the condition holds in ``state``."""
        return self._holds(state) != self.negated

    def _holds(self, state: GameState) -> bool:
        fact = self.fact()
        if fact is not None:
            return holds(fact, state)
        if self.kind == "ending":
            return state.ending == self.arg if self.arg else state.ending is not None
        if self.kind == "fight":
            return state.encounter is not None
        if self.kind == "hp":
            cid = _character(state, self.arg)
            return cid is not None and _OPS[self.op](state.party[cid].vitals.hp, self.number)
        raise ConditionError(f"cannot test {self.text!r}")

    def explain(self, state: GameState) -> str:
        """What the world shows instead, for a failed assertion's report."""
        if self.kind == "scene":
            return f"the party is in {state.scene.id}"
        if self.kind == "flag":
            set_ = ", ".join(f"{k}={v}" for k, v in sorted(state.flags.items())) or "none"
            return f"flags: {set_}"
        if self.kind == "ending":
            return f"ending: {state.ending or 'none reached'}"
        if self.kind == "fight":
            return "a fight is on" if state.encounter is not None else "no fight is on"
        if self.kind == "hp":
            cid = _character(state, self.arg)
            if cid is None:
                return f"nobody called {self.arg!r}"
            vitals = state.party[cid].vitals
            return f"{state.party[cid].name} has {vitals.hp}/{vitals.max_hp} HP"
        return "it does not hold"


def _flag_value(text: str) -> bool | int | str:
    low = text.strip().strip('"').strip("'")
    if low in ("true", "false"):
        return low == "true"
    try:
        return int(low)
    except ValueError:
        return low


def _character(state: GameState, name: str) -> str | None:
    key = name.lower()
    for cid, sheet in state.party.items():
        if key in (cid.lower(), sheet.name.lower(), sheet.name.split()[0].lower()):
            return cid
    return None


FATES = (
    "defeated",
    "killed",
    "surrendered",
    "fled",
    "spared",
    "bound",
    "executed",
    "present",
    "met",
    "visited",
    "judged",
)
"""Conditions on what became of a fight or a foe, and on the people and places met, as a
campaign's ``when`` writes them (``surrendered smugglers``, ``bound kesk``, ``met bree``)."""
ONE_ID = ("scene", "passed", "failed", "fired", "item", "ending", *FATES)


def parse_condition(text: str) -> Condition:
    """A condition from its words; :class:`ConditionError` says what was expected — also
    for one whose words read but whose value a campaign's condition cannot hold (a flag
    value too large, a number past any score), caught here rather than when it is run."""
    condition = _condition(text)
    try:
        condition.fact()
    except ValidationError as error:
        said = "; ".join(str(e.get("msg", "")) for e in error.errors())
        if condition.kind == "flag":
            said = "a flag's value is true, false, a whole number a save can hold, or a word"
        raise ConditionError(f"cannot use condition {text!r}: {said}") from None
    return condition


def _condition(text: str) -> Condition:
    words = text.strip()
    negated = False
    low = words.lower()
    if low.startswith("not "):
        negated, words = True, words[4:].strip()
        low = words.lower()
    if low in ("no ending", "no fight"):
        return Condition(text, low.split()[1], negated=not negated)
    if low in ("fight", "combat"):
        return Condition(text, "fight", negated=negated)
    head, _, rest = words.partition(" ")
    head, rest = head.lower(), rest.strip()
    if head in ONE_ID and rest and " " not in rest:
        return Condition(text, head, rest, negated=negated)
    if head == "ending" and not rest:
        return Condition(text, "ending", negated=negated)
    if head == "flag" and rest:
        name, eq, value = rest.partition("=")
        if name.strip() and " " not in name.strip():
            return Condition(text, "flag", name.strip(), value=value.strip() if eq else None,
                             negated=negated)  # fmt: skip
    if head in ("hp", "score"):
        match = _COMPARE.match(rest)
        if match:
            op = match.group(2)
            return Condition(text, head, match.group(1), op, float(match.group(3)),
                             negated=negated)  # fmt: skip
    raise ConditionError(
        f"cannot read condition {text!r}: use scene ID, flag NAME [= VALUE], ending ID, "
        "no ending, fight, no fight, hp CHARACTER OP N, passed ID, failed ID, fired ID, "
        "item ID, score KEY OP N (OP is one of < <= > >= == !=), or what became of a fight "
        "or a person: " + ", ".join(f"{k} ID" for k in FATES) + ", with 'not' in front of any"
    )


Kind = Literal["say", "repeat", "fight", "expect"]


@dataclass(frozen=True)
class Step:
    """One line of a script: what to do, who does it, and the condition it waits for or
    asserts."""

    number: int
    kind: Kind
    name: str = ""
    text: str = ""
    condition: Condition | None = None


UNTIL = re.compile(r"^(?P<action>.+?)\s+until\s+(?P<cond>.+)$", re.IGNORECASE)


def parse_step(number: int, line: str) -> Step | None:
    """A script line as a step (None for a blank line or a comment); :class:`ValueError`
    names what is wrong."""
    line = line.strip()
    if not line or line.startswith("#"):
        return None
    if FIGHT.match(line):
        return Step(number, "fight", text=line)
    low = line.lower()
    if low.startswith("expect "):
        return Step(number, "expect", text=line, condition=parse_condition(line[7:]))
    name, sep, text = line.partition(":")
    if not sep or not name.strip() or not text.strip():
        raise ValueError(
            f"expected 'Name: action', 'expect CONDITION' or 'fight until the combat ends', "
            f"got {line!r}"
        )
    action = text.strip()
    until = UNTIL.match(action)
    if until and not action.startswith("/"):
        try:
            condition = parse_condition(until["cond"])
        except ConditionError:
            condition = None  # "wait until dawn" is something a player says
        if condition is not None:
            return Step(number, "repeat", name.strip(), until["action"].strip(), condition)
    return Step(number, "say", name.strip(), action)


def unknown_ids(steps: list[Step], campaign: Campaign) -> list[str]:
    """``line N: no scene 'celar' — did you mean 'cellar'?`` for every condition naming
    something the campaign does not have: a script that waits for a misspelt flag would
    otherwise fail only after playing to the end."""
    known: dict[str, Collection[str]] = {
        "scene": campaign.scenes,
        "passed": campaign.challenges,
        "failed": campaign.challenges,
        "fired": {t.id for t in campaign.all_triggers},
        "item": campaign.items,
        "ending": {e.id for e in campaign.endings} | {"defeat"},
        "flag": flags_set(campaign),
        "hp": {c.id for c in campaign.characters}
        | {c.name.lower() for c in campaign.characters}
        | {c.name.split()[0].lower() for c in campaign.characters},
    }
    dims = campaign.events.dimensions
    scores = [*campaign.counters, *(f"{d}.{n}" for d in dims for n in campaign.npcs)]
    found = []
    for step in steps:
        condition = step.condition
        if condition is not None and condition.kind == "score" and condition.arg:
            if not known_key(campaign, condition.arg):  # (an unknown key reads as 0)
                found.append(f"line {step.number}: {missing('score', condition.arg, scores)}")
            continue
        if condition is None or condition.kind not in known or not condition.arg:
            continue
        name = condition.arg.lower() if condition.kind == "hp" else condition.arg
        if name not in known[condition.kind]:
            what = {"passed": "challenge", "failed": "challenge", "fired": "trigger",
                    "hp": "character"}.get(condition.kind, condition.kind)  # fmt: skip
            found.append(
                f"line {step.number}: {missing(what, condition.arg, known[condition.kind])}"
            )
    return found

"""The log of one simulated fight (``dungeon balance --log N``): small records the fight
appends as it goes — only when a log was asked for, so the thousands of fights a balance
run counts pay nothing for it — rendered to lines of text at the end, with every creature
called by its name.
"""

from __future__ import annotations

from dataclasses import dataclass

_TURN = "  "
_ACT = "    "


@dataclass(frozen=True, slots=True)
class Order:
    """Who acts in what order: rolled initiative, or the order a saved fight goes on in."""

    names: tuple[str, ...]
    rolls: tuple[int, ...]
    resumed: bool = False

    def text(self) -> str:
        if self.resumed:
            return "turn order, as the saved fight stands: " + ", ".join(self.names)
        pairs = (f"{name} {roll}" for name, roll in zip(self.names, self.rolls, strict=True))
        return "initiative: " + ", ".join(pairs)


@dataclass(frozen=True, slots=True)
class Round:
    number: int

    def text(self) -> str:
        return f"round {self.number}"


@dataclass(frozen=True, slots=True)
class Turn:
    """A fighter's turn begins."""

    who: str
    hp: int
    max_hp: int
    conditions: tuple[str, ...] = ()

    def text(self) -> str:
        held = f", {', '.join(self.conditions)}" if self.conditions else ""
        return f"{_TURN}{self.who} ({self.hp}/{self.max_hp} HP{held})"


@dataclass(frozen=True, slots=True)
class Note:
    """A plain event in a turn: stands up, cannot act, takes the Dodge action."""

    who: str
    what: str

    def text(self) -> str:
        return f"{_ACT}{self.who} {self.what}"


@dataclass(frozen=True, slots=True)
class Attack:
    """An attack roll against AC."""

    who: str
    target: str
    what: str
    natural: int
    total: int
    ac: int
    outcome: str
    """``hit``, ``miss`` or ``critical hit``."""
    mode: str = ""
    """``advantage`` or ``disadvantage`` when the roll had it."""

    def text(self) -> str:
        mode = f" with {self.mode}" if self.mode else ""
        return (
            f"{_ACT}{self.who} attacks {self.target} with {self.what}{mode}: "
            f"{self.total} (d20 {self.natural}) vs AC {self.ac} — {self.outcome}"
        )


@dataclass(frozen=True, slots=True)
class Damage:
    """Damage landed, and where it leaves the target."""

    target: str
    amount: int
    kind: str
    hp: int
    max_hp: int
    what: str = ""

    def text(self) -> str:
        source = f" ({self.what})" if self.what else ""
        return (
            f"{_ACT}  {self.amount} {self.kind} damage{source} to {self.target}: "
            f"{self.hp}/{self.max_hp} HP"
        )


@dataclass(frozen=True, slots=True)
class Uses:
    """A save-based action, a spell or a feature, and at whom."""

    who: str
    what: str
    targets: tuple[str, ...] = ()
    detail: str = ""

    def text(self) -> str:
        at = f" at {', '.join(self.targets)}" if self.targets else ""
        detail = f" ({self.detail})" if self.detail else ""
        return f"{_ACT}{self.who} uses {self.what}{detail}{at}"


@dataclass(frozen=True, slots=True)
class Save:
    """A saving throw against a DC."""

    who: str
    ability: str
    dc: int
    total: int
    success: bool
    auto_fail: str = ""

    def text(self) -> str:
        verdict = "success" if self.success else "failure"
        if self.auto_fail:
            return f"{_ACT}  {self.who}: {self.ability} save fails ({self.auto_fail})"
        return f"{_ACT}  {self.who}: {self.ability} save {self.total} vs DC {self.dc} — {verdict}"


@dataclass(frozen=True, slots=True)
class Recharge:
    """A spent action's recharge roll at the start of its turn."""

    who: str
    what: str
    rolled: int
    needed: str
    ready: bool

    def text(self) -> str:
        verdict = "ready again" if self.ready else "not yet"
        return (
            f"{_ACT}{self.who}'s {self.what} recharge ({self.needed}): d6 {self.rolled} — {verdict}"
        )


@dataclass(frozen=True, slots=True)
class Healed:
    target: str
    amount: int
    hp: int
    max_hp: int
    what: str

    def text(self) -> str:
        return (
            f"{_ACT}  {self.target} regains {self.amount} HP ({self.what}): "
            f"{self.hp}/{self.max_hp} HP"
        )


@dataclass(frozen=True, slots=True)
class Held:
    """A condition begins or ends."""

    who: str
    condition: str
    gained: bool

    def text(self) -> str:
        if self.gained:
            return f"{_ACT}  {self.who} is {self.condition}"
        return f"{_ACT}{self.who} is no longer {self.condition}"


@dataclass(frozen=True, slots=True)
class DeathSave:
    who: str
    natural: int
    outcome: str

    def text(self) -> str:
        return f"{_ACT}{self.who} makes a death save: d20 {self.natural} — {self.outcome}"


@dataclass(frozen=True, slots=True)
class Drops:
    who: str
    dead: bool

    def text(self) -> str:
        return f"{_ACT}  {self.who} drops" + (" dead" if self.dead else ", dying")


@dataclass(frozen=True, slots=True)
class Ended:
    winner: str
    rounds: int

    def text(self) -> str:
        if self.winner == "party":
            return f"the party wins in round {self.rounds}"
        if self.winner == "foes":
            return f"the party falls in round {self.rounds}"
        return f"no side has won by round {self.rounds}: the fight is called off"


Entry = (
    Order | Round | Turn | Note | Attack | Damage | Uses | Save | Recharge | Healed | Held
    | DeathSave | Drops | Ended
)  # fmt: skip
"""One record of a fight's log."""

FightLog = list[Entry]
"""What a fight appends to when a log is asked for."""


def render(log: FightLog) -> list[str]:
    """The fight's log as lines of text, as it happened."""
    return [entry.text() for entry in log]

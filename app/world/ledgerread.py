"""Reading a game's ledger: every event in order, from the finished turns' records and
the turn in progress, and the filters ``dungeon ledger`` offers."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from app.world.ledger import LedgerEvent, actor_of
from app.world.state import GameState


def all_events(state: GameState) -> Iterator[LedgerEvent]:
    """The whole ledger in order: each finished turn's events, then this turn's."""
    for record in state.history:
        yield from record.events
    yield from state.truth.fresh


@dataclass(frozen=True)
class LedgerFilter:
    """Which events to show (every field optional: ``None`` lets everything through)."""

    kinds: frozenset[str] | None = None
    actor: str | None = None
    scene: str | None = None
    turns: tuple[int, int] | None = None
    """First and last turn, both included."""
    last: int | None = None
    """Only the newest N of those that pass the other filters."""

    def admits(self, event: LedgerEvent) -> bool:
        """Whether ``event`` passes every filter but ``last``."""
        if self.kinds is not None and event.kind not in self.kinds:
            return False
        if self.actor is not None and (actor_of(event) or "").casefold() != self.actor:
            return False
        if self.scene is not None and event.scene != self.scene:
            return False
        return self.turns is None or self.turns[0] <= event.turn <= self.turns[1]

    def apply(self, events: Iterable[LedgerEvent]) -> list[LedgerEvent]:
        """The events that pass, in order."""
        kept = [e for e in events if self.admits(e)]
        return kept[-self.last :] if self.last is not None else kept


def event_line(event: LedgerEvent) -> str:
    """``seq turn scene kind: line``, as ``dungeon ledger`` prints one event."""
    return f"{event.seq:>5} {event.turn:>4} {event.scene} {event.kind}: {event.line()}"


def events_missing(state: GameState) -> str | None:
    """What of the game its ledger does not cover (turns played before games kept one),
    said for the author; ``None`` when it covers the whole game."""
    if state.truth.seq == 0:
        return "this save has no ledger: it was written before games kept one"
    found = next(all_events(state), None)
    if found is None:
        return "this save's ledger holds no events"
    first = found.turn
    early = [r.number for r in state.history if r.number < first and not r.events]
    if early:
        return (f"turns {early[0]}–{early[-1]} were played before games kept a ledger: "
                "their events are not in it")  # fmt: skip
    return None

"""The reaction queue: the turn stack *is* the queue.

Something happens that creatures may react to — a hit, a creature leaving reach, a spell
being cast, or anything the DM opens a window on. Every creature that may react is asked;
"no" answers drop out; each "yes" becomes a sibling **subturn** of what is being resolved:
``3.1``, ``3.2`` … under turn 3, and ``3.1.1`` for a Counterspell answering the
Counterspell of subturn ``3.1``. Numbers never restart within a turn: a second window in
turn 3 goes on at ``3.3``. Siblings resolve in order — timing rules first (a Counterspell
before the spell lands, Shield before the damage, Hellish Rebuke after it), then
initiative, then the order they were declared — and then the parent action resumes.

This module holds the data (kept in the game state, so a window that is open is visible to
every panel and goes back with a rolled-back turn); the rules of asking and resolving are
in :mod:`app.actions.reactions`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

SubturnStatus = Literal["pending", "resolving", "done", "lapsed"]
"""``pending``: declared, waiting its turn (or for the DM to adjudicate it); ``resolving``:
being resolved now (a window opened now nests under it); ``done``; ``lapsed``: it never
happened (its trigger was gone, or the DM's turn ended without resolving it)."""

MAX_SUBTURNS = 200
"""Reactions one turn may hold: far more than any fight produces, a bound on a bad save."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Subturn(_Model):
    """One declared reaction, resolved in its place in the turn stack."""

    id: str = Field(max_length=40)
    """``3.1``, ``3.1.1`` …: its parent's id, a dot, its place among its siblings."""
    reactor_id: str
    reactor_name: str
    kind: str
    """What the engine prices (``shield``, ``opportunity_attack`` …), or ``declared``: the
    player's own words, which the DM adjudicates in this subturn with its usual tools."""
    declared: str = Field(default="", max_length=500)
    """What the player said, or the engine's words for the reaction."""
    trigger: str = Field(default="", max_length=300)
    """What it answers: ``Goblin 1 hits Mira``."""
    by_dm: bool = False
    """The DM's own window (not one the engine opened inside a tool)."""
    status: SubturnStatus = "pending"
    outcome: str = Field(default="", max_length=300)
    """A few words on how it went, once it is done or lapsed."""


class Window(_Model):
    """A moment creatures may react to, while it is open and after."""

    parent: str = Field(max_length=40)
    """The turn or subturn it opened in: its reactions are that one's children."""
    trigger: str = Field(max_length=300)
    asking: str = ""
    """Who is being asked right now (a name), while the window is open."""
    open: bool = True
    by_dm: bool = False


class ReactionQueue(_Model):
    """This turn's windows and subturns (the previous turn's, until a new one opens)."""

    turn: int = Field(default=0, ge=0)
    """The turn these belong to; a window in a later turn starts afresh."""
    counters: dict[str, int] = Field(default_factory=dict)
    """Children numbered so far, by parent id: numbers never restart within a turn."""
    windows: list[Window] = Field(default_factory=list, max_length=MAX_SUBTURNS)
    subturns: list[Subturn] = Field(default_factory=list, max_length=MAX_SUBTURNS)
    resolving: list[str] = Field(default_factory=list, max_length=MAX_SUBTURNS)
    """Ids of the subturns being resolved, innermost last: a window opened now is the last
    one's child."""

    def start(self, turn: int) -> None:
        """Begin counting afresh when a window first opens in a new turn."""
        if turn != self.turn:
            self.turn = turn
            self.counters.clear()
            self.windows.clear()
            self.subturns.clear()
            self.resolving.clear()

    def parent(self) -> str:
        """Where a window opened now belongs: the subturn being resolved, or the turn."""
        return self.resolving[-1] if self.resolving else str(self.turn)

    def next_id(self, parent: str) -> str:
        """The next child number under ``parent``."""
        count = self.counters.get(parent, 0) + 1
        self.counters[parent] = count
        return f"{parent}.{count}"

    def get(self, subturn_id: str) -> Subturn | None:
        """A subturn of this turn by id."""
        return next((s for s in self.subturns if s.id == subturn_id), None)

    def pending(self, *, by_dm: bool | None = None) -> list[Subturn]:
        """Subturns declared and not yet resolved, in the order they resolve."""
        found = [s for s in self.subturns if s.status == "pending"]
        return found if by_dm is None else [s for s in found if s.by_dm == by_dm]

    def open_windows(self) -> list[Window]:
        """Windows open now (nested ones last)."""
        return [w for w in self.windows if w.open]

    def waiting_on_dm(self) -> list[Subturn]:
        """Declarations the engine cannot price, waiting for the DM to adjudicate them."""
        return [s for s in self.subturns if s.status == "pending" and s.kind == "declared"]

    def adjudicating(self) -> Subturn | None:
        """The declaration the DM is adjudicating now (the innermost one being resolved)."""
        for sid in reversed(self.resolving):
            entry = self.get(sid)
            if entry is not None and entry.kind == "declared" and entry.status == "resolving":
                return entry
        return None

    def take_up_next(self) -> Subturn | None:
        """Begin adjudicating the next declaration (unless one is under way already): it is
        ``resolving``, so a window its tools open nests beneath it. Returns it."""
        current = self.adjudicating()
        waiting = self.waiting_on_dm()
        if current is not None:  # a reaction to it comes first (a Counterspell's answer)
            waiting = [w for w in waiting if w.id.startswith(f"{current.id}.")]
        if not waiting:
            return current
        waiting[0].status = "resolving"
        self.resolving.append(waiting[0].id)
        return waiting[0]

    def finish(self, entry: Subturn, outcome: str, *, status: SubturnStatus = "done") -> None:
        """A subturn the DM adjudicated is over: ``done`` (or ``lapsed``), with how it went."""
        entry.status = status
        entry.outcome = outcome[:300]
        if entry.id in self.resolving:
            self.resolving.remove(entry.id)

    def lapse(self, subturn_id: str | None, why: str) -> None:
        """A queued reaction that will not happen (its target fell, its moment passed)."""
        entry = self.get(subturn_id) if subturn_id else None
        if entry is not None and entry.status in ("pending", "resolving"):
            entry.status = "lapsed"
            entry.outcome = why[:300]

    def settle(self, *, end_of_turn: bool = False) -> list[Subturn]:
        """After a tool: a priced reaction its caller never resolved did not happen. At the
        end of the DM's turn, declarations it never adjudicated lapse too, and no window
        stays open. Returns what lapsed."""
        gone = []
        for entry in self.subturns:
            left = entry.status == "pending" or (end_of_turn and entry.status == "resolving")
            if not left or (entry.kind == "declared" and not end_of_turn):
                continue
            entry.status = "lapsed"
            entry.outcome = "the DM's turn ended first" if end_of_turn else "its moment passed"
            gone.append(entry)
        if end_of_turn:
            for window in self.windows:
                window.open = False
            self.resolving.clear()
        return gone

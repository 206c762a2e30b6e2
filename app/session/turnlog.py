"""The turn log and the table's state in words: what the turn-log screen, ``/turns``,
``dungeon saves show --turns`` and the banner show. Reading only — the turn manager
itself is :mod:`app.session.hotseat`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from app.session import hotseat, presence
from app.world.state import GameState
from app.world.turnorder import Reason, TurnChange

REASON_WORDS: dict[Reason, str] = {
    "TURN_COMPLETE": "acted",
    "PASSED": "passed",
    "TIMEOUT": "timed out",
    "REMOVED": "left the table",
    "RECOVERY": "resumed after a break",
    "JOINED": "joined",
    "ROUND_START": "new round",
    "AWAY": "stepped away",
    "BACK": "came back",
    "SKIPPED": "turn passed (away)",
}
"""Each reason a turn changed, as the table would say it."""

SHOWN_AFTER = 60
"""Without a timer, the banner shows how long the player up has taken once it is this many
seconds."""

STATE_MARKS = {"done": "✓", "active": "▶", "waiting": "…", "away": "away"}
"""How the banner marks each player's state."""


def clock(seconds: int | None) -> str:
    """``0:42``, ``12:05`` or ``2:03:09``; ``—`` when nothing was timed."""
    if seconds is None:
        return "—"
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


@dataclass(frozen=True)
class LogRow:
    """One line of the turn log, in words."""

    turn: str
    at: str
    player: str
    what: str
    took: str
    next: str


def rows(history: list[TurnChange]) -> list[LogRow]:
    """The log, oldest first, as the table would read it."""
    return [
        LogRow(
            turn=str(change.turn),
            at=change.at.astimezone(UTC).strftime("%H:%M:%S"),
            player=change.player,
            what=REASON_WORDS.get(change.reason, change.reason.lower()),
            took=clock(change.seconds),
            next=change.next or "—",
        )
        for change in history
    ]


HEADINGS = LogRow("turn", "at (UTC)", "player", "what happened", "took", "next up")


def log_text(state: GameState) -> str:
    """The turn log as an aligned plain-text table (``/turns`` in the console,
    ``dungeon saves show NAME --turns``)."""
    lines = rows(state.turn_order.history)
    if not lines:
        return "No turns have changed hands yet."
    table = [(r.turn, r.at, r.player, r.what, r.took, r.next) for r in [HEADINGS, *lines]]
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    return "\n".join(
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
        for row in table
    )


def table_line(state: GameState, now: datetime | None = None) -> str:
    """Everyone's state at a glance, for the banner: ``Ana ✓ · Ben ▶ 0:42 left · Cy away``
    — the player up with, under a turn timer, the time left; without one, the time spent
    once it passes a minute (a quick turn needs no clock). Empty for one player (the
    banner already says it all)."""
    if len(state.players) < 2:
        return ""
    order = state.turn_order
    parts = []
    for player, where in presence.player_states(state).items():
        part = f"{player} {STATE_MARKS[where]}"
        spent = hotseat.elapsed(state, now) if where == "active" else None
        if spent is not None:
            if order.timer_seconds:
                part += f" {clock(max(0, order.timer_seconds - spent))} left"
            elif spent >= SHOWN_AFTER:
                part += f" {clock(spent)}"
        parts.append(part)
    return " · ".join(parts)

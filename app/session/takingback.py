"""Taking turns back at the table: ``/undo``, ``/redo`` and ``/rewind [N]`` as the players
type them, for every front end.

A request is read and checked first (:func:`request`), so the table is never asked to agree
to something that cannot happen; in a game of several players the front end then asks
everyone else at the table (:func:`confirmers`, :func:`wish`) and only then carries it out
(:func:`carry_out`). The mechanics are :mod:`app.session.rewinding`'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from app.session import hotseat, presence, rewinding
from app.session.rewinding import Rewound
from app.session.session import GameSession

Kind = Literal["undo", "redo", "rewind"]

WORDS: dict[str, Kind] = {"undo": "undo", "redo": "redo", "rewind": "rewind"}
"""The slash commands (without the slash) this module answers."""


@dataclass(frozen=True)
class Request:
    """A checked request to take turns back (or bring them back)."""

    kind: Kind
    what: str
    """What it takes back or brings back, as the table reads it: ``turn 12 (Mira: I pick
    the lock)``, ``turns 9–12``."""
    turn: int | None = None
    """``/rewind N``: the story turn to go back to before."""
    declarations_only: bool = False
    """Nothing was played yet this round: only what was declared in it is taken back."""

    @property
    def verb(self) -> str:
        """``take back``, ``bring back``."""
        return "bring back" if self.kind == "redo" else "take back"


def spans(turns: list[int]) -> str:
    """``1–5, 9, 12–14``: turn numbers as runs."""
    runs: list[list[int]] = []
    for turn in sorted(set(turns)):
        if runs and turn == runs[-1][-1] + 1:
            runs[-1].append(turn)
        else:
            runs.append([turn])
    return ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


def points_text(session: GameSession) -> str:
    """What ``/rewind`` with no turn says: the turns one can go back to before."""
    points = rewinding.rewind_points(session)
    if not points:
        return "There is no turn to go back to yet."
    return (
        f"/rewind N goes back to before turn N. Turns you can go back to before: {spans(points)}."
    )


def _withdrawn(session: GameSession) -> str:
    """Declared actions not yet played go too (they were declared in the world taken back)."""
    pending = session.state.pending
    if not pending:
        return ""
    names = ", ".join(session.state.name_of(a.character_id) for a in pending)
    return f" The actions declared since ({names}) are withdrawn too."


def request(session: GameSession, word: str, rest: str = "") -> Request | Rewound:
    """Read ``/undo``, ``/redo`` or ``/rewind [N]``: the request, or why it cannot be."""
    problem = rewinding.why_not(session)
    if problem:
        return Rewound(problem, False)
    state = session.state
    timeline = session.timeline
    kind = WORDS[word]
    if kind == "undo" and rest.strip():  # "/undo 3": said plainly, not one turn taken
        return Rewound("/undo takes back the last turn and takes no number: to go back to "
                       f"before turn N, /rewind N. {points_text(session)}", False)  # fmt: skip
    if kind == "redo" and rest.strip() and rest.strip().lower() != "all":
        return Rewound("/redo brings back one undo, /redo all every one.", False)
    if kind == "undo":
        point = rewinding.undo_point(session)
        if point is None:
            return Rewound("There is no turn to take back.", False)
        if point.turn == state.turn:
            what = f"the actions declared this round ({rewinding.declared(state)})"
            return Request("undo", what, declarations_only=True)
        return Request("undo", rewinding.span(state, point))
    if kind == "redo":
        everything = rest.strip().lower() == "all"
        point = rewinding.redo_point(session, everything=everything)
        if point is None:
            return Rewound("There is nothing to bring back.", False)
        first, target = state.turn + 1, point.turn
        what = f"turn {first}" if first == target else f"turns {first}–{target}"
        return Request("redo", what, target if everything else None)
    text = rest.strip().removeprefix("turn").strip()
    if not text:
        return Rewound(points_text(session), False)
    if not text.isdecimal() or len(text) > 9:  # ("/rewind ²", a number past any game)
        example = "/rewind takes a turn number, e.g. /rewind 3."
        return Rewound(f"{example} {points_text(session)}", False)
    turn = int(text)
    point = timeline.at(turn - 1)
    if point is None or point.turn >= state.turn:
        ahead = " (it is not played yet)" if turn > state.turn else ""
        return Rewound(
            f"The game cannot go back to before turn {turn}{ahead}. {points_text(session)}", False
        )
    return Request("rewind", rewinding.span(state, point), turn)


def confirmers(session: GameSession, asking: str | None) -> list[str]:
    """Who must agree, in seating order (nobody in a game of one)."""
    return rewinding.who_confirms(session, asking)


def asker(session: GameSession, holder: str | None = None) -> str | None:
    """Who is asking: the player at the keyboard, else the one whose turn it is — and once
    the story is over, when nobody passes the keyboard on, the one the screen shows as up."""
    up = presence.player_up(session.state)
    if session.state.ending is not None and up is not None:
        return up
    return holder or up


def wish(session: GameSession, asking: str | None, req: Request) -> str:
    """What the table is told: ``Ana wants to take back turn 12 (Mira: I pick the lock).``"""
    who = asking or "Someone"
    also = "" if req.declarations_only else _withdrawn(session)
    return f"{who} wants to {req.verb} {req.what}.{also}"


def declined(names: list[str], req: Request | None = None) -> str:
    """A "no" cancels: the table is told who declined."""
    who = " and ".join(names)
    done = "brought back" if req is not None and req.kind == "redo" else "taken back"
    return f"{who} declined: nothing was {done}."


def carry_out(session: GameSession, req: Request) -> Rewound:
    """Do it (everyone agreed, or a game of one)."""
    withdrawn = _withdrawn(session)
    if req.kind == "undo":
        done = rewinding.undo(session)
    elif req.kind == "redo":
        done = rewinding.redo(session, everything=req.turn is not None)
    else:
        assert req.turn is not None
        done = rewinding.rewind(session, req.turn)
    if done.ok:  # the turn taken back to was timed long ago: its clock starts again now
        session.state.turn_order.resume_clock(hotseat.now())
    if done.ok and withdrawn and req.kind != "redo" and not req.declarations_only:
        return Rewound(done.text + withdrawn)
    return done

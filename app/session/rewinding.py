"""``/undo``, ``/redo`` and ``/rewind``: what each does to a session, in words a player reads.

The mechanics live in :mod:`app.session.timeline`; this module picks the checkpoint, says
what was taken back, and leaves the session ready for the players (the DM is briefed
afresh: its last context told of a world that no longer is). Asking the table first, in a
game of several players, is the front end's part: :func:`who_confirms` says who must agree.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.saves import SaveError
from app.saves.names import StaleCheckpoint
from app.session.fate import FATE_NOTE
from app.session.reloading import misfits
from app.session.session import GameSession
from app.session.timeline import CannotGoBack, Checkpoint, restore
from app.world.state import GameState


@dataclass(frozen=True)
class Rewound:
    """What a rewind did: the words for the players, and whether it happened."""

    text: str
    ok: bool = True


def label(state: GameState, turn: int) -> str:
    """A turn as the players know it: its number and what was done."""
    for record in reversed(state.history):
        if record.number == turn:
            done = "; ".join(a for a in record.actions if a != "(no player action)")
            return f"turn {turn}" + (f" ({_clip(done)})" if done else "")
        if record.number < turn:
            break
    return f"turn {turn}"


def _clip(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def why_not(session: GameSession) -> str:
    """Why nothing can be taken back right now (empty when it can)."""
    if session.busy:
        return "Wait until the DM has answered."
    return ""


def _go(session: GameSession, point: Checkpoint) -> None:
    before = session.state
    session.replace_state(_restored(session, point))
    session.timeline.restored_to = point.turn
    if session.timeline.undone_from is None:
        session.timeline.undone_from = before.turn


def _restored(session: GameSession, point: Checkpoint) -> GameState:
    """The game at ``point``, on the campaign the game is played with now: a checkpoint
    taken before the campaign file was reloaded (``--watch``) is joined to the new version,
    and refused — the story left as it was — when it does not fit it."""
    state = session.state
    length = len(state.history)
    back = restore(state, point, session.load_checkpoint)
    campaign = back.campaign
    reasons = misfits(back, campaign) if campaign is not None else []
    if reasons:
        story = state.history
        if len(story) < length:  # what restore cut goes back, as if nothing happened
            story.restore_cut(length - len(story))
        elif len(story) > length:
            story.cut(length, keep=True)
        raise CannotGoBack(
            f"turn {point.turn} was played with an earlier version of the campaign, "
            f"and does not fit this one: {reasons[0]}"
        )
    return back


def undo(session: GameSession) -> Rewound:
    """Take back the last turn (and, in a fight, the foes' turns after it)."""
    problem = why_not(session)
    if problem:
        return Rewound(problem, False)
    point = undo_point(session)
    if point is None:
        return Rewound("There is no turn to take back.", False)
    if point.turn == session.state.turn:  # nothing played yet: the round's declarations go
        names = declared(session.state)
        _go(session, point)
        return Rewound(f"Withdrew the actions declared this round ({names}).")
    while True:
        try:
            return _rewind_to(session, point, "Took back", stale=True)
        except StaleCheckpoint:  # of turns played another way since: set aside, and the
            session.timeline.forget(point)  # one before it is where the undo goes
        point = session.timeline.before(session.state.turn)
        if point is None:
            return Rewound("There is no turn to take back: each checkpoint kept belongs to "
                           "another game, and was set aside.", False)  # fmt: skip


def undo_point(session: GameSession) -> Checkpoint | None:
    """Where ``/undo`` goes: the checkpoint before the last turn — or, before any turn
    was played, where this round began (taking back what was declared in it)."""
    state = session.state
    point = session.timeline.before(state.turn)
    if point is None and state.pending:
        point = session.timeline.at(state.turn)
    return point


def declared(state: GameState) -> str:
    """Who has declared an action this round: ``Mira, Thorin``."""
    return ", ".join(state.name_of(a.character_id) for a in state.pending)


def rewind(session: GameSession, turn: int) -> Rewound:
    """Go back to before ``turn`` (a turn of the story history)."""
    problem = why_not(session)
    if problem:
        return Rewound(problem, False)
    point = session.timeline.at(turn - 1)
    if point is None or point.turn >= session.state.turn:
        return Rewound(
            f"The game cannot go back to before turn {turn}: no checkpoint is kept there.", False
        )
    return _rewind_to(session, point, "Took back")


def span(state: GameState, point: Checkpoint) -> str:
    """What going back to ``point`` takes back: ``turn 12 (Mira: I pick the lock)`` or
    ``turns 9–12 (Mira: I attack the rat; Thorin: I shove it)``."""
    first, last = point.turn + 1, state.turn
    if first == last:
        return label(state, first)
    done: list[str] = []
    for record in reversed(state.history):
        if record.number < first:
            break
        if record.number <= last:  # the players' actions (a foe's turn has none)
            done[:0] = [a for a in record.actions if ": " in a]
    said = f" ({_clip('; '.join(done))})" if done else ""
    return f"turns {first}–{last}{said}"


def _rewind_to(
    session: GameSession, point: Checkpoint, verb: str, *, stale: bool = False
) -> Rewound:
    """Go back to ``point``; with ``stale``, a checkpoint of another branch of the story
    is raised (:class:`StaleCheckpoint`) for the caller to pass over."""
    labels = span(session.state, point)
    taken = played(session.state, point.turn + 1)
    try:
        _go(session, point)
    except StaleCheckpoint:
        if stale:
            raise
        return Rewound(f"Could not go back: the checkpoint of turn {point.turn} is of turns "
                       "played another way since, so it was not used", False)  # fmt: skip
    except (CannotGoBack, SaveError, OSError) as error:
        return Rewound(f"Could not go back: {error}", False)
    session.state.taken_back = taken
    return Rewound(
        f"{verb} {labels}. {FATE_NOTE} /redo brings it all back until a new turn is played."
    )


def played(state: GameState, turn: int) -> list[str]:
    """The players' actions of ``turn`` as the story recorded them (none for a foe's)."""
    for record in reversed(state.history):
        if record.number == turn:
            return [a for a in record.actions if a != "(no player action)"]
        if record.number < turn:
            break
    return []


def redo_point(session: GameSession, *, everything: bool = False) -> Checkpoint | None:
    """Where a redo goes: the next checkpoint forward (one undo undone), or with
    ``everything`` back to where the first undo or rewind began; ``None`` when nothing
    was taken back (or a new turn has been played since)."""
    target = session.timeline.undone_from
    now = session.state.turn
    if target is None or target <= now:
        return None
    if everything:
        return session.timeline.at(target)
    ahead = [c for c in session.timeline.entries if now < c.turn <= target]
    return ahead[0] if ahead else None


def redo(session: GameSession, *, everything: bool = False) -> Rewound:
    """Undo the last undo (or, with ``everything``, every undo and rewind since the last
    new turn): possible until a new turn is played."""
    problem = why_not(session)
    if problem:
        return Rewound(problem, False)
    point = redo_point(session, everything=everything)
    if point is None:
        return Rewound("There is nothing to bring back.", False)
    try:
        session.replace_state(_restored(session, point))
    except (CannotGoBack, SaveError, OSError) as error:
        return Rewound(f"Could not bring it back: {error}", False)
    session.timeline.restored_to = point.turn
    target = session.timeline.undone_from
    if point.turn == target:
        session.timeline.undone_from = None
        return Rewound(f"Brought back the turns up to turn {point.turn}.")
    return Rewound(
        f"Brought back the turns up to turn {point.turn}. /redo again for the next, "
        f"/redo all for every one up to turn {target}."
    )


def rewind_points(session: GameSession) -> list[int]:
    """The turns of the story the game can go back to before (the story screen offers
    them)."""
    now = session.state.turn
    return [c.turn + 1 for c in session.timeline.usable() if c.turn < now]


def who_confirms(session: GameSession, asking: str | None) -> list[str]:
    """The players who must agree before turns are taken back: everyone at the table but
    the one asking (nobody in a game of one)."""
    players = [p for p in session.state.players if p not in session.state.turn_order.away]
    if len(session.state.players) <= 1:
        return []
    return [p for p in players if p != asking]

"""``/reroll``: the last turn told again — the same dice, the same results, other words.

Nothing in the world moves: no die is drawn (the DM is offered no tools), hit points,
flags, the log and the turn number stay as they are. Only the story's last record gets the
new telling (:meth:`~app.world.chronicle.Chronicle.replace_last`), so the next save writes
it. Tokens a language model spends on it are counted: they were paid for.

A failed call (network, timeout, an empty answer) keeps the old telling and says so; the
game goes on as if nothing was asked.
"""

from __future__ import annotations

import re
from collections.abc import AsyncGenerator
from contextlib import aclosing

from app.actions.events import ErrorEvent, NarrativeChunk, SessionEvent, TurnRetold, Usage
from app.dm.brain import BrainError, BrainReply, TextDelta
from app.dm.claims import Backing, ClaimFilter
from app.dm.cleanup import ReplyCleaner
from app.dm.prompts import UNROLLED_LEFT_OUT
from app.dm.retell import Reteller, TurnTold, retell_messages
from app.dm.safety import NarrationFilter, scrub
from app.dm.textcalls import CallFilter
from app.session.holding import OutcomeWatch
from app.session.session import GameSession, describe_error
from app.world.turnrecord import TurnRecord

KEPT = "the turn keeps the telling it had"


def _backing(record: TurnRecord) -> Backing:
    """The numbers a retelling may name: those of the turn's rolls and of its telling as
    first shown (which passed the same check)."""
    said = " ".join([*record.rolls, record.narrative])
    return Backing.of(int(n) for n in re.findall(r"\d{1,4}", said))


def _watch(session: GameSession, record: TurnRecord) -> OutcomeWatch:
    """The watch a retelling passes: the turn's own results (known in this sitting) and the
    state as it stands, as narration that outruns them is held in a turn. Told again, a
    contradicting sentence is never shown (there is nobody to ask to tell it better)."""
    watch = OutcomeWatch(session.state, active=True)
    told = session.last_told
    watch.results = list(told.results) if told is not None and told.record is record else []
    watch.outcomes_asked = watch.fates_asked = True
    return watch


def why_not(session: GameSession) -> str:
    """Why the last turn cannot be told again right now (empty when it can)."""
    if session.busy:
        return "Wait until the DM has answered."
    story = session.state.history
    if not story:
        return "There is no turn to tell again yet: play one first."
    if not story[-1].narrative.strip():
        return f"Turn {story[-1].number} has no telling to tell again."
    return ""


async def retell(session: GameSession, asked_by: str = "") -> AsyncGenerator[SessionEvent, None]:
    """Tell the story's last turn again: the new narration as ``narrative_chunk``s, then
    ``turn_retold`` — or a recoverable ``error`` after which the old telling stands. The
    new words pass the table's safety filter like any narration."""
    veil = NarrationFilter(session.safety_topics)
    async with aclosing(_retell(session, asked_by)) as told:
        async for event in told:
            for shown in veil.through(event):
                yield shown
    rest = veil.finish()
    if rest:
        yield NarrativeChunk(text=rest)


async def _retell(session: GameSession, asked_by: str) -> AsyncGenerator[SessionEvent, None]:
    problem = why_not(session)
    if problem:
        yield ErrorEvent(message=problem, recoverable=True)
        return
    state = session.state
    record = state.history[-1]
    dice = state.rng_state()
    turn = state.turn
    usage = Usage()
    text = ""
    session.busy = True
    try:
        if isinstance(session.brain, Reteller):
            text = session.brain.retell(record, state.seed) or ""
            if not text.strip():
                yield ErrorEvent(
                    message=f"The DM has no other words for turn {record.number}; {KEPT}.",
                    recoverable=True,
                )
                return
            yield NarrativeChunk(text=text)
        else:
            request = retell_messages(state, record, session.last_told)
            session.last_messages = request  # what the prompt inspector shows
            reply: BrainReply | None = None
            clean, shown = ReplyCleaner(), CallFilter()
            claims = ClaimFilter(_backing(record))  # the turn's own numbers, and no others
            watch = _watch(session, record)  # its results and fates too
            hold = watch.hold(offered=False)
            said: list[str] = []
            async for item in session.brain.stream(request, None):  # no tools: no dice
                if isinstance(item, TextDelta):
                    visible = hold.feed(claims.feed(shown.feed(clean.feed(item.text))))
                    if visible:
                        said.append(visible)
                        yield NarrativeChunk(text=visible)
                else:
                    reply = item
            if reply is not None:
                usage = reply.usage
            # A tool call (in the protocol or written as text) is ignored: its text is kept.
            tail = claims.feed(shown.feed(clean.finish()))
            _, rest = shown.finish(session.current.tools.names)
            tail += claims.feed(rest) + claims.finish()
            tail = hold.feed(tail) + hold.finish()
            tail += watch.settle(hold.held, called=True, can_ask=False).shown
            if tail:
                said.append(tail)
                yield NarrativeChunk(text=tail)
            text = "".join(said).strip()
            unbacked = bool(claims.held.strip())  # dice or amounts the turn never had
            if unbacked and text:
                yield NarrativeChunk(text=f" {UNROLLED_LEFT_OUT}")
            if reply is None or not text:
                why = ": it named rolls or amounts the game never made" if unbacked else ""
                yield ErrorEvent(message=f"The DM gave no new telling{why}; {KEPT}.",
                                 recoverable=True)  # fmt: skip
                return
    except BrainError as error:
        yield ErrorEvent(message=f"{error.message} — {KEPT}", recoverable=True)
        return
    except Exception as error:  # a retelling must never take the game down
        yield ErrorEvent(message=f"the retelling failed ({describe_error(error)}) — {KEPT}")
        return
    finally:
        session.busy = False
        _count(session, usage)
    if state.rng_state() != dice or state.turn != turn or session.state is not state:
        # Nothing may move; a brain that moved something anyway is not believed.
        state.restore_rng(dice)
        yield ErrorEvent(message=f"the retelling changed the game — {KEPT}")
        return
    retold = record.model_copy(
        update={
            "narrative": scrub(text, session.safety_topics()),
            "retold": record.retold + 1,
            "usage": record.usage.plus(usage),
        }
    )
    state.history.replace_last(retold)
    told = session.last_told
    if told is not None and told.record is record:
        session.last_told = TurnTold(retold, told.messages, told.built, told.results)
    yield TurnRetold(turn=record.number, times=retold.retold, asked_by=asked_by, usage=usage)


def _count(session: GameSession, usage: Usage) -> None:
    """Tokens spent telling the turn again were paid for: they count in the totals."""
    if usage.tokens or usage.calls:
        session.total_usage = session.total_usage.plus(usage)
        session.state.usage = session.state.usage.plus(usage)


def asking_line(session: GameSession, asked_by: str = "") -> str:
    """What the table reads when someone asks: ``Ana asks for turn 6 to be told again.``"""
    story = session.state.history
    what = f"turn {story[-1].number}" if story else "the last turn"
    if not asked_by:
        return f"↻ Telling {what} again — the same dice, in other words."
    return f"↻ {asked_by} asks for {what} to be told again — the same dice, in other words."


def retold_line(event: TurnRetold) -> str:
    """What the table reads after the new telling."""
    times = "once" if event.times == 1 else "twice" if event.times == 2 else f"{event.times} times"
    asked = f", as {event.asked_by} asked" if event.asked_by else ""
    return f"↻ Turn {event.turn} retold ({times}{asked}); nothing in the world changed."

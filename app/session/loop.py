"""The DM tool loop: call the brain, run its tool calls through the rules, feed the results
back, and repeat — at most ``MAX_TOOL_ROUNDS`` times — until it narrates.

A reply's calls run in order until one is refused; the ones after it are not run, and the
DM is told so (:data:`NOT_RUN`). Text streams to the players as it arrives, cleaned of
reasoning and chat-template tokens, unless a reply opens like a tool call written as text
(common with local models); such replies are held back, parsed, and their calls run. A
reply runs a bounded number of calls and a check is rolled once a turn
(:mod:`app.actions.guard`). A brain that may invent numbers (``may_invent_rolls``) has
narration that claims unrolled dice held back and is asked, once a turn, to resolve them
with a tool (:mod:`app.dm.claims`); and its narration cannot outrun the dice: words that
tell an outcome or a creature's fate wait for the results of the reply's calls, and what
the results or the state contradict is not shown (:mod:`app.session.holding`).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable

from app.actions.calls import ToolCall
from app.actions.events import NarrativeChunk, SessionEvent, Usage
from app.actions.guard import TurnGuard, left_out_notice
from app.actions.registry import ToolSet
from app.dm import prompts
from app.dm.brain import Brain, BrainReply, Message, TextDelta, reads_prompt
from app.dm.claims import Backing, ClaimFilter
from app.dm.cleanup import ReplyCleaner
from app.dm.outcomes import Result
from app.dm.textcalls import CallFilter
from app.session.holding import OutcomeWatch, Settled
from app.world.state import GameState
from rules.damage import Vitals

MAX_TOOL_ROUNDS = 5
MAX_NARRATION = 12_000
"""Characters of narration shown in one turn (a long scene is under 3,000). A model that
runs on — repeating itself, or dumping a document — is cut here: the players read a note,
the story keeps the same, and the reply is read to its end only for its tool calls."""
CUT_NOTE = "\n\n(…the DM's reply ran on far too long and was cut here.)"
NOT_RUN = (
    "not run: the {name} call before it in this reply was refused, and what follows a "
    "refused call may depend on it; correct that call, then make this one again if it "
    "still applies"
)
"""The result of each call after a refused one in the same reply. A reply's calls are a
plan: an attack refused for a wrong id followed by ``end_turn`` must not end the player's
turn with no blow struck."""

Between = Callable[[GameState], tuple[list[SessionEvent], list[str]]]
"""Run after each round of tool calls (the event system's immediate triggers): the events
to show the players, and what the DM is told happened (added to the round's last result)."""


class TurnFailed(Exception):
    """The DM could not produce a usable turn; the session rolls the turn back."""


class LoopReport:
    """What the loop learned, read by the session after the events are consumed."""

    def __init__(self) -> None:
        self.usage = Usage()
        self.narrative: list[str] = []
        self.rounds = 0
        self.tool_calls = 0
        self.left_out = 0
        """Tool calls the DM asked for beyond the limits (not run)."""
        self.claims_nudged = False
        """The DM was asked to roll what it had narrated without a tool."""
        self.reactions_nudged = False
        """The DM was asked to resolve the reactions declared and still waiting."""
        self.shown = 0
        """Characters of narration shown this turn (see :data:`MAX_NARRATION`)."""
        self.results: list[Result] = []
        """The turn's rolls that succeeded or failed (a retelling is held to them too)."""

    def within(self, text: str) -> str:
        """What of ``text`` may still be shown this turn: all of it until the turn's
        narration reaches :data:`MAX_NARRATION`, then the note that it was cut, once."""
        if self.shown > MAX_NARRATION:  # cut already
            return ""
        room = MAX_NARRATION - self.shown
        if len(text) <= room:
            self.shown += len(text)
            return text
        self.shown = MAX_NARRATION + 1
        return text[:room] + CUT_NOTE


async def tool_loop(
    brain: Brain,
    tools: ToolSet,
    messages: list[Message],
    state: GameState,
    report: LoopReport,
    between: Between | None = None,
) -> AsyncIterator[SessionEvent]:
    """Run one turn's conversation with the DM, yielding events as they happen; after each
    round of tool calls, ``between`` reacts to what they changed."""
    nudged = False
    narrated = False  # has the DM said anything since the last tool results?
    guard = TurnGuard()
    watch_claims = bool(getattr(brain, "may_invent_rolls", False))
    # Every number the engine stands behind: hit points as they are, and this turn's results
    # — gathered only for a brain whose narration is checked against them.
    backed = Backing(
        hp={n for v in _all_vitals(state) for n in (v.hp, v.max_hp)} if watch_claims else set()
    )
    watch = OutcomeWatch(state, active=watch_claims)  # outcomes and fates told ahead of the dice
    report.results = watch.results  # (one list: what the watch sees, the report keeps)
    strict = bool(getattr(brain, "strict_tools", False))  # its server checks strict schemas
    reading = reads_prompt(brain)  # schemas are built only for a brain that reads them
    rounds = int(getattr(brain, "tool_rounds", MAX_TOOL_ROUNDS))  # (the referee's own plan
    # follows a line's clauses, one round each, and several players' lines at a table)
    for round_no in range(rounds + 1):
        last_round = round_no == rounds or guard.spent
        if last_round:
            messages.append({"role": "user", "content": prompts.NARRATE_NOW})
        report.rounds = round_no + 1
        reply: BrainReply | None = None
        clean = ReplyCleaner()  # reasoning and template tokens never reach the players
        shown = CallFilter()
        claims = ClaimFilter(backed, active=watch_claims)
        gap = "\n\n" if report.narrative else ""  # keep each round's words apart
        offered = None if last_round else tools.schemas(state, strict=strict) if reading else []
        hold = watch.hold(offered=offered is not None)
        async for item in brain.stream(messages, offered):
            if isinstance(item, TextDelta):
                visible = hold.feed(claims.feed(shown.feed(clean.feed(item.text))))
                visible = report.within(visible)
                if visible.strip() or (visible and not gap):
                    yield NarrativeChunk(text=gap + visible)
                    gap = ""
            else:
                reply = item
        if reply is None:
            raise TurnFailed("the DM's reply ended without a result")
        report.usage = report.usage.plus(reply.usage)
        # Calls written as text are run (or, on the last round, at least kept out of sight).
        visible = claims.feed(shown.feed(clean.finish()))
        found, tail = shown.finish(tools.names)
        visible += claims.feed(tail) + claims.finish()
        visible = report.within(hold.feed(visible) + hold.finish())
        if visible.strip():
            yield NarrativeChunk(text=gap + visible)
            gap = ""
        said = shown.shown.strip()  # what the DM wrote, for its own record
        if len(said) > MAX_NARRATION:  # kept as shown: the story, and the DM's own record
            said = said[:MAX_NARRATION] + CUT_NOTE
        # The reply as the players have read it so far: the rest is held back (dice claimed
        # without a roll, outcomes and fates told before the results).
        record = shown.shown[: len(shown.shown) - len(hold.held) - len(claims.held)]
        calls: list[ToolCall] = [] if last_round else list(reply.tool_calls) or found
        ask_claims = bool(claims.held) and not calls and not last_round
        ask_claims = ask_claims and not report.claims_nudged
        note = ""
        if not calls:  # nothing more runs in this reply: what it holds is settled now
            # Claims about to be asked about wait for the answer; asked once already (or no
            # tools left), they are left out: players never read a roll that was not made.
            unbacked = "" if ask_claims else claims.held
            pending = hold.held + ("" if unbacked.strip() else unbacked)
            settled = watch.settle(pending, called=False, can_ask=not last_round)
            told, gap, record = _release(settled, report, gap, record)
            if unbacked.strip() and not record.strip() and not report.narrative:
                told.append(NarrativeChunk(text=gap + prompts.UNROLLED_LEFT_OUT))
                record, gap = prompts.UNROLLED_LEFT_OUT, ""
            for event in told:
                yield event
            note = settled.note
            if record.strip():
                report.narrative.append(_capped(record.strip()))
                narrated = True
            elif said and not ask_claims and not note:
                narrated = True  # it spoke, and what it said was dropped: the turn is told
        if ask_claims or note:
            # Dice narrated that were never rolled, or a fate the state says otherwise: what
            # is held back nobody has read yet. Ask once.
            report.claims_nudged = report.claims_nudged or ask_claims
            unrolled = "; ".join(f"“{c}”" for c in claims.claims[:3])
            read = " ".join(record.split())
            shown_so_far = (prompts.SHOWN_UP_TO.format(read=read if len(read) < 160 else
                            f"…{read[-150:]}") if read else prompts.NOTHING_SHOWN)  # fmt: skip
            asks = (
                [prompts.UNROLLED.format(claims=unrolled, shown=shown_so_far)] if ask_claims else []
            )
            asks += [note] if note else []
            messages.append({"role": "assistant", "content": said})
            messages.append({"role": "user", "content": "\n\n".join(asks)})
            continue
        if claims.held and calls:
            said = said.removesuffix(claims.held.strip()).strip()  # superseded by the tools
        waiting = _waiting_reactions(state)
        if not calls and waiting and not last_round and not report.reactions_nudged:
            # A declaration must not vanish silently: ask once, the words already shown.
            report.reactions_nudged = True
            messages.append({"role": "assistant", "content": said})
            messages.append(
                {"role": "user", "content": prompts.REACTIONS_PENDING.format(pending=waiting)}
            )
            narrated = False
            continue
        if not calls:
            if narrated:
                return
            if last_round and reply.tool_calls:  # told to narrate, it asked for tools again
                raise TurnFailed(
                    "the DM used up what a turn allows (tool calls or rounds of them) and, "
                    "told to say what happened, asked for more tools instead"
                )
            if nudged or last_round:
                raise TurnFailed("the DM returned an empty reply")
            nudged = True
            messages.append({"role": "assistant", "content": ""})
            messages.append({"role": "user", "content": prompts.EMPTY_REPLY})
            continue
        answered, left_out = guard.split(calls)
        report.left_out += left_out
        messages.append(
            {
                "role": "assistant",
                "content": said,  # a string, "" when nothing was said: never null
                "tool_calls": [c.as_message_part() for c in answered],
            }
        )
        results: list[dict[str, object]] = []
        refused: str | None = None
        for call in answered:
            if refused is not None:  # the calls after a refused one wait for its fix
                results.append({"error": NOT_RUN.format(name=refused)})
                continue
            repeat = guard.refusal(call)  # done already this turn: its result stands
            outcome = repeat or tools.execute(call, state)
            guard.record(call, outcome)
            report.tool_calls += 1
            if repeat is None and not outcome.ok:
                refused = call.name
            for event in outcome.events:
                if watch_claims:  # what narration is checked against (see ``backed``)
                    backed.add_event(event)
                    watch.see(event)
                yield event
            if watch_claims:
                backed.add_result(outcome.result)
            results.append(dict(outcome.result))
        if left_out:
            results[-1]["notice"] = left_out_notice(left_out)
        if between is not None:
            # What the calls set off happens now, before the DM narrates: it reads it here.
            happened, world = between(state)
            for event in happened:
                yield event
            if world:
                results[-1]["world"] = world
        # The words that came with the calls, held until their results were in.
        settled = watch.settle(hold.held, called=True, can_ask=True)
        told, gap, record = _release(settled, report, gap, record)
        for event in told:
            yield event
        if record.strip():
            report.narrative.append(_capped(record.strip()))
        if settled.note:
            results[-1]["narration"] = settled.note
        for call, result in zip(answered, results, strict=True):
            messages.append(
                {
                    "role": "tool",
                    "tool_call_id": call.id,
                    "content": json.dumps(result, ensure_ascii=False),
                }
            )
        narrated = False
    raise TurnFailed("the DM kept calling tools after it was told to narrate")


def _release(
    settled: Settled, report: LoopReport, gap: str, record: str
) -> tuple[list[SessionEvent], str, str]:
    """The chunks that show settled text, then the game's plain lines; the gap still owed
    before the round's next words; ``record`` (the reply as shown) with both added."""
    told: list[SessionEvent] = []
    text = report.within(settled.shown)
    if text.strip():
        told.append(NarrativeChunk(text=gap + text))
        gap = ""
    record += text
    plain = report.within(" ".join(settled.plain)) if settled.plain else ""
    if plain:
        apart = "\n\n" if record.strip() or report.narrative else ""
        told.append(NarrativeChunk(text=apart + plain))
        gap = ""
        record = f"{record.rstrip()}\n\n{plain}" if record.strip() else plain
    return told, gap, record


def _capped(text: str) -> str:
    """A reply's words as the story keeps them (see :data:`MAX_NARRATION`)."""
    return text[:MAX_NARRATION] + CUT_NOTE if len(text) > MAX_NARRATION else text


def _waiting_reactions(state: GameState) -> str:
    """``7.1 Mira: “I duck behind the table”; …`` for declarations not yet resolved."""
    queue = state.reactions
    current = queue.adjudicating()
    waiting = ([current] if current is not None else []) + queue.waiting_on_dm()
    return "; ".join(f"{s.id} {s.reactor_name}: “{s.declared}”" for s in waiting[:4])


def _all_vitals(state: GameState) -> list[Vitals]:
    return [s.vitals for s in state.party.values()] + [c.vitals for c in state.creatures.values()]

"""GameSession: takes players' actions through the gate and runs a turn as an async
generator of SessionEvents.

A turn is all-or-nothing. The world is snapshotted before the DM is called; if the DM
fails (network, a cut stream, an unusable reply) the world goes back to the snapshot — RNG
position included — the error is reported as recoverable, and the players' actions stay
queued so the same turn can simply be run again.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator
from contextlib import aclosing
from typing import Any, Literal

from app.actions.adjudication import subturn_event
from app.actions.care_tools import death_saves_out_of_combat, time_passes_out_of_combat
from app.actions.endings import ending_title, party_fallen
from app.actions.events import (
    DiceRoll,
    ErrorEvent,
    NarrativeChunk,
    SessionEvent,
    StateChange,
    TurnEnd,
    Usage,
)
from app.actions.registry import ToolSet
from app.actions.sets import CAMPAIGN_EXPLORATION_TOOLS, COMBAT_TOOLS, EXPLORATION_TOOLS
from app.actions.unstuck import unstick
from app.dm.brain import Brain, BrainError, Message, reads_prompt
from app.dm.config import DMConfig
from app.dm.context import ContextBuilder, fold_summary, read_actions
from app.dm.costs import Budget
from app.dm.deltas import DeltasLater
from app.dm.retell import TurnTold
from app.dm.safety import (
    NarrationFilter,
    Topics,
    keep_veils,
    scrub,
    topics_for,
    veil_text,
)
from app.session import declared, fate, hotseat
from app.session.dmnames import failure_hint
from app.session.eventflow import TurnEvents
from app.session.gates import (
    AllPlayersGate,
    GateStatus,
    InitiativeGate,
    PausedGate,
    RestrictedGate,
    TurnGate,
)
from app.session.loop import LoopReport, TurnFailed, tool_loop
from app.session.spending import new_alerts
from app.session.states import CombatState, ExplorationState, GameMode
from app.session.timeline import LoadFile, Timeline
from app.understanding.intent import asks_only
from app.world.actions import PlayerAction
from app.world.printable import printable
from app.world.state import MOST_TURNS, GameState, Snapshot
from app.world.turnrecord import TurnRecord
from rules.outcomes import Impossible, Outcome, Success


def describe_error(error: BaseException) -> str:
    """A short, single-line account of an unexpected error for the players."""
    text = " ".join(str(error).split())
    if len(text) > 160:
        text = text[:159] + "…"
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


class GameSession:
    """One game being played: the state, the DM, the queue of actions."""

    def __init__(
        self,
        state: GameState,
        brain: Brain,
        *,
        context: ContextBuilder | None = None,
        exploration_tools: ToolSet | None = None,
        combat_tools: ToolSet = COMBAT_TOOLS,
    ) -> None:
        self.state = state
        self.brain = brain
        self.context = context or ContextBuilder()
        if exploration_tools is None:
            exploration_tools = (
                CAMPAIGN_EXPLORATION_TOOLS if state.campaign is not None else EXPLORATION_TOOLS
            )
        self.states: dict[str, GameMode] = {
            "exploration": ExplorationState(exploration_tools),
            "combat": CombatState(combat_tools),
        }
        self.spare_dm: Brain | None = None
        """The AI DM that ``/dm offline`` replaced, kept for ``/dm ai``
        (:mod:`app.session.dmswitch`)."""
        self.dm_endpoint: DMConfig | None = None
        """The AI DM the settings name now, which ``/dm ai`` hands the game to."""
        self.busy = False
        self.briefed = False
        """The DM has had the full overview this sitting (later turns get deltas)."""
        self.last_messages: list[Message] = []
        """The exact messages of the latest DM call, for the prompt inspector."""
        self._deltas: DeltasLater | None = None
        """The deltas the latest DM call was told (``None`` when it had the overview),
        grouped when the prompt inspector asks for them."""
        self.last_told: TurnTold | None = None
        """The last turn played this sitting and its messages, for telling it again."""
        self.total_usage = Usage()
        """Tokens spent this sitting (the game's total is ``state.usage``)."""
        self.budget = Budget()
        """Prices and the player's cost alerts (none by default)."""
        self.timeline = Timeline()
        """Where the game can go back to (:mod:`app.session.rewinding`)."""
        self.load_checkpoint: LoadFile | None = None
        """Reads a checkpoint kept with the save (set when the game has a save)."""
        self.timeline.mark(state)  # where this sitting began: its first turn can be undone

    def replace_state(self, state: GameState) -> None:
        """Go on from another state of this game (an undo, a rewind): the DM is briefed
        afresh, since what it was last told is no longer so. Who a bare line is for is the
        table's choice, not the story's: it stays as it was."""
        state.speaking = self.state.speaking
        self.state = state
        self.briefed = False
        self._deltas = None

    @property
    def last_deltas(self) -> dict[str, Any] | None:
        """The deltas the latest DM call was told, as data (``None`` when it had the
        overview): written out only when the prompt inspector asks, not every turn."""
        return None if self._deltas is None else self._deltas.get().as_dict()

    @property
    def settled(self) -> bool:
        """The players are asked to act (no foe is up, no turn is running, nothing is
        declared yet): a checkpoint of the game is taken here."""
        return not self.busy and not self.pending and bool(self.state.ending or not self.foe_turn)

    def keep_change(self) -> None:
        """A change made between turns (a level taken, a player seated): the checkpoint of
        this moment holds it, so /undo then /redo bring the game back with it, not without."""
        if self.settled:
            if self.timeline.undone_from is not None:  # what an undo took back is gone
                self.state.history.forget_cut()  # for good, also after a resume
            self.timeline.mark(self.state)

    def checkpoint_kept(self) -> None:
        """The save just written is the checkpoint of this turn (on disk, for undo after a
        resume): the one in memory is made the same."""
        if self.settled:
            self.timeline.refresh(self.state)

    @property
    def pending(self) -> list[PlayerAction]:
        """Declared actions waiting for the DM (kept in the state, so saves keep them)."""
        return self.state.pending

    @pending.setter
    def pending(self, actions: list[PlayerAction]) -> None:
        self.state.pending = actions

    # -- whose turn ----------------------------------------------------------------------------
    @property
    def mode(self) -> Literal["exploration", "combat"]:
        """Exploration, or combat while an encounter is running."""
        return "combat" if self.state.encounter is not None else "exploration"

    @property
    def current(self) -> GameMode:
        """The game state in force (it follows the world: a running encounter is combat)."""
        return self.states[self.mode]

    @property
    def gate(self) -> TurnGate:
        """The gate in force, derived from the state so it can never disagree with it."""
        if self.busy:
            return PausedGate()
        if self.state.encounter is not None:
            return InitiativeGate(current_id=self.state.encounter.current.id)
        if self.state.restriction is not None:
            return RestrictedGate(
                character_ids=list(self.state.restriction.character_ids),
                reason=self.state.restriction.reason,
            )
        return AllPlayersGate()

    def status(self) -> GateStatus:
        """What the banner says."""
        if self.state.ending and not self.busy:
            return GateStatus(kind="paused", reason="the story is over", banner=self.ended())
        return self.gate.status(self.state, self.pending)

    def ended(self) -> str:
        """``The end — The Missing Girl``, once an ending is reached (else empty)."""
        title = ending_title(self.state)
        return f"The end — {title}" if title else ""

    def submit(self, action: PlayerAction) -> Outcome:
        """Queue an action if the gate allows it (a character's newer action replaces its
        older one); otherwise say why and change nothing. After an ending nothing is
        taken as play."""
        if self.state.ending:
            return Impossible(f"{self.ended()}. The story is over.")
        gate = self.gate
        refusal = gate.can_act(self.state, action)
        if refusal is not None:
            return Impossible(refusal)
        self.pending = [a for a in self.pending if a.character_id != action.character_id]
        self.pending.append(action)
        player = action.player or self.state.controller_of(action.character_id)
        if isinstance(gate, AllPlayersGate) and player is not None:
            hotseat.advance(self.state, player, "TURN_COMPLETE")
        return Success(f"{self.state.name_of(action.character_id)} will act")

    def pass_turn(self, player: str) -> Outcome:
        """The explicit end-turn signal: ``player`` declares nothing this round. A round
        in which everyone passed starts again (the party waits) instead of waiting for
        ever."""
        if self.state.ending:
            return Impossible(f"{self.ended()}. The story is over.")
        if self.busy:
            return Impossible("wait — the DM is resolving the turn")
        return hotseat.pass_turn(self.state, player)

    def withdraw(self, character_id: str) -> bool:
        """Take back a queued action."""
        before = len(self.pending)
        self.pending = [a for a in self.pending if a.character_id != character_id]
        return len(self.pending) < before

    @property
    def foe_turn(self) -> bool:
        """In combat, the current combatant is not a party member: the DM plays it."""
        return self.current.foe_turn(self.state)

    def can_advance(self) -> bool:
        """Enough actions are queued to run a turn (or a foe is up in combat)."""
        if self.busy or self.state.ending:
            return False
        if self.foe_turn:
            return True
        return self.gate.can_advance(self.state, self.pending)

    # -- running a turn -------------------------------------------------------------------------
    def safety_topics(self) -> Topics:
        """The lines and veils kept out of this game's story (the campaign's, the player's
        config's, and the table's veils)."""
        keep_veils(self.state, getattr(self.context, "veils", []))
        return topics_for(self.state, getattr(self.context, "safety", None))

    async def process(self) -> AsyncGenerator[SessionEvent, None]:
        """Run one turn. Ends with ``turn_end``, or a recoverable ``error`` after which the
        world is unchanged and the actions are still queued. Every word of narration
        passes the safety filter (:mod:`app.dm.safety`) on its way to the players."""
        veil = NarrationFilter(self.safety_topics)
        async with aclosing(self._turn()) as turn:
            async for event in turn:
                for shown in veil.through(event):
                    yield shown
        rest = veil.finish()  # a turn that ended on words (not on an event): the last ones
        if rest:
            yield NarrativeChunk(text=rest)

    async def _turn(self) -> AsyncGenerator[SessionEvent, None]:
        """One turn's events, before the safety filter."""
        if self.busy:
            yield ErrorEvent(message="a turn is already being resolved", recoverable=True)
            return
        if not self.can_advance():
            waiting = self.status().banner
            yield ErrorEvent(message=f"not ready: {waiting}", recoverable=True)
            return
        actions = [] if self.foe_turn else list(self.pending)
        snapshot = self.state.snapshot()
        current = self.current
        self.busy = True
        report = LoopReport()
        rolls: list[str] = []
        done = False
        try:
            calm = self.state.encounter is None
            self.state.turn = min(self.state.turn + 1, MOST_TURNS)  # (a save's bound)
            readings = read_actions(self.state, actions)
            # A turn of only questions and table talk takes no time in the story: no poison
            # wears off and nobody dying rolls a death save while the party asks after them
            idle = bool(actions) and all(asks_only(r) for r in readings.values())
            if not idle:  # (nor does it count as playing otherwise after a /undo: the same
                # blow retyped after "what level am I?" falls as it did)
                fate.settle(self.state, fate.recorded(self.state, actions, self.safety_topics()))
            if calm and not idle:  # a turn of play outside a fight: a round's poison is gone
                for event in time_passes_out_of_combat(self.state):
                    yield event
            flow = TurnEvents(self.state)
            # The event system's first tier runs before the DM is called: it narrates a
            # world where what the lines set off has already happened, and is told of it.
            foreign = getattr(self.brain, "reads_other_languages", True)
            for event in flow.before_dm(self.state, actions, readings, foreign=foreign):
                if isinstance(event, NarrativeChunk):  # the campaign's words, told first
                    report.narrative.append(event.text.strip())
                yield event
            if not calm and self.state.encounter is None:  # the lines ended the fight (a
                current = self.current  # foe laid to rest by name): exploration's tools
            if reads_prompt(self.brain):
                messages = self.context.build(
                    self.state,
                    actions,
                    briefed=self.briefed,
                    mode=current.name,
                    instruction=current.instruction(self.state),
                    readings=readings,
                )
            else:  # the lines are all it reads: the prompt is built only when inspected
                messages = self.context.lines_only(
                    self.state, actions, instruction=current.instruction(self.state),
                    readings=readings,
                )  # fmt: skip
            built = len(messages)
            self.last_messages = messages
            take_readings = getattr(self.brain, "take_readings", None)
            if take_readings is not None:  # a DM that reads the lines itself: read once
                take_readings(self.state, getattr(self.context, "readings", {}))
            self._deltas = DeltasLater(self.state) if self.briefed else None
            looping = tool_loop(
                self.brain, current.tools, messages, self.state, report, flow.after_tools
            )
            async for event in looping:
                if isinstance(event, DiceRoll):
                    rolls.append(
                        f"{event.character_name + ': ' if event.character_name else ''}"
                        f"{event.reason or event.check_type} — {event.text}"
                    )
                yield event
            self.last_messages = [dict(m) for m in messages]
            # What the DM has now been told: the context it was given, and what its own
            # tool calls changed (it saw their results). What happens from here on (death
            # saves, triggers) it has not seen: that stays for its next context.
            told = len(self.state.changes)
            if current.name == "exploration" and not idle:  # the dying keep dying
                for event in death_saves_out_of_combat(self.state):
                    yield event
            for event in flow.after_turn(self.state):
                if isinstance(event, NarrativeChunk):
                    report.narrative.append(event.text.strip())
                yield event
            for event in [*self._party_fallen(), *unstick(self.state)]:
                if isinstance(event, StateChange):  # nobody left able to act: said
                    report.narrative.append(event.description)
                yield event
            for lapsed in self.state.reactions.settle(end_of_turn=True):
                yield subturn_event(lapsed)  # the players hear which reaction lapsed, and why
            if calm:  # a fight begun by a blow: struck on its striker's turn
                declared.keep(self.state, actions, readings)
            else:
                declared.acted(self.state, actions)
            alerts = self._close_turn(actions, report, rolls, told)
            self.last_told = TurnTold(self.state.history[-1], self.last_messages, built,
                                      tuple(report.results))  # fmt: skip
            done = True
        except (BrainError, TurnFailed) as error:
            self._roll_back(snapshot, report)
            done = True
            recoverable = error.recoverable if isinstance(error, BrainError) else True
            message = error.message if isinstance(error, BrainError) else str(error)
            suffix = " — nothing changed; your actions are still queued" if recoverable else ""
            if isinstance(error, BrainError):  # the DM's server failed: another DM may play
                suffix += failure_hint(self.brain)
            yield ErrorEvent(message=f"{message}{suffix}", recoverable=recoverable)
            return
        except Exception as error:  # a turn must never take the game down
            # A bug or an input nobody foresaw (a tool, a trigger, a reply that breaks a
            # parser): the turn is undone like any failed turn and the players are told.
            self._roll_back(snapshot, report)
            done = True
            yield ErrorEvent(
                message=f"the turn failed ({describe_error(error)}) — nothing changed; "
                "your actions are still queued",
                recoverable=True,
            )
            return
        finally:
            if not done:  # stopped mid-turn (quitting, a cancelled task): undo it
                self._roll_back(snapshot, report)
            self.busy = False
        if self.settled:
            self.timeline.mark(self.state)
        yield TurnEnd(turn=self.state.turn, usage=report.usage, alerts=alerts)

    def _carry_declared(self) -> bool:
        """Queue the blow the combatant now up declared as the fight began, if any (and
        nothing else is queued); whether one was."""
        if self.busy or self.state.ending or self.pending or self.foe_turn:
            return False
        action = declared.carried(self.state)
        return action is not None and isinstance(self.submit(action), Success)

    def _party_fallen(self) -> list[StateChange]:
        """Outside a fight (a trap, a fall) nobody brings a fallen party back: with every
        member down the story ends in Defeat, rather than waiting for a player who can
        never act. (A fight reaches the same ending when it ends.)"""
        state = self.state
        if state.ending or state.encounter is not None or not state.party:
            return []
        if any(sheet.vitals.hp > 0 for sheet in state.party.values()):
            return []
        return [e for e in party_fallen(state) if isinstance(e, StateChange)]

    def _roll_back(self, snapshot: Snapshot, report: LoopReport) -> None:
        """Put the world (RNG position included) back as it was before the turn — and its
        changes not yet told, for the retry. The tokens the failed attempt spent were paid
        for: they count in the game's total."""
        self.state = self.state.restored(snapshot)
        self.busy = False
        self.total_usage = self.total_usage.plus(report.usage)
        self.state.usage = self.state.usage.plus(report.usage)

    def _close_turn(
        self, actions: list[PlayerAction], report: LoopReport, rolls: list[str], told: int
    ) -> list[str]:
        """Record a finished turn (with its usage) and open the next round; forget the
        first ``told`` changes, which the DM has been told. Returns the cost alerts the
        turn crossed."""
        shown = printable("\n\n".join(report.narrative).strip())  # as the screen showed it
        topics = self.safety_topics()
        narrative = scrub(shown, topics)
        events = self.state.truth.take_fresh()
        self.state.history.append(
            TurnRecord(
                number=self.state.turn,
                actions=fate.recorded(self.state, actions, topics) or ["(no player action)"],
                narrative=narrative,
                rolls=[veil_text(roll, topics) for roll in rolls],  # as the log showed them
                usage=report.usage,
                events=events,
            )
        )
        self.timeline.abandon()  # (a new branch of the story: what an undo took back is gone)
        fold_summary(self.state)
        del self.state.changes[:told]
        if actions:
            self.pending = []
            hotseat.start_round(self.state)
        self.briefed = True
        self.total_usage = self.total_usage.plus(report.usage)
        self.state.usage = self.state.usage.plus(report.usage)
        if report.usage.tokens:
            self.state.usage_turns += 1
        return new_alerts(self.state, self.budget)

    async def run_until_players(self) -> AsyncGenerator[SessionEvent, None]:
        """Run queued turns, then any foe turns, until players must act again. A foe turn
        that leaves the fight where it was (the DM never ended it) stops the run instead of
        looping: the players see an error and the DM is asked again on /retry. A blow
        declared as the fight began is its striker's line when their turn comes."""
        streak = 0  # foe turns in a row: a fight nobody of the party can end is stopped
        while self._carry_declared() or self.can_advance():
            failed = False
            foe = self.foe_turn
            streak = streak + 1 if foe else 0
            if foe and self.state.encounter and streak > 3 * len(self.state.encounter.order) + 3:
                said = "the foes have had three rounds with nobody of the party in the fight"
                yield ErrorEvent(message=f"{said}; nothing more is played", recoverable=True)
                return
            encounter = self.state.encounter
            where = (encounter.round, encounter.turn_index) if encounter else None
            async with aclosing(self.process()) as turn:  # closed at once if we stop early
                async for event in turn:
                    if isinstance(event, ErrorEvent):
                        failed = True
                    yield event
            if failed:
                return
            now = self.state.encounter
            if foe and now is not None and (now.round, now.turn_index) == where:
                yield ErrorEvent(
                    message=f"{now.current.name}'s turn was not ended by the DM",
                    recoverable=True,
                )
                return

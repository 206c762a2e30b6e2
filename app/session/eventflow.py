"""The event system's part of a turn, in the order the turn runs it:

1. **before the DM** — the lines' factual events (:mod:`app.session.stage2`), provisional
   judgments from the sensitivity map (:mod:`app.session.judging`), then the triggers
   (firings owed from the last turn first): the DM is called on a world where they have
   already happened and is told of them in its context;
2. **after each round of tool calls** — the triggers again, on what the calls changed; the
   DM reads what fired in the tool results and narrates it (and, once, that the fight is
   over when no foe fights on and it is still open);
3. **after the narration** — a fight that is over and still open is ended by the engine
   (:func:`app.actions.fight_tools.settle_fight`); what refined judgments newly fire is
   owed to the next turn;
   the campaign's words for everything that fired are shown after the DM's; and if the
   party changed scene, the scene-boundary pipeline runs (:mod:`app.session.boundary`).
"""

from __future__ import annotations

from collections.abc import Sequence

from app.actions.events import NarrativeChunk, SessionEvent, StateChange
from app.actions.fight_tools import over_nudge, settle_fight
from app.session import judging
from app.session.boundary import Boundary, scene_boundary
from app.session.quiet import watch_for
from app.session.stage2 import read_lines
from app.session.triggers import Cascade, run_triggers
from app.understanding.intent import Intent
from app.world.actions import PlayerAction
from app.world.arrivals import note_arrivals
from app.world.campaign import Campaign
from app.world.factwatch import Watch
from app.world.state import GameState


class TurnEvents:
    """One turn's run of the event system (make one per turn)."""

    def __init__(self, state: GameState) -> None:
        self.scene_at_start = state.scene.id
        self.texts: list[str] = []
        """The campaign's words for what fired this turn, for after the narration."""
        self.replies: list[str] = []
        """The campaign's words for what the players' words made fire: after the
        narration always (the answer first, then what it caused)."""
        self.boundary: Boundary | None = None
        """The scene boundary this turn crossed, if it crossed one."""
        self.endings: list[SessionEvent] = []
        """An ending a trigger reached: told after the campaign's words that led to it."""
        self.nudged = False
        """The DM has been told the fight is over (once a turn)."""
        self._watched: tuple[Campaign, Watch | None] | None = None
        """The campaign's trigger watch, looked up at the turn's first check: a turn checks
        the triggers before the DM, after each round of its calls and after the narration,
        and its campaign is not edited in between (looking it up compares the campaign's
        every trigger, goal and ending with those the watch was made for)."""

    def _watch(self, campaign: Campaign) -> Watch | None:
        if self._watched is None or self._watched[0] is not campaign:
            self._watched = (campaign, watch_for(campaign))
        return self._watched[1]

    def before_dm(
        self,
        state: GameState,
        actions: Sequence[PlayerAction],
        readings: dict[tuple[str, str], Intent],
        *,
        foreign: bool = True,
    ) -> list[SessionEvent]:
        """Stages 2 and 3 and the first check of the triggers, before the DM is called
        (``foreign``: whether the DM reads lines in another language, to weigh them)."""
        state.truth.turn_start = state.truth.seq
        note_arrivals(state)  # who came or went between turns (a player joined, …)
        lines = read_lines(state, actions, readings)
        events = judging.provisional(state, lines, foreign=foreign)
        events += self._take(run_triggers(state, "before_dm", watching=self._watch))
        # What fired before the DM is called happened first: its words come first too,
        # and the DM narrates on from them.
        events += [NarrativeChunk(text=text) for text in self.texts]
        self.texts = []
        return events

    def after_tools(self, state: GameState) -> tuple[list[SessionEvent], list[str]]:
        """The triggers on what a round of tool calls changed: the events to show, and
        what to tell the DM."""
        note_arrivals(state)  # who the calls brought in or sent away
        done = run_triggers(state, "after_tools", watching=self._watch)
        told = list(done.told)
        over = "" if self.nudged else over_nudge(state)
        if over:  # the last foe fell: the DM ends the fight (or the engine will)
            self.nudged = True
            told.append(over)
        return self._take(done), told

    def after_turn(self, state: GameState) -> list[SessionEvent]:
        """After the narration: the last check of the triggers, the campaign's words, and
        the scene boundary if the party moved on."""
        events = settle_fight(state)  # a fight over and left open ends here
        events += self._take(run_triggers(state, "after_turn", watching=self._watch))
        if state.scene.id != self.scene_at_start:
            self.boundary = scene_boundary(state, self.scene_at_start)
            events += self.boundary.events
            self.texts += self.boundary.texts
        told = [*self.replies, *self.texts]
        events += [NarrativeChunk(text="\n\n" + text) for text in told]
        events += self.endings
        self.texts, self.replies, self.endings = [], [], []
        return events

    def _take(self, done: Cascade) -> list[SessionEvent]:
        self.texts += done.texts
        self.replies += done.replies
        # An ending and the XP it awards are told together, after the words that led to
        # it (its award is not shown before it, nor before the fight it follows ends).
        shown: list[SessionEvent] = []
        awarding = False
        for event in done.events:
            kind = event.kind if isinstance(event, StateChange) else None
            awarding = kind == "ending" or (awarding and kind == "xp")
            (self.endings if awarding else shown).append(event)
        return shown

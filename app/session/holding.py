"""Narration held until the dice are in: one turn's watch over what the DM tells.

A reply's text streams before its tool calls, and only its end says whether it had any. So
the turn loop streams a reply sentence by sentence and holds back, from the first sentence
that tells an outcome or a creature's fate, the rest of that reply (:class:`HoldFrom`):
until the reply ends when it calls no tools, until its tools' results are in when it does.
A sentence that tells nothing is shown at once; a reply in which nothing could be decided
any more (no tools offered) is held only where it already contradicts the game.

What was held is then settled (:meth:`OutcomeWatch.settle`) against the results and the
state (:mod:`app.dm.outcomes`):

* an outcome the results contradict (the lock "springs open", the check failed) is not
  shown, from that sentence on, and the DM is asked once to narrate from the results; if it
  does so again, the game says the result in one plain sentence instead;
* a creature's death, flight or surrender the state contradicts is held back once (the DM
  is told the state and asked to narrate again); told again, that sentence is dropped;
* anything else is shown as written.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.actions.events import SessionEvent
from app.dm.claims import SENTENCE_END, HoldFrom
from app.dm.outcomes import (
    Problem,
    Result,
    fate_problems,
    outcome_problems,
    result_of,
    tells_something,
)
from app.world.state import GameState

OUTCOME_NOTE = (
    "Your words “{said}” were not shown to the players: they contradict the result ({truth}). "
    "Narrate what happened from the results."
)
"""What the DM is told of an outcome it told before the dice said otherwise."""
FATE_NOTE = (
    "Your words “{said}” were not shown to the players: in the game {truth}. Only a tool "
    "call changes that (an attack or damage that drops it, or its own turn to flee or "
    "surrender). Narrate again from the state."
)
"""What the DM is told of a fate it narrated against the state."""


@dataclass
class Settled:
    """What becomes of text that was held back."""

    shown: str = ""
    """The text the players may read (as written, less what contradicts the game)."""
    note: str = ""
    """What the DM is told and asked (empty: nothing)."""
    plain: list[str] = field(default_factory=list)
    """Results told plainly by the game, in place of the DM's words."""


def sentences(text: str) -> list[str]:
    """``text`` cut after each sentence end (the pieces join back into ``text``)."""
    out: list[str] = []
    while text:
        end = SENTENCE_END.search(text)
        if end is None:
            out.append(text)
            break
        out.append(text[: end.end()])
        text = text[end.end() :]
    return out


class OutcomeWatch:
    """One turn's watch over narration that outruns the dice (see the module's words)."""

    def __init__(self, state: GameState, *, active: bool) -> None:
        self.state = state
        self.active = active
        """Watch at all (a language model's narration; not a recorded or built-in DM's)."""
        self.results: list[Result] = []
        """This turn's rolls that succeeded or failed, in order."""
        self.outcomes_asked = False
        """The DM was asked once to narrate from results it had contradicted."""
        self.fates_asked = False
        """The DM was told once the state of a creature whose fate it narrated."""

    def see(self, event: SessionEvent) -> None:
        """Take in a tool's event (the rolls that succeeded or failed)."""
        result = result_of(event)
        if result is not None:
            self.results.append(result)

    def hold(self, *, offered: bool) -> HoldFrom:
        """The filter for one reply: ``offered`` says whether it may call tools."""

        def flags(sentence: str) -> bool:
            if offered and tells_something(sentence, self.state):
                return True  # its calls, if any, may yet say otherwise
            return bool(self.problems(sentence, outcomes=self.outcomes_asked))

        return HoldFrom(flags, active=self.active)

    def problems(self, sentence: str, *, outcomes: bool) -> list[Problem]:
        """What the results (``outcomes``) and the state say against a sentence."""
        found = outcome_problems(sentence, self.results) if outcomes else []
        return found + fate_problems(sentence, self.state)

    def settle(self, text: str, *, called: bool, can_ask: bool) -> Settled:
        """What of held ``text`` is shown, what the DM is told, and what the game tells
        plainly. ``called``: the reply's tools have run (its outcomes are judged; in a reply
        without calls only once the DM was asked to narrate from results). ``can_ask``: the
        DM will be called again this turn."""
        settled = Settled()
        if not self.active or not text:
            settled.shown = text
            return settled
        outcomes = called or self.outcomes_asked
        shown: list[str] = []
        notes: list[str] = []
        ask_outcomes = ask_fates = False
        for sentence in sentences(text):
            problems = self.problems(sentence, outcomes=outcomes)
            said = sentence.strip()
            wrong = [p for p in problems if p.kind == "outcome"]
            if wrong:  # what follows it builds on it: not shown either
                if can_ask and not self.outcomes_asked:
                    ask_outcomes = True
                    notes.append(OUTCOME_NOTE.format(said=said, truth=wrong[0].truth))
                else:
                    lines = [p.result.line for p in wrong if p.result is not None]
                    settled.plain += [line for line in lines if line not in settled.plain]
                break
            if problems:  # a fate the state says otherwise
                if can_ask and not self.fates_asked:
                    ask_fates = True
                    notes.append(FATE_NOTE.format(said=said, truth=problems[0].truth))
                    break
                continue  # told again: this sentence is dropped, the rest stands
            shown.append(sentence)
        self.outcomes_asked |= ask_outcomes
        self.fates_asked |= ask_fates
        settled.shown = "".join(shown)
        settled.note = " ".join(notes)
        return settled

"""Headless play: drive a GameSession from ``Name: action`` lines and write a transcript
of the narration and every roll. The author commands and the tests use it; with a seeded
state and a scripted DM the transcript is the same every run."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from app.actions.beings import why_cannot_act
from app.actions.events import (
    ActionRestriction,
    CombatUpdate,
    DiceRoll,
    ErrorEvent,
    NarrativeChunk,
    ReactionSubturn,
    SessionEvent,
    StateChange,
    StateTransition,
    TurnEnd,
)
from app.referee.choosing_words import fight_line
from app.session import commands, sheets, storyview
from app.session.naming import ANYONE, resolve_character
from app.session.scripting import MAX_FIGHT_TURNS, MAX_REPEATS, Step, parse_step
from app.session.session import GameSession
from app.world.actions import MAX_ACTION_CHARS, PlayerAction
from app.world.companions import side_of
from app.world.ledger import JudgmentMade, LedgerEvent, TriggerFired
from app.world.userfiles import UserFileError, read_text


def _weakest_foe(session: GameSession) -> str | None:
    """The name of the standing foe with the fewest hit points (ties: the first)."""
    encounter = session.state.encounter
    if encounter is None:
        return None
    foes = [
        session.state.creatures[c.id]
        for c in encounter.order
        if c.id in session.state.creatures and side_of(session.state, c.id) == "foes"
    ]
    standing = [f for f in foes if f.vitals.hp > 0 and not f.left]
    if not standing:
        return None
    return min(standing, key=lambda f: f.vitals.hp).name


READ_ONLY = ("status", "sheet", "journal", "people", "story", "usage", "help")
"""The slash commands a script may use: they show the game and change nothing, so a
script's transcript can include what a player would look at."""


def script_command(session: GameSession, name: str, line: str) -> list[str]:
    """The transcript lines of a read-only slash command typed in a script."""
    word, _, rest = line[1:].partition(" ")
    word = word.lower()
    shown = [f"> {name}: {line}"]
    if word == "status":
        for sheet in session.state.party.values():
            vitals = sheet.vitals
            shown.append(f"  {sheet.name}: {vitals.hp}/{vitals.max_hp} HP, {vitals.state.value}")
    elif word == "sheet":
        shown.append(sheets.sheet_text(session, rest, resolve_character(session, name))[1])
    elif word == "journal":
        shown.append(sheets.journal_text(session))
    elif word == "people":
        shown.append(sheets.people_text(session))
    elif word == "story":
        shown.append(storyview.story_text(session, rest))
    elif word == "usage":
        shown.append(sheets.usage_text(session))
    elif word == "help":
        shown.append(commands.help_text())
    else:
        shown.append(f"! /{word} is not for scripts; they may use /{', /'.join(READ_ONLY)}")
    return [*shown, ""]


class ScriptError(ValueError):
    """A script line that cannot be understood (names the line)."""


MAX_SCRIPT_BYTES = 4 << 20
"""A script of more than 4 MB is refused (tens of thousands of lines are far smaller)."""


def read_script(path: Path) -> list[str]:
    """The lines of a script file, checked; :class:`ScriptError` names the file and line."""
    try:
        lines = read_text(path, MAX_SCRIPT_BYTES).splitlines()
    except UserFileError as error:
        raise ScriptError(str(error)) from None
    try:
        parse_script(lines)
    except ScriptError as error:
        raise ScriptError(f"{path}: {error}") from None
    return lines


def parse_script(lines: Iterable[str]) -> list[Step]:
    """Parse a script (see :mod:`app.session.scripting`); :class:`ScriptError` names the
    line of the first thing it cannot read."""
    parsed = []
    for number, raw in enumerate(lines, start=1):
        try:
            step = parse_step(number, raw)
        except ValueError as error:
            raise ScriptError(f"line {number}: {error}") from None
        if step is None:
            continue
        if step.kind in ("say", "repeat") and len(step.text) > MAX_ACTION_CHARS:
            raise ScriptError(  # what a player may type at the table, no more
                f"line {number}: the action is {len(step.text):,} characters long; "
                f"an action holds at most {MAX_ACTION_CHARS:,}"
            )
        parsed.append(step)
    return parsed


def render_event(event: SessionEvent) -> str | None:
    """One transcript line for an event (narration is gathered separately)."""
    if isinstance(event, DiceRoll):
        who = f"{event.character_name}: " if event.character_name else ""
        what = event.reason or event.check_type.replace("_", " ")
        label = "AC" if event.check_type == "attack_roll" else "DC"
        dc = f" {label} {event.dc}" if event.dc is not None else ""
        verdict = ""
        if event.success is not None:
            verdict = " — success" if event.success else " — failure"
        return f"  [roll] {who}{what}{dc}: {event.text}{verdict}"
    if isinstance(event, StateChange):
        return f"  [{event.kind}] {event.description}"
    if isinstance(event, ActionRestriction):
        if event.allowed_character_ids:
            return (
                f"  [gate] only {', '.join(event.allowed_character_ids)} may act ({event.reason})"
            )
        return f"  [gate] everyone may act ({event.reason})"
    if isinstance(event, StateTransition):
        return f"  [{event.to}] {event.reason}"
    if isinstance(event, CombatUpdate):
        order = ", ".join(
            f"{c.name} {c.hp}/{c.max_hp}{'*' if c.id == event.current_id else ''}"
            + (f" ({c.position})" if c.position else "")
            for c in event.combatants
        )
        return f"  [round {event.round}] {order}"
    if isinstance(event, ReactionSubturn):
        how = f": {event.outcome}" if event.outcome else ""
        said = f"{event.reactor_name}: “{event.declared}”"
        return f"  [reaction {event.subturn}] {said} — {event.status}{how}"
    if isinstance(event, ErrorEvent):
        return f"  [error] {event.message}"
    return None


@dataclass
class RunResult:
    """What a headless run did."""

    transcript: list[str] = field(default_factory=list)
    turns: int = 0
    errors: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    failed: list[Failure] = field(default_factory=list)
    """Assertions (``expect``) and waits (``until``, ``fight until``) that did not hold."""


@dataclass(frozen=True)
class Failure:
    """A script line whose condition did not hold: where, what it said, what was seen."""

    line: int
    text: str
    reason: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.text} — failed ({self.reason})"


def _why_nobody(session: GameSession) -> str:
    """Why no party member can take a line now ("Rafi is unconscious, Ione is dead")."""
    whys = [why_cannot_act(session.state, cid) for cid in session.state.party]
    said = [w for w in whys if w]
    return ", ".join(said) if len(said) == len(whys) else "the game lets nobody act"


def what_it_got(lines: list[str]) -> str:
    """What one try of a repeated line came to, in a few words: why it was refused, else
    its rolls' verdicts and the start of what the DM said."""
    refused = [line[2:] for line in lines if line.startswith("! ")]
    if refused:
        return f"refused: {refused[-1]}"
    bits = []
    for line in lines:
        roll = _ROLL.match(line)
        if roll is not None:
            verdict = f" — {roll['verdict']}" if roll["verdict"] else f" = {roll['total']}"
            bits.append(f"{roll['what']}{verdict}")
    said = [line[4:] for line in lines if line.startswith("DM: ")]
    if said:
        first = said[-1].split(". ")[0]
        bits.append(first if len(first) <= 80 else first[:79] + "…")
    return "; ".join(bits[-3:]) or "nothing happened"


_ROLL = re.compile(
    r"^  \[roll\] (?P<what>.*?): [^:]*?(?P<total>-?\d+)(?: — (?P<verdict>success|failure))?$"
)


def tries_got(got: list[str]) -> str:
    """What the tries of a repeated line came to, the latest first, the same ones counted
    ("the tries got: refused: Rafi is unconscious (×12)")."""
    latest = list(dict.fromkeys(reversed(got)))[:3]
    said = [f"{w} (×{got.count(w)})" if got.count(w) > 1 else w for w in latest]
    return "the tries got: " + " | ".join(said) + (" …" if len(set(got)) > 3 else "")


def ledger_notes(events: Iterable[LedgerEvent]) -> list[str]:
    """A turn's judgments (provisional, refined, contradicted, with confidence) and fired
    triggers (with tier and confidence), one compact line each, in the order they came."""
    notes = []
    for event in events:
        if isinstance(event, JudgmentMade):
            notes.append(f"~ judgment {event.line()}")
        elif isinstance(event, TriggerFired):
            maybe = f" on {', '.join(event.provisional)}" if event.provisional else ""
            notes.append(f"~ trigger {event.trigger} [{event.tier}] {event.confidence:.2f}{maybe}")
    return notes


async def run_lines(
    session: GameSession,
    lines: Iterable[str],
    emit: Callable[[str], None] | None = None,
    *,
    ledger: bool = False,
) -> RunResult:
    """Play the script through the session; ``emit`` receives transcript lines as they come.
    With ``ledger``, each turn ends with its judgments and fired triggers, read from the
    turn's ledger events (:func:`ledger_notes`)."""
    result = RunResult()
    told = len(session.state.history)

    def out(line: str) -> None:
        result.transcript.append(line)
        if emit is not None:
            emit(line)

    async def fight(step: Step) -> None:
        """Whoever may act does what the fighting brain chooses (:func:`fight_line`: tend a
        dying friend, the best spell or cantrip, else the best weapon at the weakest foe;
        a plain attack if the game refuses it, or if it left the same turn where it was) —
        or, for ``yield``, ends their turn — until no fight is on."""
        yielding = step.text.lower().startswith("yield")
        turns = 0
        tried: tuple[object, ...] = ()
        stuck: tuple[object, ...] = ()
        while session.state.encounter is not None and not session.state.ending:
            if session.foe_turn:
                await play_ready_turns()
                continue
            if turns == MAX_FIGHT_TURNS:
                fail(step, f"the fight still goes on after {turns} turns")
                return
            turns += 1
            if yielding:
                if not await act(step, ANYONE, "end my turn"):
                    return
                continue
            actor = resolve_character(session, ANYONE)
            brain = fight_line(session.state, actor) if actor is not None else "attack"
            encounter = session.state.encounter
            moment = (actor, brain, encounter.round, encounter.turn_index)
            if moment == stuck:  # neither the brain's line nor a plain attack moved it
                if not await act(step, ANYONE, "end my turn"):  # (no action left): pass on
                    return
                continue
            if moment == tried:  # it moved nothing (out of reach, or it failed): plainly
                brain = ""
                stuck = moment
            tried = moment
            foe = _weakest_foe(session)
            article = "" if foe is None or foe.lower().startswith(("the ", "a ", "an ")) else "the "
            plain = f"attack {article}{foe}" if foe else "attack"
            if brain and brain != plain and await act(step, ANYONE, brain, quiet=True):
                continue
            if not await act(step, ANYONE, plain):
                return

    async def play_ready_turns() -> None:
        narration: list[str] = []
        async for event in session.run_until_players():
            if isinstance(event, NarrativeChunk):
                narration.append(event.text)
                continue
            if narration and not isinstance(event, TurnEnd):
                out("DM: " + "".join(narration).strip())
                narration.clear()
            text = render_event(event)
            if text:
                out(text)
            if isinstance(event, ErrorEvent):
                result.errors.append(event.message)
            if isinstance(event, TurnEnd):
                nonlocal told
                if narration:
                    out("DM: " + "".join(narration).strip())
                    narration.clear()
                history = session.state.history
                if ledger:
                    for record in history[told:]:
                        for note in ledger_notes(record.events):
                            out(note)
                told = len(history)
                result.turns += 1
                out("")

    async def act(step: Step, name: str, text: str, *, quiet: bool = False) -> bool:
        """One action through the session; False when it could not be taken (``quiet``: a
        refusal is not written down — the fighting brain's line, with a plain attack to
        fall back on)."""
        if session.foe_turn:
            await play_ready_turns()  # foes act before the next player does
        character = resolve_character(session, name)
        if character is None:
            known = ", ".join(s.name for s in session.state.party.values())
            message = f"line {step.number}: nobody called {name!r} (party: {known})"
            if name.strip().lower() == ANYONE:
                message = f"line {step.number}: nobody may act now ({_why_nobody(session)})"
            out(f"! {message}")
            result.refused.append(message)
            return False
        player = session.state.controller_of(character) or ""
        outcome = session.submit(PlayerAction(character_id=character, text=text, player=player))
        if not outcome and quiet:
            return False
        out(f"> {session.state.name_of(character)}: {text}")
        if not outcome:
            reason = getattr(outcome, "reason", "refused")
            out(f"! {reason}")
            result.refused.append(f"line {step.number}: {reason}")
            return False
        if session.can_advance():
            await play_ready_turns()
        return True

    def fail(step: Step, reason: str) -> None:
        failure = Failure(step.number, step.text, reason)
        result.failed.append(failure)
        out(f"! {failure}")

    for step in parse_script(lines):
        if step.kind == "say" and step.text.startswith("/"):
            for text in script_command(session, step.name, step.text):
                out(text)
                if text.startswith("! "):
                    result.refused.append(f"line {step.number}: {text[2:]}")
            continue
        if session.state.ending and step.kind in ("say", "repeat", "fight"):
            # Not a failure by itself (an ``expect ending`` says whether it was the
            # right one): the line is refused, as the game would refuse it.
            message = (
                f"line {step.number}: {step.text} — the story has ended ({session.state.ending})"
            )
            out(f"! {message}")
            result.refused.append(message)
            continue
        if step.kind == "say":
            await act(step, step.name, step.text)
        elif step.kind == "expect":
            assert step.condition is not None
            if session.foe_turn:
                await play_ready_turns()
            if not step.condition.holds(session.state):
                fail(step, step.condition.explain(session.state))
            else:
                out(f"✓ {step.text}")
        elif step.kind == "repeat":
            assert step.condition is not None
            tries = 0
            got: list[str] = []
            while not step.condition.holds(session.state) and not session.state.ending:
                if tries == MAX_REPEATS:
                    why = f"; {tries_got(got)}" if got else ""
                    fail(step, f"still not {step.condition.text} after {tries} tries{why}")
                    break
                tries += 1
                before = len(result.transcript)
                await act(step, step.name, step.text)
                got.append(what_it_got(result.transcript[before:]))
        else:
            await fight(step)
    return result

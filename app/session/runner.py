"""Headless play: drive a GameSession from ``Name: action`` lines and write a transcript
of the narration and every roll. The author commands and the tests use it; with a seeded
state and a scripted DM the transcript is the same every run."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from app.dm.events import (
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
from app.session.session import GameSession
from app.world.actions import MAX_ACTION_CHARS, PlayerAction
from app.world.ledger import JudgmentMade, LedgerEvent, TriggerFired
from app.world.userfiles import UserFileError, read_text


class ScriptError(ValueError):
    """A script line that cannot be understood (names the line)."""


@dataclass(frozen=True)
class ScriptLine:
    """One ``Name: action`` line."""

    number: int
    name: str
    text: str


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


def parse_script(lines: Iterable[str]) -> list[ScriptLine]:
    """Parse ``Name: action`` lines; blank lines and ``#`` comments are skipped."""
    parsed = []
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        name, sep, text = line.partition(":")
        if not sep or not name.strip() or not text.strip():
            raise ScriptError(f"line {number}: expected 'Name: action', got {line!r}")
        action = text.strip()
        if len(action) > MAX_ACTION_CHARS:  # what a player may type at the table, no more
            raise ScriptError(
                f"line {number}: the action is {len(action):,} characters long; "
                f"an action holds at most {MAX_ACTION_CHARS:,}"
            )
        parsed.append(ScriptLine(number, name.strip(), action))
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


ANYONE = "anyone"
"""Script name for "whoever may act now": the current combatant in a fight, else the first
party member the gate allows (fights are hard to script turn by turn otherwise)."""


def resolve_character(session: GameSession, name: str) -> str | None:
    """A character id from a name or id (case-insensitive), a player's only character, or
    ``Anyone``."""
    key = name.strip().lower()
    if key == ANYONE:
        encounter = session.state.encounter
        if encounter is not None:
            return encounter.current.id if encounter.current.id in session.state.party else None
        for cid in session.state.party:
            probe = PlayerAction(
                character_id=cid, text="?", player=session.state.controller_of(cid) or ""
            )
            if session.gate.can_act(session.state, probe) is None:
                return cid
        return None
    for cid, sheet in session.state.party.items():
        if key in (cid.lower(), sheet.name.lower()):
            return cid
    # A player's own character is often called by its first name ("Kara" for "Kara Vell").
    first = [c for c, s in session.state.party.items() if s.name.split()[0].lower() == key]
    if len(first) == 1:
        return first[0]
    for player, ids in session.state.players.items():
        if player.lower() == key and len(ids) == 1:
            return ids[0]
    return None


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

    for line in parse_script(lines):
        if session.foe_turn:
            await play_ready_turns()  # foes act before the next player does
        character = resolve_character(session, line.name)
        if character is None:
            known = ", ".join(s.name for s in session.state.party.values())
            message = f"line {line.number}: nobody called {line.name!r} (party: {known})"
            out(f"! {message}")
            result.refused.append(message)
            continue
        out(f"> {session.state.name_of(character)}: {line.text}")
        player = session.state.controller_of(character) or ""
        outcome = session.submit(
            PlayerAction(character_id=character, text=line.text, player=player)
        )
        if not outcome:
            reason = getattr(outcome, "reason", "refused")
            out(f"! {reason}")
            result.refused.append(f"line {line.number}: {reason}")
            continue
        if session.can_advance():
            await play_ready_turns()
    return result

"""``/sheet``, ``/journal`` and ``/people`` for every front end: whose sheet a player means
(a name, a first name, a player's name, the start of a name or a slip of the finger), and
the facts both screens and the console show; and what the DM was sent (``/prompt``) and
spent (``/usage``)."""

from __future__ import annotations

import json
from dataclasses import dataclass

from rapidfuzz import process
from rapidfuzz.distance import OSA

from app.actions.advancement_tools import advancement
from app.dm.brain import Message, reads_prompt
from app.dm.safety import veil_view, veil_words
from app.session.hygiene import strip_controls
from app.session.naming import resolve_character
from app.session.session import GameSession
from app.session.spending import usage_lines
from app.world.journal import Journal, journal, journal_lines, people_lines
from app.world.sheetfacts import SheetFacts, facts_text, sheet_facts

NAME_LIKENESS = 0.6
"""How alike a typed name and a character's name must be (0-1, one minus the share of
letters to change, swapped neighbours counting once) to mean that character."""


@dataclass(frozen=True)
class Pick:
    """Whose sheet: a character id, or why none could be chosen."""

    character: str | None
    problem: str = ""


def pick_character(session: GameSession, typed: str, current: str | None) -> Pick:
    """The character ``typed`` names — as actions name them (id, name, first name, a
    player's only character), else a player's first character, else the one character
    whose name starts so, else the one it is a typo of. Nothing typed: ``current`` (the
    character up or played last), else the first in the party."""
    state = session.state
    key = " ".join(strip_controls(typed).split())
    if not key:
        chosen = current if current in state.party else next(iter(state.party), None)
        return Pick(chosen, "" if chosen else "The party is empty.")
    found = resolve_character(session, key)
    if found is not None and found in state.party:
        return Pick(found)
    low = key.lower()
    played = next((ids for p, ids in state.players.items() if p.lower() == low and ids), None)
    if played:  # a player with several characters: the first of theirs (tab for the next)
        return Pick(played[0])
    starts = [c for c, s in state.party.items() if s.name.lower().startswith(low)]
    if len(starts) == 1:
        return Pick(starts[0])
    names = {cid: sheet.name.lower() for cid, sheet in state.party.items()}
    best = process.extract(
        low, names, scorer=OSA.normalized_similarity, score_cutoff=NAME_LIKENESS, limit=None
    )
    if best and (len(best) == 1 or best[0][1] > best[1][1]):
        return Pick(str(best[0][2]))
    party = ", ".join(s.name for s in state.party.values())
    alike = starts or [str(b[2]) for b in best if b[1] == best[0][1]]
    if len(alike) > 1:
        which = " or ".join(state.party[c].name for c in alike)
        return Pick(None, f"Whose sheet — {which}?")
    return Pick(None, f"Nobody in the party is called {key!r}. The party: {party}.")


def all_sheets(session: GameSession) -> list[SheetFacts]:
    """Every party member's sheet facts, in party order."""
    how = advancement(session.state)
    facts = [sheet_facts(sheet, how) for sheet in session.state.party.values()]
    return veil_view(facts, session.safety_topics())


def sheet_text(session: GameSession, typed: str, current: str | None) -> tuple[bool, str]:
    """``/sheet [NAME]`` as text: (found, the sheet or why not)."""
    pick = pick_character(session, typed, current)
    if pick.character is None:
        return False, pick.problem
    sheet = session.state.party[pick.character]
    facts = veil_view(sheet_facts(sheet, advancement(session.state)), session.safety_topics())
    return True, "\n".join(facts_text(facts))


def party_journal(session: GameSession) -> Journal:
    """The journal as the game stands, veiled as the story is."""
    return veil_view(journal(session.state), session.safety_topics())


def journal_text(session: GameSession) -> str:
    """``/journal`` as text."""
    return "\n".join(journal_lines(party_journal(session)))


def people_text(session: GameSession) -> str:
    """``/people`` as text: everyone met and how each feels about the party."""
    return "\n".join(people_lines(party_journal(session)))


READS_LINES_ONLY = (
    "the offline referee reads only the lines above; an AI DM taking over now would be sent"
)


def _message_text(message: Message) -> str:
    body = message.get("content") or json.dumps(message.get("tool_calls"), indent=2)
    return f"── {message['role']} ──\n{body}"


def prompt_text(session: GameSession, *, data: bool = False) -> str:
    """The prompt inspector's text: the exact messages last sent to the DM (and, with
    ``data``, the deltas as the data they were built from) — veiled word by word, as every
    screen is, for a veil holds even on what the DM was told."""
    messages = session.last_messages
    if not messages:
        return "Nothing has been sent to the DM yet."
    parts = [_message_text(m) for m in messages]
    if not reads_prompt(session.brain):
        # The offline referee is given the lines alone; what a language model would be
        # sent is built now, when someone asks, not on every turn.
        parts.append(f"── {READS_LINES_ONLY} ──")
        state = session.state
        current = session.current
        would = session.context.build(
            state, [], briefed=False, mode=current.name, instruction=current.instruction(state)
        )
        parts += [_message_text(m) for m in would]
    if data and session.last_deltas is not None:
        as_data = json.dumps(session.last_deltas, indent=2, ensure_ascii=False)
        parts.append(f"── the deltas above, as data ──\n{as_data}")
    return veil_words("\n\n".join(parts), session.safety_topics())


def usage_text(session: GameSession) -> str:
    """``/usage``: the DM's tokens (last turn, average per turn, game total) and the
    estimated cost at the prices set — or that the offline referee spends none."""
    return "\n".join(usage_lines(session.state, session.brain, session.budget))

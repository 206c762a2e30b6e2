"""A fight whose end reaches an ending is told as it happened: the fight ends, with its
XP, and then the story does, with the ending's — each once, whoever ends the fight (the
offline referee's end_combat, or the engine's after a DM that never called it)."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

from rich.console import Console

from app.actions import beings as bg
from app.actions.events import SessionEvent, StateChange, StateTransition
from app.console.game import ConsoleGame
from app.dm.scripted import ScriptedBrain
from app.session.session import GameSession
from app.session.setup import session_for
from app.world.actions import PlayerAction
from app.world.state import GameState
from tests.app.conftest import call
from tests.referee_corpus import Situation, build_situation


def last_blow() -> GameState:
    """Grubnak alone at 1 HP in his hall, Tam found, Mira's turn."""
    spec = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band",
            "turn": "mira", "flags": {"tam_found": True, "guards_passed": True},
            "dead": ["goblin-1", "goblin-2"]}  # fmt: skip
    state = build_situation(Situation.model_validate(spec))
    grubnak = state.creatures["grubnak"]
    bg.set_vitals(state, "grubnak", grubnak.vitals.model_copy(update={"hp": 1}))
    return state


def played(session: GameSession, line: str) -> list[SessionEvent]:
    """The one whose turn it is says the line; the turns run until a player is up."""
    encounter = session.state.encounter
    actor = encounter.current.id if encounter is not None else "mira"

    async def run() -> list[SessionEvent]:
        assert session.submit(PlayerAction(character_id=actor, text=line))
        return [e async for e in session.run_until_players()]

    return asyncio.run(run())


def story_of(events: list[SessionEvent]) -> list[str]:
    """What the log says in order: the fight's end, each XP line's cause, the ending."""
    said = []
    for event in events:
        if isinstance(event, StateTransition) and event.to == "exploration":
            said.append("fight over")
        elif isinstance(event, StateChange) and event.kind == "ending":
            said.append("ending")
        elif isinstance(event, StateChange) and event.kind == "xp" and "gains" in event.description:
            said.append("ending xp" if "Steel in the Dark" in event.description else "fight xp")
    return [w for i, w in enumerate(said) if i == 0 or said[i - 1] != w]  # runs of XP: one


WANTED = ["fight over", "fight xp", "ending", "ending xp"]


def test_the_referee_ends_the_fight_then_the_story() -> None:
    session = session_for(last_blow())
    for _ in range(8):  # until a blow lands
        events = played(session, "I attack Grubnak")
        if session.state.ending:
            break
    assert session.state.ending == "victory"
    assert story_of(events) == WANTED


def test_the_engine_ends_the_fight_a_dm_left_open_then_the_story() -> None:
    blow = call("damage", target_id="grubnak", amount=20, damage_type="piercing",
                reason="Mira's shortsword")  # fmt: skip
    brain = ScriptedBrain([{"tool_calls": [blow]}, {"text": "Grubnak falls."}])
    session = GameSession(last_blow(), brain)
    events = played(session, "I stab Grubnak")
    assert session.state.ending == "victory" and session.state.encounter is None
    assert story_of(events) == WANTED
    party = len(session.state.party)
    xp = [e.description for e in events if isinstance(e, StateChange) and e.kind == "xp"]
    assert sum("(Steel in the Dark)" in line for line in xp) == party  # once each


def test_the_console_tells_the_ending_once(tmp_path: Path) -> None:
    session = session_for(last_blow())
    out = io.StringIO()
    game = ConsoleGame(session, Console(file=out, width=400, color_system=None), input,
                       save_as="end", saves=tmp_path)  # fmt: skip

    async def fight() -> None:
        for _ in range(8):  # until a blow lands
            encounter = session.state.encounter
            if session.state.ending or encounter is None:
                break
            await game.handle(f"{session.state.name_of(encounter.current.id)}: attack Grubnak")

    asyncio.run(fight())
    shown = out.getvalue()
    assert session.state.ending == "victory"
    assert shown.count("Steel in the Dark —") == 1
    assert "The end — Steel in the Dark" not in shown
    assert shown.index("The fight is over.") < shown.index("Steel in the Dark —")
    assert shown.rstrip().splitlines()[-2] == "The story is over."


def test_a_question_after_the_end_is_answered_and_a_deed_is_not_played(tmp_path: Path) -> None:
    """Once the story is over a question the game knows the answer to is answered (it met
    only the ending's note); a deed still meets the note."""
    session = session_for(last_blow())
    session.state.ending = "victory"
    out = io.StringIO()
    game = ConsoleGame(session, Console(file=out, width=400, color_system=None), input,
                       save_as="end", saves=tmp_path)  # fmt: skip
    game.act("Mira: how many hit points do I have?")
    assert "hit points" in out.getvalue() and "The story is over" not in out.getvalue()
    game.act("Mira: I attack Grubnak")
    assert "The story is over" in out.getvalue() and session.pending == []

"""Positions reached as a player reaches them: lines typed into a game the offline referee
runs — taking cover, stepping next to an ally, falling back — and foes that close in or
keep their distance on their own turns."""

from __future__ import annotations

from app.actions.events import SessionEvent
from app.session import declaring
from app.session.session import GameSession
from app.session.setup import session_for
from rules.positions import engage
from tests.referee_corpus import Situation, build_situation


def game(**situation: object) -> GameSession:
    return session_for(build_situation(Situation.model_validate(situation)))


async def play(session: GameSession, line: str, actor: str) -> list[SessionEvent]:
    reply, who = declaring.declare(session, line, actor)
    assert reply.ok and who == actor, reply
    return [e async for e in session.process()]


def narration(events: list[SessionEvent]) -> str:
    return "".join(e.text for e in events if e.type == "narrative_chunk")


CELLAR = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
          "challenges": {"trapdoor_lock": "passed"}, "fight": "cellar_rats"}  # fmt: skip


async def test_take_cover_behind_the_barrels_and_the_turn_goes_on() -> None:
    session = game(**CELLAR, turn="mira")
    events = await play(session, "I take cover behind the barrels", "mira")
    state = session.state
    spot = state.encounter.positions["mira"]
    assert (spot.cover, spot.behind) == ("half", "casks")
    assert "Mira takes cover behind the casks (half cover)." in narration(events)
    assert state.encounter.current.id == "mira"  # moving leaves her action to take
    assert state.encounter.economy["mira"].movement == 25 - 10  # a halfling walks 25 ft


async def test_move_next_to_an_ally_then_fall_back() -> None:
    session = game(**CELLAR, turn="thorin")
    state = session.state
    await play(session, "move next to Aria", "thorin")
    assert state.encounter.positions["thorin"].engaged == {"aria": 5}
    engage(state.encounter.positions, "giant-rat-1", "thorin")
    state.encounter.economy.pop("thorin")  # his next turn: his movement is back
    events = await play(session, "fall back", "thorin")
    windows = [e for e in events if e.type == "reaction_window"]
    assert [o.reactor_id for o in windows[0].offers] == ["giant-rat-1"]  # only the rat on him
    assert state.encounter.positions["thorin"].engaged == {}


async def test_close_with_a_foe_then_attack_it_without_moving_again() -> None:
    session = game(**CELLAR, turn="thorin")
    state = session.state
    await play(session, "I close with the second rat", "thorin")
    assert "giant-rat-2" in state.encounter.positions["thorin"].engaged
    assert state.encounter.economy["thorin"].movement == 25 - 25  # a dwarf walks 25 ft
    events = await play(session, "attack it", "thorin")
    assert not [e for e in events if e.type == "state_change" and "closes with" in e.description]
    assert any(getattr(e, "check_type", "") == "attack_roll" for e in events)


async def until_foes_acted(session: GameSession) -> list[SessionEvent]:
    """The party holds until the foes have had their turns."""
    events: list[SessionEvent] = []
    state = session.state
    while state.encounter.current.id in state.party:
        events += await play(session, "I hold", state.encounter.current.id)
    return events + [e async for e in session.run_until_players()]


async def test_rats_close_in_on_their_turn() -> None:
    session = game(**CELLAR, turn="mira")
    events = await until_foes_acted(session)
    closed = [e for e in events if e.type == "state_change" and "closes with" in e.description]
    assert closed, "a rat that reached the party closed in before biting"
    spots = session.state.encounter.positions
    assert any(spots[c].engaged for c in ("giant-rat-1", "giant-rat-2", "giant-rat-3"))


async def test_skeleton_archers_keep_their_distance_and_shoot() -> None:
    session = game(campaign="hollow_ford", scene="barrow", fight="barrow_dead", turn="ivo")
    events = await until_foes_acted(session)
    shots = [e for e in events if getattr(e, "check_type", "") == "attack_roll"]
    assert shots and all("Shortbow" in e.reason for e in shots if "Skeleton" in e.reason)
    spots = session.state.encounter.positions
    assert all(spots[f"skeleton-{n}"].band == "far" for n in (1, 2, 3))

"""A fight in which nobody of the party stands (a hand-edited save): refused at load, and —
should one reach play anyway — stopped after three rounds of foe turns, never played for
ever (each empty turn saved, the backups of the real game turned over)."""

from __future__ import annotations

import asyncio

from app.actions.events import ErrorEvent
from app.saves.sanity import check_state
from app.session.setup import session_for
from app.tui.showcase import in_the_cellar


def _partyless_fight():
    state = in_the_cellar(11)
    fight = state.encounter
    assert fight is not None
    fight.order = [c for c in fight.order if c.id not in state.party]
    fight.turn_index = 0
    for cid in list(fight.economy):
        if cid in state.party:
            del fight.economy[cid]
    for cid in list(fight.positions):
        if cid in state.party:
            del fight.positions[cid]
    for spot in fight.positions.values():
        for cid in list(spot.engaged):
            if cid in state.party:
                del spot.engaged[cid]
    return state


def test_a_save_whose_fight_holds_nobody_of_the_party_is_refused() -> None:
    problems = [p for p in check_state(_partyless_fight()) if p.key == "state.encounter.order"]
    assert problems and "nobody of the party" in problems[0].text


def test_such_a_fight_in_play_stops_after_three_rounds() -> None:
    session = session_for(_partyless_fight())

    async def run() -> list[object]:
        seen = []
        async for event in session.run_until_players():
            seen.append(event)
            assert len(seen) < 5000, "the foes went on for ever"
        return seen

    events = asyncio.run(asyncio.wait_for(run(), 60))
    assert any(isinstance(e, ErrorEvent) and "nobody of the party" in e.message for e in events)

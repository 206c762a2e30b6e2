"""Quitting while a reaction is asked answers nothing for the player: the turn it stood
in is taken back, and the saved game resumes before it, as if the line were never sent
(not played on as "no reaction", with the blow taken)."""

from __future__ import annotations

from pathlib import Path

from app.saves import load_game
from app.session.session import GameSession
from app.session.setup import session_for
from app.tui import make_app
from app.tui.driving import shown
from app.tui.screens.reaction_dialog import ReactionScreen
from app.tui.showcase import TRIO, in_the_cellar, rat_fight, shield_seed


async def quit_at_the_reaction(tmp_path: Path, session: GameSession) -> None:
    """Play until Aria is asked about her Shield, quit there, and check the saved game:
    the rat's turn is taken back, nothing answered for her."""
    start = session.state.party["aria"].vitals.hp
    app = make_app(saves=tmp_path / "saves", session=session, save_as="mine", still=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot, ReactionScreen)  # a rat's bite: Aria may cast Shield
        await pilot.press("ctrl+q")
        await app.workers.wait_for_complete()
        await pilot.pause()
    saved = load_game("mine", tmp_path / "saves")
    assert saved.party["aria"].vitals.hp == start
    assert all("does not cast Shield" not in r.narrative for r in saved.history)


async def test_quitting_with_a_reaction_asked_takes_the_turn_back(tmp_path: Path) -> None:
    session = rat_fight(TRIO)
    session.state.turn_order.active = "Ana"  # (the showcase seats its players late)
    await quit_at_the_reaction(tmp_path, session)


async def test_quitting_with_a_reaction_asked_of_the_offline_referee_takes_it_back(
    tmp_path: Path,
) -> None:
    """The same with the offline referee, whose turn has no wait of its own for a quit to
    break into."""
    state = in_the_cellar(shield_seed())
    state.players = dict(TRIO)
    state.turn_order.active = "Ana"
    fight = state.encounter
    assert fight is not None  # the rat that bites first, with the referee choosing whom
    fight.turn_index = next(i for i, c in enumerate(fight.order) if c.id == "giant-rat-1")
    await quit_at_the_reaction(tmp_path, session_for(state))

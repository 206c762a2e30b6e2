"""The turn manager in the full-screen game: a declaration is saved the moment it is made,
the turn log opens with F3 or /turns, a player steps away and back, and a turn timer ends
a slow player's fight turn."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from textual.widgets import DataTable

from app.saves import load_game
from app.session.session import GameSession
from app.session.setup import session_for
from app.tui import make_app
from app.tui.app import DungeonApp
from app.tui.driving import play_screen, shown, until
from app.tui.screens.modals import HandoffScreen
from app.tui.screens.turnlog import TurnLogScreen
from app.tui.showcase import SEATS, TABLE, crossroads, in_the_cellar, round_at_the_table
from app.tui.widgets.banner import GateBanner


def game(tmp_path: Path, session: GameSession) -> DungeonApp:
    return make_app(saves=tmp_path / "saves", session=session, save_as="table", still=True)


async def test_a_declaration_is_saved_at_once(tmp_path: Path) -> None:
    app = game(tmp_path, crossroads(players={k: list(v) for k, v in SEATS.items()}))
    async with app.run_test(size=(100, 30)) as pilot:
        await shown(pilot, HandoffScreen)
        await pilot.press("enter")
        await pilot.press(*"I pick the lock", "enter")
        await shown(pilot, HandoffScreen)
        # the game is still running — a crash now would leave this save
        saved = load_game(tmp_path / "saves" / "table.toml")
        assert [(a.character_id, a.text) for a in saved.pending] == [("mira", "I pick the lock")]
        assert saved.turn_order.active == "Ben" and saved.turn_order.acted == ["Ana"]


async def test_the_turn_log_opens_with_f3_and_with_turns(tmp_path: Path) -> None:
    app = game(tmp_path, round_at_the_table())
    async with app.run_test(size=(100, 30)) as pilot:
        await shown(pilot, HandoffScreen)
        await pilot.press("enter")
        await pilot.press("f3")
        assert isinstance(app.screen, TurnLogScreen)
        table = app.screen.query_one(DataTable)
        rows = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]
        assert [r[2:] for r in rows] == [
            ["Ana", "acted", "0:42", "Ben"],
            ["Cy", "stepped away", "—", "Ben"],
            ["Ben", "passed", "1:23", "—"],
            ["Cy", "came back", "—", "Cy"],
        ]
        await pilot.press("escape")
        assert not isinstance(app.screen, TurnLogScreen)
        screen = play_screen(app)
        await screen.command("/turns")
        await pilot.pause()
        assert isinstance(app.screen, TurnLogScreen)


async def test_stepping_away_hands_the_keyboard_on_and_back_returns(tmp_path: Path) -> None:
    app = game(tmp_path, crossroads(players={k: list(v) for k, v in SEATS.items()}))
    async with app.run_test(size=(120, 30)) as pilot:
        await shown(pilot, HandoffScreen)
        await pilot.press("enter")
        screen = play_screen(app)
        await screen.command("/away")  # Ana, at the keyboard, steps away
        await shown(pilot, HandoffScreen)
        assert app.screen.player == "Ben"  # type: ignore[attr-defined]
        await pilot.press("enter")
        banner = screen.query_one(GateBanner).text
        assert banner == "Waiting for Ben   Ana away · Ben ▶ · Cy …"
        saved = load_game(tmp_path / "saves" / "table.toml")
        assert saved.turn_order.away == ["Ana"]  # saved at once
        await screen.command("/back Ana")
        assert screen.session.state.turn_order.away == []
        await screen.command("/away Zed")
        await pilot.pause()
        notes = " ".join(n.message for n in app._notifications)
        assert "no player called 'Zed' — the players: Ana, Ben, Cy" in notes


async def test_a_fight_turn_ends_when_its_time_runs_out(tmp_path: Path) -> None:
    state = in_the_cellar()
    state.players = {k: list(v) for k, v in TABLE.items()}
    fight = state.encounter
    assert fight is not None
    fight.turn_index = [c.id for c in fight.order].index("mira")
    state.turn_order.timer_seconds = 30
    app = game(tmp_path, session_for(state))
    async with app.run_test(size=(120, 36)) as pilot:
        await shown(pilot, HandoffScreen)
        await pilot.press("enter")
        screen = play_screen(app)
        # the clock starts once the keyboard has changed hands (on a loaded machine, a
        # moment after the key)
        await until(pilot, lambda: app.screen is screen and screen.holder == screen.player_up())
        screen.tick_timer()
        assert "Ana ▶ 0:" in screen.query_one(GateBanner).text  # the time left, in a fight
        state.turn_order.turn_started -= timedelta(seconds=31)  # type: ignore[operator]
        screen.tick_timer()
        told = "Ana's time ran out — Mira's turn ends."
        await until(pilot, lambda: told in " ".join(n.message for n in app._notifications))
        timeout = [c for c in state.turn_order.history if c.reason == "TIMEOUT"]
        assert timeout and timeout[-1].player == "Ana"
        assert 31 <= (timeout[-1].seconds or 0) <= 34  # a second may tick by meanwhile
        await until(pilot, lambda: not screen.thinking)
        assert fight.current.id != "mira" or fight.round > 1  # the turn ended

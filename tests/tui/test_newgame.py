"""The new-game screen as a player meets it: empty seats with a hint (blank: one player),
Tab going down the form in order, Start in view at 120×36, and a connection test that
shows it is working and gives up after a few seconds."""

from __future__ import annotations

import socket
from pathlib import Path

from textual.widgets import Button, Input, LoadingIndicator, RadioButton, Static

from app.dm.config import DMConfig
from app.tui import make_app
from app.tui.driving import say, until
from app.tui.screens.newgame import NewGameScreen
from app.tui.screens.play import PlayScreen
from app.tui.widgets.dmform import DMForm


def title_app(tmp_path: Path):
    return make_app(saves=tmp_path / "saves", still=True, dm=DMConfig())


async def open_new_game(pilot) -> NewGameScreen:
    await pilot.press("n")
    await until(pilot, lambda: isinstance(pilot.app.screen, NewGameScreen))
    return pilot.app.screen


async def test_blank_seats_start_a_one_player_game(tmp_path: Path) -> None:
    app = title_app(tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await open_new_game(pilot)
        seats = list(screen.query("#ng-seats Input").results(Input))
        assert len(seats) == 3
        assert all(s.value == "" and s.placeholder == "player name" for s in seats)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))
        state = app.play_screen().session.state
        assert list(state.players.values()) == [["mira", "thorin", "aria"]]
        await say(pilot, "Mira: I look around")
    # the save is where the README says a new game of this campaign saves
    assert (tmp_path / "saves" / "crossroads.toml").exists()
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    assert "`saves/crossroads.toml`" in readme


async def test_tab_goes_down_the_form_in_order(tmp_path: Path) -> None:
    app = title_app(tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await open_new_game(pilot)
        visited = [app.focused.id if app.focused else None]
        for _ in range(8):
            await pilot.press("tab")
            visited.append(app.focused.id if app.focused else None)
        assert visited == [
            "ng-campaign", "seat-mira", "seat-thorin", "seat-aria", "ng-dm", "ng-seed",
            "ng-save", "ng-start", "ng-back",
        ]  # fmt: skip
        await pilot.press("tab")
        assert app.focused is not None and app.focused.id == "ng-campaign"  # round again


async def test_start_is_in_view_at_120x36(tmp_path: Path) -> None:
    app = title_app(tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await open_new_game(pilot)
        start = screen.query_one("#ng-start", Button)
        region = start.region
        assert region.height == 3 and region.bottom <= 35  # above the footer line
        assert screen.get_widget_at(region.x + region.width // 2, region.y + 1)[0] is start


async def test_the_connection_test_shows_progress_and_gives_up(tmp_path: Path) -> None:
    silent = socket.socket()  # accepts connections, never answers
    silent.bind(("127.0.0.1", 0))
    silent.listen(8)
    port = silent.getsockname()[1]
    try:
        app = title_app(tmp_path)
        async with app.run_test(size=(120, 50)) as pilot:
            screen = await open_new_game(pilot)
            screen.query_one("#ng-endpoint", RadioButton).value = True
            await pilot.pause()
            form = screen.query_one(DMForm)
            form.PROBE_SECONDS = 2.5  # long enough to look at it, short for a test
            screen.query_one("#dm-model", Input).value = "llama3.1"
            screen.query_one("#dm-base-url", Input).value = f"http://127.0.0.1:{port}/v1"
            button = screen.query_one("#dm-test", Button)
            button.focus()
            # a loaded machine may take a moment to move the focus and to handle the press:
            # wait for each, no timing
            await until(pilot, lambda: app.focused is button)
            await pilot.press("enter")
            await until(pilot, lambda: button.disabled)
            assert str(button.label) == "Testing…"
            assert screen.query_one("#probe-spinner", LoadingIndicator).display
            result = screen.query_one("#probe-result", Static)
            assert "asking" in str(result.render())  # which step is running
            await until(pilot, lambda: "✘" in str(result.render()))
            assert "did not answer within 2.5 s" in str(result.render())
            assert not button.disabled and str(button.label) == "Test connection"
            assert app.focused is button  # the keyboard is where the player left it
            assert not screen.query_one("#probe-spinner", LoadingIndicator).display
    finally:
        silent.close()


async def test_a_burst_of_names_with_tabs_fills_one_seat_each(tmp_path: Path) -> None:
    """Typed faster than the screen keeps up ("Ann⇥Ben⇥Ann" arriving at once, as on a busy
    machine or a paste), each name goes to its own seat: none is glued to another or lost."""
    from textual import events

    app = title_app(tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await open_new_game(pilot)
        await pilot.press("tab")
        for ch in "Ann\tBen\tAnn":  # queued all at once, none waited for
            app.post_message(events.Key("tab" if ch == "\t" else ch, ch))
        seats = list(screen.query("#ng-seats Input").results(Input))
        await until(pilot, lambda: seats[2].value == "Ann")
        assert [s.value for s in seats] == ["Ann", "Ben", "Ann"]

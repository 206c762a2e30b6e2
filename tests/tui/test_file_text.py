"""Pilot tests: text from files reaches the full screen as written. A campaign with square
brackets in every text a player sees, player names with markup in them, and a hand-edited
save with escape codes and a dice-log entry that is not well-formed markup all show
literally — no ``MarkupError``, no escape code on the screen."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console
from rich.text import Text
from textual.widget import Widget
from textual.widgets import Label, Static

from app.dm.config import DMConfig
from app.session.setup import start_session
from app.tui import make_app
from app.tui.driving import play_screen, say, until
from app.tui.driving import shown as dialog_up
from app.tui.screens.modals import HandoffScreen
from app.tui.screens.newgame import NewGameScreen
from app.tui.screens.play import PlayScreen
from app.tui.widgets.dicelog import DiceLog
from app.tui.widgets.party import PartyPanel
from app.tui.widgets.story import StoryPane
from app.world.campaignfile import load_campaign
from tests.hostile_text import BROKEN_LOG, MARKS, campaign_with, hostile_save


def rendered(widget: Widget) -> str:
    """What a widget shows, as plain text."""
    drawn = widget.render()
    if isinstance(drawn, str | Text):
        return str(drawn)
    console = Console(width=60, record=True, file=io.StringIO())
    console.print(drawn)
    return console.export_text()


async def test_a_game_with_bracketed_names_starts_and_shows_them_as_written(
    tmp_path: Path,
) -> None:
    story = load_campaign(campaign_with(tmp_path))
    session = start_session(story, 3, players={"A[/]na": ["mira"], "Ben": ["thorin", "aria"]})
    app = make_app(saves=tmp_path / "saves", session=session, still=True)
    async with app.run_test(size=(120, 36)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, PlayScreen | HandoffScreen))
        if isinstance(app.screen, HandoffScreen):
            title = app.screen.query_one("#handoff-title", Label)
            assert "Pass the keyboard to " in rendered(title)
            await dialog_up(pilot, HandoffScreen)  # a key pressed before its guard time is lost
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, PlayScreen))
        screen = play_screen(app)
        actor = rendered(screen.query_one("#actor", Label))
        assert "[/]" in actor and MARKS.strip() in actor
        topbar = rendered(screen.query_one("#topbar", Static))
        assert f"The Cellar Under the Crossroads{MARKS}" in topbar
        await say(pilot, "I look around [/][b]")
        shown = "\n".join(str(c.render()) for c in screen.query_one(StoryPane).children)
        assert "I look around [/][b]" in shown
        assert "Traceback" not in shown


async def test_the_new_game_screen_shows_a_bracketed_campaign_as_written(tmp_path: Path) -> None:
    folder = campaign_with(tmp_path)
    app = make_app(
        saves=tmp_path / "saves", campaigns=tmp_path, campaign=folder.name, still=True,
        dm=DMConfig(),
    )  # fmt: skip
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await pilot.pause()
        labels = [rendered(label) for label in app.screen.query(".seat-label").results(Label)]
        assert any(label.startswith(f"Mira{MARKS} — ") for label in labels), labels
        summary = rendered(app.screen.query_one("#ng-summary", Static))
        assert f"The Cellar Under the Crossroads{MARKS}" in summary


async def test_continuing_a_hand_edited_save_shows_it_without_escape_codes(
    tmp_path: Path,
) -> None:
    saves = tmp_path / "saves"
    hostile_save(saves)
    app = make_app(saves=saves, still=True, dm=DMConfig())
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("c")
        await until(pilot, lambda: app.play_screen() is not None)
        await pilot.pause()
        screen = play_screen(app)
        log = screen.query_one(DiceLog)
        lines = ["".join(segment.text for segment in strip) for strip in log.lines]
        assert BROKEN_LOG in " ".join(lines)  # shown as written, not a MarkupError
        assert "[@click=app.quit]click[/]" in " ".join(lines)  # no action hidden in it
        notes = "\n".join(n.message for n in app._notifications)
        assert "escape codes were removed" in notes
        topbar = rendered(screen.query_one("#topbar", Static))
        party = rendered(screen.query_one(PartyPanel))
        # (the title is the campaign's, read again from it on resuming; the name is the save's)
        assert "The Cellar Under the Crossroads" in topbar and "Mi[/]ra" in party
        assert "\x1b" not in "".join(lines) + notes + topbar + party

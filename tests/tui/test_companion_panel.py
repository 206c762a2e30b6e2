"""A companion who fights beside the party shows as an ally: in the initiative tracker on
the party's side, and in the party panel under the party."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from app.actions.campaign_tools import start_encounter
from app.session.setup import session_for
from app.tui import make_app
from app.tui.driving import play_screen, settle
from app.tui.widgets.party import PartyPanel
from app.tui.widgets.tracker import InitiativeTracker
from app.world.campaignfile import load_campaign
from app.world.newgame import new_game

FOLDER = Path(__file__).resolve().parents[1] / "data" / "campaigns" / "sand_road"


def drawn(renderable: object, width: int) -> tuple[str, list[tuple[str, str]]]:
    """The text as drawn, and each piece of it with its style."""
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(renderable)
    pieces = [(segment.text, str(segment.style)) for segment in console._record_buffer]
    return console.export_text(), pieces


async def test_the_companion_shows_as_an_ally(tmp_path: Path) -> None:
    state = new_game(load_campaign(FOLDER), seed=6)
    state.flags["wendel_joined"] = True
    start_encounter(state, "jackals")
    app = make_app(saves=tmp_path, session=session_for(state), save_as=None, still=True)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, react=False)
        screen = play_screen(app)
        party = screen.query_one(PartyPanel)
        text, _ = drawn(party.render(), party.size.width)
        lines = text.splitlines()
        assert any("Wendel" in line and "(ally)" in line for line in lines), lines
        assert text.index("Bram") < text.index("Wendel") and "11/11" in text
        tracker = screen.query_one(InitiativeTracker)
        _, pieces = drawn(tracker.render(), tracker.content_region.width)
        wendel = " ".join(style for piece, style in pieces if "Wendel" in piece)
        wolf = " ".join(style for piece, style in pieces if "Wolf 1" in piece)
        assert "cyan" in wendel and "cyan" not in wolf, (wendel, wolf)

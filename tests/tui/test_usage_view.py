"""``/usage`` and the cost alert in the full-screen game, and the prices and alerts in the
DM settings."""

from __future__ import annotations

import tomllib
from pathlib import Path

from textual.widgets import Input, Static

from app.dm.config import DMConfig
from app.dm.scripted import ScriptedBrain
from app.session.setup import start_session
from app.tui import make_app
from app.tui.driving import play_screen, say
from app.tui.showcase import campaign, crossroads
from app.tui.widgets.story import StoryPane
from tests.tui.test_screens import text_of, title_app


def story_text(app) -> str:  # type: ignore[no-untyped-def]
    story = play_screen(app).query_one(StoryPane)
    return "\n".join(getattr(c, "source", None) or str(c.render()) for c in story.children)


async def test_usage_says_the_offline_referee_spends_nothing(tmp_path: Path) -> None:
    app = make_app(saves=tmp_path, session=crossroads(), save_as=None, still=True, dm=DMConfig())
    async with app.run_test(size=(100, 30)) as pilot:
        await say(pilot, "/usage")
        assert "The offline referee runs on this machine and spends no tokens." in story_text(app)
        assert "tokens" not in str(app.screen.query_one("#topbar", Static).render())


async def test_an_ai_dm_game_alerts_once_and_usage_shows_the_figures(tmp_path: Path) -> None:
    brain = ScriptedBrain([{"text": "Berta nods."}, {"text": "The fire crackles."}])
    session = start_session(campaign(), 5, brain)
    dm = DMConfig(price_input=0.15, price_output=0.6, alert_tokens=10)
    app = make_app(saves=tmp_path, session=session, save_as=None, still=True, dm=dm)
    async with app.run_test(size=(100, 30)) as pilot:
        await say(pilot, "Mira: I greet Berta")
        assert story_text(app).count("⚠ Token alert: the DM averages") == 1
        await say(pilot, "Mira: I warm my hands")
        assert story_text(app).count("⚠ Token alert") == 1  # once per crossing
        await say(pilot, "/usage")
        text = story_text(app)
        assert "Last turn: " in text and "This game: " in text and "2 calls" in text
        assert "Estimated cost: $0.0" in text
        assert "Alerts: average past 10 tokens a turn" in text
        total = session.state.usage.tokens
        assert f"{total:,} tokens" in str(app.screen.query_one("#topbar", Static).render())


async def test_prices_and_alerts_are_set_in_the_dm_settings(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    app = title_app(tmp_path)
    app.launch.config_file = path
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        screen.query_one("#dm-alert-cost", Input).value = "2"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen  # refused: a cost alert needs prices
        assert "needs the prices" in text_of(screen.query_one("#settings-result", Static))
        screen.query_one("#dm-price-in", Input).value = "0.15"
        screen.query_one("#dm-price-out", Input).value = "a lot"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "the completion price must be a number" in text_of(
            screen.query_one("#settings-result", Static)
        )
        screen.query_one("#dm-price-out", Input).value = "$0.60"
        screen.query_one("#dm-alert-tokens", Input).value = "6,000"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is not screen
    saved = tomllib.loads(path.read_text())["dm"]
    assert saved["price_input"] == 0.15 and saved["price_output"] == 0.6
    assert saved["alert_cost"] == 2 and saved["alert_tokens"] == 6000
    assert app.launch.dm.budget.alert_tokens == 6000

"""``/dm offline`` in the full-screen game: the AI DM's failure says how to go on, the
switch is said in the story and the top bar, and the failed turn is played, not lost."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from app.dm.config import DMConfig
from app.dm.openai_brain import OpenAIBrain
from app.referee.referee import OfflineReferee
from app.session.setup import start_session
from app.tui import make_app
from app.tui.driving import say
from app.tui.showcase import campaign
from app.tui.widgets.story import StoryPane
from tests.app.fake_openai import FakeOpenAI, Status


def notes(pane: StoryPane) -> list[str]:
    return [str(c.render()) for c in pane.children if isinstance(c, Static)]


async def test_dm_offline_takes_over_a_failed_turn(tmp_path: Path) -> None:
    with FakeOpenAI([Status(400, "bad request")]) as server:
        config = DMConfig(model="fake-model", base_url=server.base_url, max_retries=0)
        session = start_session(campaign(), 3, OpenAIBrain(config))
        app = make_app(saves=tmp_path, session=session, save_as="game", still=True, dm=config)
        async with app.run_test(size=(120, 40)) as pilot:
            play = app.play_screen()
            assert play is not None
            await say(pilot, "Mira: I look around")
            story = play.query_one(StoryPane)
            assert play.failed and any("/dm offline" in n for n in notes(story))
            await say(pilot, "/dm")
            assert "The DM is the AI DM (fake-model" in notes(story)[-1]
            await say(pilot, "/dm offline")
            assert isinstance(play.session.brain, OfflineReferee)
            assert any("The offline referee takes over as DM." in n for n in notes(story))
            assert not play.failed and not play.session.pending  # the turn was played
            assert play.session.state.history[-1].actions == ["Mira: I look around"]
            top = str(play.query_one("#topbar", Static).render())
            assert "DM: offline referee" in top
            await say(pilot, "/dm ai")
            assert isinstance(play.session.brain, OpenAIBrain)
            assert "DM: fake-model at http://127.0.0.1" in str(
                play.query_one("#topbar", Static).render()
            )
        assert len(server.requests) == 1  # the turn went to the referee

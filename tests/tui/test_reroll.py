"""``/reroll`` (F4) on the play screen: the last turn's telling is replaced in the story pane
by the new one, marked retold; the table sees who asked; the save keeps the new telling."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Markdown

from app.saves import load_game
from app.session.session import GameSession
from app.tui import make_app
from app.tui.driving import play_screen, say, settle, shown
from app.tui.screens.modals import HandoffScreen
from app.tui.showcase import TABLE, crossroads
from app.tui.widgets.story import StoryPane


def game(tmp_path: Path, session: GameSession):
    return make_app(saves=tmp_path / "saves", session=session, save_as="autosave", still=True)


def story_text(app) -> str:
    story = play_screen(app).query_one(StoryPane)
    parts = []
    for child in story.children:
        if not child.display:
            continue
        source = getattr(child, "source", None)
        parts.append(source if source is not None else str(child.render()))
    return "\n".join(parts)


async def test_reroll_replaces_the_last_telling_in_the_story(tmp_path: Path) -> None:
    app = game(tmp_path, crossroads())
    async with app.run_test(size=(100, 30)) as pilot:
        screen = play_screen(app)
        await say(pilot, "/reroll")
        assert screen.session.state.history == []  # nothing to tell again yet: said so
        await say(pilot, "Mira: look around")
        first = screen.session.state.history[-1].narrative
        assert "Ways on:" in story_text(app)
        blocks = len(screen.query_one(StoryPane).query(Markdown))
        await say(pilot, "/reroll")
        retold = screen.session.state.history[-1]
        assert retold.retold == 1 and retold.narrative != first
        text = story_text(app)
        assert "Turn 1 retold (once)" in text and "Ways on:" not in text
        assert retold.narrative.split("\n\n")[0][:40] in text
        assert len(screen.query_one(StoryPane).query(Markdown)) == blocks  # replaced, not added
        await pilot.press("f7")
        await settle(pilot)
        text = story_text(app)
        assert "Turn 1 retold (twice)" in text and "(once)" not in text
        assert screen.session.state.history[-1].retold == 2
    saved = load_game("autosave", tmp_path / "saves")
    assert saved.history[-1].retold == 2 and saved.turn == 1


async def test_at_a_shared_keyboard_the_table_sees_who_asked(tmp_path: Path) -> None:
    app = game(tmp_path, crossroads(players=TABLE))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = play_screen(app)
        await shown(pilot, HandoffScreen)
        await pilot.press("enter")
        await say(pilot, "look around")
        await shown(pilot, HandoffScreen)
        await pilot.press("enter")
        await say(pilot, "Thorin: I warm my hands at the hearth")
        await shown(pilot, HandoffScreen)
        await pilot.press("enter")  # Ana has the keyboard again
        before = screen.session.state.model_dump(exclude={"turn_order"})
        await say(pilot, "/reroll")
        assert "Turn 1 retold (once, as Ana asked)" in story_text(app)
        assert screen.session.state.model_dump(exclude={"turn_order"}) == before

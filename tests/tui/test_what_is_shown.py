"""What the players see is what happened, once: every paragraph of the story once (a
killing blow, a new scene), and after Continue the same story and the same dice and combat
log as before quitting."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from textual.widgets import Markdown
from textual.widgets.markdown import MarkdownBlock

from app.session.setup import session_for
from app.tui import make_app
from app.tui.driving import play_screen, say, settle, until
from app.tui.screens.play import PlayScreen
from app.tui.showcase import crossroads, in_the_cellar
from app.tui.widgets.dicelog import DiceLog
from app.tui.widgets.story import StoryPane
from app.world.view import scene_description


def narration_shown(app) -> Counter[str]:
    """The narration's paragraphs as drawn (the widgets on screen, not the text fed in),
    scene headings and declared actions left out."""
    story = play_screen(app).query_one(StoryPane)
    shown: Counter[str] = Counter()
    for child in story.query_children(Markdown):
        if not child.has_class("scene"):
            shown.update(" ".join(str(b.render()).split()) for b in child.query(MarkdownBlock))
    return shown


def narration_saved(app) -> Counter[str]:
    """The narration's paragraphs as the game records them."""
    saved: Counter[str] = Counter()
    for record in play_screen(app).session.state.history:
        saved.update(" ".join(p.split()) for p in record.narrative.split("\n\n") if p.strip())
    return saved


async def test_a_killing_blow_is_shown_once(tmp_path: Path) -> None:
    app = make_app(saves=tmp_path, session=session_for(in_the_cellar()), save_as=None, still=True)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, react=False)
        state = play_screen(app).session.state
        for _ in range(30):
            if state.encounter is None:
                break
            await say(pilot, "Anyone: attack the nearest rat", react=False)
        assert state.encounter is None
        shown = narration_shown(app)
        assert any("The fight is over" in p for p in shown)
        assert shown == narration_saved(app)


async def test_a_new_scene_is_described_once(tmp_path: Path) -> None:
    app = make_app(saves=tmp_path, session=crossroads(), save_as=None, still=True)
    async with app.run_test(size=(120, 36)) as pilot:
        await say(pilot, "Mira: I pick the lock on the trapdoor")
        await say(pilot, "Thorin: I go down the trapdoor", react=False)
        state = play_screen(app).session.state
        assert state.scene.id == "cellar"
        opening = scene_description(state, state.campaign)[:40]
        assert opening
        story = play_screen(app).query_one(StoryPane)
        drawn = " ".join(
            " ".join(str(block.render()).split()) for block in story.query(MarkdownBlock)
        )
        assert drawn.count(opening) == 1
        headings = [c for c in story.query_children(Markdown) if c.has_class("scene")]
        assert headings[-1].source == f"## {state.scene.name}"


def log_lines(app) -> list[str]:
    """The dice and combat log as drawn."""
    return [strip.text for strip in play_screen(app).query_one(DiceLog).lines]


async def test_continue_shows_the_same_log_and_story(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    first = make_app(saves=saves, session=crossroads(), save_as="run", still=True)
    async with first.run_test(size=(120, 36)) as pilot:
        await say(pilot, "Mira: I pick the lock on the trapdoor")
        await say(pilot, "Thorin: I go down the trapdoor", react=False)
        await say(pilot, "Anyone: attack the nearest rat", react=False)  # foes act too
        await say(pilot, "/roll 2d6")
        before = log_lines(first)
        assert play_screen(first).session.state.encounter is not None
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert any("round" in line for line in before) and any("you rolled" in line for line in before)
    assert any("⚔ Combat!" in line for line in before)

    app = make_app(saves=saves, still=True)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))
        await pilot.pause()
        assert log_lines(app) == before
        story = play_screen(app).query_one(StoryPane)
        actions = [str(c.render()) for c in story.children if c.has_class("action")]
        assert actions and not any("no player action" in a for a in actions)

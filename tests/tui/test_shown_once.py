"""What the story pane shows: every paragraph of the story once — a killing blow streamed
in pieces, a scene the narrator describes — as the save records it."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from textual.widgets import Markdown
from textual.widgets.markdown import MarkdownBlock

from app.session.setup import session_for
from app.tui import make_app
from app.tui.showcase import crossroads, in_the_cellar, play_screen, say, settle
from app.tui.widgets.story import StoryPane


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
        opening = " ".join(state.scene.description.split())[:40]
        story = play_screen(app).query_one(StoryPane)
        drawn = " ".join(
            " ".join(str(block.render()).split()) for block in story.query(MarkdownBlock)
        )
        assert drawn.count(opening) == 1
        headings = [c for c in story.query_children(Markdown) if c.has_class("scene")]
        assert headings[-1].source == f"## {state.scene.name}"

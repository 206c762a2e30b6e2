"""What the play screen says where it stays: a refusal in a restricted scene, an answer to
a line typed after the end, and a story pane that ends on the last thing said when a game
is resumed or a turn taken back."""

from __future__ import annotations

import json
from pathlib import Path

from textual.widgets import Markdown

from app.actions.calls import ToolCall
from app.actions.sets import ALL_TOOLS
from app.session.session import GameSession
from app.tui import make_app
from app.tui.driving import play_screen, say, shown, until
from app.tui.screens.leaving import EndingScreen
from app.tui.showcase import crossroads
from app.tui.widgets.story import StoryPane
from app.world.actions import PlayerAction


def game(tmp_path: Path, session: GameSession, *, resumed: bool = False):  # type: ignore[no-untyped-def]
    return make_app(
        saves=tmp_path / "saves", session=session, save_as="mine", resumed=resumed, still=True
    )


def story(app) -> list[str]:  # type: ignore[no-untyped-def]
    pane = play_screen(app).query_one(StoryPane)
    return [getattr(c, "source", None) or str(c.render()) for c in pane.children]


async def played(*lines: str) -> GameSession:
    """A crossroads game with these lines already played (the offline referee)."""
    session = crossroads()
    for line in lines:
        assert session.submit(PlayerAction(character_id="mira", text=line))
        async for _ in session.process():
            pass
    return session


def last_is_said(app) -> bool:  # type: ignore[no-untyped-def]
    pane = play_screen(app).query_one(StoryPane)
    last = pane.children[-1]
    return not last.has_class("scene") and pane.scroll_y == pane.max_scroll_y


async def test_a_refusal_in_a_restricted_scene_is_said_in_the_story(tmp_path: Path) -> None:
    session = crossroads()
    args = {"character_ids": ["mira"], "reason": "Grubnak will only parley with Mira"}
    ALL_TOOLS.execute(ToolCall("t", "restrict_action", json.dumps(args)), session.state)
    app = game(tmp_path, session)
    async with app.run_test(size=(100, 30)) as pilot:
        await say(pilot, "Thorin: I look around")
        assert "Only Mira may act now — Grubnak will only parley with Mira" in story(app)
        assert session.pending == []


async def test_a_line_typed_after_the_end_is_answered_in_the_story(tmp_path: Path) -> None:
    session = crossroads()
    session.state.ending = "defeat"
    app = game(tmp_path, session)
    async with app.run_test(size=(100, 30)) as pilot:
        await shown(pilot, EndingScreen)
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, EndingScreen))
        await say(pilot, "Mira: I get up and fight on")
        said = "\n".join(story(app))
        assert "› Mira: Mira: I get up and fight on" not in said
        assert "I get up and fight on" in said
        assert "The end — Defeat. The story is over" in said
        assert "/undo" in said and "/rewind" in said and "new game" in said


async def test_a_resumed_game_shows_the_last_thing_said(tmp_path: Path) -> None:
    session = await played("look around", "talk to Berta")
    app = game(tmp_path, session, resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: last_is_said(app))
        shown_now = story(app)
        assert shown_now[0] == f"Resumed at turn {session.state.turn}."
        heading = next(n for n, s in enumerate(shown_now) if "## The Crossroads Inn" in s)
        first = next(n for n, s in enumerate(shown_now) if "look around" in s)
        assert heading < first  # the game began here: the heading stands above the turns
        assert isinstance(play_screen(app).query_one(StoryPane).children[-1], Markdown)


async def test_undo_shows_the_last_thing_said(tmp_path: Path) -> None:
    session = await played("look around", "talk to Berta")
    app = game(tmp_path, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await say(pilot, "Mira: I look at the trapdoor")
        await pilot.press("ctrl+z")
        await until(pilot, lambda: session.state.turn == 2)
        await until(pilot, lambda: last_is_said(app))
        pane = play_screen(app).query_one(StoryPane)
        told = [c for c in pane.children if not c.has_class("note")]
        assert isinstance(told[-1], Markdown) and not told[-1].has_class("scene")
        assert pane.children[-1].has_class("note")  # what was taken back, said last


async def test_a_resumed_game_keeps_the_relationship_lines_and_the_round_declared(
    tmp_path: Path,
) -> None:
    """Coming back to a game, the story pane shows what it showed before quitting: how
    people's feelings moved (♥), and a line already declared this round at a shared
    keyboard, so the answer to it is not read as an answer to the next player."""
    session = await played("Berta, don't you worry, we'll bring your boy home safe")
    assert session.submit(PlayerAction(character_id="thorin", text="ask Berta about the key"))
    app = game(tmp_path, session, resumed=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: last_is_said(app) or "ask Berta about the key" in story(app)[-1])
        said = "\n".join(story(app))
        assert "♥ Berta trusts you more" in said
        assert said.index("♥ Berta trusts you more") < said.index("red vial")
        assert "ask Berta about the key" in said

"""``dungeon play --campaign DIR --watch`` in the full screen: an edit saved in another
terminal is taken in between turns (a notice, the scene as it now reads, the game saved),
a broken file is reported in the story with its problems at file:line:col while the game
goes on, and a version the game cannot fit offers a restart that keeps the old game."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from app.authoring.scaffold import scaffold
from app.dm.config import DMConfig
from app.saves import load_game
from app.session.setup import start_session
from app.session.watching import CampaignWatch
from app.tui import make_app
from app.tui.app import DungeonApp
from app.tui.driving import play_screen, say, shown, until
from app.tui.screens.play import PlayScreen
from app.tui.screens.watching import RestartScreen
from app.tui.widgets.story import StoryPane
from app.world.campaignfile import load_campaign


def story_text(screen: PlayScreen) -> str:
    """Everything the story pane shows (narration and scenes as their Markdown source)."""
    parts = []
    for child in screen.query_one(StoryPane).children:
        source = getattr(child, "source", None)
        parts.append(source if isinstance(source, str) else str(child.render()))
    return "\n".join(parts)


def notes(app: DungeonApp) -> str:
    return " ".join(n.message for n in app._notifications)


def titles(app: DungeonApp) -> str:
    return " ".join(n.title for n in app._notifications)


def watched(tmp_path: Path) -> tuple[DungeonApp, Path]:
    """A new game of an author's campaign, watched; and its campaign file."""
    folder = scaffold("mycamp", tmp_path)
    session = start_session(load_campaign(folder), 4)
    app = make_app(
        saves=tmp_path / "saves",
        session=session,
        save_as="game",
        still=True,
        dm=DMConfig(),
        watch=CampaignWatch(folder),
    )
    return app, folder / "campaign.toml"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


async def test_a_saved_edit_is_taken_in_and_a_broken_one_is_reported(tmp_path: Path) -> None:
    app, path = watched(tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await say(pilot, "Thorin: ask Hanne about the key")
        screen = play_screen(app)
        edit(path, "Flour dust hangs in the lamplight.", "Moonlight falls through the rafters.")
        await until(pilot, lambda: "Campaign reloaded" in notes(app))  # the clock polls
        shown_now = story_text(screen)
        assert "↻ Campaign reloaded (1 change: scenes.mill changed)." in shown_now
        assert shown_now.rstrip().endswith(
            "beside a cellar door bound with a rusty chain, and from below comes a scratching."
        )
        assert "## The Old Mill\n\nMoonlight falls through the rafters." in shown_now
        state = screen.session.state
        assert state.turn == 1 and state.campaign is not None
        saved = load_game(tmp_path / "saves" / "game.toml")
        assert saved.turn == 1
        kept = state.campaign

        edit(path, "dc = 12", 'dc = "twelve"')
        await until(pilot, lambda: "Campaign not reloaded" in titles(app))
        shown_now = story_text(screen)
        assert "⚠ campaign.toml was not reloaded: the game goes on" in shown_now
        assert f"{path}: 1 problem(s)" in shown_now
        assert f"{path}:" in shown_now and "challenges.chain_lock.dc" in shown_now
        assert screen.session.state.campaign is kept  # the game goes on as it was
        await say(pilot, "Mira: I pick the lock")
        assert screen.session.state.turn == 2

        edit(path, 'dc = "twelve"', "dc = 30")
        await until(pilot, lambda: screen.session.state.campaign is not kept)
        campaign = screen.session.state.campaign
        assert campaign is not None and campaign.challenges["chain_lock"].dc == 30
        assert "Campaign reloaded (1 change: challenges.chain_lock changed)." in story_text(screen)
        assert screen.session.state.turn == 2


async def test_nothing_is_taken_in_mid_turn(tmp_path: Path) -> None:
    app, path = watched(tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = play_screen(app)
        old = screen.session.state.campaign
        screen.thinking = True  # the DM is answering
        edit(path, "Flour dust hangs", "Smoke hangs")
        for _ in range(4):
            screen.poll_campaign()
        assert screen.session.state.campaign is old
        screen.thinking = False  # the turn is over: the change is taken in now
        screen.poll_campaign()
        screen.poll_campaign()
        await pilot.pause()
        assert screen.session.state.campaign is not old
        assert "Smoke hangs" in story_text(screen)


async def test_a_version_without_the_partys_scene_offers_a_restart(tmp_path: Path) -> None:
    app, path = watched(tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await say(pilot, "Thorin: ask Hanne about the key")
        screen = play_screen(app)
        old = screen.session.state.campaign
        text = path.read_text(encoding="utf-8")
        barn = text.replace("scenes.mill", "scenes.barn").replace('"mill"', '"barn"')
        path.write_text(barn, encoding="utf-8")
        await shown(pilot, RestartScreen)
        question = str(app.screen.query_one("#confirm-question", Static).render())
        assert "the party is in 'mill' (The Old Mill), which the campaign no longer has" in (
            question
        )
        assert "This game stays saved as game." in question
        await pilot.press("n")  # go on with the campaign as it was
        await pilot.pause()
        assert app.screen is screen and screen.session.state.campaign is old
        assert "The game goes on with the campaign as it was" in story_text(screen)

        path.write_text(barn + "\n# saved again\n", encoding="utf-8")
        await shown(pilot, RestartScreen)
        await pilot.press("y")
        await until(pilot, lambda: play_screen(app) is not screen)
        fresh = play_screen(app)
        await pilot.pause()
        state = fresh.session.state
        assert state.scene.id == "barn" and state.turn == 0 and state.seed == 4
        assert fresh.save_as == "mycamp" and fresh.campaign_watch is screen.campaign_watch
        assert (
            "Started again with the changed campaign. The game before is kept as the save game"
            in story_text(fresh)
        )
        old_game = load_game(tmp_path / "saves" / "game.toml")
        assert old_game.turn == 1 and old_game.scene.id == "mill"
        assert load_game(tmp_path / "saves" / "mycamp.toml").scene.id == "barn"
        edit(path, "Flour dust hangs", "Dust hangs")  # the new game goes on watching
        await until(pilot, lambda: "Dust hangs" in story_text(fresh))

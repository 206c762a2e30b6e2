"""Pilot tests of the screens around the game: title, new game (seats, DM choice with a
real connection test), settings, load (damaged saves and backups), continue, credits, and
``dungeon play`` opening the full-screen game."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from textual.widgets import Input, RadioButton, Static
from typer.testing import CliRunner

from app.cli.main import app as cli
from app.dm.config import DMConfig
from app.dm.connection import TOOL_NAME
from app.dm.openai_brain import OpenAIBrain
from app.saves import save_game
from app.tui import DungeonApp, make_app
from app.tui.driving import say, shown, until
from app.tui.screens.info import CreditsScreen, HelpScreen
from app.tui.screens.load import LoadScreen
from app.tui.screens.modals import ConfirmScreen, HandoffScreen
from app.tui.screens.newgame import NewGameScreen, seat
from app.tui.screens.play import PlayScreen
from app.tui.screens.settings import SettingsScreen
from app.tui.screens.title import TitleScreen
from app.tui.showcase import crossroads
from app.tui.widgets.story import StoryPane
from tests.app.fake_openai import FakeOpenAI, Reply


def title_app(tmp_path: Path, dm: DMConfig | None = None) -> DungeonApp:
    return make_app(saves=tmp_path / "saves", still=True, dm=dm or DMConfig())


def text_of(widget: Static) -> str:
    return str(widget.render())


def test_seating_groups_characters_by_player() -> None:
    assert seat([("mira", "Ana"), ("thorin", "Ben"), ("aria", " Ben ")]) == {
        "Ana": ["mira"],
        "Ben": ["thorin", "aria"],
    }
    assert seat([("mira", ""), ("thorin", "")]) == {"Player": ["mira", "thorin"]}
    assert seat([("mira", ""), ("thorin", "Cy")]) == {"Cy": ["mira", "thorin"]}
    # a name typed again in another case is the same player, named as first typed
    assert seat([("mira", "Ana"), ("thorin", "ana"), ("aria", "Ben")]) == {
        "Ana": ["mira", "thorin"], "Ben": ["aria"]}  # fmt: skip


async def test_new_game_seats_players_and_starts_the_hotseat(tmp_path: Path) -> None:
    app = title_app(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert screen.query_one("#ng-save", Input).value == "crossroads"
        for cid, name in (("mira", "Ana"), ("thorin", "Ben"), ("aria", "Ben")):
            screen.query_one(f"#seat-{cid}", Input).value = name
        screen.query_one("#ng-seed", Input).value = "11"
        screen.query_one("#ng-save", Input).value = "../escape"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen  # a bad save name is explained, nothing starts
        assert "bad save name" in text_of(screen.query_one("#ng-error", Static))
        screen.query_one("#ng-save", Input).value = "friday"
        await pilot.press("ctrl+s")
        await shown(pilot, HandoffScreen)
        play = app.play_screen()
        assert play is not None and play.save_as == "friday"
        state = play.session.state
        assert state.players == {"Ana": ["mira"], "Ben": ["thorin", "aria"]}
        assert state.seed == 11 and state.campaign_id == "crossroads"
        assert app.screen.player == "Ana"


async def test_new_game_with_an_endpoint_tests_the_connection(tmp_path: Path) -> None:
    script = [
        Reply(tool_calls=[(TOOL_NAME, '{"formula": "1d20"}')]),
        Reply(text="Berta waves you in."),
    ]
    with FakeOpenAI(script, models=("fake-model",)) as server:
        app = title_app(tmp_path)
        async with app.run_test(size=(100, 50)) as pilot:
            await pilot.press("n")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, NewGameScreen)
            screen.query_one("#ng-endpoint", RadioButton).value = True
            await pilot.pause()
            screen.query_one("#dm-model", Input).value = "nope"
            screen.query_one("#dm-base-url", Input).value = server.base_url
            screen.query_one("#dm-test").scroll_visible(animate=False)  # below the fold
            await pilot.pause()
            await pilot.click("#dm-test")
            result = screen.query_one("#probe-result", Static)
            await until(pilot, lambda: "✘" in text_of(result) or "✔" in text_of(result))
            assert "has no model 'nope'" in text_of(result) and "fake-model" in text_of(result)
            screen.query_one("#dm-model", Input).value = "fake-model"
            button = screen.query_one("#dm-test")
            # a button ignores presses for a moment after one (Textual's debounce)
            await until(pilot, lambda: not button.has_class("-active"))
            button.focus()  # the keyboard way, this time
            await pilot.press("enter")
            await until(pilot, lambda: "✔" in text_of(result))
            assert "connected to fake-model" in text_of(result)
            assert "tool calls work (native tool_calls" in text_of(result)
            await pilot.press("ctrl+s")
            await until(pilot, lambda: isinstance(app.screen, PlayScreen))
            play = app.play_screen()
            assert isinstance(play.session.brain, OpenAIBrain)
            assert play.dm_label.startswith("fake-model at http://127.0.0.1")
            await say(pilot, "Mira: look around")
            story = play.query_one(StoryPane)
            assert any("Berta waves you in." in getattr(c, "source", "") for c in story.children)
    assert server.requests[0]["model"] == "fake-model"


async def test_an_unreachable_endpoint_is_reported(tmp_path: Path) -> None:
    app = title_app(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        screen.query_one("#dm-base-url", Input).value = "http://127.0.0.1:9/v1"
        await pilot.click("#dm-test")
        result = screen.query_one("#probe-result", Static)
        await until(pilot, lambda: "✘" in text_of(result))
        assert "cannot reach the DM" in text_of(result)


async def test_settings_are_saved_to_the_config_file(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[ui]\ntheme = "nord"\n')
    app = title_app(tmp_path)
    app.launch.config_file = path
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        screen.query_one("#dm-model", Input).value = "llama3.1"
        screen.query_one("#dm-base-url", Input).value = "localhost:11434"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        assert "http://" in text_of(screen.query_one("#settings-result", Static))
        screen.query_one("#dm-base-url", Input).value = "http://localhost:11434/v1"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
    saved = tomllib.loads(path.read_text())
    assert saved["ui"] == {"theme": "nord"}  # other tables are kept
    assert saved["dm"]["model"] == "llama3.1"
    assert saved["dm"]["base_url"] == "http://localhost:11434/v1"
    assert "api_key" not in saved["dm"]
    assert app.launch.dm.model == "llama3.1"
    assert path.stat().st_mode & 0o077 == 0


async def test_load_explains_a_damaged_save_and_offers_its_backup(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    session = crossroads()
    save_game(session.state, "mine", saves)
    session.state.turn = 3
    save_game(session.state, "mine", saves)  # the first save is now mine.toml.1
    (saves / "mine.toml").write_text("schema_version = 1\n[[[")
    app = title_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        await pilot.press("enter")
        await pilot.pause()
        error = text_of(app.screen.query_one("#load-error", Static))
        assert "mine.toml" in error and "Press b to load that backup" in error
        await pilot.press("b")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))
        play = app.play_screen()
        # the backup goes on under a new name: the damaged save stays as it was
        assert play.save_as == "mine-restored" and play.resumed and play.session.state.turn == 0
        story = play.query_one(StoryPane)
        assert "Resumed at turn 0." in str(story.children[0].render())


async def test_load_names_the_folder_it_lists(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saves = tmp_path / "games" / "saves"  # another "saves" than the one beside the game
    save_game(crossroads().state, "mine", saves)
    (tmp_path / "run").mkdir()
    monkeypatch.chdir(tmp_path / "run")
    app = make_app(saves=saves, still=True, dm=DMConfig())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LoadScreen))
        title = text_of(app.screen.query_one("#load-title", Static))
        assert f"Saved games ({saves.resolve()}/)" in title


async def test_load_with_a_name_opens_that_save_and_a_wrong_name_keeps_the_game(
    tmp_path: Path,
) -> None:
    saves = tmp_path / "saves"
    other = crossroads()
    other.state.turn = 5
    save_game(other.state, "other", saves)
    app = make_app(saves=saves, session=crossroads(), save_as="run", still=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await say(pilot, "/load nosuch")
        play = app.play_screen()
        assert play is not None and play.save_as == "run"  # still the game on screen
        await say(pilot, "/load other")
        await until(pilot, lambda: app.play_screen() is not None
                    and app.play_screen().save_as == "other")  # fmt: skip
        assert app.play_screen().session.state.turn == 5


async def test_continue_resumes_the_latest_save_with_its_story(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    first = make_app(saves=saves, session=crossroads(), save_as="run", still=True)
    async with first.run_test(size=(100, 30)) as pilot:
        await say(pilot, "Mira: ask Berta about Tam")
    app = title_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))
        play = app.play_screen()
        assert play.save_as == "run" and play.session.state.turn == 1
        texts = [
            getattr(c, "source", None) or str(c.render())
            for c in play.query_one(StoryPane).children
        ]
        assert any("Tam" in t for t in texts) and any("Mira: ask Berta" in t for t in texts)


async def test_help_and_credits(tmp_path: Path) -> None:
    app = title_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        app.action_credits()
        await pilot.pause()
        assert isinstance(app.screen, CreditsScreen)
        body = " ".join(str(s.render()) for s in app.screen.query(Static))
        assert (
            "Creative Commons Attribution 4.0" in body and "System Reference Document 5.1" in body
        )


def test_dungeon_play_opens_the_full_screen_game(tmp_path: Path, monkeypatch) -> None:
    started: list[DungeonApp] = []
    monkeypatch.setattr(DungeonApp, "run", lambda self, **_: started.append(self))
    saves = tmp_path / "saves"
    save_game(crossroads().state, "old", saves)
    runner = CliRunner()
    result = runner.invoke(cli, ["play", "--ui", "tui", "--saves-dir", str(saves)])
    assert result.exit_code == 0, result.output
    assert started[-1].launch.session is None  # the title screen
    result = runner.invoke(cli, ["play", "--ui", "tui", "--saves-dir", str(saves), "--load", "old"])
    assert result.exit_code == 0, result.output
    launch = started[-1].launch
    assert launch.session is not None and launch.resumed and launch.save_as == "old"
    result = runner.invoke(
        cli,
        ["play", "--ui", "tui", "--saves-dir", str(saves), "--player", "Ana=mira",
         "--player", "Ben=thorin,aria", "--seed", "3"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    state = started[-1].launch.session.state
    assert state.players == {"Ana": ["mira"], "Ben": ["thorin", "aria"]} and state.seed == 3
    result = runner.invoke(cli, ["play", "--ui", "sideways"])
    assert result.exit_code == 2


async def test_back_to_the_title_offers_to_continue_the_game(tmp_path: Path) -> None:
    app = make_app(saves=tmp_path / "saves", session=crossroads(), save_as="run", still=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        title = app.screen_stack[1]
        assert isinstance(title, TitleScreen)
        assert (tmp_path / "saves" / "run.toml").exists()  # a new game is saved at once
        app.action_to_title()
        await pilot.pause()
        assert app.screen is title and title.latest == "run"
        assert "Continue  (run)" in str(
            title.query_one("#title-menu").get_option("continue").prompt
        )


async def test_a_save_can_be_deleted_after_confirming(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    state = crossroads().state
    save_game(state, "keep", saves)
    save_game(state, "gone", saves)
    state.turn = 1  # a changed game: the next save keeps the first as a backup
    save_game(state, "gone", saves)
    assert (saves / "gone.toml.1").exists()
    app = title_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        screen = app.screen
        menu = screen.query_one("#load-list")
        menu.highlighted = next(i for i, s in enumerate(screen.saves) if s.name == "gone")
        await pilot.press("d")
        await shown(pilot, ConfirmScreen)
        await pilot.press("n")  # No keeps it
        await pilot.pause()
        assert (saves / "gone.toml").exists()
        await pilot.press("d")
        await shown(pilot, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert app.screen is screen
        assert not (saves / "gone.toml").exists() and not (saves / "gone.toml.1").exists()
        assert (saves / "keep.toml").exists()
        assert [s.name for s in screen.saves] == ["keep"] and menu.option_count == 1


async def test_a_save_played_in_another_window_is_not_offered_for_deletion(
    tmp_path: Path,
) -> None:
    """Played elsewhere, a save is said to be so at once, not asked about and then
    refused."""
    import subprocess
    import sys

    from app.saves.claims import in_use

    saves = tmp_path / "saves"
    save_game(crossroads().state, "busy", saves)
    root = Path(__file__).resolve().parents[2]
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys; from pathlib import Path; "
         "from app.saves.claims import claim; claim(Path(sys.argv[1])); "
         "print('holding', flush=True); sys.stdin.read()", str(saves / "busy.toml")],
        cwd=root, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
    )  # fmt: skip
    try:
        assert holder.stdout is not None and holder.stdout.readline() == b"holding\n"
        assert in_use(saves / "busy.toml") is not None
        app = title_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("l")
            await pilot.pause()
            await pilot.press("d")
            await pilot.pause()
            assert not isinstance(app.screen, ConfirmScreen)
            told = " ".join(str(n.message) for n in app._notifications)
            assert "being played in another window" in told
        assert (saves / "busy.toml").exists()
    finally:
        holder.kill()
        holder.wait()

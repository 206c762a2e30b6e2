"""Pilot tests: the play screen cannot be locked or crashed — an over-long paste, escape
sequences, a DM that raises, everyone passing, an unwritable saves folder and the end of
the story each get a clear answer, and the game stays playable."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from textual.widgets import Input

from app.dm.brain import BrainReply, Message, TextDelta
from app.saves import load_game
from app.session.session import GameSession
from app.session.setup import session_for
from app.tui import make_app
from app.tui.driving import play_screen, say, settle, shown, until
from app.tui.screens.leaving import EndingScreen, SaveFailedScreen
from app.tui.screens.play import PlayScreen
from app.tui.screens.story import StoryScreen
from app.tui.screens.title import TitleScreen
from app.tui.showcase import crossroads
from app.tui.widgets.banner import GateBanner
from app.tui.widgets.story import StoryPane
from app.tui.widgets.storylist import StoryList


def game(saves: Path, session: GameSession, save_as: str | None = "autosave"):  # type: ignore[no-untyped-def]
    return make_app(saves=saves, session=session, save_as=save_as, still=True)


def notes(app) -> str:  # type: ignore[no-untyped-def]
    return "\n".join(n.message for n in app._notifications)


async def stayed_on_the_end(pilot) -> None:  # type: ignore[no-untyped-def]
    """The ending dialog is up; the player reads it, then stays on the game (Esc)."""
    await shown(pilot, EndingScreen)
    await pilot.pause(EndingScreen.GUARD_SECONDS + 0.1)
    await pilot.press("escape")
    await until(pilot, lambda: not isinstance(pilot.app.screen, EndingScreen))


def story(app) -> str:  # type: ignore[no-untyped-def]
    pane = play_screen(app).query_one(StoryPane)
    return "\n".join(str(child.render()) for child in pane.children)


class Boom:
    """A DM that fails in a way no brain should."""

    name = "boom"

    async def stream(
        self, messages: list[Message], tools: list[dict[str, Any]] | None
    ) -> AsyncIterator[TextDelta | BrainReply]:
        yield TextDelta("The ")
        raise RecursionError("maximum recursion depth exceeded")


async def test_an_over_long_paste_is_refused_and_stays_editable(tmp_path: Path) -> None:
    app = game(tmp_path, crossroads())
    async with app.run_test(size=(100, 30)) as pilot:
        entry = app.screen.query_one("#command", Input)
        entry.value = "Mira: " + "x" * 5000
        await pilot.press("enter")
        await pilot.pause()
        assert entry.value == "Mira: " + "x" * 5000
        assert entry.cursor_position == len(entry.value)
        assert "That line is 5,006 characters; the limit is 2,000." in notes(app)
        assert play_screen(app).session.pending == [] and not play_screen(app).thinking
        await pilot.press("ctrl+a")  # still a working input: edit it down and send it
        entry.value = "Mira: I pick the lock on the trapdoor"
        await pilot.press("enter")
        await settle(pilot)
        assert play_screen(app).session.state.turn == 1


async def test_escape_sequences_never_reach_the_screen(tmp_path: Path) -> None:
    app = game(tmp_path, crossroads(), save_as=None)
    async with app.run_test(size=(100, 30)) as pilot:
        await say(pilot, "Mira: I look \x1b[31maround\x1b]0;pwned\x07 the room\x07")
        assert "› Mira: I look around the room" in story(app)
        await say(pilot, "/[bold]nonsense[/x]")  # markup in a name must not break a toast
        assert "Unknown command /[bold]nonsense[/x]" in notes(app)


async def test_a_dm_that_raises_is_reported_and_the_game_is_not_stuck(tmp_path: Path) -> None:
    session = session_for(crossroads().state, Boom())
    app = game(tmp_path, session)
    async with app.run_test(size=(100, 30)) as pilot:
        await say(pilot, "Mira: I pick the lock on the trapdoor")
        screen = play_screen(app)
        assert not screen.thinking and screen.failed and not session.busy
        assert "RecursionError" in notes(app)
        assert session.state.turn == 0 and len(session.pending) == 1
        banner = screen.query_one(GateBanner).text
        assert "wait — the DM is resolving" not in banner and "ctrl+r" in banner.lower()
        assert screen.query_one("#command", Input).placeholder != "Nobody can act right now"


async def test_ending_the_turn_without_acting_never_leaves_nobody_to_act(tmp_path: Path) -> None:
    app = game(tmp_path, crossroads())
    async with app.run_test(size=(100, 30)) as pilot:
        screen = play_screen(app)
        for _ in range(3):
            await pilot.press("ctrl+t")
            await pilot.pause()
            assert screen.query_one("#command", Input).placeholder != "Nobody can act right now"
            assert screen.actor is not None
        assert "The party waits" in notes(app)


async def test_an_unwritable_saves_folder_is_reported_and_quitting_asks(tmp_path: Path) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    app = game(blocked / "saves", crossroads())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert notes(app).count("cannot be written") == 1
        await say(pilot, "Mira: I look around")
        assert "could not autosave" in notes(app)
        await pilot.press("ctrl+q")
        await shown(pilot, SaveFailedScreen)
        assert "Could not save the game in" in str(app.screen.query_one("#failed-text").render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PlayScreen) and app.is_running
        await pilot.press("ctrl+q")
        await shown(pilot, SaveFailedScreen)
        await pilot.press("l")
        await pilot.pause()
        assert not app.is_running


async def test_quitting_a_saved_game_asks_nothing(tmp_path: Path) -> None:
    app = game(tmp_path, crossroads())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not app.is_running
    assert load_game("autosave", tmp_path).turn == 0


async def test_the_end_offers_the_story_and_the_title_and_takes_no_more_play(
    tmp_path: Path,
) -> None:
    session = crossroads()
    session.state.ending = "defeat"
    app = game(tmp_path, session, save_as=None)
    async with app.run_test(size=(100, 30)) as pilot:
        await shown(pilot, EndingScreen)
        assert app.screen.title_text == "The end — Defeat"
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, StoryScreen))
        assert app.screen.ending is not None and app.screen.ending.title == "The end — Defeat"
        assert app.screen.query_one(StoryList).current == 0  # the ending, after no turns
        await pilot.press("escape")
        await pilot.pause()
        screen = play_screen(app)
        assert screen.query_one(GateBanner).text.startswith("The end — Defeat.")
        await say(pilot, "Mira: I get up and fight on")
        assert session.pending == [] and session.state.turn == 0
        assert "The story is over" in notes(app)
        assert not isinstance(app.screen, EndingScreen)  # it would catch the next line
        await pilot.press(*"/title", "enter")  # (the game leaves: not said and settled)
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))


async def test_esc_on_the_ending_stays_on_the_finished_game(tmp_path: Path) -> None:
    session = crossroads()
    session.state.ending = "defeat"
    app = game(tmp_path, session, save_as=None)
    async with app.run_test(size=(100, 30)) as pilot:
        await stayed_on_the_end(pilot)
        assert play_screen(app).query_one("#command", Input).has_focus


async def test_lines_sent_into_the_ending_before_it_listens_are_not_run_together(
    tmp_path: Path,
) -> None:
    session = crossroads()
    session.state.ending = "defeat"
    app = game(tmp_path, session, save_as=None)
    async with app.run_test(size=(100, 30)) as pilot:
        await shown(pilot, EndingScreen)
        for _ in range(2):  # typed in a burst, Enter and all, while it is not listening
            await pilot.press(*"attack the goblin", "enter")
        await pilot.press(*"/levelup")
        assert isinstance(app.screen, EndingScreen)
        await pilot.pause(EndingScreen.GUARD_SECONDS + 0.1)
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(pilot.app.screen, EndingScreen))
        assert play_screen(app).query_one("#command", Input).value == "/levelup"


async def test_letters_typed_after_tab_go_into_the_line(tmp_path: Path) -> None:
    app = game(tmp_path, crossroads())
    async with app.run_test(size=(100, 30)) as pilot:
        entry = app.screen.query_one("#command", Input)
        await pilot.press("tab")
        await pilot.pause()
        assert app.screen.focused is not entry  # the party panel has it
        await pilot.press("h", "i", "space", "b", "e", "r", "t", "a")
        await pilot.pause()
        assert app.screen.focused is entry
        assert entry.value == "hi berta"


async def test_a_paste_of_several_lines_arrives_whole_as_one_line(tmp_path: Path) -> None:
    from textual import events

    app = game(tmp_path, crossroads())
    async with app.run_test(size=(100, 30)) as pilot:
        entry = app.screen.query_one("#command", Input)
        entry.focus()
        entry.post_message(events.Paste("Mira: I look around.\nThen I ask Berta.\r\nThen I pick"
                                        " the lock."))  # fmt: skip
        await pilot.pause()
        assert entry.value == "Mira: I look around. Then I ask Berta. Then I pick the lock."


async def test_ctrl_c_says_how_to_quit_in_plain_words(tmp_path: Path) -> None:
    """Textual answers Ctrl+C with a hint in its own markup; the game shows notifications as
    plain text, so the hint read "Press [b]ctrl+q[/b]" until it was put in plain words."""
    app = game(tmp_path, crossroads(), save_as=None)
    async with app.run_test(size=(100, 30)) as pilot:
        app.action_help_quit()
        await pilot.pause()
        assert "Press Ctrl+Q to quit the app" in notes(app) and "[b]" not in notes(app)


async def test_a_line_typed_after_the_end_is_answered_and_the_next_one_is_kept(
    tmp_path: Path,
) -> None:
    """Once the players stayed on a finished game, a line is answered in the story; the
    ending dialog does not come back to catch the next line's letters (its t went to the
    title screen, the rest vanished)."""
    session = crossroads()
    session.state.ending = "defeat"
    app = game(tmp_path, session, save_as=None)
    async with app.run_test(size=(100, 30)) as pilot:
        await stayed_on_the_end(pilot)
        await pilot.press(*"look", "enter")
        await pilot.pause(EndingScreen.GUARD_SECONDS + 0.1)
        await pilot.press(*"the end?")
        await pilot.pause()
        assert not isinstance(app.screen, EndingScreen)
        assert play_screen(app).query_one("#command", Input).value == "the end?"


async def test_a_question_after_the_end_is_answered_in_the_story(tmp_path: Path) -> None:
    session = crossroads()
    session.state.ending = "defeat"
    app = game(tmp_path, session, save_as=None)
    async with app.run_test(size=(100, 30)) as pilot:
        await stayed_on_the_end(pilot)
        await say(pilot, "Mira: what's my AC?")
        assert "Mira has AC 14" in story(app) and "The story is over" not in story(app)
        assert session.pending == []

"""The story history screen: F6 or /story opens every turn of the game, newest at the
bottom; the search keeps the turns holding every word and Enter steps between them; a
turn that can be rewound to offers it, and the rewind is called with that turn once the
screen has closed; Esc closes. A 10,000-turn story draws only what shows."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Label

from app.session.setup import session_for
from app.tui import DungeonApp, make_app
from app.tui.driving import play_screen, shown, until
from app.tui.screens.leaving import EndingScreen
from app.tui.screens.modals import ConfirmScreen
from app.tui.screens.play import PlayScreen
from app.tui.screens.story import StoryScreen
from app.tui.widgets.storylist import StoryList
from tests.storytelling import grown, play

SIZE = (100, 30)


def game(tmp_path: Path, turns: int = 30, ending: str | None = None) -> DungeonApp:
    state = grown(turns)
    state.ending = ending
    return make_app(saves=tmp_path, session=session_for(state), save_as=None, still=True)


def story_of(app: DungeonApp) -> StoryScreen:
    assert isinstance(app.screen, StoryScreen), app.screen
    return app.screen


def status(app: DungeonApp) -> str:
    return str(story_of(app).query_one("#story-status", Label).render())


def turn_at_cursor(app: DungeonApp) -> int | None:
    record = story_of(app).chosen_turn()
    return None if record is None else record.number


async def test_f6_and_slash_story_open_every_turn_with_the_newest_at_the_bottom(
    tmp_path: Path,
) -> None:
    app = game(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        story = story_of(app).query_one(StoryList)
        assert turn_at_cursor(app) == 30 and status(app).startswith("turn 30 of 30")
        assert story.on_screen()[-1] == 29  # the newest turn ends the view
        assert (story.top, story.skip) == story._end()
        await pilot.press("home")
        assert turn_at_cursor(app) == 1  # the whole story, not the play screen's last turns
        assert story.on_screen()[0] == 0 and story.skip == 0
        await pilot.press("down", "down")
        assert turn_at_cursor(app) == 3 and status(app).startswith("turn 3 of 30")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PlayScreen)
        command = app.screen.query_one("#command", Input)
        command.value = "/story"
        await pilot.press("enter")
        await pilot.pause()
        assert turn_at_cursor(app) == 30
        await pilot.press("f6")  # the same key closes it
        await pilot.pause()
        assert isinstance(app.screen, PlayScreen)


async def test_the_search_keeps_matching_turns_and_enter_steps_back_through_them(
    tmp_path: Path,
) -> None:
    app = game(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        await pilot.press("up", "up")
        assert turn_at_cursor(app) == 28
        await pilot.press("slash")
        box = story_of(app).query_one("#story-search", Input)
        assert box.has_focus
        # "(17)" is Mira's action on turn 17, and the perception roll of turn 16
        for key in "(17)":
            await pilot.press(key)
        await pilot.pause()
        assert box.value == "(17)"
        story = story_of(app).query_one(StoryList)
        assert list(story.items) == [15, 16] and turn_at_cursor(app) == 17
        assert status(app).startswith("2 turns hold “(17)” · 2 of 2")
        await pilot.press("enter")
        assert turn_at_cursor(app) == 16 and "1 of 2" in status(app)
        await pilot.press("enter")  # round again to the newest
        assert turn_at_cursor(app) == 17
        await pilot.press("up")  # arrows move between matches from the search box too
        assert turn_at_cursor(app) == 16
        await pilot.press("space", "l", "o", "o", "k", "r")  # r types: it does not fold rolls
        await pilot.pause()
        assert box.value == "(17) lookr" and story_of(app).rolls_shown
        assert list(story.items) == [] and status(app) == "No turn holds “(17) lookr”."
        assert turn_at_cursor(app) is None
        await pilot.press("enter")  # nothing to step to: nothing happens
        box.value = ""
        await pilot.pause()
        assert len(story.items) == 30 and turn_at_cursor(app) == 30
        box.value = "(17) (18"
        await pilot.pause()
        assert list(story.items) == [16] and turn_at_cursor(app) == 17
        box.value = ""  # cleared: back among every turn, at the one last read
        await pilot.pause()
        assert len(story.items) == 30 and turn_at_cursor(app) == 17
        assert 16 in story.on_screen()


async def test_r_folds_the_rolls_to_a_count(tmp_path: Path) -> None:
    app = game(tmp_path, turns=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        screen = story_of(app)
        assert "🎲 Mira: perception — 1d20 (4) + 3" in screen.render_turn(2).plain
        await pilot.press("r")
        assert screen.render_turn(2).plain.endswith("🎲 1 roll (r shows)")
        await pilot.press("r")
        assert "1d20 (4) + 3" in screen.render_turn(2).plain


async def test_rewind_is_offered_only_where_it_can_go_and_runs_after_the_screen_closes(
    tmp_path: Path,
) -> None:
    app = game(tmp_path)
    asked: list[tuple[int, bool]] = []

    def rewind(turn: int) -> None:
        asked.append((turn, any(isinstance(s, StoryScreen) for s in app.screen_stack)))

    async with app.run_test(size=SIZE) as pilot:
        state = play_screen(app).session.state
        app.push_screen(StoryScreen(state, rewind=rewind, rewindable={28, 29}))
        await pilot.pause()
        screen = story_of(app)
        assert not screen.check_action("rewind", ()) and "rewind" not in status(app)
        await pilot.press("enter")  # turn 30 cannot be rewound to
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("up")
        assert screen.check_action("rewind", ())
        assert "Enter on the list: rewind to before turn 29" in status(app)
        await pilot.press("enter")
        await shown(pilot, ConfirmScreen)
        await pilot.press("n")  # changed their mind: still reading
        await pilot.pause()
        assert app.screen is screen and asked == []
        await pilot.press("enter")
        await shown(pilot, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert asked == [(29, False)]
        assert isinstance(app.screen, PlayScreen)


async def test_without_a_way_to_rewind_enter_offers_nothing(tmp_path: Path) -> None:
    app = game(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        state = play_screen(app).session.state
        app.push_screen(StoryScreen(state, rewindable={28, 29, 30}))
        await pilot.pause()
        screen = story_of(app)
        assert not screen.check_action("rewind", ())
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen


async def test_the_ending_closes_the_story(tmp_path: Path) -> None:
    app = game(tmp_path, turns=4, ending="peace")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await shown(pilot, EndingScreen)  # the ending comes up first; keys count once read
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))
        await pilot.press("f6")
        await pilot.pause()
        screen = story_of(app)
        assert screen.query_one(StoryList).current == 4 and turn_at_cursor(app) is None
        assert screen.render_turn(4).plain.startswith("The end — The Quiet Cellar\nGrubnak")
        assert status(app).startswith("the ending of 4")
        await pilot.press("up")
        assert turn_at_cursor(app) == 4


async def test_an_empty_story_says_nothing_has_happened(tmp_path: Path) -> None:
    app = game(tmp_path, turns=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        assert turn_at_cursor(app) is None and status(app) == ""
        await pilot.press("up", "pageup", "end", "enter", "r")  # nothing to move: no harm
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PlayScreen)


async def test_pages_and_the_wheel_scroll_and_keep_the_cursor_in_view(tmp_path: Path) -> None:
    app = game(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        story = story_of(app).query_one(StoryList)
        await pilot.press("pageup")
        assert story.cursor in story.on_screen() and story.cursor < 29
        top = story.on_screen()[0]
        await pilot.press("pageup", "pageup")
        assert story.on_screen()[0] < top and story.cursor in story.on_screen()
        await pilot.press("end")
        assert story.cursor == 29 and (story.top, story.skip) == story._end()
        story.scroll_lines(-3)
        assert (story.top, story.skip) != story._end()
        story.scroll_lines(1000)  # never past the end
        assert (story.top, story.skip) == story._end()
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert (story.top, story.skip) == story._end()  # still at the end, wrapped anew


async def test_ten_thousand_turns_open_drawing_only_what_shows(tmp_path: Path) -> None:
    app = game(tmp_path, turns=10_000)
    async with app.run_test(size=SIZE) as pilot:
        state = play_screen(app).session.state
        screen = StoryScreen(state)
        drawn: list[int] = []
        render = screen.render_turn

        def counted(index: int):  # type: ignore[no-untyped-def]
            drawn.append(index)
            return render(index)

        screen.render_turn = counted  # type: ignore[method-assign]
        app.push_screen(screen)
        await pilot.pause()
        assert turn_at_cursor(app) == 10_000
        assert 0 < len(drawn) < 30 and min(drawn) > 9_950
        screen.query_one("#story-search", Input).value = "(9999)"
        await pilot.pause()
        assert list(screen.query_one(StoryList).items) == [9998]
        assert turn_at_cursor(app) == 9_999 and len(drawn) < 60


async def test_what_players_and_the_dm_wrote_shows_as_written(tmp_path: Path) -> None:
    """Brackets are text, not markup; escape codes never reach the terminal."""
    said = "I shout [/] [b]loud\x1b[2J"
    told = "The [sic] cellar\x1b]0;pwn\x07 [@click=app.quit]answers[/]."
    session = await play([said], [{"text": told}])
    app = make_app(saves=tmp_path, session=session, save_as=None, still=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        text = story_of(app).render_turn(0)
        assert "Mira › I shout [/] [b]loud" in text.plain
        assert "The [sic] cellar [@click=app.quit]answers[/]." in text.plain
        assert "\x1b" not in text.plain and not any(
            s.style and "@click" in str(s.style) for s in text.spans
        )
        story_of(app).query_one("#story-search", Input).value = "[sic]"
        await pilot.pause()
        assert status(app).startswith("1 turn holds “[sic]” · 1 of 1")


def test_dice_a_roll_did_not_keep_are_struck_through_not_shown_as_tildes() -> None:
    from rich.style import Style
    from rich.text import Text

    from app.tui.screens.story import dropped

    text = Text()
    dropped(text, "Mira: attack — 2d20kh1 (~~4~~, 17) + 5 = 22", Style(dim=True))
    assert text.plain == "Mira: attack — 2d20kh1 (4, 17) + 5 = 22"
    struck = [text.plain[s.start : s.end] for s in text.spans if Style.parse(str(s.style)).strike]
    assert struck == ["4"]


async def test_a_line_typed_into_the_open_story_goes_to_the_game_and_rewinds_nothing(
    tmp_path: Path,
) -> None:
    """A player who forgot the story is open types a line for the game: its first letter
    closes the story and the whole line lands in the game's input — the list does not eat
    it, its Enter does not offer a rewind, and the "y" of the next line confirms nothing."""
    taken: list[int] = []
    app = game(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        play = play_screen(app)
        app.push_screen(StoryScreen(grown(30), rewind=taken.append, rewindable={29, 30}),
                        lambda _: play.restore_typing(story.typed))  # fmt: skip
        await pilot.pause()
        story = story_of(app)
        await pilot.press(*"we go down")
        await pilot.pause()
        assert isinstance(app.screen, PlayScreen)
        assert app.screen.query_one("#command", Input).value == "we go down"
        assert not taken


async def test_the_stories_own_keys_still_work_while_it_is_open(tmp_path: Path) -> None:
    """r folds the rolls and / searches: the story's keys are never taken as typing."""
    app = game(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        before = story_of(app).rolls_shown
        await pilot.press("r")
        assert story_of(app).rolls_shown is not before
        await pilot.press("slash", "w")
        assert story_of(app).query_one("#story-search", Input).value == "w"

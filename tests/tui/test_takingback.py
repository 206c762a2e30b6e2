"""Undo, redo and rewind in the full-screen game: the screen shows the game as it now is
(story pane, panels, dice log), the game is saved as taken back, the others at a shared
keyboard agree first, and nothing is taken back while the DM is answering."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from app.dm.config import DMConfig
from app.saves import load_game, load_save
from app.session.session import GameSession
from app.tui import make_app
from app.tui.app import DungeonApp
from app.tui.driving import play_screen, say, shown, until
from app.tui.screens.leaving import EndingScreen, EndingUndoScreen
from app.tui.screens.modals import ConfirmScreen, HandoffScreen
from app.tui.screens.play import PlayScreen
from app.tui.screens.story import StoryScreen
from app.tui.screens.takingback import AgreeScreen
from app.tui.showcase import TABLE, crossroads
from app.tui.widgets.dicelog import DiceLog
from app.tui.widgets.story import StoryPane


def game(tmp_path: Path, session: GameSession) -> DungeonApp:
    return make_app(saves=tmp_path / "saves", session=session, save_as="game", still=True)


def story_lines(screen: PlayScreen) -> list[str]:
    """What the story pane shows, entry by entry (narration as its Markdown source)."""
    lines = []
    for child in screen.query_one(StoryPane).children:
        source = getattr(child, "source", None)
        lines.append(source if isinstance(source, str) else str(child.render()))
    return lines


def notes(app: DungeonApp) -> str:
    return " ".join(n.message for n in app._notifications)


async def test_undo_shows_the_game_as_it_was_and_saves_it(tmp_path: Path) -> None:
    app = game(tmp_path, crossroads())
    async with app.run_test(size=(120, 36)) as pilot:
        await say(pilot, "Mira: ask Berta about Tam")
        screen = play_screen(app)
        after_one = screen.session.state.fork()
        log_after_one = list(after_one.table_log)
        await say(pilot, "Mira: I pick the lock on the trapdoor")
        assert screen.session.state.turn == 2
        assert len(screen.query_one(DiceLog).shown) > len(log_after_one)  # the lock's roll
        await pilot.press("ctrl+z")
        await pilot.pause()
        state = screen.session.state
        assert state.turn == 1 and len(state.history) == 1
        kept = {"usage", "taken_back"}
        assert state.model_dump(exclude=kept) == after_one.model_dump(exclude=kept)
        shown_now = story_lines(screen)
        assert shown_now[-1].startswith(
            "Took back turn 2 (Mira: I pick the lock on the trapdoor). Play the same again and "
            "the dice fall as they did; do something else and they are rolled afresh."
        )
        assert not any("pick the lock" in line for line in shown_now[:-1])
        assert any("ask Berta about Tam" in line for line in shown_now)
        assert screen.query_one(DiceLog).shown == log_after_one
        assert "turn 1" in str(screen.query_one("#topbar", Static).render())
        saved = load_save(tmp_path / "saves" / "game.toml").state  # quitting now resumes here
        assert saved.turn == 1 and len(saved.history) == 1
        await screen.command("/redo")
        await pilot.pause()
        assert screen.session.state.turn == 2
        assert "Brought back the turns up to turn 2." in story_lines(screen)[-1]
        assert any("pick the lock" in line for line in story_lines(screen))
        assert load_game(tmp_path / "saves" / "game.toml").turn == 2


async def test_rewind_goes_back_several_turns_from_the_story_or_by_number(
    tmp_path: Path,
) -> None:
    app = game(tmp_path, crossroads())
    async with app.run_test(size=(120, 36)) as pilot:
        for line in ("Mira: I look around", "Mira: ask Berta about Tam", "Thorin: I order an ale"):
            await say(pilot, line)
        screen = play_screen(app)
        await screen.command("/rewind")  # the story history, to choose the turn
        await until(pilot, lambda: isinstance(app.screen, StoryScreen))
        story = app.screen
        assert isinstance(story, StoryScreen) and story.rewindable == {1, 2, 3}
        record = story.chosen_turn()
        assert record is not None and record.number == 3
        await pilot.press("enter")
        await shown(pilot, ConfirmScreen)
        await pilot.press("y")
        await until(pilot, lambda: screen.session.state.turn == 2)
        assert isinstance(app.screen, PlayScreen)
        assert story_lines(screen)[-1].startswith("Took back turn 3 (Thorin: I order an ale).")
        await screen.command("/rewind 9")
        await pilot.pause()
        assert "cannot go back to before turn 9 (it is not played yet)" in notes(app)
        await screen.command("/redo")
        await screen.command("/rewind 2")
        await pilot.pause()
        assert screen.session.state.turn == 1
        assert story_lines(screen)[-1].startswith(
            "Took back turns 2–3 (Mira: ask Berta about Tam; Thorin: I order an ale)."
        )
        await say(pilot, "Mira: I pick the lock on the trapdoor")  # a new branch
        await screen.command("/redo")
        await pilot.pause()
        assert "There is nothing to bring back." in notes(app)
        assert screen.session.state.turn == 2


async def test_nothing_is_taken_back_while_the_dm_answers(tmp_path: Path) -> None:
    app = game(tmp_path, crossroads())
    async with app.run_test(size=(120, 36)) as pilot:
        await say(pilot, "Mira: I look around")
        screen = play_screen(app)
        screen.thinking = True  # a turn in flight
        await screen.command("/undo")
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert "Wait until the DM has answered." in notes(app)
        assert screen.session.state.turn == 1
        screen.thinking = False
        await screen.command("/undo")
        await screen.command("/undo")  # at the start of the game
        await pilot.pause()
        assert screen.session.state.turn == 0
        assert "There is no turn to take back." in notes(app)


async def test_a_defeat_can_be_taken_back(tmp_path: Path) -> None:
    app = game(tmp_path, crossroads())
    async with app.run_test(size=(120, 36)) as pilot:
        await say(pilot, "Mira: I look around")
        screen = play_screen(app)
        for sheet in screen.session.state.party.values():  # a trap too many
            sheet.vitals = sheet.vitals.model_copy(update={"hp": 0})
        await say(pilot, "Mira: I look around again")
        assert screen.session.state.ending
        await shown(pilot, EndingUndoScreen)  # the ending offers to take the turn back
        await pilot.press("u")
        await until(pilot, lambda: not isinstance(app.screen, EndingScreen))
        state = screen.session.state
        assert state.ending is None and state.turn == 1
        assert all(sheet.vitals.hp > 0 for sheet in state.party.values())
        assert "Defeat" not in screen.banner_text()
        await screen.command("/redo")  # back to the defeat: it is said again
        await shown(pilot, EndingScreen)
        assert screen.session.state.ending
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, EndingScreen))
        await screen.command("/undo")  # the ending's "stay", then /undo, works too
        await pilot.pause()
        assert screen.session.state.ending is None and screen.session.state.turn == 1
        await say(pilot, "Mira: ask Berta about Tam")  # play goes on
        assert screen.session.state.turn == 2


async def _hotseat_turn(pilot: object, app: DungeonApp) -> PlayScreen:
    """Ana acts, Ben passes: the round runs; the keyboard comes back to Ana."""
    await shown(pilot, HandoffScreen)  # type: ignore[arg-type]
    await pilot.press("enter")  # type: ignore[attr-defined]
    await say(pilot, "Mira: I pick the lock on the trapdoor")  # type: ignore[arg-type]
    await shown(pilot, HandoffScreen)  # type: ignore[arg-type]
    await pilot.press("enter")  # type: ignore[attr-defined]
    screen = play_screen(app)
    await screen.command("/pass")
    await until(pilot, lambda: not screen.thinking and screen.session.state.turn == 1)  # type: ignore[arg-type]
    await shown(pilot, HandoffScreen)  # type: ignore[arg-type]
    await pilot.press("enter")  # type: ignore[attr-defined]
    return screen


async def test_hotseat_every_other_player_agrees(tmp_path: Path) -> None:
    app = game(tmp_path, crossroads(players={k: list(v) for k, v in TABLE.items()}))
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await _hotseat_turn(pilot, app)
        assert screen.holder == "Ana"
        await pilot.press("ctrl+z")
        await shown(pilot, AgreeScreen)
        dialog = app.screen
        assert isinstance(dialog, AgreeScreen)
        assert dialog.title_text == "Ben — do you agree?"
        assert dialog.question.startswith(
            "Ana wants to take back turn 1 (Mira: I pick the lock on the trapdoor"
        )
        assert any("Ana wants to take back turn 1" in line for line in story_lines(screen))
        await pilot.press("y")
        await until(pilot, lambda: screen.session.state.turn == 0)
        assert story_lines(screen)[-1].startswith("Took back turn 1")


async def test_hotseat_a_no_cancels_and_the_table_is_told(tmp_path: Path) -> None:
    app = game(tmp_path, crossroads(players={k: list(v) for k, v in TABLE.items()}))
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await _hotseat_turn(pilot, app)
        await screen.command("/undo")
        await shown(pilot, AgreeScreen)
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, AgreeScreen))
        assert screen.session.state.turn == 1
        assert story_lines(screen)[-1] == "Ben declined: nothing was taken back."
        assert "Ben declined" in notes(app)


async def test_after_quitting_and_resuming_the_checkpoints_on_disk_reach_back(
    tmp_path: Path,
) -> None:
    first = game(tmp_path, crossroads())
    async with first.run_test(size=(120, 36)) as pilot:
        await say(pilot, "Mira: I look around")
        await say(pilot, "Mira: ask Berta about Tam")
    path = tmp_path / "saves" / "game.toml"
    again = make_app(saves=tmp_path / "saves", dm=DMConfig(), still=True)
    async with again.run_test(size=(120, 36)) as pilot:
        again.resume(load_game(path), "game")
        await until(pilot, lambda: again.play_screen() is not None)
        screen = play_screen(again)
        await screen.command("/undo")
        await screen.command("/undo")  # back to where the game began
        await pilot.pause()
        assert screen.session.state.turn == 0, notes(again)
        assert story_lines(screen)[-1].startswith("Took back turn 1 (Mira: I look around).")
        await screen.command("/redo")  # one undo undone
        await pilot.pause()
        assert screen.session.state.turn == 1
        await screen.command("/redo")
        await pilot.pause()
        assert screen.session.state.turn == 2
    assert load_game(path).turn == 2

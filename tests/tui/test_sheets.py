"""The character sheet and journal screens: opened with F4/F5, ``/sheet NAME`` and
``/journal`` and a click on the party panel; moving between characters; Esc; narrow and
wide terminals; the fallen and a game without a campaign."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from app.session.setup import session_for
from app.tui import make_app
from app.tui.app import DungeonApp
from app.tui.driving import play_screen, until
from app.tui.screens.journal import JournalScreen
from app.tui.screens.sheet import SheetScreen
from app.tui.showcase import crossroads
from app.tui.widgets.factbox import FactBox
from app.world.sandbox import sandbox_state
from rules.damage import LifeState


def game(tmp_path: Path, session=None) -> DungeonApp:
    return make_app(saves=tmp_path / "saves", session=session or crossroads(), save_as=None,
                    still=True)  # fmt: skip


def head(app: DungeonApp) -> str:
    return str(app.screen.query_one("#sheet-head", Static).content)


def box_text(app: DungeonApp, box_id: str) -> str:
    box = app.screen.query_one(f"#{box_id}", FactBox)
    lines = app.console.render_lines(box.content, app.console.options.update_width(300))
    return "\n".join("".join(seg.text for seg in line) for line in lines)


async def test_f4_opens_the_sheet_of_the_character_up_and_keys_move_along(tmp_path: Path) -> None:
    app = game(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f4")
        assert isinstance(app.screen, SheetScreen)
        assert head(app).startswith("Mira — level 3 Halfling Rogue")
        await pilot.press("tab")
        await pilot.pause()
        assert head(app).startswith("Thorin")
        await pilot.press("right")
        await pilot.pause()
        assert head(app).startswith("Aria")
        assert "Magic Missile" in box_text(app, "sheet-section-7")
        await pilot.press("right")  # round to the first again
        await pilot.pause()
        assert head(app).startswith("Mira")
        assert "no spells" in box_text(app, "sheet-section-7")
        await pilot.press("left")
        await pilot.pause()
        assert head(app).startswith("Aria")
        await pilot.press("2")
        await pilot.pause()
        assert head(app).startswith("Thorin")
        await pilot.press("9")  # no ninth member: nothing happens
        await pilot.pause()
        assert head(app).startswith("Thorin")
        await pilot.press("escape")
        assert not isinstance(app.screen, SheetScreen)
        assert app.screen is play_screen(app)


async def test_sheet_command_resolves_names_and_refuses_unknown_ones(tmp_path: Path) -> None:
    app = game(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = play_screen(app)
        await screen.command("/sheet thorni")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen) and head(app).startswith("Thorin")
        await pilot.press("f4")  # F4 closes it again
        assert app.screen is screen
        await screen.command("/sheet Zed")
        await pilot.pause()
        assert app.screen is screen  # no sheet, and the player is told why
        assert any("Nobody in the party is called 'Zed'" in str(n.message)
                   for n in app._notifications)  # fmt: skip


async def test_clicking_a_member_in_the_party_panel_opens_their_sheet(tmp_path: Path) -> None:
    app = game(tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = play_screen(app)
        party = screen.query_one("#party")
        # Mira's lines come first, then Thorin's: click Thorin's name
        top = len(party.drawn[0][1])  # type: ignore[attr-defined]
        await pilot.click("#party", offset=(4, 1 + top))  # 1: the border
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen) and head(app).startswith("Thorin")


async def test_the_sheet_of_the_dying_and_the_wide_layout(tmp_path: Path) -> None:
    session = crossroads()
    mira = session.state.party["mira"]
    mira.vitals = mira.vitals.model_copy(
        update={"hp": 0, "state": LifeState.DYING, "death_failures": 1}
    )
    app = game(tmp_path, session)
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.press("f4")
        assert "Unconscious and dying" in head(app)
        assert "Death saves" in box_text(app, "sheet-section-0")
        columns = app.screen.query(".sheet-column")
        assert app.screen.has_class("-wide")
        # side by side (a loaded machine lays the class's columns out a frame late)
        await until(pilot, lambda: columns[0].region.x < columns[1].region.x)
    async with game(tmp_path, session).run_test(size=(80, 24)) as pilot:
        await pilot.press("f4")
        screen = pilot.app.screen
        assert screen.has_class("-narrow")
        columns = screen.query(".sheet-column")
        await until(pilot, lambda: columns[0].region.x == columns[1].region.x)  # one above
        await pilot.press("end")  # long content scrolls (a loaded machine paints it late)
        body = screen.query_one("#sheet-body")
        await until(pilot, lambda: body.scroll_y > 0)


async def test_f5_and_journal_open_the_journal_and_esc_closes_it(tmp_path: Path) -> None:
    app = game(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f5")
        assert isinstance(app.screen, JournalScreen)
        assert "Berta" in box_text(app, "journal-met")
        assert "thieves' tools" in box_text(app, "journal-carried")
        assert "missing potboy" in box_text(app, "journal-goals")
        await pilot.press("escape")
        screen = play_screen(app)
        assert app.screen is screen
        await screen.command("/journal")
        await pilot.pause()
        assert isinstance(app.screen, JournalScreen)


async def test_the_journal_and_sheets_of_a_game_without_a_campaign(tmp_path: Path) -> None:
    app = game(tmp_path, session_for(sandbox_state(3)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f5")
        assert "No adventure is set" in box_text(app, "journal-goals")
        assert "Nobody yet." in box_text(app, "journal-met")
        await pilot.press("escape", "f4")
        assert isinstance(app.screen, SheetScreen)


async def test_while_the_dm_answers_the_sheets_wait(tmp_path: Path) -> None:
    app = game(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = play_screen(app)
        screen.thinking = True  # a turn is running: the game moves under any reading of it
        await pilot.press("f4")
        await pilot.press("f5")
        assert app.screen is screen
        assert sum("Wait until the DM has answered" in str(n.message)
                   for n in app._notifications) == 2  # fmt: skip
        screen.thinking = False


async def test_names_with_markup_show_as_written(tmp_path: Path) -> None:
    session = crossroads()
    session.state.party["mira"].name = "Mi[/]ra [@click=quit]"
    session.state.party["mira"].inventory.append("[bold]cursed[/bold] ring")
    app = game(tmp_path, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f4")
        assert head(app).startswith("Mi[/]ra [@click=quit]")
        await pilot.press("escape", "f5")
        assert "[bold]cursed[/bold] ring" in box_text(app, "journal-carried")
        assert app.is_running

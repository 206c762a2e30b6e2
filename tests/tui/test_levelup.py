"""The level-up dialog: opened with /levelup when experience allows a level, backed out of
with Escape (nothing changes), refusing what the rules refuse inside the dialog, and taking
the level with the hit-point roll in the dice log."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import RadioButton, Select, SelectionList, Static

from app.actions.campaign_tools import apply_effects
from app.tui import make_app
from app.tui.driving import play_screen, say
from app.tui.screens.levelup import LevelUpScreen
from app.tui.showcase import crossroads
from app.tui.widgets.dicelog import DiceLog
from app.world.challengespec import Effects
from rules.abilities import Ability


def log_text(app) -> str:
    return "\n".join(strip.text for strip in play_screen(app).query_one(DiceLog).lines)


def ready_game(tmp_path: Path):
    session = crossroads()
    apply_effects(session.state, Effects(xp=5400), None, "a deed")
    return session, make_app(saves=tmp_path / "saves", session=session, save_as=None, still=True)


async def test_nobody_can_level_before_experience_allows_it(tmp_path: Path) -> None:
    app = make_app(saves=tmp_path / "saves", session=crossroads(), save_as=None, still=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await say(pilot, "/levelup")
        assert not isinstance(app.screen, LevelUpScreen)
        assert any("Nobody can level up yet" in str(n.message) for n in app._notifications)


async def test_escape_backs_out_and_nothing_changes(tmp_path: Path) -> None:
    session, app = ready_game(tmp_path)
    before = session.state.party["thorin"].model_dump()
    async with app.run_test(size=(100, 32)) as pilot:
        await say(pilot, "/levelup Thorin")
        assert isinstance(app.screen, LevelUpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, LevelUpScreen)
    assert session.state.party["thorin"].model_dump() == before


async def test_the_dialog_explains_a_refusal_then_takes_the_level(tmp_path: Path) -> None:
    session, app = ready_game(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await say(pilot, "/levelup Aria")
        dialog = app.screen
        assert isinstance(dialog, LevelUpScreen)
        dialog.action_confirm()  # no Ability Score Improvement chosen yet
        await pilot.pause()
        assert isinstance(app.screen, LevelUpScreen)
        error = str(dialog.query_one("#levelup-error", Static).render())
        assert "Ability Score Improvement" in error
        assert session.state.party["aria"].level == 3
        dialog.query_one("#asi-first", Select).value = Ability.INT
        dialog.query_one("#asi-second", Select).value = Ability.INT
        spells = dialog.query_one("#levelup-spells", SelectionList)
        spells.select("misty_step")
        spells.select("acid_splash")
        dialog.query_one("#hp-roll", RadioButton).value = True
        dialog.action_confirm()  # one spell of level 1 or more left to choose
        await pilot.pause()
        assert isinstance(app.screen, LevelUpScreen) and session.state.party["aria"].level == 3
        error = str(dialog.query_one("#levelup-error", Static).render())
        assert "name 1 spell of level 1 or more too" in error
        spells.select("shatter")
        dialog.action_confirm()
        await pilot.pause()
        assert not isinstance(app.screen, LevelUpScreen)
        assert "hit points for level 4" in log_text(app)
        assert "Aria reaches level 4" in log_text(app)
    aria = session.state.party["aria"]
    assert aria.level == 4 and aria.abilities.intelligence == 19
    assert {"misty_step", "acid_splash"} <= set(aria.spells)


async def test_the_average_is_taken_without_a_roll(tmp_path: Path) -> None:
    session, app = ready_game(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await say(pilot, "/levelup Thorin")
        dialog = app.screen
        assert isinstance(dialog, LevelUpScreen)
        dialog.query_one("#hp-average", RadioButton).value = True
        dialog.query_one("#asi-first", Select).value = Ability.STR
        dialog.query_one("#asi-second", Select).value = Ability.CON
        dialog.action_confirm()
        await pilot.pause()
        assert "hit points for level" not in log_text(app)
    thorin = session.state.party["thorin"]
    # 6 (average d10) + 3 (CON 16) + 1 (Dwarven Toughness) for level 4, and +1 for each of
    # three earlier levels
    assert thorin.level == 4 and thorin.vitals.max_hp == 31 + 13

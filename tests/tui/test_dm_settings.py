"""The settings screen's tuning fields (timeout, temperature, strict tools) and the title
naming the DM a new game gets once the settings are saved."""

from __future__ import annotations

import stat
import tomllib
from pathlib import Path

from textual.widgets import Input, Select, Static

from app.dm.config import DMConfig, load_dm_config
from app.tui import make_app
from app.tui.driving import until
from app.tui.screens.settings import SettingsScreen
from app.tui.screens.title import TitleScreen


def text_of(widget: Static) -> str:
    return str(widget.render())


async def test_timeout_temperature_and_strict_mode_are_saved(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    app = make_app(saves=tmp_path / "saves", still=True, dm=DMConfig())
    app.launch.config_file = path
    async with app.run_test(size=(100, 40)) as pilot:
        title = app.screen
        assert isinstance(title, TitleScreen)
        assert "offline referee" in text_of(title.query_one("#title-dm", Static))
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        screen = app.screen
        assert screen.query_one("#dm-timeout", Input).value == "60"
        assert screen.query_one("#dm-temperature", Input).value == "0.8"
        assert screen.query_one("#dm-strict", Select).value == "auto"
        screen.query_one("#dm-model", Input).value = "llama3.1"
        screen.query_one("#dm-base-url", Input).value = "http://localhost:11434/v1"
        screen.query_one("#dm-temperature", Input).value = "3"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen  # refused, and said why
        assert "temperature" in text_of(screen.query_one("#settings-result", Static))
        screen.query_one("#dm-temperature", Input).value = "0.3"
        screen.query_one("#dm-timeout", Input).value = "ninety"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "the timeout must be a number" in text_of(screen.query_one("#settings-result"))
        screen.query_one("#dm-timeout", Input).value = "90"
        screen.query_one("#dm-strict", Select).value = "on"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: app.screen is title)
        # the title names the DM a new game now gets, not the offline referee any more
        said = text_of(title.query_one("#title-dm", Static))
        assert said == "DM: llama3.1 at http://localhost:11434/v1"
    saved = tomllib.loads(path.read_text())["dm"]
    assert (saved["timeout"], saved["temperature"], saved["strict_tools"]) == (90, 0.3, "on")
    assert app.launch.dm.timeout == 90 and app.launch.dm.strict


async def test_a_blank_timeout_or_temperature_is_the_default(tmp_path: Path) -> None:
    app = make_app(saves=tmp_path / "saves", still=True, dm=DMConfig(timeout=20, temperature=1))
    app.launch.config_file = tmp_path / "config.toml"
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        app.screen.query_one("#dm-timeout", Input).value = ""
        app.screen.query_one("#dm-temperature", Input).value = " "
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
    assert (app.launch.dm.timeout, app.launch.dm.temperature) == (60, 0.8)


async def test_saving_the_settings_never_writes_a_key_from_the_environment(
    tmp_path: Path,
) -> None:
    path = tmp_path / "config.toml"
    path.write_text('# my notes about models\n[safety]\nlines = ["harm to children"]\n')
    env = {"OPENAI_API_KEY": "sk-ENVONLY-0123456789abcdef", "DUNGEON_DM_MODEL": "envmodel"}
    app = make_app(saves=tmp_path / "saves", still=True, dm=load_dm_config(env=env, path=path))
    app.launch.config_file = path
    async with app.run_test(size=(100, 40)) as pilot:
        for edit in ("", "0.3"):
            await pilot.press("s")
            await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
            assert app.screen.query_one("#dm-model", Input).value == "envmodel"
            if edit:
                app.screen.query_one("#dm-temperature", Input).value = edit
            await pilot.press("ctrl+s")
            await until(pilot, lambda: isinstance(app.screen, TitleScreen))
            text = path.read_text()
            assert "sk-ENVONLY" not in text and "envmodel" not in text
            assert text.startswith("# my notes about models\n") and "harm to children" in text
    assert load_dm_config(env={}, path=path).temperature == 0.3
    assert app.launch.dm.api_key is not None  # still used for this sitting, only not saved
    assert stat.S_IMODE(path.stat().st_mode) == 0o600

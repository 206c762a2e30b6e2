"""``dungeon play --watch``: the full-screen game watches the campaign file of a new game
(``--campaign DIR``) or of a saved one (``--load``, ``--continue``); without a campaign file
the author can edit, or line by line, it is refused with one clear line and exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from app.authoring.scaffold import scaffold
from app.cli import play as play_cli
from app.cli.main import app as cli
from app.saves import save_game
from app.session.setup import start_session
from app.tui.app import DungeonApp
from app.world.campaignfile import load_campaign
from app.world.sandbox import sandbox_state


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[DungeonApp]:
    """The apps ``dungeon play`` would run (not run: the test reads how they were set up)."""
    apps: list[DungeonApp] = []
    monkeypatch.setattr(DungeonApp, "run", lambda self, **_: apps.append(self))
    return apps


def play(*words: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["play", *words])
    return result.exit_code, result.output


def test_a_new_game_watches_its_campaign_file(tmp_path: Path, started: list[DungeonApp]) -> None:
    folder = scaffold("mycamp", tmp_path)
    saves = str(tmp_path / "saves")
    code, out = play("--ui", "tui", "--campaign", str(folder), "--watch", "--saves-dir", saves)
    assert code == 0, out
    launch = started[-1].launch
    assert launch.watch is not None and launch.watch.path == folder / "campaign.toml"
    assert launch.session is not None and launch.session.state.campaign_id == "mycamp"
    code, out = play("--ui", "tui", "--campaign", str(folder), "--saves-dir", saves)
    assert code == 0 and started[-1].launch.watch is None  # only when asked


def test_a_saved_game_watches_the_campaign_it_was_joined_to(
    tmp_path: Path, started: list[DungeonApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # an author's campaign is found by its id where the game runs
    folder = scaffold("mycamp", tmp_path)
    save_game(start_session(load_campaign(folder), 2).state, "mine", tmp_path / "saves")
    saves = str(tmp_path / "saves")
    for how in (["--load", "mine"], ["--continue"]):
        code, out = play("--ui", "tui", *how, "--watch", "--saves-dir", saves)
        assert code == 0, out
        watch = started[-1].launch.watch
        assert watch is not None and watch.path == folder / "campaign.toml"
        assert watch.path.is_absolute()


def test_watch_is_refused_without_a_campaign_file_to_watch(
    tmp_path: Path, started: list[DungeonApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = scaffold("mycamp", tmp_path)
    saves = str(tmp_path / "saves")
    code, out = play("--ui", "tui", "--watch", "--saves-dir", saves)
    assert code == 2
    assert "error: --watch needs a campaign to watch: --campaign DIR for a new game" in out
    code, out = play("--ui", "console", "--campaign", str(folder), "--watch")
    assert code == 2 and "error: --watch needs the full-screen game" in out
    state = sandbox_state(seed=3)
    state.turn_order.active = "Player"
    save_game(state, "box", tmp_path / "saves")
    code, out = play("--ui", "tui", "--load", "box", "--watch", "--saves-dir", saves)
    assert code == 2
    assert "error: --watch: this game plays the built-in sandbox, which has no campaign" in out
    monkeypatch.setattr(play_cli, "access", lambda path, mode: False)  # one it may not write
    code, out = play("--ui", "tui", "--campaign", str(folder), "--watch", "--saves-dir", saves)
    assert code == 2
    assert f"error: --watch: {folder / 'campaign.toml'} cannot be written" in out
    assert started == []

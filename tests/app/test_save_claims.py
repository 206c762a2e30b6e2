"""One game per save at a time: a second process is refused, told which game holds the
save, and a game that crashed never leaves its save locked."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from app.cli.main import app
from app.saves import SaveInUse, load_game
from app.saves.claims import claim, in_use, release

HOLDER = """
import sys
from pathlib import Path
from app.saves.claims import claim
claim(Path(sys.argv[1]))
print("holding", flush=True)
sys.stdin.read()
"""


def play(folder: Path, *args: str, lines: str = "/quit\n"):
    base = ["play", "--ui", "console", "--saves-dir", str(folder)]
    return CliRunner().invoke(app, [*base, *args], input=lines)


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    result = play(
        tmp_path, "--seed", "3", "--save-as", "kept", lines="Mira: I look around\n/quit\n"
    )
    assert result.exit_code == 0, result.output
    return tmp_path / "kept.toml"


@pytest.fixture
def other_window(saved: Path):
    """Another process playing the save (it holds the claim until it is killed)."""
    root = Path(__file__).resolve().parents[2]
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(saved)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
    )
    assert holder.stdout is not None and holder.stdout.readline() == b"holding\n"
    yield holder
    holder.kill()
    holder.wait()


def test_a_second_window_is_refused_and_told_who_plays_it(saved: Path, other_window) -> None:
    for args in (["--load", "kept"], ["--continue"]):
        result = play(saved.parent, *args)
        assert result.exit_code != 0
        assert "being played in another window" in result.output
        assert f"process {other_window.pid}" in result.output
    assert in_use(saved) is not None
    deleted = CliRunner().invoke(
        app, ["saves", "delete", "kept", "--saves-dir", str(saved.parent), "--yes"]
    )
    assert deleted.exit_code != 0 and saved.exists()
    backup = CliRunner().invoke(
        app, ["saves", "delete", "kept.toml.1", "--saves-dir", str(saved.parent), "--yes"]
    )
    assert backup.exit_code != 0 and "another window" in backup.output
    assert load_game(saved).turn == 1  # untouched
    listed = CliRunner().invoke(app, ["saves", "list", "--saves-dir", str(saved.parent)])
    assert f"in use (process {other_window.pid}" in listed.output
    from app.saves import list_saves
    from app.tui.screens.load import save_label

    [info] = list_saves(saved.parent)
    assert "in use in another window (process" in save_label(info).plain


def test_a_game_that_crashed_lets_go_of_its_save(saved: Path, other_window) -> None:
    with pytest.raises(SaveInUse):
        claim(saved)
    other_window.send_signal(signal.SIGKILL)
    other_window.wait()
    result = play(saved.parent, "--load", "kept", lines="Mira: I look at the fire\n/quit\n")
    assert result.exit_code == 0, result.output
    assert load_game(saved).turn == 2


def test_one_process_claims_a_save_once_and_lets_it_go(saved: Path) -> None:
    claim(saved)
    claim(saved)  # held already: nothing to do
    assert in_use(saved) is None  # ours is not another game's
    release(saved)
    release(saved)
    result = play(saved.parent, "--load", "kept")
    assert result.exit_code == 0, result.output


def test_loading_a_save_that_is_not_there_leaves_no_lock_file(saved: Path) -> None:
    """``--load Kept`` beside ``kept.toml`` (or any name with no save) is refused, and
    leaves the folder as it was: no hidden lock file of a save that does not exist."""
    before = sorted(p.name for p in saved.parent.iterdir())
    result = play(saved.parent, "--load", "Kept")
    assert result.exit_code != 0 and "no such save" in result.output.lower(), result.output
    assert sorted(p.name for p in saved.parent.iterdir()) == before


TRIER = """
import sys
from pathlib import Path
from app.saves.claims import SaveInUse, claim
try:
    claim(Path(sys.argv[1]))
except SaveInUse:
    print("refused")
else:
    print("claimed")
"""


def _another_window_tries(save: Path) -> str:
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", TRIER, str(save)],
        capture_output=True,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        check=True,
        timeout=60,
    )
    return done.stdout.decode().strip()


def test_the_game_loaded_anew_from_the_menu_keeps_its_save_claimed(saved: Path) -> None:
    """Loading the save one is playing from the game's own menu: the new game holds it
    before the old one closes, and the old one's closing must not let it go (another
    window could then play it, or `saves delete` remove it under the game)."""
    from app.session.keeping import Keeper

    old, new = Keeper(saved.parent, "kept"), Keeper(saved.parent, "kept")
    old.adopt(saved)
    new.adopt(saved)
    old.close()
    assert _another_window_tries(saved) == "refused"
    new.close()
    assert _another_window_tries(saved) == "claimed"


def test_a_new_game_whose_name_another_game_holds_says_its_new_name(
    saved: Path, other_window
) -> None:
    """Two new games started at once in one folder: the one that finds its announced name
    held saves under another — and says so, not only in its farewell."""
    from app.session.keeping import Keeper
    from app.tui.showcase import crossroads

    keeper = Keeper(saved.parent, "kept")
    kept = keeper.autosave(crossroads().state)
    assert kept is not None and kept.path.name != "kept.toml"
    assert any("Another game is saving as kept" in note for note in kept.notes)
    release(kept.path)

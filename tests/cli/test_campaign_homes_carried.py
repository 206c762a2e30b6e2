"""A game of a campaign played from its own folder, saved under another name (``/save
NAME``), to another folder (its own could not be written), or loaded from a backup, resumes
on that same campaign — never on a shipped one of the same id, never refused for want of
it; and ``/save NAME`` never moves aside a file that is no save at all."""

from __future__ import annotations

import shutil
from pathlib import Path

from typer.testing import CliRunner

from app.cli.main import app
from app.world.folders import CAMPAIGNS_DIR


def run(*args: str, lines: str = "/quit\n") -> str:
    result = CliRunner().invoke(app, list(args), input=lines)
    assert "Traceback" not in result.output
    assert result.exit_code == 0, result.output
    return result.output


def edited_crossroads(tmp_path: Path) -> Path:
    """An author's copy of the shipped campaign, same id, its greeting changed."""
    copy = tmp_path / "xr"
    shutil.copytree(CAMPAIGNS_DIR / "crossroads", copy)
    toml = copy / "campaign.toml"
    text = toml.read_text(encoding="utf-8")
    toml.write_text(text.replace("'Travellers! Thank the gods.", "'EDITED: Travellers!"), "utf-8")
    return copy


def test_a_copy_saved_under_another_name_resumes_on_the_same_campaign(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    play = ["play", "--ui", "console", "--saves-dir", str(saves)]
    run(*play, "--campaign", str(edited_crossroads(tmp_path)), "--seed", "1",
        lines="Thorin: look at the hearth\n/save alt\n/quit\n")  # fmt: skip
    for name in ("crossroads", "alt", "crossroads.toml.1"):
        told = run(*play, "--load", name, lines="Mira: ask Berta about Tam\n/quit\n")
        assert "EDITED: Travellers!" in told, name


def test_a_game_saved_elsewhere_when_its_folder_cannot_be_written_finds_its_campaign(
    tmp_path: Path, monkeypatch
) -> None:
    mine = edited_crossroads(tmp_path)
    (tmp_path / "afile").write_text("")  # a saves folder under a file: never writable
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    told = run("play", "--ui", "console", "--campaign", str(mine), "--seed", "1",
               "--saves-dir", str(tmp_path / "afile" / "saves"),
               lines="Thorin: look at the hearth\n/quit\n")  # fmt: skip
    assert "To go on with it" in told
    [save] = list((tmp_path / "home").rglob("crossroads.toml"))
    again = run("play", "--ui", "console", "--saves-dir", str(save.parent), "--load", "crossroads",
                lines="Mira: ask Berta about Tam\n/quit\n")  # fmt: skip
    assert "EDITED: Travellers!" in again


def test_save_as_never_moves_aside_a_file_that_is_no_save(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    theirs = saves / "notes.toml"
    theirs.write_text('title = "my notes"\n', encoding="utf-8")
    told = run("play", "--ui", "console", "--saves-dir", str(saves), "--seed", "1",
               lines="Mira: look around\n/save notes\n/quit\n")  # fmt: skip
    assert "notes.toml here is not a saved game: choose another name" in " ".join(told.split())
    assert theirs.read_text(encoding="utf-8") == 'title = "my notes"\n'
    assert not list(saves.glob("notes.toml.damaged-*"))

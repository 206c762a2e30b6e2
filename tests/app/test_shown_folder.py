"""A folder named in a title reads as the player would type it: the load screen says which
folder it lists, not only the last part of its name."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.world.folders import shown_folder


def test_a_folder_under_where_the_game_started_is_shown_relative(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert shown_folder(Path("saves")) == "saves/"
    assert shown_folder(tmp_path / "games" / "dnd") == "games/dnd/"


def test_a_folder_under_home_is_shown_with_a_tilde(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home, elsewhere = tmp_path / "home", tmp_path / "work"
    elsewhere.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(elsewhere)
    assert shown_folder(home / "saves") == "~/saves/"
    assert shown_folder(Path("~/games")) == "~/games/"


def test_any_other_folder_is_shown_in_full(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    other = tmp_path.parent / "other-saves"
    assert shown_folder(other) == f"{other.resolve()}/"
    assert shown_folder(Path("/")) == "/"

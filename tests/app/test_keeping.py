"""A game keeps to its own save files: fresh names, no writing over another game's save, a
damaged save set aside whole, and somewhere else to go when the saves folder fails."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from app.saves import SaveError, fresh_name, list_saves, load_game, save_game
from app.session import keeping
from app.session.keeping import (
    Keeper,
    fallback_folders,
    name_taken,
    place,
    save_now,
    save_somewhere,
    temp_folder,
)
from app.tui.showcase import crossroads
from app.world.state import GameState


def state(turn: int = 0) -> GameState:
    game = crossroads().state
    game.turn = turn
    return game


def test_a_fresh_name_is_the_first_one_no_save_or_backup_uses(tmp_path: Path) -> None:
    assert fresh_name("crossroads", tmp_path) == "crossroads"
    save_game(state(), "crossroads", tmp_path)
    assert fresh_name("crossroads", tmp_path) == "crossroads-2"
    (tmp_path / "crossroads-2.toml.1").write_text("an orphan backup")  # its save was moved
    assert fresh_name("crossroads", tmp_path) == "crossroads-3"
    assert fresh_name("../escape", tmp_path) == "game"


def test_a_keeper_never_writes_over_another_games_save(tmp_path: Path) -> None:
    save_game(state(7), "crossroads", tmp_path)
    theirs = (tmp_path / "crossroads.toml").read_bytes()
    keeper = Keeper(tmp_path, "crossroads")
    kept = keeper.autosave(state(1))
    assert kept is not None and kept.path == tmp_path / "crossroads-2.toml"
    assert "this game saves as crossroads-2" in " ".join(kept.notes)
    assert (tmp_path / "crossroads.toml").read_bytes() == theirs
    for turn in range(2, 6):  # four more turns: the other game's save stays untouched
        again = keeper.autosave(state(turn))
        assert again is not None and again.path.name == "crossroads-2.toml" and not again.notes
    assert (tmp_path / "crossroads.toml").read_bytes() == theirs
    assert not (tmp_path / "crossroads.toml.1").exists()
    assert load_game("crossroads-2", tmp_path).turn == 5
    assert (tmp_path / "crossroads-2.toml.1").exists()  # its own saves rotate as ever


def test_a_save_changed_behind_the_games_back_is_left_alone(tmp_path: Path) -> None:
    keeper = Keeper(tmp_path, "table")
    assert keeper.autosave(state(1)) is not None
    save_game(state(9), "table", tmp_path)  # a second copy of the game, in another terminal
    other = (tmp_path / "table.toml").read_bytes()
    kept = keeper.autosave(state(2))
    assert kept is not None and kept.path.name == "table-2.toml"
    assert (tmp_path / "table.toml").read_bytes() == other


def test_a_damaged_save_in_the_way_is_set_aside_whole_and_reported(tmp_path: Path) -> None:
    damaged = b"schema_version = 1\nturn = [\n"
    (tmp_path / "autosave.toml").write_bytes(damaged)
    keeper = Keeper(tmp_path, "autosave")
    kept = keeper.autosave(state(1))
    assert kept is not None and kept.path == tmp_path / "autosave.toml"
    aside = [p for p in tmp_path.iterdir() if ".damaged-" in p.name]
    assert len(aside) == 1 and aside[0].read_bytes() == damaged
    assert aside[0].name.startswith("autosave.toml.damaged-")
    assert f"It is kept as {aside[0].name}" in kept.notes[0]
    for turn in range(2, 6):
        keeper.autosave(state(turn))
    assert aside[0].read_bytes() == damaged  # four turns later it is still there
    assert [info.name for info in list_saves(tmp_path)] == ["autosave"]


def test_a_resumed_game_saves_over_the_file_it_was_loaded_from(tmp_path: Path) -> None:
    path = save_game(state(3), "friday", tmp_path)
    keeper = Keeper(tmp_path, "friday")
    keeper.adopt(path)
    kept = keeper.autosave(state(4))
    assert kept is not None and kept.path == path and not kept.notes
    assert load_game("friday", tmp_path).turn == 4


def test_a_name_the_player_chose_is_refused_when_another_game_has_it(tmp_path: Path) -> None:
    save_game(state(7), "mine", tmp_path)
    keeper = Keeper(tmp_path, "game")
    reply = save_now(state(1), keeper, "mine")
    assert not reply.ok and "a save named mine exists" in reply.text
    assert load_game("mine", tmp_path).turn == 7
    assert save_now(state(1), keeper, "other").ok
    assert save_now(state(2), keeper, "other").ok  # its own: saved over
    assert load_game("other", tmp_path).turn == 2
    assert save_now(state(2), keeper).text == f"Saved to {tmp_path / 'game.toml'}."


def test_name_taken_counts_good_saves_and_anything_else_but_a_damaged_save(
    tmp_path: Path,
) -> None:
    assert not name_taken("new", tmp_path)
    save_game(state(), "good", tmp_path)
    assert name_taken("good", tmp_path)
    (tmp_path / "broken.toml").write_text("not = [toml")
    assert not name_taken("broken", tmp_path)
    (tmp_path / "folder.toml").mkdir()
    assert name_taken("folder", tmp_path)
    with pytest.raises(SaveError, match="bad save name"):
        name_taken("../x", tmp_path)


def test_place_reads_a_folder_a_file_or_a_name(tmp_path: Path) -> None:
    keeper = Keeper(tmp_path / "saves", "game")
    assert place(str(tmp_path / "usb"), keeper) == (tmp_path / "usb", "game")
    assert place(f"{tmp_path}/usb/friday.toml", keeper) == (tmp_path / "usb", "friday")
    assert place("friday", keeper) == (tmp_path / "saves", "friday")
    (tmp_path / "there").mkdir()  # the working folder (conftest): a folder by that name
    assert place("there", keeper) == (tmp_path / "there", "game")
    assert place("usb/../x", keeper) == (tmp_path / "x", "game")  # said back in full
    with pytest.raises(SaveError):
        place("bad\nname", keeper)


def test_the_fallback_folders_are_the_data_folder_then_the_temporary_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    data = tmp_path / "xdg" / "dungeon-terminal" / "saves"
    assert fallback_folders(tmp_path / "saves") == [data, temp_folder()]
    assert fallback_folders(data) == [temp_folder()]


def test_save_somewhere_goes_on_to_the_next_folder_and_says_what_failed(tmp_path: Path) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    keeper = Keeper(blocked / "saves", "game")
    rescue = save_somewhere(state(2), keeper, [blocked / "saves", tmp_path / "spare"])
    assert rescue.kept is not None and rescue.kept.path == tmp_path / "spare" / "game.toml"
    assert "Could not save the game in" in rescue.report()
    assert f"Saved the game to {tmp_path / 'spare' / 'game.toml'} instead." in rescue.report()
    assert keeper.folder == tmp_path / "spare"  # and it keeps saving there


def test_save_somewhere_reports_when_nothing_took_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(*args: object, **kwargs: object) -> Path:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(keeping, "save_game", full)
    keeper = Keeper(tmp_path / "saves", "game")
    rescue = save_somewhere(state(), keeper, [tmp_path / "saves", tmp_path / "spare"])
    assert rescue.kept is None and keeper.folder == tmp_path / "saves"
    report = rescue.report()
    assert report.startswith("The game could not be saved anywhere.")
    assert report.count("no space left on device") == 2


def test_backups_another_game_left_behind_are_not_rotated_away(tmp_path: Path) -> None:
    save_game(state(7), "table", tmp_path)
    save_game(state(8), "table", tmp_path)  # turn 7 is now table.toml.1
    (tmp_path / "table.toml").unlink()  # the save removed by hand, its backup left
    keeper = Keeper(tmp_path, "table")
    kept = keeper.autosave(state(1))
    assert kept is not None and kept.path.name == "table-2.toml"
    assert load_game(tmp_path / "table.toml.1").turn == 7
    own = Keeper(tmp_path, "mine")
    for turn in range(5):  # its own backups never stop a game saving under its name
        again = own.autosave(state(turn))
        assert again is not None and again.path.name == "mine.toml"
    (tmp_path / "mine.toml").unlink()
    again = own.autosave(state(9))
    assert again is not None and again.path.name == "mine.toml"


def test_a_name_differing_only_in_case_is_taken(tmp_path: Path) -> None:
    # on a disk that ignores case (macOS, Windows) MyGame.toml would overwrite mygame.toml
    save_game(crossroads().state, "mygame", tmp_path)
    assert keeping.name_taken("MyGame", tmp_path)
    assert fresh_name("MYGAME", tmp_path) == "MYGAME-2"
    assert not keeping.name_taken("mygame-2", tmp_path)


def test_a_failed_save_is_said_in_plain_words(tmp_path: Path) -> None:
    from app.session.keeping import save_failure

    in_the_way = save_failure(OSError(errno.EEXIST, "File exists"), tmp_path)
    assert "a file is in the way where the folder should be" in in_the_way
    assert "part of that path is a file" in save_failure(
        OSError(errno.ENOTDIR, "Not a directory"), tmp_path
    )


def test_the_last_resort_folder_is_private_and_never_a_planted_link(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The system's temporary folder is shared: a link planted under the game's folder name
    is not followed, and the folder the game saves in lets nobody else in."""
    import os
    import stat
    import tempfile

    shared, elsewhere = tmp_path / "tmp", tmp_path / "attacker"
    shared.mkdir()
    elsewhere.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(shared))
    (shared / f"dungeon-terminal-saves-{os.getuid()}").symlink_to(elsewhere)
    temp_folder.cache_clear()
    try:
        folder = temp_folder()
        assert folder.parent == shared and not folder.is_symlink()
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
        assert temp_folder() == folder  # the same folder for the whole game
    finally:
        temp_folder.cache_clear()
    assert list(elsewhere.iterdir()) == []


def test_the_hint_to_go_on_names_a_command_that_works_from_the_shell(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``make play`` runs ``.venv/bin/dungeon``, which is not on the PATH: the hint names
    that script; a ``dungeon`` on the PATH (installed) is named as ``dungeon``."""
    from app.session.keeping import command_name

    script = tmp_path / ".venv" / "bin" / "dungeon"
    script.parent.mkdir(parents=True)
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PATH", "/nonexistent")
    assert command_name(".venv/bin/dungeon") == str(script)
    monkeypatch.setenv("PATH", str(script.parent))
    assert command_name(str(script)) == "dungeon"
    assert command_name("/usr/bin/python3") == "dungeon"  # python -m app, the tests


def test_checkpoints_that_cannot_be_written_are_said_once_and_the_save_stands(
    tmp_path: Path,
) -> None:
    story = tmp_path / "table.story"
    story.mkdir()
    (story / "checkpoints").write_text("not a folder")  # a file where the folder goes
    keeper = Keeper(tmp_path, "table")
    first = keeper.autosave(state(1), checkpoint=True)
    assert first is not None and "cannot be kept for undo after loading" in " ".join(first.notes)
    again = keeper.autosave(state(2), checkpoint=True)
    assert again is not None and not again.notes
    assert load_game("table", tmp_path).turn == 2


def test_save_as_a_name_differing_only_in_case_from_another_game_is_refused(
    tmp_path: Path,
) -> None:
    # /save Foreign beside another game's foreign.toml: on a disk that ignores case the same
    # file, which this game did not write, so it is refused and the other game's save kept
    other = Keeper(tmp_path, "foreign")
    other.autosave(state(1))
    before = (tmp_path / "foreign.toml").read_bytes()
    mine = Keeper(tmp_path, "mine")
    with pytest.raises(SaveError, match="did not write"):
        mine.save_named(state(2), "Foreign")
    assert not (tmp_path / "Foreign.toml").exists()
    assert (tmp_path / "foreign.toml").read_bytes() == before
    # a game may still save over its own save under another case
    assert other.save_named(state(3), "Foreign").path.name == "Foreign.toml"


def test_a_story_folder_of_another_games_turns_keeps_its_name(tmp_path: Path) -> None:
    """A save renamed (it still names its old story folder) or lost (its checkpoints let
    ``--load`` restore it): a new game never takes that name, nor does ``/save NAME``, so
    the story and checkpoints are never written over."""
    story = tmp_path / "crossroads.story" / "checkpoints"
    story.mkdir(parents=True)
    (story / "000003-inn.toml").write_text("a checkpoint of the old game")
    assert fresh_name("crossroads", tmp_path) == "crossroads-2"
    assert name_taken("crossroads", tmp_path)
    keeper = Keeper(tmp_path, "game")
    reply = save_now(state(1), keeper, "crossroads")
    assert not reply.ok and "another game's story" in reply.text
    assert (story / "000003-inn.toml").read_text() == "a checkpoint of the old game"
    (tmp_path / "empty.story").mkdir()  # an empty folder keeps nothing: the name is free
    assert fresh_name("empty", tmp_path) == "empty"

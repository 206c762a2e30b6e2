"""A save whose own file is gone while its copies remain (backups, the checkpoints in its
story folder) is never lost: the listing still shows it, and loading it puts the newest
good copy back under its name — a checkpoint newer than the first backup included."""

from __future__ import annotations

import os
from pathlib import Path

from app.saves import delete_save, list_saves, save_game
from app.saves.checkpoints import keep_checkpoint
from app.saves.resume import resume_named
from app.session.keeping import Keeper
from app.tui.showcase import crossroads
from app.world.state import GameState


def state(turn: int) -> GameState:
    game = crossroads().state
    game.turn = turn
    return game


def test_a_save_whose_file_vanished_is_listed_and_restored_from_its_newest_copy(
    tmp_path: Path,
) -> None:
    keeper = Keeper(tmp_path, "friday")
    for turn in (1, 2, 3):
        kept = keeper.autosave(state(turn), checkpoint=True)
    keeper.autosave(state(4))  # the save before last: no checkpoint of its own
    kept = keeper.autosave(state(5), checkpoint=True)
    keeper.close()
    assert kept is not None
    os.unlink(kept.path)  # gone: the backups (turns 4, 3, 2) and checkpoint 5 remain
    listed = [i for i in list_saves(tmp_path) if i.name == "friday"]
    assert len(listed) == 1 and listed[0].turn == 5 and "missing" in listed[0].title
    resumed = resume_named("friday", tmp_path)
    assert resumed.state.turn == 5
    assert "restored" in resumed.notes[0] and "turn 5" in resumed.notes[0]
    assert kept.path.is_file()


def test_a_save_that_is_there_is_left_as_it_is(tmp_path: Path) -> None:
    path = save_game(state(2), "monday", tmp_path)
    keep_checkpoint(path, state(2))
    before = path.read_bytes()
    resumed = resume_named("monday", tmp_path)
    assert resumed.state.turn == 2 and not any("restored" in n for n in resumed.notes)
    assert path.read_bytes() == before


def test_a_save_whose_file_vanished_can_still_be_deleted_whole(tmp_path: Path) -> None:
    keeper = Keeper(tmp_path, "sunday")
    for turn in (1, 2):
        kept = keeper.autosave(state(turn), checkpoint=True)
    keeper.close()
    assert kept is not None
    os.unlink(kept.path)
    removed = delete_save("sunday", tmp_path)
    assert removed and not [i for i in list_saves(tmp_path) if i.name == "sunday"]


def test_a_checkpoint_cut_short_in_place_leaves_the_save_whole(tmp_path: Path) -> None:
    path = save_game(state(2), "tuesday", tmp_path)
    kept = keep_checkpoint(path, state(2))
    assert kept is not None and not kept.samefile(path)
    before = path.read_bytes()
    with open(kept, "r+b") as handle:  # edited by hand, in place
        handle.truncate(10)
    assert path.read_bytes() == before
    assert resume_named("tuesday", tmp_path).state.turn == 2

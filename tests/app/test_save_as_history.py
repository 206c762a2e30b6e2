"""A game saved under another name (``/save NAME``) keeps its undo history: the copy gets
the game's checkpoints, as copies of its own, and the original's files are left alone."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

from app.saves import load_save
from app.saves.checkpoints import checkpoints_of
from app.saves.proof import examine
from app.saves.recovery import restore
from app.session import rewinding
from app.session.keeping import Keeper, save_now
from app.session.session import GameSession
from app.session.setup import resume_session, start_session
from tests.app.saved_games import crossroads
from tests.app.saved_games import play_lines as play

LINES = [
    ("mira", "I pick the lock on the trapdoor"),
    ("thorin", "ask Berta about Tam"),
    ("thorin", "I force the trapdoor open"),
]


def _files(folder: Path) -> dict[str, tuple[int, bytes]]:
    """Every file under ``folder``: its inode and its bytes."""
    return {
        str(path.relative_to(folder)): (path.stat().st_ino, path.read_bytes())
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def _played(tmp_path: Path) -> tuple[Keeper, GameSession]:
    session = start_session(crossroads(), 1)
    keeper = Keeper(tmp_path, "crossroads")
    keeper.autosave(session.state, checkpoint=True)
    play(session, LINES, keeper)
    return keeper, session


def test_a_game_saved_under_a_new_name_can_undo_and_rewind_after_loading(
    tmp_path: Path,
) -> None:
    keeper, session = _played(tmp_path)
    before = _files(tmp_path / "crossroads.story") | {"save": _files(tmp_path)["crossroads.toml"]}
    reply = save_now(session.state, keeper, "foo")
    assert reply.ok, reply.text
    after = _files(tmp_path / "crossroads.story") | {"save": _files(tmp_path)["crossroads.toml"]}
    assert after == before  # the original game's files untouched
    names = [c.path.name for c in checkpoints_of(tmp_path / "foo.toml")]
    assert names == [c.path.name for c in checkpoints_of(tmp_path / "crossroads.toml")]
    assert len(names) == 4
    loaded = load_save(tmp_path / "foo.toml")
    resumed = resume_session(loaded.state, save=loaded.path)
    taken = rewinding.undo(resumed)
    assert taken.ok and "Took back turn 3" in taken.text, taken.text
    again = resume_session(load_save(tmp_path / "foo.toml").state, save=tmp_path / "foo.toml")
    assert rewinding.rewind(again, 1).ok
    assert again.state.turn == 0


def test_the_copys_checkpoints_are_its_own_and_name_its_own_story(tmp_path: Path) -> None:
    keeper, session = _played(tmp_path)
    assert save_now(session.state, keeper, "foo").ok
    copies = _files(tmp_path / "foo.story" / "checkpoints")
    originals = _files(tmp_path / "crossroads.story" / "checkpoints")
    assert not {ino for ino, _ in copies.values()} & {ino for ino, _ in originals.values()}
    for checkpoint in checkpoints_of(tmp_path / "foo.toml"):
        story = tomllib.loads(examine(checkpoint.path.read_text()).body)["story"]
        assert story["folder"] == "foo.story"
        load_save(checkpoint.path)  # whole and sealed: it loads like any save
    # The original plays on, takes a turn back and branches: the copy's history stays.
    play(session, [("mira", "I climb down the trapdoor")], keeper)
    rewinding.rewind(session, 2)
    play(session, [("thorin", "I order an ale")], keeper)
    assert _files(tmp_path / "foo.story" / "checkpoints") == copies
    # A copy whose main file is lost is restored from its own checkpoint, onto its own story.
    os.unlink(tmp_path / "foo.toml")
    assert restore(tmp_path / "foo.toml")
    restored = load_save(tmp_path / "foo.toml")
    assert [r.number for r in restored.state.history] == [1, 2, 3]

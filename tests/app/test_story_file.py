"""The story beside a save: appended turn by turn, named by the save, checked on load."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest

from app.saves import SaveError, load_save, save_game
from app.saves.story import STORY_FILE
from app.session.setup import start_session
from app.world.state import GameState
from app.world.turnrecord import TurnRecord
from tests.app.saved_games import crossroads, played

NARRATION = "The fire crackles while Berta talks about the scratching below the floor. " * 6


def grown(turns: int) -> GameState:
    state = start_session(crossroads(), 1).state
    for n in range(1, turns + 1):
        record = TurnRecord(number=n, actions=[f"Mira: look ({n})"], narrative=NARRATION)
        state.history.append(record)
    state.turn = turns
    return state


def story_of(folder: Path, name: str = "game") -> Path:
    return folder / f"{name}.story" / STORY_FILE


def test_a_save_keeps_its_story_beside_it_and_appends_to_it(tmp_path: Path) -> None:
    state = grown(30)
    path = save_game(state, "game", tmp_path)
    main = tomllib.loads(path.read_text())
    assert "history" not in main["state"] and main["story"]["turns"] == 30
    before = story_of(tmp_path).read_bytes()
    size = path.stat().st_size
    for n in range(31, 61):
        state.history.append(TurnRecord(number=n, actions=["Mira: wait"], narrative=NARRATION))
        state.turn = n
        save_game(state, "game", tmp_path)
    after = story_of(tmp_path).read_bytes()
    assert after.startswith(before) and after.count(b"[[turn]]\n") == 60
    assert abs(path.stat().st_size - size) < 64  # the main file does not grow with the story
    loaded = load_save(path)
    assert loaded.notes == () and list(loaded.state.history) == list(state.history)


def test_turns_after_the_ones_the_save_names_are_ignored_and_overwritten(tmp_path: Path) -> None:
    state = grown(5)
    path = save_game(state, "game", tmp_path)
    with story_of(tmp_path).open("ab") as handle:  # a crash between the story and the save
        handle.write(b'[[turn]]\nnumber = 6\nactions = ["half a tu')
    loaded = load_save(path).state
    assert len(loaded.history) == 5
    loaded.history.append(TurnRecord(number=6, actions=["Mira: go on"], narrative="On."))
    loaded.turn = 6
    save_game(loaded, "game", tmp_path)
    assert [r.number for r in load_save(path).state.history] == [1, 2, 3, 4, 5, 6]


def test_a_story_cut_short_is_refused_naming_it(tmp_path: Path) -> None:
    path = save_game(grown(5), "game", tmp_path)
    story = story_of(tmp_path)
    data = story.read_bytes()
    story.write_bytes(data[: len(data) // 2])
    with pytest.raises(SaveError) as caught:
        load_save(path)
    message = str(caught.value)
    assert str(story) in message and "cut short" in message and "game.story away" in message
    assert story.read_bytes() == data[: len(data) // 2]  # left as it was


def test_a_save_copied_without_its_story_loads_and_says_so(tmp_path: Path) -> None:
    path = save_game(grown(5), "game", tmp_path)
    elsewhere = tmp_path / "copy"
    elsewhere.mkdir()
    shutil.copy(path, elsewhere / "game.toml")
    loaded = load_save(elsewhere / "game.toml")
    assert len(loaded.state.history) == 0
    assert any("not there" in note and "5 turns" in note for note in loaded.notes)


def test_a_story_edited_by_hand_loads_when_its_turns_read_soundly(tmp_path: Path) -> None:
    path = save_game(grown(3), "game", tmp_path)
    story = story_of(tmp_path)
    story.write_text(story.read_text().replace("Mira: look (2)", "Mira: look closely (2)"))
    loaded = load_save(path)
    assert loaded.state.history[1].actions == ["Mira: look closely (2)"]
    assert any("changed since the game wrote it" in note for note in loaded.notes)
    story.write_text(story.read_text().replace("number = 2", 'number = "two"'))
    with pytest.raises(SaveError, match="turn record 2 is damaged"):
        load_save(path)


def test_an_older_save_with_its_history_inline_loads_and_moves_it_out(tmp_path: Path) -> None:
    old = Path(__file__).parents[1] / "data" / "saves" / "schema-3-hotseat-fight.toml"
    shutil.copy(old, tmp_path / "old.toml")
    inline = tomllib.loads(old.read_text())["state"]["history"]
    loaded = load_save(tmp_path / "old.toml").state
    assert [r.number for r in loaded.history] == [r["number"] for r in inline] and inline
    save_game(loaded, "old", tmp_path)
    again = load_save(tmp_path / "old.toml").state
    assert list(again.history) == list(loaded.history)
    assert story_of(tmp_path, "old").exists()


def test_a_game_saved_under_a_new_name_gets_its_whole_story(tmp_path: Path) -> None:
    state = played(2).state
    save_game(state, "first", tmp_path)
    save_game(state, "second", tmp_path)
    assert story_of(tmp_path, "second").read_bytes() == story_of(tmp_path, "first").read_bytes()
    assert list(load_save(tmp_path / "second.toml").state.history) == list(state.history)


def test_another_game_writing_the_same_story_is_never_appended_to(tmp_path: Path) -> None:
    mine, theirs = grown(3), grown(2)
    save_game(mine, "game", tmp_path)
    save_game(theirs, "game", tmp_path)  # another game took the name meanwhile
    mine.history.append(TurnRecord(number=4, actions=["Mira: go"], narrative="On."))
    mine.turn = 4
    save_game(mine, "game", tmp_path)
    assert [r.number for r in load_save(tmp_path / "game.toml").state.history] == [1, 2, 3, 4]


def test_a_save_whose_name_holds_toml_keeps_its_own_story(tmp_path: Path) -> None:
    """``game.toml-2`` and ``game.tomlbak`` are names of their own: their stories and
    checkpoints never mix with ``game``'s, and deleting one leaves the others whole."""
    from app.saves.listing import delete_save
    from app.saves.story import story_folder

    games = {name: grown(n) for n, name in enumerate(["game", "game.toml-2", "game.tomlbak"], 3)}
    paths = {name: save_game(state, name, tmp_path) for name, state in games.items()}
    folders = {story_folder(path) for path in paths.values()}
    assert len(folders) == 3
    delete_save("game.toml-2", tmp_path)
    for name in ("game", "game.tomlbak"):
        assert len(load_save(paths[name]).state.history) == len(games[name].history)


@pytest.mark.parametrize("how", ["crlf", "bom", "both"])
def test_a_save_and_story_copied_through_windows_or_an_editor_load(
    tmp_path: Path, how: str
) -> None:
    """Windows line ends or a byte-order mark added to the save or its story: read, said, and
    the next save writes a clean story (the converted file is never appended to)."""
    state = grown(4)
    path = save_game(state, "game", tmp_path)
    for file in (path, story_of(tmp_path)):
        data = file.read_bytes()
        if how in ("crlf", "both"):
            data = data.replace(b"\n", b"\r\n")
        if how in ("bom", "both"):
            data = b"\xef\xbb\xbf" + data
        file.write_bytes(data)
    loaded = load_save(path)
    assert list(loaded.state.history) == list(state.history)
    more = loaded.state
    more.history.append(TurnRecord(number=5, actions=["Mira: go on"], narrative="On."))
    more.turn = 5
    save_game(more, "game", tmp_path)
    again = load_save(path)
    assert [r.number for r in again.state.history] == [1, 2, 3, 4, 5]

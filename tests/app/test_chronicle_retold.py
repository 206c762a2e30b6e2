"""A turn told again (``/reroll``): the chronicle's last record replaced, its saved text and
digest following, and the next save writing the story to a new file."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from app.saves.story import STORY_FILE, read_story, story_folder, write_story
from app.world.chronicle import HEADER, Chronicle, parse_record, record_text
from app.world.turnrecord import TurnRecord


def record(n: int, narrative: str = "") -> TurnRecord:
    return TurnRecord(
        number=n, actions=[f"Mira: act {n}"], narrative=narrative or f"Turn {n} passes."
    )


def test_the_last_record_is_replaced_and_the_digest_follows() -> None:
    story = Chronicle(record(n) for n in range(1, 5))
    story.digest()  # hashed through the old telling
    retold = record(4, "Turn four, told again.").model_copy(update={"retold": 1})
    story.replace_last(retold)
    assert story[-1] == retold and [r.number for r in story] == [1, 2, 3, 4]
    text = HEADER + b"".join(story.texts())
    assert story.digest() == (len(text), hashlib.sha256(text).hexdigest())
    assert b"Turn four, told again." in bytes(story.text(3))


def test_only_the_same_turn_replaces_the_last_and_an_empty_story_has_none() -> None:
    with pytest.raises(ValueError, match="no turn"):
        Chronicle().replace_last(record(1))
    story = Chronicle([record(1), record(2)])
    with pytest.raises(ValueError, match="cannot replace"):
        story.replace_last(record(1))
    assert story == [record(1), record(2)]


def test_retold_is_left_out_of_the_text_until_a_turn_is_retold() -> None:
    assert b"retold" not in record_text(record(1))
    again = record(1).model_copy(update={"retold": 2})
    assert b"retold = 2" in record_text(again)
    assert parse_record(record_text(again)) == again
    assert parse_record(record_text(record(1))).retold == 0


def test_a_cut_kept_for_redo_survives_a_retelling() -> None:
    story = Chronicle(record(n) for n in range(1, 5))
    story.cut(2)
    story.replace_last(record(2, "Two, again."))
    story.restore_cut()
    assert [r.narrative for r in story][1:3] == ["Two, again.", "Turn 3 passes."]


def test_a_retelling_goes_to_a_new_story_file_and_leaves_the_old_one_whole(
    tmp_path: Path,
) -> None:
    """The save on disk names the old telling until the new save is committed: the file it
    names is never touched."""
    save = tmp_path / "game.toml"
    story = Chronicle(record(n) for n in range(1, 4))
    first = write_story(story, save)
    path = story_folder(save) / STORY_FILE
    before = path.read_bytes()
    story.replace_last(record(3, "Three, in other words."))
    ref = write_story(story, save)
    assert path.read_bytes() == before and read_story(save, first.table())[0][-1].narrative == (
        "Turn 3 passes."
    )
    assert ref.file == "story-2.toml" and ref.table()["file"] == "story-2.toml"
    after = (story_folder(save) / ref.file).read_bytes()
    assert after.endswith(record_text(record(3, "Three, in other words.")))
    loaded, notes = read_story(save, ref.table())
    assert notes == [] and loaded == story and loaded[-1].narrative == "Three, in other words."
    story.append(record(4))
    again = write_story(story, save)  # the new file is appended to from now on
    assert again.file == "story-2.toml" and read_story(save, again.table())[0] == story

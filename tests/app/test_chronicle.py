"""The chronicle: the append-only story of a game, its saved text and its digest."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.world.chronicle import HEADER, Chronicle, parse_record, record_text, split_records
from app.world.turnrecord import TurnRecord


def record(n: int, text: str = "I look around") -> TurnRecord:
    return TurnRecord(number=n, actions=[f"Mira: {text}"], narrative=f"Turn {n} passes.")


def test_records_read_back_from_their_text_lazily() -> None:
    story = Chronicle(record(n) for n in range(1, 6))
    size, digest = story.digest()
    text = HEADER + b"".join(story.texts())
    assert (size, digest) == (len(text), hashlib.sha256(text).hexdigest())
    loaded = Chronicle.from_texts(split_records(text[len(HEADER) :]))
    assert loaded._records == [None] * 5  # nothing parsed until read
    assert loaded[-1] == record(5) and loaded._records[:4] == [None] * 4
    assert list(loaded) == list(story) and loaded == story
    assert loaded.digest() == (size, digest)


def test_a_turn_cannot_come_before_the_last_one() -> None:
    story = Chronicle([record(3)])
    with pytest.raises(ValueError, match="cannot follow"):
        story.append(record(3))


def test_a_cut_is_kept_until_the_next_turn() -> None:
    story = Chronicle(record(n) for n in range(1, 6))
    story.cut(2)
    assert [r.number for r in story] == [1, 2] and story.cut_length == 3
    story.restore_cut(1)
    assert [r.number for r in story] == [1, 2, 3] and story.cut_length == 2
    story.restore_cut()
    assert [r.number for r in story] == [1, 2, 3, 4, 5] and story.cut_length == 0
    story.cut(1)
    story.append(record(2, "I open the door"))  # a new branch: the old turns are gone
    assert story.cut_length == 0 and story[-1].actions == ["Mira: I open the door"]
    with pytest.raises(ValueError, match="nothing was taken back"):
        story.restore_cut()


def test_a_rollback_keeps_nothing_to_restore() -> None:
    story = Chronicle(record(n) for n in range(1, 4))
    story.cut(1, keep=False)
    assert len(story) == 1 and story.cut_length == 0


def test_a_copy_is_independent() -> None:
    story = Chronicle(record(n) for n in range(1, 4))
    other = story.copy()
    other.cut(1)
    assert len(story) == 3 and len(other) == 1


def test_player_text_that_looks_like_a_record_header_stays_inside_its_record() -> None:
    odd = TurnRecord(number=1, actions=["Mira: [[turn]]\n[[turn]]"], narrative="[[turn]]\n")
    text = HEADER + record_text(odd) + record_text(record(2))
    texts = split_records(text[len(HEADER) :])
    assert [parse_record(t) for t in texts] == [odd, record(2)]


@given(st.lists(st.tuples(st.sampled_from(["add", "cut", "restore"]), st.integers(0, 6))))
def test_the_story_always_reads_as_a_list_would(steps: list[tuple[str, int]]) -> None:
    story, model, cut = Chronicle(), [], []
    for step, n in steps:
        if step == "add":
            number = (model[-1].number if model else 0) + 1 + n
            story.append(record(number))
            model.append(record(number))
            cut = []
        elif step == "cut":
            length = min(n, len(model))
            story.cut(length)
            if length < len(model):
                cut = model[length:] + cut
                del model[length:]
        elif cut:
            story.restore_cut()
            model += cut
            cut = []
        assert list(story) == model and story.cut_length == len(cut)
        text = HEADER + b"".join(record_text(r) for r in model)
        assert story.digest() == (len(text), hashlib.sha256(text).hexdigest())

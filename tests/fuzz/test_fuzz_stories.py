"""Fuzzing the story beside a save: cut short, flipped, grown, or named wrongly by its save.

A real save (exploring, and in a fight) is loaded after its story file was damaged. Every
case must end in a clear refusal, or in a load that tells the player the story was changed
(or, for bytes after the turns the save names, a load that ignores them). Nothing on disk
changes while loading.
"""

from __future__ import annotations

import tempfile
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
import tomli_w
from hypothesis import assume, given
from hypothesis import strategies as st

from app.saves import Loaded, SaveError, load_save
from app.saves.proof import seal
from app.saves.story import STORY_FILE
from app.session.setup import resume_session
from tests.app.saved_games import real_saves, save_files
from tests.fuzz.harness import LONG, Verdict, fuzz_settings, judge

NAMES = ["exploring", "fight"]


@pytest.fixture(scope="module")
def folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as where:
        yield Path(where)


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def run_case(
    folder: Path, name: str, story: bytes, main: bytes | None = None, notes: list[str] | None = None
) -> Verdict:
    """Write the save with ``story`` as its story file, load it, judge, check nothing moved."""
    real_saves(folder)
    if main is not None:
        (folder / f"{name}.toml").write_bytes(main)
    path = folder / f"{name}.story" / STORY_FILE
    path.write_bytes(story)
    before = _files(folder)
    loaded: list[Loaded] = []

    def load() -> None:
        got = load_save(folder / f"{name}.toml")
        resume_session(got.state, save=got.path)
        loaded.append(got)

    verdict = judge("story", load, refusals=(SaveError,), shown=(name, len(story)))
    assert _files(folder) == before, "a load changed a file"
    original = save_files()[name][STORY_FILE]
    if verdict is Verdict.ACCEPTED and not story.startswith(original):
        assert any("changed since the game wrote it" in n for n in loaded[0].notes), loaded[0].notes
    if loaded and notes is not None:
        notes.extend(loaded[0].notes)
    return verdict


@pytest.mark.parametrize("name", NAMES)
def test_a_story_cut_at_every_line_is_refused(folder: Path, name: str) -> None:
    lines = save_files()[name][STORY_FILE].splitlines(keepends=True)
    step = 1 if LONG else 2
    for cut in range(0, len(lines), step):
        assert run_case(folder, name, b"".join(lines[:cut])) is Verdict.REFUSED, cut


@fuzz_settings(examples=40)
@given(
    name=st.sampled_from(NAMES), where=st.floats(0, 1, exclude_max=True), byte=st.integers(0, 255)
)
def test_a_flipped_byte_in_a_story_is_refused_or_loads_as_an_edit(
    folder: Path, name: str, where: float, byte: int
) -> None:
    story = save_files()[name][STORY_FILE]
    at = int(where * len(story))
    assume(story[at] != byte)
    run_case(folder, name, story[:at] + bytes([byte]) + story[at + 1 :])


@fuzz_settings(examples=20)
@given(name=st.sampled_from(NAMES), tail=st.binary(max_size=200))
def test_bytes_after_the_turns_a_save_names_are_ignored(
    folder: Path, name: str, tail: bytes
) -> None:
    story = save_files()[name][STORY_FILE]
    assert run_case(folder, name, story + tail) is Verdict.ACCEPTED


@fuzz_settings(examples=40)
@given(
    name=st.sampled_from(NAMES),
    key=st.sampled_from(["folder", "turns", "bytes", "sha256", "records", "extra"]),
    value=st.one_of(
        st.integers(-(2**70), 2**70), st.text(max_size=30), st.booleans(),
        st.lists(st.integers(), max_size=3), st.just("../../etc"), st.just("x.story"),
    ),
)  # fmt: skip
def test_a_story_table_edited_into_nonsense_is_refused_or_told(
    folder: Path, name: str, key: str, value: object
) -> None:
    text = save_files()[name][""].decode("utf-8")
    data = tomllib.loads(text)
    assume(data["story"].get(key) != value)
    data["story"][key] = value
    main, _ = seal(tomli_w.dumps(data))
    story = save_files()[name][STORY_FILE]
    notes: list[str] = []
    verdict = run_case(folder, name, story, main.encode("utf-8"), notes)
    if verdict is Verdict.ACCEPTED:  # only ever with the player told what is odd
        assert key in ("bytes", "folder", "sha256", "turns"), (key, value)
        assert any("not there" in n or "changed since" in n for n in notes), notes

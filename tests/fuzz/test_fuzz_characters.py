"""Character files, fuzzed: a sound character file with values of every kind put at its
keys, keys dropped, and bytes flipped or cut. Whatever the file holds, reading it gives a
:class:`CharacterFileError` naming the file, or a sheet that validates again as it stands —
never a traceback or a hang."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import tomli_w
from hypothesis import given
from hypothesis import strategies as st

from app.world.characters import CharacterFileError, character_text, read_character
from rules.character import CharacterSheet
from rules.creation import Choices, build_character
from tests.fuzz.harness import fuzz_settings, judge

SOUND = character_text(
    build_character(
        Choices(
            name="Fuzz Wick",
            species="tiefling",
            character_class="warlock",
            background="lamplighter",
            scores={"str": 8, "dex": 14, "con": 13, "int": 12, "wis": 10, "cha": 15},
            skills=["arcana", "history"],
            cantrips=["eldritch_blast", "chill_touch"],
            spells=["charm_person", "hellish_rebuke"],
        )
    )
)
KEYS = list(tomllib.loads(SOUND))
values = st.recursive(
    st.one_of(
        st.integers(min_value=-(2**63), max_value=2**63 - 1), st.booleans(),
        st.text(max_size=20), st.floats(allow_nan=False), st.sampled_from(["", "plate", "x" * 99]),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.text("abcstrdex", min_size=1), inner, max_size=3),
    ),
    max_leaves=6,
)  # fmt: skip


def _read(path: Path) -> None:
    sheet = read_character(path)
    CharacterSheet.model_validate(sheet.model_dump())  # what was accepted is sound


@fuzz_settings()
@given(edits=st.dictionaries(st.sampled_from(KEYS), st.one_of(st.none(), values), max_size=3))
def test_character_file_with_values_changed(tmp_path: Path, edits: dict[str, Any]) -> None:
    data = tomllib.loads(SOUND)
    for key, value in edits.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    path = tmp_path / "c.toml"
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    judge("character", lambda: _read(path), refusals=(CharacterFileError,), shown=edits)


FLIP = st.tuples(st.integers(min_value=0, max_value=len(SOUND) - 1), st.integers(0, 255))


@fuzz_settings()
@given(cut=st.integers(min_value=0, max_value=len(SOUND)), flips=st.lists(FLIP, max_size=4))
def test_character_file_cut_or_with_bytes_flipped(
    tmp_path: Path, cut: int, flips: list[tuple[int, int]]
) -> None:
    data = bytearray(SOUND.encode("utf-8"))
    for at, byte in flips:
        data[at] = byte
    path = tmp_path / "c.toml"
    path.write_bytes(bytes(data[:cut]))
    judge("character", lambda: _read(path), refusals=(CharacterFileError,), shown=(cut, flips))

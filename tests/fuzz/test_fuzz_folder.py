"""Fuzzing the saves folder and save names.

A folder holds good saves beside whatever else a hand, an editor or an accident leaves
there: hand-edited headers, random bytes, random TOML documents that claim a
``schema_version``, broken links, loops of links, pipes, links to devices, folders, huge and
unreadable files, under random names. Listing it, finding the newest game that loads, and
loading each entry (by path and by name) must each finish within the time bound with a
clear refusal or a game — and leave every file as it was. Names typed by a player resolve
inside the folder or are refused.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import unicodedata
from collections.abc import Callable
from pathlib import Path

import pytest
import tomli_w
from hypothesis import given, reject
from hypothesis import strategies as st

from app.saves import (
    MAX_SAVE_BYTES,
    SaveError,
    list_saves,
    load_game,
    load_named,
    newest_game,
    resolve_save,
    save_game,
    save_path,
)
from app.session.setup import start_session
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from tests.fuzz.harness import Verdict, fuzz_settings, judge


def _good_text() -> str:
    with tempfile.TemporaryDirectory() as folder:
        state = start_session(load_campaign(CAMPAIGNS_DIR / "crossroads"), 7).state
        return save_game(state, "good", Path(folder)).read_text()


GOOD_TEXT = _good_text()
assert "\nturn = 0\n" in GOOD_TEXT  # the header's turn, which "header" entries edit


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the folders are made; holds the good save that "good link" entries point to."""
    here = tmp_path_factory.mktemp("fuzz-folder")
    (here / "good.toml").write_text(GOOD_TEXT)
    return here


GOOD_KINDS = {"good", "good link"}
"""Entries that must load."""
LENIENT_KINDS = {"header", "unreadable"}
"""Whole games behind an odd header, or a file root can read anyway: either verdict."""

SCALARS = st.one_of(
    st.integers(),
    st.floats(),
    st.text(max_size=12),
    st.booleans(),
    st.datetimes(),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=12,
)
KEYS = st.one_of(
    st.sampled_from(["campaign", "title", "turn", "saved", "created", "rng", "state"]),
    st.text(max_size=8),
)


@st.composite
def toml_documents(draw: st.DrawFn) -> bytes:
    """A random TOML document with a ``schema_version`` (so it gets past the first check)."""
    doc = draw(st.dictionaries(KEYS, VALUES, max_size=6))
    doc["schema_version"] = draw(st.one_of(st.just(1), st.integers(-2, 3)))
    try:
        return tomli_w.dumps(doc).encode("utf-8")
    except (TypeError, ValueError):  # something TOML cannot say
        reject()


HEADER_VALUES = ['"two"', "inf", "-inf", "nan", "-1", "1e400", "[1]", "{a = 1}", "true", "9" * 40]
CONTENT: dict[str, st.SearchStrategy[bytes]] = {
    "good": st.just(GOOD_TEXT.encode()),
    "good link": st.just(b""),
    "header": st.sampled_from(HEADER_VALUES).map(
        lambda v: GOOD_TEXT.replace("\nturn = 0\n", f"\nturn = {v}\n", 1).encode()
    ),
    "bytes": st.binary(max_size=600),
    "toml": toml_documents(),
    "broken link": st.just(b""),
    "link loop": st.just(b""),
    "fifo": st.just(b""),
    "device link": st.just(b""),
    "folder": st.just(b""),
    "huge": st.just(b""),
    "unreadable": st.just(GOOD_TEXT.encode()),
}
STEMS = st.one_of(
    st.sampled_from(["autosave", "fuzz", "a b", "x.y", "fuzz-restored", "AUX"]),
    st.text(
        st.characters(blacklist_characters="/\x00", blacklist_categories=("Cs",)),
        min_size=1,
        max_size=24,
    ),
)
SUFFIXES = st.sampled_from([".toml", ".toml", ".toml", ".toml.1", ".toml.3", ".toml.7", ".tmp", ""])


@st.composite
def entries(draw: st.DrawFn) -> tuple[str, str, bytes]:
    """One thing in the folder: ``(file name, kind, content)``."""
    name = draw(STEMS) + draw(SUFFIXES)
    if name in (".", "..") or len(name.encode()) > 200:
        reject()
    kind = draw(st.sampled_from(sorted(CONTENT)))
    return name, kind, draw(CONTENT[kind])


def make(folder: Path, name: str, kind: str, content: bytes) -> None:
    """Put one entry in the folder (beside a ``good.toml`` one level up)."""
    path = folder / name
    if kind in ("good", "header", "bytes", "toml", "unreadable"):
        path.write_bytes(content)
        if kind == "unreadable":
            path.chmod(0)
    elif kind == "good link":
        path.symlink_to(folder.parent / "good.toml")
    elif kind == "broken link":
        path.symlink_to("no such file")
    elif kind == "link loop":
        path.symlink_to(name)
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "device link":
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()
    elif kind == "huge":  # sparse: costs nothing to make
        with open(path, "wb") as handle:
            handle.truncate(MAX_SAVE_BYTES + 1)


def snapshot(folder: Path) -> dict[str, tuple[int, int, int]]:
    """Every entry's mode, size and mtime, links not followed: what "unchanged" means."""
    stats = {e.name: e.stat(follow_symlinks=False) for e in os.scandir(folder)}
    return {n: (s.st_mode, s.st_size, s.st_mtime_ns) for n, s in stats.items()}


def _first_loadable(folder: Path) -> str | None:
    """The oracle for :func:`newest_game`: the newest listed save that loads."""
    for info in list_saves(folder):
        if info.problem:
            continue
        try:
            load_game(info.path, folder)
        except SaveError:
            continue
        return info.name
    return None


@fuzz_settings(examples=50)
@given(st.lists(entries(), min_size=1, max_size=6, unique_by=lambda e: e[0]))
def test_an_odd_saves_folder_never_crashes_hangs_or_changes(
    home: Path, found: list[tuple[str, str, bytes]]
) -> None:
    folder = Path(tempfile.mkdtemp(prefix="folder-", dir=home))
    try:
        for name, kind, content in found:
            make(folder, name, kind, content)
        before = snapshot(folder)
        shown = [(n, k) for n, k, _ in found]
        listed = judge("folder", lambda: list_saves(folder), refusals=(), shown=shown)
        assert listed is Verdict.ACCEPTED
        expected = _first_loadable(folder)

        def newest() -> None:
            assert newest_game(folder, play=False).source == expected

        judge("folder", newest, refusals=(SaveError,) if expected is None else (), shown=shown)
        for name, kind, _ in found:
            case: Callable[[], object] = lambda n=name: load_game(folder / n, folder)  # noqa: E731
            nonsense = kind not in GOOD_KINDS | LENIENT_KINDS
            verdict = judge("folder", case, refusals=(SaveError,), nonsense=nonsense, shown=name)
            if kind in GOOD_KINDS:
                assert verdict is Verdict.ACCEPTED, (name, kind)
            by_name: Callable[[], object] = lambda n=name: load_named(n, folder)  # noqa: E731
            judge("folder", by_name, refusals=(SaveError,), shown=name)
        assert snapshot(folder) == before, "a listing or a load changed the folder"
    finally:
        shutil.rmtree(folder)


NAME_TEXT = st.one_of(
    st.text(max_size=40),
    st.text(st.sampled_from(list("ab.-_ /\\:~\n\r\t\x00\x1b\x7f\u202e\u2028Ωé0")), max_size=16),
    st.tuples(st.sampled_from(["fuzz", "a", "..", "/etc/x", "x\n"]), SUFFIXES).map("".join),
)


def _control(text: str) -> bool:
    return any(unicodedata.category(c).startswith(("C", "Z")) and c != " " for c in text)


@fuzz_settings(examples=150)
@given(NAME_TEXT)
def test_a_name_resolves_inside_the_folder_or_is_refused(home: Path, text: str) -> None:
    folder = home / "saves"
    # a path separator, a control character or any odd space must never be let through
    nonsense = "/" in text or "\\" in text or _control(text)

    def written() -> None:
        path = save_path(text, folder)
        assert path.parent == folder and path.name.endswith(".toml"), path
        assert path.resolve().parent == folder.resolve(), path

    def resolved() -> None:
        target = resolve_save(text, folder)
        assert target.path.parent == folder, target
        assert target.path.resolve().parent == folder.resolve(), target
        assert target.path.name.startswith(f"{target.name}.toml"), target

    judge("name", written, refusals=(SaveError,), nonsense=nonsense, shown=text)
    # ... except the path of a file in the folder itself, as error messages show one
    given = Path(text.strip(" ")) if "\0" not in text else None
    in_folder = given is not None and "/" in text and given.parent.resolve() == folder.resolve()
    judge(
        "name",
        resolved,
        refusals=(SaveError,),
        nonsense=nonsense and not (in_folder and not _control(text)),
        shown=text,
    )

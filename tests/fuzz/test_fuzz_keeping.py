"""Fuzzing how a game keeps its saves: any ``--save-as`` a user can type is refused at
start or saved inside the saves folder, and no sequence of other games, hand edits and
damage in the folder makes a game write over a file it did not write."""

from __future__ import annotations

import hashlib
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from app.cli.main import app
from app.saves import SaveError, save_game, save_path
from app.session.keeping import Keeper
from app.tui.showcase import crossroads
from tests.fuzz.harness import Verdict, fuzz_settings, judge

NAME_CHARS = st.sampled_from(list("abcXYZ019 -_./\\~\n\r\t\x00\x1b:*?<>|\"'é🎲"))
NAMES = st.one_of(
    st.text(NAME_CHARS, max_size=12),
    st.from_regex(r"[A-Za-z0-9][A-Za-z0-9 _.-]{0,20}", fullmatch=True),
    st.sampled_from(["..", ".", "../x", "con", "nul.txt", "friday", "friday.toml", "x" * 70]),
)


def _files(root: Path) -> dict[Path, str]:
    return {
        p.relative_to(root): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in root.rglob("*")
        if p.is_file()
    }


def _bad(name: str) -> bool:
    """Names no game may ever take: folders, line breaks, control characters, blanks, and
    the name of a save another game wrote."""
    clean = name.strip().removesuffix(".toml")
    return (
        any(c in name for c in "/\\\n\r\x00\x1b") or not clean or ".." in clean or clean == "friday"
    )


@fuzz_settings(examples=30)
@given(name=NAMES)
def test_fuzz_save_as_is_refused_at_start_or_saved_inside_the_folder(name: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        saves = root / "saves"
        save_game(crossroads().state, "friday", saves)  # another game's save
        before = _files(root)

        def case() -> Verdict:
            result = CliRunner().invoke(
                app,
                ["play", "--ui", "console", "--seed", "1", "--saves-dir", str(saves),
                 "--save-as", name],
                input="/quit\n",
            )  # fmt: skip
            after = _files(root)
            assert all(after.get(p) == digest for p, digest in before.items()), "a file changed"
            if result.exit_code == 2 and "error:" in result.output:
                assert after == before, "a refused start wrote a file"
                return Verdict.REFUSED
            assert result.exit_code == 0, result.output
            written = save_path(name, saves)
            new = {str(p) for p in set(after) - set(before)}
            mine = str(written.relative_to(root))
            # beside it only its backups, its story folder (the story, checkpoints) and the
            # lock file by which a game claims it (hidden, empty once the game is over)
            story = str(written.with_name(f"{written.stem}.story").relative_to(root))
            claim = str(written.with_name(f".{written.name}.lock").relative_to(root))
            others = new - {mine, claim}
            assert mine in new, new
            assert all(p.startswith((f"{mine}.", f"{story}/")) for p in others), new
            return Verdict.ACCEPTED

        judge("save-name", case, refusals=(), nonsense=_bad(name), shown=name)


OPS = st.lists(
    st.one_of(
        st.tuples(st.just("turn"), st.integers(0, 50)),
        st.tuples(st.just("other game"), st.integers(0, 50)),
        st.tuples(st.just("damage"), st.binary(max_size=40)),
        st.tuples(st.just("remove"), st.none()),
    ),
    max_size=8,
)


@fuzz_settings(examples=25)
@given(ops=OPS)
def test_fuzz_a_game_never_writes_over_a_file_it_did_not_write(
    ops: list[tuple[str, object]],
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        keeper = Keeper(folder, "table")
        state = crossroads().state

        def case() -> None:
            ours: set[bytes] = set()  # every version the game wrote
            foreign: set[bytes] = set()  # what other hands left in the folder
            for op, arg in ops:
                target = folder / f"{keeper.name}.toml"
                if op == "turn":
                    state.turn = int(arg)  # type: ignore[call-overload]
                    kept = keeper.autosave(state)
                    assert kept is not None
                    ours.add(kept.path.read_bytes())
                    present = {p.read_bytes() for p in folder.iterdir() if p.is_file()}
                    lost = foreign - present
                    assert not lost, "a file the game did not write was lost"
                    continue
                if op == "other game":  # another copy of the game saves (and rotates)
                    other = crossroads().state
                    other.turn = int(arg)  # type: ignore[call-overload]
                    save_game(other, str(keeper.name), folder)
                elif op == "damage":
                    target.write_bytes(bytes(arg))  # type: ignore[call-overload]
                elif target.exists():  # the player deletes the save by hand
                    target.unlink()
                present = {p.read_bytes() for p in folder.iterdir() if p.is_file()}
                foreign = present - ours

        judge("keeping", case, refusals=(SaveError,), shown=ops)

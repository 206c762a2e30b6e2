"""Fuzzing save names that nearly collide: games created, played and deleted in random order
through the command line, under names that differ only in case, dots or spaces, that hold
``.toml`` (``game.toml-2``, ``game.tomlbak``, ``game.toml.toml``), look like a backup or a
story folder, or are not names at all (other scripts, look-alike letters, invisible ones).

What one save's play or delete does never touches another save's file, backups, story or
checkpoints; a name the game refuses changes nothing; every save still loads with exactly
the turns played on it; and every file in the folder belongs to exactly one save.
"""

from __future__ import annotations

import hashlib
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from app.cli.main import app
from app.saves import SaveError, load_save, resolve_save, save_path
from tests.fuzz.harness import fuzz_settings, judge

TRICKY = [
    "game", "Game", "GAME", "game.toml", "game.TOML", "Game.Toml", "game.toml-2",
    "game.tomlbak", "game.toml.toml", "game.story", "game.story.toml", "game-2", "game 2",
    "game  2", "game.2", "game.", "g.a.m.e", " game", "game ", "game-restored", "game.toml.1",
    "game.toml.3", "game.toml.1x", "game.md", "gamé", "ｇａｍｅ", "g\u0430me", "game\u200b",
    ".game", "game..toml", "ゲーム", "game.toml.story",
]  # fmt: skip
NEAR = r"[gG][aA]?[mM ._-]{0,3}(\.toml|\.story|\.TOML)?[-. 0-9a-z]{0,3}"
NAMES = st.one_of(
    st.sampled_from(TRICKY),
    st.from_regex(NEAR, fullmatch=True),
    st.text(st.sampled_from("gG aé.-_1ｇ\u200b\u0430"), min_size=1, max_size=6),
)
LINES = ("Mira: I look around", "Thorin: I look at the hearth", "Aria: ask Berta about Tam")
OPS = st.lists(
    st.one_of(
        st.tuples(st.just("new"), NAMES, st.sampled_from(LINES)),
        st.tuples(st.just("play"), NAMES, st.sampled_from(LINES)),
        st.tuples(st.just("delete"), NAMES, st.none()),
    ),
    min_size=1,
    max_size=6,
)


def owner(name: str) -> str | None:
    """Which save (its file name, ``game.toml``) a file in the folder belongs to, by the
    layout alone: the save, its backups ``.N``, its story folder ``<stem>.story/`` and its
    lock files ``.<file>.lock`` and ``.<file>.in-use`` (a game resumed from a backup holds
    the backup while it plays)."""
    head = name.split("/", 1)[0]
    if "/" in name:
        return head.removesuffix(".story") + ".toml" if head.endswith(".story") else None
    for suffix in (".lock", ".in-use"):
        if head.startswith(".") and head.endswith(suffix):
            head = head[1 : -len(suffix)]
    if head.endswith(".toml"):
        return head
    stem, _, number = head.rpartition(".")
    return stem if stem.endswith(".toml") and number.isdigit() else None


def files(folder: Path) -> dict[str, str]:
    """Every file under the folder and a digest of its bytes."""
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def of_save(found: dict[str, str], save: str) -> dict[str, str]:
    """A save's own files: the game, its backups, its story and checkpoints (its lock files
    say who plays it, and come and go with play)."""
    return {
        name: digest
        for name, digest in found.items()
        if owner(name) == save and not name.endswith((".lock", ".in-use"))
    }


def cli(*args: str, lines: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), input=lines)
    assert "Traceback" not in result.output, result.output
    return result.exit_code, result.output


class Folder:
    """The saves folder and what each save in it must hold."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.stories: dict[str, list[str]] = {}
        """Each save's file name and the actions played on it."""

    def target(self, name: str) -> tuple[str, int] | None:
        """The save a name means (its file name) and the backup it names (0: the save);
        ``None`` for a name the game refuses."""
        try:
            found = resolve_save(name, self.folder)
        except SaveError:
            return None
        return save_path(found.name, self.folder).name, found.backup

    def run(self, op: str, name: str, line: str | None) -> None:
        before = files(self.folder)
        where = ["--saves-dir", str(self.folder)]
        meant = self.target(name)
        if op == "new":
            code, out = cli("play", "--ui", "console", "--seed", "5", *where, "--save-as", name,
                            lines=f"{line}\n/quit\n")  # fmt: skip
        elif op == "play":
            code, out = cli("play", "--ui", "console", *where, "--load", name,
                            lines=f"{line}\n/quit\n")  # fmt: skip
        else:
            code, out = cli("saves", "delete", name, *where, "--yes")
        after = files(self.folder)
        if meant is None:
            assert code != 0 and after == before, f"the name {name!r} is refused, yet {out}"
            return
        save, backup = meant
        new = {owner(f) for f in after if owner(f) not in self.stories} - {None, save}
        for other in self.stories:  # no other save is touched
            if other != save:
                assert of_save(after, other) == of_save(before, other), (op, name, other)
        if op == "delete" and code == 0:
            assert not of_save(after, save) if not backup else save in self.stories, out
            if not backup:
                self.stories.pop(save, None)
        elif op == "new" and code == 0:
            assert save not in self.stories, f"{name!r} took the name of a save: {out}"
            self.stories[save] = [str(line)]
        elif op == "play" and code == 0:
            if backup:  # resumed from a backup: it goes on under a new name
                assert len(new) == 1, (new, out)
                [fresh] = new
                self.stories[fresh] = [*self.loaded(fresh)[:-1], str(line)]
                assert of_save(after, save) == of_save(before, save)
            else:
                self.stories[save] = [*self.stories[save], str(line)]
        else:
            assert code != 0
            assert save not in self.stories or op != "play" or backup, out
        assert not new or (op == "play" and backup), (new, out)
        self.check()

    def loaded(self, save: str) -> list[str]:
        state = load_save(self.folder / save).state
        return [a for record in state.history for a in record.actions]

    def check(self) -> None:
        """Every save loads with its own story, and every file belongs to one of them."""
        for save, story in self.stories.items():
            assert self.loaded(save) == story, save
        for name in files(self.folder):
            assert owner(name) in self.stories, f"{name} belongs to no save"


@fuzz_settings(examples=2)
@given(ops=OPS)
def test_fuzz_saves_with_near_names_never_touch_each_other(
    ops: list[tuple[str, str, str | None]],
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Folder(Path(tmp))

        def case() -> None:
            for op in [("new", "game", LINES[0]), *ops]:
                folder.run(*op)

        judge("save-names", case, refusals=(), seconds=30, shown=ops)

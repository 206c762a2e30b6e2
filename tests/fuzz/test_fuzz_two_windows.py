"""Fuzzing two games on one save: random interleavings of windows — two other processes and
this one — opening, playing, leaving, deleting and being killed (SIGKILL, also in the middle
of saving a turn) on two saves.

A save played in one window is refused to every other, with a message naming the process
that plays it; a save is never deleted from under the window that plays it; a killed window
leaves no lock behind (the save opens at once); and each save's story is exactly the turns
played on it, in order — never another window's turns, never a turn lost once it was saved.
A claim is held per process (``app.saves.claims``), so the other windows are real processes,
forked by ``multiprocessing``'s fork server, which loads the game once.
"""

from __future__ import annotations

import multiprocessing
import os
import shutil
import tempfile
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from app.cli.main import app
from app.saves import SaveError
from tests.fuzz.harness import fuzz_settings, judge
from tests.fuzz.windows import Window, window

SAVES = ("kept", "other")
OTHERS = ("a", "b")
WINDOWS = ("here", *OTHERS)
TURNS = ("Mira: I look around", "Thorin: I look at the hearth", "Aria: I look at the trapdoor")
IN_USE = "being played in another window"


class Other:
    """A window in another process."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.start()

    def start(self) -> None:
        context = multiprocessing.get_context("forkserver")
        mine, theirs = context.Pipe()
        self.process: BaseProcess = context.Process(
            target=window, args=(theirs, str(self.folder)), daemon=True
        )
        self.process.start()
        theirs.close()
        self.conn: Connection = mine

    @property
    def pid(self) -> int:
        assert self.process.pid is not None
        return self.process.pid

    def ask(self, *request: object) -> Any:
        self.conn.send(request)
        try:
            return self.conn.recv()
        except EOFError:
            return ("died",)

    def kill(self) -> None:
        """SIGKILL, and a new process in its place."""
        self.process.kill()
        self.process.join()
        self.conn.close()
        self.start()

    def stop(self) -> None:
        self.process.kill()
        self.process.join()
        self.conn.close()


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two saved games of one turn each; and the fork server, loaded with the game."""
    multiprocessing.get_context("forkserver").set_forkserver_preload(["tests.fuzz.windows"])
    folder = tmp_path_factory.mktemp("windows")
    for seed, name in enumerate(SAVES, 3):
        args = ["play", "--ui", "console", "--seed", str(seed), "--saves-dir", str(folder)]
        result = CliRunner().invoke(
            app, [*args, "--save-as", name], input="Mira: I look around\n/quit\n"
        )
        assert result.exit_code == 0, result.output
    return folder


TURN = st.sampled_from(TURNS)
OPS = st.lists(
    st.one_of(
        st.tuples(st.just("open"), st.sampled_from(WINDOWS), st.sampled_from(SAVES)),
        st.tuples(st.just("turn"), st.sampled_from(WINDOWS), st.sampled_from(TURNS)),
        st.tuples(st.just("close"), st.sampled_from(WINDOWS), st.none()),
        st.tuples(st.just("kill"), st.sampled_from(OTHERS), st.none()),
        st.tuples(st.just("die"), st.sampled_from(OTHERS), st.tuples(TURN, st.integers(1, 30))),
        st.tuples(st.just("delete"), st.just("here"), st.sampled_from(SAVES)),
    ),
    min_size=1,
    max_size=12,
)


class Table:
    """What every window holds, and what each save's story may be."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.here = Window(folder)
        self.others = {name: Other(folder) for name in OTHERS}
        self.playing: dict[str, str | None] = dict.fromkeys(WINDOWS)
        self.stories: dict[str, list[list[str]]] = {s: [["Mira: I look around"]] for s in SAVES}
        """Each save's story as it may be (two ways after a window died while saving)."""
        self.gone: set[str] = set()

    def pid(self, who: str) -> int:
        return os.getpid() if who == "here" else self.others[who].pid

    def holder(self, save: str) -> str | None:
        return next((w for w, s in self.playing.items() if s == save), None)

    def ask(self, who: str, *request: object) -> tuple[Any, ...]:
        if who != "here":
            reply = self.others[who].ask(*request)
            assert reply[0] != "traceback", reply[1]
            return tuple(reply)
        op = request[0]
        try:
            if op == "open":
                return ("ok", self.here.open(str(request[1])))
            if op == "turn":
                return ("ok", *self.here.turn(str(request[1])))
            self.here.close()
            return ("ok",)
        except SaveError as error:
            return ("refused", str(error))

    def story(self, save: str, told: list[str]) -> None:
        """A window read ``told`` as the story of ``save``: it must be one it may be."""
        assert told in self.stories[save], (save, told, self.stories[save])
        self.stories[save] = [told]

    def open(self, who: str, save: str) -> None:
        if self.playing[who] is not None:
            return
        reply = self.ask(who, "open", save)
        holder = self.holder(save)
        if save in self.gone:
            assert reply[0] == "refused", reply
        elif holder is not None:
            assert reply[0] == "refused" and IN_USE in reply[1], (who, save, holder, reply)
            assert f"process {self.pid(holder)}" in reply[1], reply[1]
        else:
            assert reply[0] == "ok", (who, save, reply)
            self.story(save, reply[1])
            self.playing[who] = save

    def turn(self, who: str, line: str) -> None:
        save = self.playing[who]
        if save is None:
            return
        reply = self.ask(who, "turn", line)
        assert reply[0] == "ok" and not reply[2], reply
        [before] = self.stories[save]
        assert reply[1] == [*before, line], (before, reply[1])
        self.stories[save] = [reply[1]]

    def close(self, who: str) -> None:
        if self.playing[who] is None:
            return
        assert self.ask(who, "close") == ("ok",)
        self.playing[who] = None

    def kill(self, who: str, die: tuple[str, int] | None = None) -> None:
        save = self.playing[who]
        other = self.others[who]
        if die is not None and save is not None:
            line, step = die
            reply = other.ask("die", line, step)
            assert reply == ("died",), reply
            [before] = self.stories[save]
            self.stories[save] = [before, [*before, line]]
        other.kill()
        self.playing[who] = None

    def delete(self, save: str) -> None:
        holder = self.holder(save)
        if holder == "here" or save in self.gone:
            return
        args = ["saves", "delete", save, "--saves-dir", str(self.folder), "--yes"]
        result = CliRunner().invoke(app, args)
        if holder is None:
            assert result.exit_code == 0, result.output
            self.gone.add(save)
        else:
            assert result.exit_code != 0 and "another window" in result.output, result.output
            assert (self.folder / f"{save}.toml").is_file()

    def finish(self) -> None:
        """Every other window is killed and this one leaves: each save opens here at once,
        holding exactly a story it may."""
        for who in OTHERS:
            self.others[who].stop()
            self.playing[who] = None
        self.close("here")
        for save in SAVES:
            if save in self.gone:
                assert not (self.folder / f"{save}.toml").exists()
                continue
            self.open("here", save)
            self.close("here")

    def stop(self) -> None:
        for other in self.others.values():
            other.stop()
        if self.here.game is not None:
            self.here.game.keeper.close()


@fuzz_settings(examples=3)
@given(ops=OPS)
def test_fuzz_one_save_is_played_in_one_window_at_a_time(
    base: Path, ops: list[tuple[str, str, Any]]
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        shutil.copytree(base, folder, dirs_exist_ok=True)
        table = Table(folder)

        def case() -> None:
            for op, who, arg in ops:
                if op == "open":
                    table.open(who, arg)
                elif op == "turn":
                    table.turn(who, arg)
                elif op == "close":
                    table.close(who)
                elif op in ("kill", "die"):
                    table.kill(who, arg)
                else:
                    table.delete(arg)
            table.finish()

        try:
            judge("windows", case, refusals=(), seconds=20, shown=ops)
        finally:
            table.stop()

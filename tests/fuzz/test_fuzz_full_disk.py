"""Fuzzing a full disk while a game is played: no sequence of turns, take-backs and
retellings, with the disk full at any steps of saving (and the game killed at one), leaves
on disk anything but a game the player saw — and once there is space again, play goes on
and saves.

The game is the console game, driven line by line in this process: between two lines (when
it asks for the next one) what is on disk is loaded through the normal load path and must be
one of the games shown so far (the newest one whenever the game has not said a save failed).
Every step of saving goes through :mod:`app.saves.disk`, whose fault hook fails the chosen
steps as a full disk does (a write fills the disk part way) — see ``tests/app/test_save_kills``
for the same hook used step by step on fixed cases.
"""

from __future__ import annotations

import asyncio
import errno
import io
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from typer.testing import CliRunner

from app.cli.main import app
from app.console.game import ConsoleGame
from app.saves import disk, load_save, resume_named
from app.session.setup import resume_session
from app.world.state import GameState
from tests.fuzz.harness import fuzz_settings, judge

NAME = "kept"
LINES = [
    "Mira: I look around",
    "Thorin: I look at the hearth",
    "Mira: ask Berta about Tam",
    "Mira: I pick the lock on the trapdoor",
    "Thorin: I force the trapdoor open",
    "Aria: I go out the front door",
    "/undo",
    "/undo",
    "/redo",
    "/rewind 1",
    "/rewind 2",
    "/reroll",
    "/save",
]


class Killed(BaseException):
    """The process died: nothing in the game may catch it."""


class FullDisk:
    """Fails the steps of saving numbered in ``full`` as a full disk does, and kills the game
    at step ``kill``; from :meth:`free` on, every step succeeds."""

    def __init__(self, full: set[int], kill: int | None) -> None:
        self.full = full
        self.kill = kill
        self.steps = 0
        self.failed = 0
        self.on = True

    def __call__(self, kind: str, path: Path, data: bytes) -> None:
        if not self.on:
            return
        self.steps += 1
        if self.steps == self.kill:
            raise Killed(f"killed at step {self.steps}: {kind} {path.name}")
        if self.steps in self.full:
            self.failed += 1
            if kind == "write":
                with open(path, "ab") as handle:  # some of it fits before the disk is full
                    handle.write(data[: len(data) // 3])
            raise OSError(errno.ENOSPC, "No space left on device", str(path))

    def free(self) -> None:
        """Space is back."""
        self.on = False


def story_of(state: GameState) -> object:
    """A game as the player knows it: every turn's actions and telling, the turn, the scene,
    and the party's levels and hit points."""
    party = {cid: (c.level, c.vitals.max_hp, c.vitals.hp) for cid, c in state.party.items()}
    turns = [(tuple(r.actions), r.narrative) for r in state.history]
    return (turns, state.turn, state.scene.id, party)


def on_disk(folder: Path) -> object:
    """What the save holds, loaded as the game loads it (no fault is injected meanwhile)."""
    hook = disk.set_fault_hook(None)
    try:
        return story_of(load_save(folder / f"{NAME}.toml").state)
    finally:
        disk.set_fault_hook(hook)


def open_game(folder: Path, lines: Iterator[str], seen: list[object]) -> ConsoleGame:
    """The saved game resumed as ``--load`` does, reading ``lines``; each time it asks for a
    line the game it shows is recorded in ``seen`` and the disk is checked against them."""
    picked = resume_named(NAME, folder)
    session = resume_session(picked.state, None, save=picked.path)

    def read(prompt: str) -> str:
        seen.append(story_of(session.state))
        saved = on_disk(folder)
        assert saved in seen, "the save on disk is no game the player saw"
        if not game.unsaved:
            assert saved == seen[-1], "a save said nothing of failing, yet is not the game"
        return next(lines)

    out = Console(file=io.StringIO(), width=100)
    game = ConsoleGame(session, out, read, save_as=NAME, saves=folder,
                       loaded_from=picked.path, interactive=False)  # fmt: skip
    return game


def run(game: ConsoleGame) -> None:
    try:
        asyncio.run(game.run())
    finally:
        game.keeper.close()  # as the process ending does


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game of two turns, saved with its checkpoints."""
    folder = tmp_path_factory.mktemp("full-disk")
    args = ["play", "--ui", "console", "--seed", "3", "--saves-dir", str(folder)]
    lines = "Mira: I look around\nMira: ask Berta about Tam\n/quit\n"
    result = CliRunner().invoke(app, [*args, "--save-as", NAME], input=lines)
    assert result.exit_code == 0, result.output
    return folder


@fuzz_settings(examples=5)
@given(
    commands=st.lists(st.sampled_from(LINES), min_size=1, max_size=7),
    full=st.one_of(
        st.sets(st.integers(1, 80), max_size=12),
        st.tuples(st.integers(1, 60), st.integers(1, 40)).map(lambda r: set(range(r[0], sum(r)))),
    ),
    kill=st.one_of(st.none(), st.integers(1, 80)),
)
def test_fuzz_a_full_disk_never_leaves_a_game_the_player_did_not_see(
    base: Path, commands: list[str], full: set[int], kill: int | None
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        shutil.copytree(base, folder, dirs_exist_ok=True)
        fault = FullDisk(full, kill)

        def freed() -> Iterator[str]:
            yield from commands
            fault.free()  # space is back: the next turn and leaving save
            yield from ("Thorin: I look at the hearth", "/quit")

        def case() -> None:
            seen: list[object] = []
            game = open_game(folder, freed(), seen)
            previous = disk.set_fault_hook(fault)
            try:
                run(game)
            except Killed:  # while saving the game it shows: that one, or one before
                seen.append(story_of(game.session.state))
                assert on_disk(folder) in seen, "killed: the save is no game the player saw"
            else:
                assert game.saved and not game.unsaved, game.console.file.getvalue()  # type: ignore[attr-defined]
                assert on_disk(folder) == story_of(game.session.state)
            finally:
                disk.set_fault_hook(previous)
            again: list[object] = []  # the game goes on from what is on disk
            later = open_game(folder, iter(["Aria: I look at the trapdoor", "/quit"]), again)
            run(later)
            assert not later.unsaved and on_disk(folder) == story_of(later.session.state)
            assert later.session.state.history[-1].actions == ["Aria: I look at the trapdoor"]

        judge("full-disk", case, refusals=(), shown=(commands, sorted(full), kill))

"""No save is ever lost, whatever step of saving a game dies at.

Every change a save makes on disk goes through :mod:`app.saves.disk`; a fault hook there
stops the game dead (an exception nothing in the game catches, as a SIGKILL would) at one
chosen step — a write (half of it done), a flush, a rename, a link, a removal — or fails it
as a full disk does. For each thing a player does that saves (a turn, ``/undo``, ``/redo``,
``/rewind``, ``/reroll``, ``/levelup``, and quitting after each), the game is killed at
**every** step in turn, and then what is on disk must load as the game before the change or
the game after it, and go on: a turn played from it saves and loads again.
"""

from __future__ import annotations

import errno
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from typer.testing import CliRunner

from app.actions.campaign_tools import apply_effects
from app.cli.main import app
from app.saves import disk, load_save, save_game
from app.world.challengespec import Effects
from app.world.turnrecord import TurnRecord

NAME = "kept"
PLAYED = "Mira: I look around\nMira: ask Berta about Tam\nMira: I pick the lock on the trapdoor\n"


class Killed(BaseException):
    """The process died: nothing in the game may catch it."""


class Fault:
    """Counts the steps of saving and, at step ``at``, kills the game or fails the step."""

    def __init__(self, at: int = 0, *, full_disk: bool = False, then_kill: int = 0) -> None:
        self.at = at
        self.full_disk = full_disk
        self.then_kill = then_kill
        self.steps: list[tuple[str, str]] = []

    def __call__(self, kind: str, path: Path, data: bytes) -> None:
        self.steps.append((kind, path.name))
        if self.then_kill and len(self.steps) == self.at + self.then_kill:
            raise Killed(f"killed {self.then_kill} steps after the full disk")
        if len(self.steps) != self.at:
            return
        if self.full_disk:
            if kind == "write":
                with open(path, "ab") as handle:  # some of it fits before the disk is full
                    handle.write(data[: len(data) // 3])
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        if kind == "write":
            with open(path, "ab") as handle:  # died halfway through the write
                handle.write(data[: len(data) // 2])
        raise Killed(f"killed at step {self.at}: {kind} {path.name}")


@contextmanager
def hooked(fault: Fault) -> Iterator[Fault]:
    previous = disk.set_fault_hook(fault)
    try:
        yield fault
    finally:
        disk.set_fault_hook(previous)


def play(folder: Path, lines: str, *, load: bool = True):
    args = ["play", "--ui", "console", "--saves-dir", str(folder)]
    args += ["--load", NAME] if load else ["--seed", "3", "--save-as", NAME]
    return CliRunner().invoke(app, args, input=lines)


def story_of(folder: Path) -> list[object]:
    """The game as it loads: each turn's actions and telling, the turn it stands at and the
    party's levels and hit points."""
    state = load_save(folder / f"{NAME}.toml").state
    party = {cid: (c.level, c.vitals.max_hp, c.vitals.hp) for cid, c in state.party.items()}
    return [*([*r.actions, r.narrative] for r in state.history), state.turn, party]


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game of three turns, saved and left (with its checkpoints)."""
    folder = tmp_path_factory.mktemp("base")
    result = play(folder, f"{PLAYED}/quit\n", load=False)
    assert result.exit_code == 0, result.output
    return folder


@pytest.fixture(scope="module")
def undone(base: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same game with its last turn taken back before it was left (for ``/redo``)."""
    folder = tmp_path_factory.mktemp("undone")
    shutil.copytree(base, folder, dirs_exist_ok=True)
    result = play(folder, "/undo\n/quit\n")
    assert result.exit_code == 0, result.output
    return folder


@pytest.fixture(scope="module")
def seasoned(base: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same game once the party has the experience for a level (for ``/levelup``)."""
    folder = tmp_path_factory.mktemp("seasoned")
    shutil.copytree(base, folder, dirs_exist_ok=True)
    state = load_save(folder / f"{NAME}.toml").state
    apply_effects(state, Effects(xp=5400), None, "a deed")
    save_game(state, NAME, folder)
    return folder


CASES = {
    "a turn": ("base", ["Mira: I open the door"]),
    "an undo": ("base", ["/undo"]),
    "a turn after an undo": ("base", ["/undo", "Mira: I kick the trapdoor"]),
    "a redo": ("undone", ["/redo"]),
    "a turn where a redo could be": ("undone", ["Mira: I kick the trapdoor"]),
    "a rewind": ("base", ["/rewind 2"]),
    "a reroll": ("base", ["/reroll"]),
    "a level": ("seasoned", ["/levelup Mira average dex+2"]),
}
"""What the player does, from which saved game (each is followed by quitting)."""


def folder_for(request: pytest.FixtureRequest, start: str, tmp_path: Path) -> Path:
    source = request.getfixturevalue(start)
    shutil.copytree(source, tmp_path, dirs_exist_ok=True)
    return tmp_path


def typed(commands: list[str]) -> str:
    return "".join(f"{line}\n" for line in [*commands, "/quit"])


def whole_run(request: pytest.FixtureRequest, case: str, tmp_path: Path):
    """Where the case starts, what is typed, every game a save may hold along the way (the
    game before, after each line, and at the end), and the steps its saving takes."""
    start, commands = CASES[case]
    games = [story_of(folder_for(request, start, tmp_path / "before"))]
    for n in range(1, len(commands) + 1):
        folder = folder_for(request, start, tmp_path / f"after-{n}")
        with hooked(Fault()) as fault:
            result = play(folder, typed(commands[:n]))
        assert result.exit_code == 0, result.output
        games.append(story_of(folder))
    assert games[0] != games[-1] and fault.steps, "the case must change the game and save it"
    return start, typed(commands), games, fault.steps


def goes_on(folder: Path, *, played: bool = False) -> None:
    """A game loaded from what the failure left goes on: a turn is added, saved and loaded
    again (``played``: a real turn, through the console game; otherwise the story is grown
    directly, which is what its saving depends on)."""
    if played:
        result = play(folder, "Mira: I look at the hearth\n/quit\n")
        assert result.exit_code == 0 and "Traceback" not in result.output, result.output
        assert story_of(folder)[-3][0] == "Mira: I look at the hearth"
        return
    state = load_save(folder / f"{NAME}.toml").state
    state.turn += 1
    record = TurnRecord(number=state.turn, actions=["Mira: I look at the hearth"], narrative="")
    state.history.append(record)
    save_game(state, NAME, folder)
    assert story_of(folder)[-3][0] == "Mira: I look at the hearth"


@pytest.mark.parametrize("case", list(CASES))
def test_a_kill_at_any_step_leaves_the_game_before_or_after(
    case: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    start, lines, games, steps = whole_run(request, case, tmp_path)
    for at in range(1, len(steps) + 1):
        folder = folder_for(request, start, tmp_path / f"kill-{at}")
        with hooked(Fault(at)), pytest.raises(Killed):
            play(folder, lines)
        assert story_of(folder) in games, f"killed at {steps[at - 1]} (step {at})"
        goes_on(folder, played=at == len(steps))


@pytest.mark.parametrize("case", ["a turn after an undo", "a reroll", "a turn"])
def test_a_full_disk_at_any_write_never_spoils_the_save_on_disk(
    case: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """The disk fills at one write: that save fails (the player is told), and whatever the
    game does next — a turn once space is freed, then quitting — saves a game that loads."""
    start, lines, _games, steps = whole_run(request, case, tmp_path)
    writes = [i + 1 for i, (kind, _) in enumerate(steps) if kind == "write"]
    assert writes
    for at in writes:
        folder = folder_for(request, start, tmp_path / f"full-{at}")
        with hooked(Fault(at, full_disk=True)):
            result = play(folder, lines.replace("/quit\n", "Mira: I wait\n/quit\n"))
        assert result.exit_code == 0 and "Traceback" not in result.output, result.output
        assert story_of(folder)[-3][0] == "Mira: I wait", f"disk full at step {at}"
        goes_on(folder)


def test_an_undo_that_could_not_be_saved_then_a_kill_while_saving_the_next_turn(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """The save on disk still names the turn the undo took back: the next turn's save may
    not touch it, at any step, until it is replaced."""
    start, lines, games, steps = whole_run(request, "a turn after an undo", tmp_path)
    first = next(i + 1 for i, (kind, _) in enumerate(steps) if kind == "write")
    with hooked(Fault(first, full_disk=True)) as failing:
        result = play(folder_for(request, start, tmp_path / "full"), lines)
    assert result.exit_code == 0, result.output
    games.append(story_of(tmp_path / "full"))  # the game as it went on after the failure
    later = len(failing.steps) - first
    for kill in range(1, later + 1):
        folder = folder_for(request, start, tmp_path / f"both-{kill}")
        with hooked(Fault(first, full_disk=True, then_kill=kill)), pytest.raises(Killed):
            play(folder, lines)
        assert story_of(folder) in games, f"killed {kill} steps after the full disk"
        goes_on(folder)


def test_a_save_the_full_disk_refused_leaves_no_half_written_file(tmp_path: Path) -> None:
    """The part that fitted before the disk was full is taken away at once, not left until
    the next start to eat what little space there is."""
    from app.saves.files import write_atomically

    with hooked(Fault(1, full_disk=True)), pytest.raises(OSError):
        write_atomically(tmp_path / "game.toml", b"x" * 3000)
    assert list(tmp_path.iterdir()) == []

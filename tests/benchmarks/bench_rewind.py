"""Taking turns back in a long game: ``/undo`` (the last turn) and ``/rewind`` to the
oldest of the checkpoints kept (50 turns back), at turn 1,000 and 10,000, next to
loading the save (the baseline) in the same run.

Each game is the shipped campaign's game whose story is grown to 60 turns short of the mark
(:mod:`tests.benchmarks.long_game`), then played for 60 turns through the session with the
offline referee, each turn followed by the autosave and checkpoint the front ends write
(``Keeper.autosave(state, checkpoint=session.settled)``). Then:

- ``sitting``: in the same session, the checkpoints held in memory;
- ``loaded``: after loading the save (``load_save`` + ``resume_session``), the checkpoints
  kept on disk beside it.

Timed: ``rewinding.undo`` / ``rewinding.rewind`` alone; each is followed by an untimed
``rewinding.redo`` so every run starts from the same game. Target < 50 ms. A measurement,
not a pass/fail test.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from app.saves import load_save
from app.session import rewinding
from app.session.keeping import Keeper
from app.session.session import GameSession
from app.session.setup import resume_session
from app.world.actions import PlayerAction
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from tests.benchmarks.long_game import long_game

PLAYED = 60
"""Turns played through the session before the mark (the checkpoints a rewind reaches)."""
BACK = 50
"""How far back the rewind goes: to the oldest of the newest 50 checkpoints kept (the
checkpoint of the turn before them is no longer kept, in memory or on disk)."""
LINES = [
    "I look around the common room",
    "I ask Berta what she heard below the floor",
    "I listen at the trapdoor",
    "I search the bar for anything useful",
    "I warm my hands by the fire",
    "I ask the farmer about the missing girl",
]


async def _play(session: GameSession, keeper: Keeper, turns: int) -> None:
    for n in range(turns):
        session.submit(PlayerAction(character_id="mira", text=LINES[n % len(LINES)]))
        async for _ in session.run_until_players():
            pass
        keeper.autosave(session.state, checkpoint=session.settled)


def _timed(
    session: GameSession, go: Callable[[], rewinding.Rewound], runs: int
) -> tuple[float, str]:
    """Median ms of ``go`` (each run undone by an untimed redo), and what it said."""
    times = []
    said = ""
    turn = session.state.turn
    for _ in range(runs):
        start = time.perf_counter()
        done = go()
        times.append(time.perf_counter() - start)
        said = done.text
        if not done.ok:
            raise RuntimeError(f"the game could not go back: {done.text}")
        back = rewinding.redo(session, everything=True)
        if not back.ok or session.state.turn != turn:
            raise RuntimeError(f"the game could not come forward again: {back.text}")
    return statistics.median(times) * 1000, said


def measure(turns: int, runs: int, folder: Path) -> dict[str, float]:
    """One row: undo and rewind in a sitting and after loading, and the load itself."""
    # The shipped campaign as it is: the loaded game is joined to it again, as in play.
    session = long_game(
        max(0, turns - PLAYED), campaign=load_campaign(CAMPAIGNS_DIR / "crossroads")
    )
    name = f"rewind{turns}"
    keeper = Keeper(folder, name)
    keeper.autosave(session.state, checkpoint=True)
    asyncio.run(_play(session, keeper, min(PLAYED, turns)))
    now = session.state.turn
    target = now - BACK + 1  # back to before this turn: BACK turns taken back

    row: dict[str, float] = {"turns": now}
    row["undo_ms"], _ = _timed(session, lambda: rewinding.undo(session), runs)
    row["rewind_ms"], _ = _timed(session, lambda: rewinding.rewind(session, target), runs)

    path = folder / f"{name}.toml"
    loads = []
    for _ in range(runs):
        start = time.perf_counter()
        loaded = load_save(path)
        loads.append(time.perf_counter() - start)
    row["load_ms"] = statistics.median(loads) * 1000
    resumed = resume_session(loaded.state, save=path)
    row["disk_undo_ms"], _ = _timed(resumed, lambda: rewinding.undo(resumed), runs)
    row["disk_rewind_ms"], _ = _timed(resumed, lambda: rewinding.rewind(resumed, target), runs)
    return row


def main(argv: list[str] | None = None) -> list[dict[str, float]]:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--turns", type=int, nargs="*", default=[1000, 10000])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    print(
        f"{'turn':>7} | {'sitting: undo':>14} {'rewind 50':>10} | {'loaded: undo':>13} "
        f"{'rewind 50':>10} | {'load (baseline)':>16} | {'slowest / load':>15}"
    )
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for turns in args.turns:
            row = measure(turns, args.runs, Path(folder))
            rows.append(row)
            slowest = max(row[k] for k in ("undo_ms", "rewind_ms", "disk_undo_ms",
                                            "disk_rewind_ms"))  # fmt: skip
            print(
                f"{row['turns']:>7,.0f} | {row['undo_ms']:>14.1f} {row['rewind_ms']:>10.1f} | "
                f"{row['disk_undo_ms']:>13.1f} {row['disk_rewind_ms']:>10.1f} | "
                f"{row['load_ms']:>16.1f} | {slowest / row['load_ms']:>14.2f}x"
            )
    print(
        "ms, median of the runs. sitting = checkpoints in memory; loaded = after load_save + "
        "resume_session, checkpoints read from the files beside the save; load = load_save "
        f"of the same game. Rewind goes back {BACK} turns."
    )
    return rows


if __name__ == "__main__":
    main()

"""What a player waits for before anything happens: whole-process start-up, each command in
a fresh interpreter (median of N runs, after one run that is not counted), next to two
baselines measured in the same run — ``python -c pass`` and a bare Textual app that exits
at its first frame.

* ``dungeon --help``, ``dungeon roll 1d20``, ``dungeon saves list`` and ``dungeon validate``:
  the command line (ratio to ``python -c pass``);
* ``dungeon play`` up to the title screen (ratio to the bare Textual app): the full-screen
  commands run in a pseudo-terminal of 120x36 and exit once their first frame is written —
  a few lines run before the command patch Textual's ``App._display`` to do so, the same
  for the bare app and for the game, so nothing in the game needs a hidden option;
* the first game's wait, in a fresh process: from Enter on "New game" to the new-game
  screen, and from its Start to the first story text — pressed at once, and again after
  the title has finished loading the rest of the game in the background.

Run: ``python -m tests.benchmarks.bench_startup``. A measurement, not a pass/fail test.
With ``PYTHONDONTWRITEBYTECODE`` set every run also compiles the game's modules (the note
printed says so): a player's installed game has them compiled.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from collections.abc import Callable
from pathlib import Path

SIZE = (120, 36)

EXIT_AT_FIRST_FRAME = """
import sys
from textual.app import App

_display = App._display


def _exit_when_drawn(self, screen, renderable):
    drawn = renderable is not None and not self._batch_count and self._running
    _display(self, screen, renderable)
    wanted = {wanted!r}
    if drawn and (wanted is None or type(screen).__name__ == wanted) and not self._benched:
        self._benched = True
        self.exit()


App._display = _exit_when_drawn
App._benched = False
"""
"""Prepended to a full-screen command: exit once a frame of the wanted screen is written."""

BARE = """
from textual.app import App, ComposeResult
from textual.widgets import Static


class Bare(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("hello")


Bare().run()
"""

DUNGEON = """
from app.cli.main import main

sys.argv = ["dungeon", *{args!r}]
main()
"""

FIRST_GAME = """
import asyncio, json, sys, time
from pathlib import Path

from app.dm.config import DMConfig
from app.tui import make_app
from app.tui.widgets.story import StoryPane


async def until(pilot, ready):
    while not ready():
        await pilot.pause(0.005)


async def main(saves, settle):
    app = make_app(saves=Path(saves), dm=DMConfig(), still=True)
    async with app.run_test(size={size!r}) as pilot:
        await pilot.pause()
        if settle:  # the player reads the title while the game loads behind it
            title = app.screen
            await until(pilot, lambda: getattr(title, "looked", True))
            try:
                from app.tui import warmup
            except ImportError:  # a version without one
                pass
            else:
                warmup.ready()
        start = time.perf_counter()
        await pilot.press("enter")  # "New game", the first choice of the title's menu
        await until(pilot, lambda: type(app.screen).__name__ == "NewGameScreen")
        opened = time.perf_counter()
        await pilot.press("ctrl+s")  # Start
        await until(pilot, lambda: bool(app.screen.query(StoryPane)) and bool(
            app.screen.query_one(StoryPane).children))
        shown = time.perf_counter()
    print(json.dumps({{"new_game": opened - start, "story": shown - opened}}))


asyncio.run(main(sys.argv[1], sys.argv[2] == "settle"))
"""


def _pty_run(argv: list[str], env: dict[str, str]) -> float:
    """Seconds from start to exit of ``argv`` on a pseudo-terminal of :data:`SIZE` (what it
    writes is read and thrown away, as a terminal would take it)."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
    start = time.perf_counter()
    child = subprocess.Popen(
        argv, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
    )
    os.close(slave)
    try:
        while child.poll() is None:
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                try:
                    os.read(master, 65536)
                except OSError:  # the child closed its side
                    break
        child.wait(timeout=60)
    finally:
        os.close(master)
    elapsed = time.perf_counter() - start
    if child.returncode != 0:
        raise RuntimeError(f"{argv[-1][:60]!r} exited with {child.returncode}")
    return elapsed


def _plain_run(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, capture_output=True, check=False, timeout=60)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"{argv} exited with {done.returncode}: {done.stderr[-300:]!r}")
    return elapsed


def _median(run: Callable[[], float], runs: int) -> float:
    run()  # not counted: caches, compiled modules
    return statistics.median(run() for _ in range(runs))


def _first_game(settle: bool, saves: Path, env: dict[str, str], runs: int) -> dict[str, float]:
    """Median seconds to the new-game screen and from Start to the first story text."""
    code = FIRST_GAME.format(size=SIZE)
    rows = []
    for _ in range(runs + 1):
        out = subprocess.run(
            [sys.executable, "-c", code, str(saves), "settle" if settle else "at-once"],
            env=env, capture_output=True, text=True, check=True, timeout=120,
        ).stdout  # fmt: skip
        rows.append(json.loads(out.strip().splitlines()[-1]))
    rows = rows[1:]  # the first warmed the caches
    return {key: statistics.median(r[key] for r in rows) for key in ("new_game", "story")}


CASES = ("python", "bare", "help", "roll", "saves", "validate", "title", "first-game")


def measure(runs: int, folder: Path, only: tuple[str, ...] = CASES) -> dict[str, float]:
    """Median seconds of the cases named in ``only``, by name."""
    saves = folder / "saves"
    saves.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DUNGEON_", "OPENAI_"))}
    env["DUNGEON_CONFIG"] = str(folder / "no-config.toml")  # the offline referee, always
    python = sys.executable

    def full_screen(body: str, wanted: str | None) -> Callable[[], float]:
        code = EXIT_AT_FIRST_FRAME.format(wanted=wanted) + body
        return lambda: _pty_run([python, "-c", code], env)

    def command(*args: str) -> Callable[[], float]:
        code = "import sys\n" + DUNGEON.format(args=list(args))
        return lambda: _plain_run([python, "-c", code], env)

    cases: dict[str, Callable[[], float]] = {
        "python": lambda: _plain_run([python, "-c", "pass"], env),
        "bare": full_screen(BARE, None),
        "help": command("--help"),
        "roll": command("roll", "1d20", "--seed", "1"),
        "saves": command("saves", "list", "--saves-dir", str(saves)),
        "validate": command("validate", "crossroads"),
        "title": full_screen(
            DUNGEON.format(args=["play", "--ui", "tui", "--saves-dir", str(saves)]), "TitleScreen"
        ),
    }
    times = {name: _median(run, runs) for name, run in cases.items() if name in only}
    for settle in (False, True) if "first-game" in only else ():
        waits = _first_game(settle, saves, env, runs)
        suffix = "settled" if settle else "at_once"
        times[f"new_game_{suffix}"] = waits["new_game"]
        times[f"story_{suffix}"] = waits["story"]
    return times


def main(argv: list[str] | None = None) -> dict[str, float]:
    """Print the figures; return them (the smoke test checks they exist)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=9, help="Counted runs of each case.")
    parser.add_argument(
        "--only", default=",".join(CASES), help=f"Comma-separated cases of {', '.join(CASES)}."
    )
    args = parser.parse_args(argv)
    only = tuple(args.only.split(","))
    with tempfile.TemporaryDirectory() as folder:
        times = measure(args.runs, Path(folder), (*only, "python", "bare"))
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        print("note: PYTHONDONTWRITEBYTECODE is set: every run compiles the game's modules")
    print(f"whole-process start-up, median of {args.runs} fresh processes:")
    base, bare = times["python"], times["bare"]
    print(f"  python -c pass               {base * 1000:7.0f} ms   1.00x python")
    for key, label in (
        ("help", "dungeon --help"),
        ("roll", "dungeon roll 1d20"),
        ("saves", "dungeon saves list"),
        ("validate", "dungeon validate crossroads"),
    ):
        if key in times:
            print(f"  {label:<28} {times[key] * 1000:7.0f} ms  {times[key] / base:5.2f}x python")
    print(f"  bare Textual, first frame    {bare * 1000:7.0f} ms   1.00x bare")
    if "title" in times:
        print(f"  dungeon play, title screen   {times['title'] * 1000:7.0f} ms  "
              f"{times['title'] / bare:5.2f}x bare")  # fmt: skip
    if "first-game" not in only:
        return times
    print("the first game (a fresh process; Enter on New game, then Start):")
    for suffix, when in (("at_once", "pressed at once"), ("settled", "after the title loaded")):
        new_game, story = times[f"new_game_{suffix}"], times[f"story_{suffix}"]
        print(f"  {when:<24} new-game screen {new_game * 1000:6.0f} ms   "
              f"first story text {story * 1000:6.0f} ms")  # fmt: skip
    return times


if __name__ == "__main__":
    main()

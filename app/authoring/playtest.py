"""``dungeon playtest``: a campaign's scripts played over many seeds, in parallel
processes, with a report of what was reached — and, most useful to an author, what never
was.

Each run is one script on one seed with the offline referee, exactly as ``dungeon
simulate`` plays it, without writing anything to disk. What a run reached is read from
the world, not from the text: the truth set's index of what happened (scenes entered,
triggers fired, people spoken to), the challenges' outcomes, the encounters defeated and
the ending. Runs are independent and seeded by (script, seed), so the report is the same
whatever ``--jobs`` is.
"""

from __future__ import annotations

import asyncio
import os
import signal
import threading
from collections import Counter
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from pydantic import BaseModel, Field

from app.world.campaign import Campaign
from app.world.campaignfile import load_campaign
from app.world.ledger import ActionPerformed, Movement
from app.world.state import GameState


class RunRecord(BaseModel):
    """What one run of one script reached."""

    script: str
    seed: int
    ending: str | None = None
    ending_scene: str | None = None
    """The scene the party was in when the story ended."""
    turns: int = 0
    scenes: list[str] = Field(default_factory=list)
    moves: list[str] = Field(default_factory=list)
    """Each way the party went from one scene to another (once, however often), as
    ``<from>><to>``: an exit taken, or a move an effect made."""
    triggers: list[str] = Field(default_factory=list)
    challenges: list[str] = Field(default_factory=list)
    """``<id>:passed`` / ``<id>:failed``."""
    defeated: list[str] = Field(default_factory=list)
    spoke_to: list[str] = Field(default_factory=list)
    failures: list[str] = Field(default_factory=list)
    """Script lines whose ``expect`` or ``until`` did not hold, and refused lines."""
    errors: list[str] = Field(default_factory=list)
    refused: int = 0
    """Lines the game refused or did not understand."""
    fallen: list[str] = Field(default_factory=list)
    """Party members dead at the end."""

    @property
    def passed(self) -> bool:
        """Whether the script ran as written: nothing failed, nothing went wrong."""
        return not self.failures and not self.errors


@cache
def _campaign(folder: str) -> Campaign:
    return load_campaign(folder)  # once per process, not once per run


RANDOM = "random player"
"""The ``script`` of a run played by the automatic player."""


def play_one(folder: str, script: str, seed: int, max_turns: int = 80) -> RunRecord:
    """Play one script (or, for :data:`RANDOM`, the automatic player) on one seed — a
    top-level function: worker processes call it."""
    from app.authoring.autoplayer import wander  # noqa: PLC0415 (worker start-up)
    from app.session.runner import read_script, run_lines  # noqa: PLC0415
    from app.session.setup import start_session  # noqa: PLC0415

    story = _campaign(folder)
    session = start_session(story, seed)
    if script == RANDOM:
        result = asyncio.run(wander(session, seed, max_turns))
        failures: list[str] = []  # a wanderer has no expectations; refusals are counted
    else:
        result = asyncio.run(run_lines(session, read_script(Path(script))))
        failures = [str(f) for f in result.failed] + result.refused
    state = session.state
    seen = state.truth.index
    return RunRecord(
        script=script if script == RANDOM else Path(script).name,
        seed=seed,
        ending=state.ending,
        ending_scene=state.scene.id if state.ending else None,
        turns=result.turns,
        scenes=sorted(k.split(".", 1)[1] for k in seen if k.startswith("entered.")),
        moves=sorted(_moves(state)),
        triggers=sorted(k.split(".", 1)[1] for k in seen if k.startswith("fired.")),
        challenges=sorted(_outcomes(state)),
        defeated=sorted(state.defeated),
        spoke_to=sorted(k.split(".", 1)[1] for k in seen if k.startswith("spoke_to.")),
        failures=failures,
        refused=len(result.refused),
        errors=list(result.errors),
        fallen=sorted(s.name for s in state.party.values() if s.vitals.state.value == "dead"),
    )


def _outcomes(state: GameState) -> set[str]:
    """Every challenge outcome of the run (``pick_lock:failed`` even when a retry later
    passed), read from the ledger's record of each ``attempt_challenge`` call."""
    found = {f"{cid}:{outcome}" for cid, outcome in state.challenges.items()}
    for record in state.history:
        for event in record.events:
            if isinstance(event, ActionPerformed) and event.action == "attempt_challenge":
                if "success=True" in event.detail:
                    found.add(f"{event.target}:passed")
                elif "success=False" in event.detail:
                    found.add(f"{event.target}:failed")
    return found


def _moves(state: GameState) -> set[str]:
    """Every scene change of the run, read from the ledger's movements."""
    return {
        f"{event.origin}>{event.to}"
        for record in state.history
        for event in record.events
        if isinstance(event, Movement)
    }


@dataclass
class Report:
    """Every run, and what the campaign has that no run reached."""

    campaign: str
    runs: list[RunRecord]
    never: dict[str, list[str]] = field(default_factory=dict)
    endings: Counter[str] = field(default_factory=Counter)

    def scripts(self) -> dict[str, tuple[int, int, RunRecord | None]]:
        """Per script: (runs passed, runs, the first failing run)."""
        out: dict[str, tuple[int, int, RunRecord | None]] = {}
        for run in self.runs:
            ok, total, first = out.get(run.script, (0, 0, None))
            if first is None and not run.passed:
                first = run
            out[run.script] = (ok + run.passed, total + 1, first)
        return out


def report(story: Campaign, runs: list[RunRecord]) -> Report:
    """Gather the runs: the endings histogram and what was never reached, by kind."""
    reached = {
        "scenes": {s for r in runs for s in r.scenes},
        "endings": {r.ending for r in runs if r.ending},
        "triggers": {t for r in runs for t in r.triggers},
        "challenge outcomes": {c for r in runs for c in r.challenges},
        "encounters defeated": {e for r in runs for e in r.defeated},
        "people spoken to": {n for r in runs for n in r.spoke_to},
    }
    reached["scenes"].add(story.campaign.start)
    wanted = {
        "scenes": list(story.scenes),
        "endings": [e.id for e in story.endings],
        "triggers": [t.id for t in story.triggers],
        "challenge outcomes": [f"{c}:{o}" for c in story.challenges for o in ("passed", "failed")],
        "encounters defeated": list(story.encounters),
        "people spoken to": list(story.npcs),
    }
    never = {kind: [x for x in ids if x not in reached[kind]] for kind, ids in wanted.items()}
    endings = Counter(r.ending or "(none)" for r in runs)
    return Report(story.campaign.id, runs, never, endings)


def scripts_of(folder: Path) -> list[Path]:
    """The campaign's scripts: ``scripts/*.txt`` beside its ``campaign.toml``."""
    base = folder if folder.is_dir() else folder.parent
    return sorted((base / "scripts").glob("*.txt"))


def run_all(
    folder: Path,
    scripts: list[Path],
    seeds: int,
    jobs: int,
    wanderers: int = 0,
    max_turns: int = 80,
) -> list[RunRecord]:
    """Every script on seeds ``0 .. seeds-1`` and ``wanderers`` automatic players per seed
    (each on its own seed), in ``jobs`` processes (1: in this one)."""
    tasks = [(str(folder), str(s), seed, max_turns) for s in scripts for seed in range(seeds)]
    tasks += [
        (str(folder), RANDOM, seed * max(wanderers, 1) + n, max_turns)
        for seed in range(seeds)
        for n in range(wanderers)
    ]
    if jobs <= 1 or len(tasks) <= 1:
        return [play_one(*task) for task in tasks]
    return _in_processes(tasks, jobs)


def _quiet_worker() -> None:
    """A worker leaves Ctrl-C to the process that started it (which stops the runs): it
    would otherwise print a traceback of its own, one per worker."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _in_processes(tasks: list[tuple[str, str, int, int]], jobs: int) -> list[RunRecord]:
    """The runs in ``jobs`` worker processes, in order. Only a few runs are handed out
    ahead of the workers (queuing ten thousand at once cost gigabytes), and Ctrl-C stops at
    once: the runs not started are dropped and the ones under way end on their own.
    Ctrl-C is noted, not raised wherever it lands (inside an import it would print a
    traceback nobody can catch), and acted on between two waits."""
    results: dict[int, RunRecord] = {}
    todo = iter(enumerate(tasks))
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_quiet_worker)
    pending: dict[Future[RunRecord], int] = {}
    interrupted = threading.Event()

    def hand_out() -> None:
        for index, task in todo:
            pending[pool.submit(play_one, *task)] = index
            if len(pending) >= jobs * 2:
                return

    try:
        previous = signal.signal(signal.SIGINT, lambda *_: interrupted.set())
    except ValueError:  # not the main thread: Ctrl-C is not ours to take
        previous = None
    try:
        hand_out()
        while pending:
            if interrupted.is_set():
                raise KeyboardInterrupt
            done, _ = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
            for future in done:
                results[pending.pop(future)] = future.result()
            hand_out()
    except BaseException:
        _stop(pool)
        raise
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    pool.shutdown()
    return [results[i] for i in range(len(tasks))]


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop at once (Ctrl-C, an error): runs not started are dropped; the few under way
    (one a worker) end on their own — ending their workers by force leaves the executor's
    threads writing to closed pipes as Python exits, which prints tracebacks."""
    pool.shutdown(wait=False, cancel_futures=True)


def default_jobs() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1

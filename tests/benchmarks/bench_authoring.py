"""What an author waits for, whole-process, as ratios to a baseline measured in the same
run: ``dungeon validate`` of a generated campaign of 100 scenes (baseline: ``dungeon
validate`` of the shipped four-scene campaign), and ``dungeon playtest`` throughput in
runs per second on one process and on every core (baseline: one ``dungeon simulate`` of
the same script, start-up included).

    python -m tests.benchmarks.bench_authoring [--quick]

A measurement, not a pass/fail test.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import tomli_w

from app.world.folders import CAMPAIGNS_DIR

CROSSROADS = CAMPAIGNS_DIR / "crossroads"


def big_campaign(scenes: int) -> dict[str, Any]:
    """A campaign of ``scenes`` scenes in a ring with side exits: each has two features, a
    challenge that sets the flag its forward exit needs, an NPC with topics, and every
    tenth a fight; a trigger and an ending at the far end. Deterministic."""
    base = json.loads(json.dumps(_shipped()))
    data: dict[str, Any] = {
        "campaign": {**base["campaign"], "id": "big", "title": "A Hundred Rooms", "start": "s0"},
        "characters": base["characters"],
        "scenes": {},
        "challenges": {},
        "npcs": {},
        "encounters": {
            "rats": {"name": "Rats", "monsters": [{"monster": "giant_rat", "count": 2}]}
        },
        "triggers": [],
        "endings": [],
    }
    for n in range(scenes):
        sid, nxt = f"s{n}", f"s{(n + 1) % scenes}"
        data["scenes"][sid] = {
            "name": f"Room {n}",
            "description": f"Room {n}: dust, a door ahead, another behind.",
            "exits": [
                {"to": nxt, "name": "door ahead", "requires_flag": f"open_{n}"},
                {"to": f"s{(n * 7 + 3) % scenes}", "name": "side passage"},
            ],
            "features": {
                "mural": {"name": "mural", "text": "Faded paint."},
                "lamp": {"name": "lamp", "text": "Cold brass."},
            },
            "npcs": [f"keeper{n}"],
            **({"encounter": "rats"} if n % 10 == 5 else {}),
        }
        data["challenges"][f"door{n}"] = {
            "name": f"open door {n}", "scene": sid, "provoked_by": [f"open door {n}"],
            "skill": "athletics", "dc": 10, "retry": True,
            "success": {"set_flags": {f"open_{n}": True}}, "failure": {"text": "Stuck."},
        }  # fmt: skip
        data["npcs"][f"keeper{n}"] = {
            "name": f"Keeper {n}",
            "greeting": "Hello.",
            "topics": {"door": "It sticks.", "rats": "Mind them."},
        }
    last = scenes - 1
    data["triggers"].append(
        {"id": "far", "when": {"in_scene": f"s{last}"}, "effects": {"text": "The end is near."}}
    )
    data["endings"].append(
        {"id": "out", "title": "Out", "text": "Free.", "when": {"flag": f"open_{last}"}}
    )
    return data


def _shipped() -> dict[str, Any]:
    import tomllib

    return tomllib.loads((CROSSROADS / "campaign.toml").read_text(encoding="utf-8"))


def playtest_rate(campaign: str, seeds: int, jobs: int) -> tuple[int, float]:
    """(runs, seconds) of one whole ``dungeon playtest`` process: the runs counted from
    its JSON report (scripts and automatic players alike)."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "app", "playtest", campaign, "--seeds", str(seeds),
         "--jobs", str(jobs), "--format", "json"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    took = time.perf_counter() - start
    return len(json.loads(done.stdout)["runs"]), took


def timed(args: list[str], repeats: int) -> float:
    """Median wall time of a whole ``dungeon`` process."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "app", *args], capture_output=True, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def in_process_validate(folder: Path, repeats: int) -> float:
    """Median time to load and check a campaign as ``dungeon validate`` does (every check,
    the challenge phrases read by the understanding stage too)."""
    from app.authoring.validation import campaign_problems
    from app.world.campaignfile import load_campaign

    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        campaign_problems(load_campaign(folder, playable=False))
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    opts = parser.parse_args(argv)
    repeats = 2 if opts.quick else 5
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "big"
        folder.mkdir()
        (folder / "campaign.toml").write_text(tomli_w.dumps(big_campaign(100)), encoding="utf-8")
        small = timed(["validate", str(CROSSROADS)], repeats)
        big = timed(["validate", str(folder)], repeats)
        inside = in_process_validate(folder, repeats)
        print(f"validate, whole process: crossroads (4 scenes) {small * 1000:.0f} ms, "
              f"100 scenes {big * 1000:.0f} ms ({big / small:.2f}x); "
              f"load + validate in process {inside * 1000:.0f} ms")  # fmt: skip
    seeds = 3 if opts.quick else 25
    for campaign, script in (("crossroads", "peace.txt"), ("drowned_bell", "keepers_peace.txt")):
        path = CAMPAIGNS_DIR / campaign / "scripts" / script
        one = timed(["simulate", campaign, "--script", str(path), "--seed", "1"], repeats)
        rates = {}
        for jobs in (1, 2):
            runs, took = playtest_rate(campaign, seeds, jobs)
            rates[jobs] = runs / took
            print(f"{campaign} playtest --jobs {jobs}: {runs} runs in {took:.1f} s = "
                  f"{rates[jobs]:.1f} runs/s ({one / (took / runs):.1f}x one simulate "
                  "process per run)")  # fmt: skip
        print(f"{campaign} baseline: one dungeon simulate of {script} {one * 1000:.0f} ms; "
              f"--jobs 2 is {rates[2] / rates[1]:.2f}x --jobs 1; "
              f"200 runs at that rate: {200 / rates[2]:.0f} s")  # fmt: skip


if __name__ == "__main__":
    main()

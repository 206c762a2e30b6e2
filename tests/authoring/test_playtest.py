"""``dungeon playtest``: every script over many seeds, what was reached and what never
was, the same report whatever the number of processes."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from app.authoring.playtest import RANDOM, play_one, report
from app.cli.main import app
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR

CROSSROADS = CAMPAIGNS_DIR / "crossroads"


def playtest(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["playtest", *args])
    return result.exit_code, result.stdout


def test_every_ending_of_the_shipped_campaign_is_reached_by_its_scripts() -> None:
    # Each script at the seed its "Play it" line tells an author to use (a beaten
    # Grubnak rarely lives to surrender when the party fights its best: mercy's is 19).
    for script in sorted((CROSSROADS / "scripts").glob("*.txt")):
        told = re.search(r"Play it: .* --seed (\d+)", script.read_text())
        assert told is not None, script.name
        run = play_one(str(CROSSROADS), str(script), int(told.group(1)))
        assert run.ending == script.stem and run.passed, (script.name, run.ending)
    _, out = playtest("crossroads", "--seeds", "2", "--jobs", "2", "--random", "0")
    assert "== playtest: crossroads — 8 runs ==" in out and "  peace " in out, out


def test_every_ending_of_the_second_campaign_is_reached_by_its_scripts() -> None:
    code, out = playtest(
        "drowned_bell", "--seeds", "8", "--jobs", "2", "--random", "0", "--require-all-endings"
    )
    assert code == 0, out
    assert "never reached: nothing (every scene, ending, trigger and outcome was reached)" in out, (
        out
    )
    for ending in ("keepers_peace", "laid_to_rest", "iron_and_salt", "taken_by_the_tide"):
        assert f"  {ending} " in out


def test_the_report_is_the_same_whatever_the_processes() -> None:
    one = json.loads(playtest("crossroads", "--seeds", "2", "--jobs", "1", "--format", "json")[1])
    two = json.loads(playtest("crossroads", "--seeds", "2", "--jobs", "2", "--format", "json")[1])
    assert one == two and len(one["runs"]) == 10  # 4 scripts and a random player, 2 seeds


def test_a_run_records_what_it_reached() -> None:
    run = play_one(str(CROSSROADS), str(CROSSROADS / "scripts" / "peace.txt"), 0)
    assert run.ending == "peace" and run.passed
    assert {"inn", "cellar", "warren", "chief_hall"} <= set(run.scenes)
    assert "trapdoor_lock:passed" in run.challenges and "berta" in run.spoke_to
    found = report(load_campaign(CROSSROADS), [run])
    assert "old_road" in found.never["scenes"] and "victory" in found.never["endings"]
    assert "peace" not in found.never["endings"]


def test_a_campaign_without_scripts_is_told_so(tmp_path: Path) -> None:
    (tmp_path / "campaign.toml").write_text(
        (CROSSROADS / "campaign.toml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    code = CliRunner().invoke(app, ["playtest", str(tmp_path), "--random", "0"])
    assert code.exit_code == 2 and "nothing to play: no scripts" in code.stderr


def test_a_script_that_cannot_be_read_is_said_before_anything_is_played(tmp_path: Path) -> None:
    (tmp_path / "campaign.toml").write_text(
        (CROSSROADS / "campaign.toml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    (tmp_path / "scripts").mkdir()
    (tmp_path / "scripts" / "typo.txt").write_text("Thorin: look around\nexpect hp thorin >\n")
    (tmp_path / "scripts" / "folder.txt").mkdir()  # (a folder named like a script)
    for bad in ("typo.txt", "folder.txt"):
        others = [p for p in (tmp_path / "scripts").iterdir() if p.name != bad]
        for other in others:
            other.rename(tmp_path / other.name)  # one bad script at a time
        code = CliRunner().invoke(app, ["playtest", str(tmp_path), "--seeds", "1", "--jobs", "1"])
        assert code.exit_code == 2 and bad in code.stderr, code.output
        assert "Traceback" not in code.output
        for other in others:
            (tmp_path / other.name).rename(other)


def test_the_benchmarks_hundred_scene_campaign_is_sound(tmp_path: Path) -> None:
    import tomli_w

    from app.world.validate import validate_campaign
    from tests.benchmarks.bench_authoring import big_campaign

    (tmp_path / "campaign.toml").write_text(tomli_w.dumps(big_campaign(100)), encoding="utf-8")
    story = load_campaign(tmp_path)
    assert len(story.scenes) == 100
    assert [p for p in validate_campaign(story) if p.breaks_play] == []


def test_the_automatic_player_explores_beyond_the_start_without_errors() -> None:
    runs = [play_one(str(CROSSROADS), RANDOM, seed, max_turns=40) for seed in range(3)]
    assert all(not r.errors for r in runs)
    assert len({s for r in runs for s in r.scenes}) >= 3  # the inn, the road, the cellar…
    assert any(r.spoke_to for r in runs) and any(r.challenges for r in runs)


def test_ctrl_c_stops_a_long_playtest_at_once_without_tracebacks() -> None:
    """Ctrl-C (SIGINT to the whole process group, as a terminal sends it) stops a run of
    thousands of seeds within seconds: the runs not started are dropped, and no worker
    prints a traceback."""
    import contextlib
    import os
    import signal
    import subprocess
    import sys
    import time

    root = Path(__file__).resolve().parents[2]
    game = subprocess.Popen(
        [sys.executable, "-m", "app", "playtest", str(root / "campaigns" / "crossroads"),
         "--seeds", "10000", "--jobs", "2"],
        cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
    )  # fmt: skip
    children = Path(f"/proc/{game.pid}/task/{game.pid}/children")
    if children.exists():  # Linux: until both workers run
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(children.read_text().split()) < 2:
            time.sleep(0.1)
        time.sleep(1.0)
    else:  # elsewhere: long enough for the game to start its workers
        time.sleep(8.0)
    os.killpg(game.pid, signal.SIGINT)
    try:
        _, err = game.communicate(timeout=90)  # the runs under way end first: slow if loaded
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(game.pid, signal.SIGKILL)  # the workers too, whatever happened
    assert game.returncode == 130, err.decode()
    assert b"Traceback" not in err and b"stopped" in err

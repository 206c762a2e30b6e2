"""A follow-up check a chain needs again is rolled again: a second slip of the pick
springs the needle a second time, whatever the first dodge did."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from app.actions.campaign_tools import apply_effects
from app.cli.main import app
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.newgame import new_game

CAMPAIGN = load_campaign(CAMPAIGNS_DIR / "crossroads")


def test_a_chain_clears_its_follow_ups_old_outcome() -> None:
    state = new_game(CAMPAIGN, seed=1)
    state.challenges["needle_trap"] = "passed"
    failure = CAMPAIGN.challenges["trapdoor_lock"].failure
    _, summary = apply_effects(state, failure, "mira", "pick the trapdoor padlock")
    assert summary["next"] == "needle_trap" and "needle_trap" not in state.challenges


def test_two_slips_of_the_pick_spring_the_needle_twice(tmp_path: Path) -> None:
    script = tmp_path / "lock.txt"
    script.write_text("Mira: I pick the lock on the trapdoor\n" * 3, encoding="utf-8")
    out = (
        CliRunner()
        .invoke(app, ["simulate", "crossroads", "--script", str(script), "--seed", "8"])
        .stdout
    )
    rolls = [line for line in out.splitlines() if line.startswith("  [roll] Mira:")]
    slips = [r for r in rolls if "padlock DC 13" in r and r.endswith("— failure")]
    needles = [r for r in rolls if "poison needle DC 12" in r]
    assert len(slips) >= 2, out  # seed 8: the pick slips again and again
    assert len(needles) == len(slips), out  # and every slip springs the needle

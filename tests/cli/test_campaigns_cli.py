"""``dungeon campaigns``: what there is to play, and a broken campaign named, not a crash."""

from __future__ import annotations

import shutil
from pathlib import Path

from typer.testing import CliRunner

from app.cli.main import app
from app.world.folders import CAMPAIGNS_DIR


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["campaigns", *args])
    return result.exit_code, result.output


def test_the_shipped_campaigns_are_listed_with_how_to_play_them() -> None:
    code, out = run()
    assert code == 0, out
    assert "crossroads  The Cellar Under the Crossroads (level 3; party: Mira, Thorin, Aria)" in out
    assert "dungeon play --campaign drowned_bell" in out
    assert "goblins who dug too far" in out  # the campaign's own summary


def test_a_broken_campaign_is_named_with_the_command_that_says_more(tmp_path: Path) -> None:
    shutil.copytree(CAMPAIGNS_DIR / "crossroads", tmp_path / "crossroads")
    (tmp_path / "half").mkdir()
    (tmp_path / "half" / "campaign.toml").write_text("[campaign\n", encoding="utf-8")
    (tmp_path / "notes").mkdir()  # a folder without a campaign is no campaign
    code, out = run("--dir", str(tmp_path))
    assert code == 0, out
    assert f"dungeon play --campaign {tmp_path / 'crossroads'}" in out
    assert "half  (cannot be played:" in out and f"dungeon validate {tmp_path / 'half'}" in out
    assert "notes" not in out and "Traceback" not in out


def test_no_folder_is_one_clear_line(tmp_path: Path) -> None:
    code, out = run("--dir", str(tmp_path / "nowhere"))
    assert code == 2 and out.startswith("no campaigns in") and "Traceback" not in out

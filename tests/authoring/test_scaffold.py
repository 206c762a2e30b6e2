"""``dungeon new``: a campaign that validates clean and whose script reaches its ending."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from app.cli.main import app


def test_a_new_campaign_validates_clean_and_its_script_reaches_the_ending(
    tmp_path: Path,
) -> None:
    runner = CliRunner()
    made = runner.invoke(app, ["new", "old-mill", "--dir", str(tmp_path)])
    assert made.exit_code == 0, made.output
    folder = tmp_path / "old-mill"
    checked = runner.invoke(app, ["validate", str(folder), "--strict"])
    assert checked.exit_code == 0 and checked.stdout.startswith("ok: Old Mill"), checked.stdout
    script = folder / "scripts" / "walkthrough.txt"
    for seed in ("1", "7"):
        played = runner.invoke(
            app, ["simulate", str(folder), "--script", str(script), "--seed", seed, "--until-end"]
        )
        assert played.exit_code == 0, played.stdout[-1500:]
        assert "ending: The Mill Is Safe" in played.stdout


@pytest.mark.parametrize(("name", "said"), [("Bad Name", "is not a campaign id"),
                                            ("taken", "already exists")])  # fmt: skip
def test_new_refuses_a_bad_name_or_an_existing_folder(tmp_path: Path, name: str, said: str) -> None:
    (tmp_path / "taken").mkdir()
    result = CliRunner().invoke(app, ["new", name, "--dir", str(tmp_path)])
    assert result.exit_code == 2 and said in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken"]  # nothing written

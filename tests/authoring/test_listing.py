"""``dungeon list`` and ``dungeon schema``: the ids an author may use, and the schema an
editor completes campaign files with."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from app.cli.main import app
from app.world.folders import CAMPAIGNS_DIR


@pytest.mark.parametrize(
    ("kind", "search", "line"),
    [
        ("monsters", "goblin", "goblin     Goblin     CR 1/4"),
        ("spells", "fire bolt", "fire_bolt  Fire Bolt  cantrip, evocation"),
        ("weapons", "longsword", "longsword  Longsword  1d8 slashing"),
        ("conditions", "prone", "prone  Prone"),
    ],
)
def test_list_shows_ids_beside_names(kind: str, search: str, line: str) -> None:
    result = CliRunner().invoke(app, ["list", kind, "--search", search])
    assert result.exit_code == 0 and line in result.stdout, result.stdout


def test_list_includes_a_campaigns_own_monsters() -> None:
    result = CliRunner().invoke(app, ["list", "monsters", "--campaign", "crossroads"])
    assert "goblin_boss" in result.stdout and "(campaign)" in result.stdout


def test_list_of_an_unknown_kind_names_the_choices() -> None:
    result = CliRunner().invoke(app, ["list", "dragons"])
    assert result.exit_code == 2 and "choose one of monsters, spells" in result.stderr


def test_the_schema_accepts_the_shipped_campaigns_and_catches_a_slip(tmp_path: Path) -> None:
    out = tmp_path / "campaign.schema.json"
    assert CliRunner().invoke(app, ["schema", "--output", str(out)]).exit_code == 0
    schema = json.loads(out.read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    for folder in sorted(CAMPAIGNS_DIR.iterdir()):
        if (folder / "campaign.toml").exists():
            data = tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))
            assert list(validator.iter_errors(data)) == [], folder.name
    data["campaign"]["levles"] = [1, 2]
    assert any("levles" in e.message for e in validator.iter_errors(data))


def test_the_format_reference_is_the_models_reference() -> None:
    from app.authoring.formatdoc import DOC_FILE, render

    assert DOC_FILE.read_text(encoding="utf-8") == render(), (
        "the campaign models changed: run `make docs`"
    )


def test_every_key_of_the_campaigns_own_tables_is_described() -> None:
    from app.authoring.formatdoc import undocumented

    assert undocumented() == []


def test_the_schema_writes_over_an_older_schema_but_no_other_file(tmp_path: Path) -> None:
    out = tmp_path / "campaign.schema.json"
    assert CliRunner().invoke(app, ["schema", "--output", str(out)]).exit_code == 0
    assert CliRunner().invoke(app, ["schema", "--output", str(out)]).exit_code == 0  # again
    notes = tmp_path / "notes.toml"
    notes.write_text("mine = true\n", encoding="utf-8")
    refused = CliRunner().invoke(app, ["schema", "--output", str(notes)])
    assert refused.exit_code == 2 and "add --force" in refused.stderr
    assert notes.read_text(encoding="utf-8") == "mine = true\n"
    assert CliRunner().invoke(app, ["schema", "--output", str(notes), "--force"]).exit_code == 0
    campaign = tmp_path / "mill" / "campaign.toml"
    campaign.parent.mkdir()
    campaign.write_text("x = 1\n", encoding="utf-8")
    refused = CliRunner().invoke(app, ["schema", "--output", str(campaign), "--force"])
    assert refused.exit_code == 2 and "a campaign file, never written over" in refused.stderr
    linked = tmp_path / "schema.json"
    linked.symlink_to(campaign)  # a link to a campaign file is the campaign file
    refused = CliRunner().invoke(app, ["schema", "--output", str(linked), "--force"])
    assert refused.exit_code == 2 and "a campaign file, never written over" in refused.stderr
    assert campaign.read_text(encoding="utf-8") == "x = 1\n"

"""Campaign files: loading, clear errors, the validator on broken fixtures, and new games."""

from __future__ import annotations

import copy
import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from typer.testing import CliRunner

from app.cli.main import app
from app.world.campaignfile import CampaignError, load_campaign, parse_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.newgame import new_game
from app.world.validate import validate_campaign
from app.world.view import scene_notes

SHIPPED = CAMPAIGNS_DIR / "crossroads" / "campaign.toml"


def raw() -> dict[str, Any]:
    return tomllib.loads(SHIPPED.read_text(encoding="utf-8"))


def write(tmp_path: Path, data: dict[str, Any]) -> Path:
    folder = tmp_path / "broken"
    folder.mkdir(exist_ok=True)
    (folder / "campaign.toml").write_text(tomli_w.dumps(data), encoding="utf-8")
    return folder


def problems_of(data: dict[str, Any]) -> list[str]:
    return [str(p) for p in validate_campaign(parse_campaign(data, Path("test.toml")))]


def test_the_shipped_campaign_is_clean_and_complete() -> None:
    campaign = load_campaign(SHIPPED.parent)
    assert validate_campaign(campaign) == []
    assert 3 <= len(campaign.scenes) <= 6
    assert any(c.failure.next for c in campaign.challenges.values())  # a chain
    assert any(c.kind == "group" for c in campaign.challenges.values())
    assert any(s.restrict_to for s in campaign.scenes.values())
    assert len(campaign.encounters) >= 2 and campaign.triggers and campaign.npcs
    assert len(campaign.endings) >= 2


def test_unknown_keys_are_rejected_with_file_path_and_hint(tmp_path: Path) -> None:
    data = raw()
    data["scenes"]["inn"]["descripton"] = "typo"
    data["challenges"]["parley"]["dc"] = 45
    with pytest.raises(CampaignError) as caught:
        load_campaign(write(tmp_path, data))
    message = str(caught.value)
    assert "broken/campaign.toml: 2 problem(s)" in message
    typo = "scenes.inn.descripton: unknown key 'descripton' — did you mean 'description'?"
    assert typo in message
    assert "challenges.parley.dc: Input should be less than or equal to 30" in message


def test_broken_toml_and_missing_files(tmp_path: Path) -> None:
    folder = tmp_path / "bad"
    folder.mkdir()
    (folder / "campaign.toml").write_text("[campaign\nid = 1")
    with pytest.raises(CampaignError, match="not valid TOML"):
        load_campaign(folder)
    with pytest.raises(CampaignError, match="nowhere: no such file"):
        load_campaign(tmp_path / "nowhere")


def test_bad_facts_are_schema_errors() -> None:
    data = raw()
    data["triggers"][0]["when"] = {"flag": "x", "in_scene": "inn"}
    with pytest.raises(CampaignError, match="exactly one of"):
        parse_campaign(data, Path("t.toml"))


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda d: d["scenes"]["inn"]["exits"][1].update(to="attic"),
         "dangling reference: scenes.inn.exits[1].to: no scene 'attic'"),
        (lambda d: d["scenes"]["inn"].update(npcs=["bertha"]),
         "dangling reference: scenes.inn.npcs: no npc 'bertha'"),
        (lambda d: d["challenges"]["trapdoor_lock"]["failure"].update(next="spikes"),
         "dangling reference: challenges.trapdoor_lock.failure.next: no challenge 'spikes'"),
        (lambda d: d["encounters"]["cellar_rats"]["monsters"][0].update(monster="goblim"),
         "no monster 'goblim' — did you mean 'goblin'? (campaign or SRD)"),
        (lambda d: d["campaign"].update(party=["mira", "gimli"]),
         "dangling reference: campaign.party: no character 'gimli'"),
        (lambda d: d["challenges"]["flagstone"]["success"].update(give_items=["crown"]),
         "no item 'crown'"),
        (lambda d: d["scenes"].update(attic={"name": "Attic", "description": "Dust."}),
         "unreachable scene: scenes.attic"),
        (lambda d: d["triggers"][0]["when"]["all"].append({"flag": "never_set"}),
         "trigger never fires: triggers[0] (tam_found)"),
        (lambda d: d["endings"][1]["when"]["all"].append({"flag": "nothing_sets_this"}),
         "unreachable ending: endings[1] (peace)"),
        (lambda d: (d["scenes"]["warren"]["exits"][1].update(requires_flag="open_sesame"),
                    d["challenges"]["sneak_past"]["success"].pop("move_to")),
         "unreachable scene: scenes.chief_hall"),
    ],
)  # fmt: skip
def test_validator_finds_each_kind_of_problem(change: Any, expected: str) -> None:
    data = copy.deepcopy(raw())
    change(data)
    found = problems_of(data)
    assert any(expected in p for p in found), found


def test_a_damage_amount_play_cannot_roll_is_refused_at_its_key() -> None:
    data = copy.deepcopy(raw())
    data["challenges"]["needle_trap"]["failure"]["damage"].update(amount="1d")
    with pytest.raises(CampaignError, match=r"challenges\.needle_trap\.failure\.damage\.amount"):
        parse_campaign(data, Path("test.toml"))


def test_validate_command(tmp_path: Path) -> None:
    runner = CliRunner()
    ok = runner.invoke(app, ["validate", "crossroads"])
    assert ok.exit_code == 0 and ok.stdout.startswith("ok: The Cellar Under the Crossroads")
    data = raw()
    data["scenes"]["inn"]["npcs"] = ["nobody"]
    bad = runner.invoke(app, ["validate", str(write(tmp_path, data))])
    assert bad.exit_code == 3 and "no npc 'nobody'" in bad.stdout and "1 error(s)" in bad.stdout
    data["scenes"]["inn"]["colour"] = "red"
    broken = runner.invoke(app, ["validate", str(write(tmp_path, data))])
    # what the schema refuses is listed in the same layout as every other problem
    lines = broken.stdout.splitlines()
    assert broken.exit_code == 3 and broken.stderr == "", broken.output
    assert any(": error: schema: scenes.inn.colour: " in line for line in lines), lines
    assert any(": error: dangling reference: scenes.inn.npcs: " in line for line in lines)
    assert lines[-1].endswith("2 error(s) stop it being played, 0 warning(s)"), lines
    as_json = runner.invoke(app, ["validate", str(write(tmp_path, data)), "--format", "json"])
    kinds = {(p["kind"], p["path"]) for p in json.loads(as_json.stdout)}
    assert ("schema", "scenes.inn.colour") in kinds and as_json.exit_code == 3
    unreadable = write(tmp_path, data) / "campaign.toml"  # a TOML slip: the list all the same
    unreadable.write_text(unreadable.read_text(encoding="utf-8") + "oops = \n", encoding="utf-8")
    slip = runner.invoke(app, ["validate", str(unreadable), "--format", "json"])
    [problem] = json.loads(slip.stdout)
    assert slip.exit_code == 3 and problem["severity"] == "error" and problem["line"]
    missing = runner.invoke(app, ["validate", "no-such-campaign"])
    assert missing.exit_code == 2 and "shipped campaigns: crossroads" in missing.stderr


def test_tool_command_runs_one_tool_in_a_fresh_game() -> None:
    runner = CliRunner()
    rolled = runner.invoke(
        app,
        [
            "tool",
            "roll_dice",
            '{"rolls": [{"formula": "1d20+5", "flavor": "attack"}, {"formula": "2d6"}]}',
            "--seed",
            "4",
        ],
    )
    assert rolled.exit_code == 0 and '"flavor": "attack"' in rolled.stdout
    assert "[roll] attack: 1d20 (" in rolled.stdout
    assert (
        rolled.stdout
        == runner.invoke(
            app,
            [
                "tool",
                "roll_dice",
                '{"rolls": [{"formula": "1d20+5", "flavor": "attack"}, {"formula": "2d6"}]}',
                "--seed",
                "4",
            ],
        ).stdout
    )
    quiet = runner.invoke(app, ["tool", "get_encounter"])
    assert quiet.exit_code == 0 and "No active encounter" in quiet.stdout
    refused = runner.invoke(
        app,
        [
            "tool",
            "request_saving_throw",
            '{"character_id": "gandalf", "ability": "wis", "dc": 10, "reason": "x"}',
        ],
    )
    assert refused.exit_code == 1 and "unknown id 'gandalf'" in refused.stdout
    garbled = runner.invoke(app, ["tool", "roll_dice", "{not json"])
    assert garbled.exit_code == 1 and "not valid JSON" in garbled.stdout


def test_new_game_from_the_campaign() -> None:
    campaign = load_campaign(SHIPPED.parent)
    state = new_game(campaign, seed=5, players={"Ana": ["mira"], "Ben": ["thorin", "aria"]})
    assert list(state.party) == ["mira", "thorin", "aria"] and state.scene.id == "inn"
    notes = scene_notes(state, campaign)
    assert "Challenge trapdoor_lock" in notes and "Sleight of Hand check DC 13" in notes
    # the state keeps no copy of the campaign's text, so none can go stale in a save
    assert state.scene.description == "" and state.scene.dm_notes == ""
    assert state.scenes["cellar"].exits == ["inn", "warren"]
    assert state.controller_of("aria") == "Ben"
    campaign.characters[0].vitals = campaign.characters[0].vitals.model_copy(update={"hp": 1})
    assert new_game(campaign).party["mira"].vitals.hp == 1  # sheets are copied per game
    assert state.party["mira"].vitals.hp == 21


def test_campaign_defined_monsters(tmp_path: Path) -> None:
    data = raw()
    data["monsters"] |= {
        "tunnel_hound": {
            "name": "Tunnel Hound",
            "size": "medium",
            "type": "beast",
            "ac": 13,
            "hp": 11,
            "hit_dice": "2d8+2",
            "speed": 40,
            "passive_perception": 13,
            "cr": "1/4",
            "abilities": {"str": 12, "dex": 15, "con": 12, "int": 3, "wis": 12, "cha": 6},
            "actions": [
                {
                    "id": "bite",
                    "name": "Bite",
                    "kind": "melee",
                    "to_hit": 4,
                    "reach": 5,
                    "damage": "2d4+2",
                    "damage_type": "piercing",
                }
            ],
        }
    }
    data["encounters"]["cellar_rats"]["monsters"] = [{"monster": "tunnel_hound", "count": 2}]
    folder = write(tmp_path, data)
    campaign = load_campaign(folder)
    assert validate_campaign(campaign) == []
    assert campaign.monster("tunnel_hound").name == "Tunnel Hound"
    assert campaign.monster("goblin").name == "Goblin"  # the SRD is still there
    from app.actions.campaign_tools import enter_scene

    state = new_game(campaign, seed=2)
    state.flags["trapdoor_open"] = True
    enter_scene(state, "cellar", "test")
    hounds = [c for c in state.creatures.values() if c.monster == "tunnel_hound"]
    assert [h.name for h in hounds] == ["Tunnel Hound 1", "Tunnel Hound 2"]
    assert hounds[0].ac == 13 and hounds[0].vitals.max_hp == 11
    result = CliRunner().invoke(
        app, ["balance", str(folder), "--monster", "tunnel_hound:2", "--fights", "50"]
    )
    assert result.exit_code == 0 and "vs 2 Tunnel Hounds" in result.stdout


def test_a_pregen_above_the_rules_or_outside_the_campaigns_levels_is_warned_of() -> None:
    data = raw()
    _, high = data["campaign"].get("levels", [1, 3])
    data["characters"][0]["level"] = 20
    found = [p for p in problems_of(data) if p.startswith("pregen's level out of range")]
    assert len(found) == 1 and "level 20" in found[0] and "to level 5" in found[0]
    data = raw()
    data["campaign"]["levels"] = [high + 1, high + 2]
    found = [p for p in problems_of(data) if p.startswith("pregen's level out of range")]
    assert found and f"levels {high + 1} to {high + 2}" in found[0]


def test_a_person_called_by_a_party_characters_name_is_warned_of() -> None:
    data = raw()
    npc = next(iter(data["npcs"].values()))
    npc["name"] = data["characters"][0]["name"]
    found = [p for p in problems_of(data) if p.startswith("name shared with the party")]
    assert len(found) == 1 and "may mean either" in found[0]
    assert not [p for p in problems_of(raw()) if p.startswith("name shared")]

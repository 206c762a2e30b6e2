"""What the players perceive follows the world: scene and feature variants, people who come
and go, named foes who are also people, and the killed / surrendered / fled conditions."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from typer.testing import CliRunner

from app.actions.campaign_tools import enter_scene, start_encounter
from app.cli.main import app
from app.world import view
from app.world.campaignfile import CampaignError, load_campaign, parse_campaign
from app.world.facts import holds, update_defeated
from app.world.folders import CAMPAIGNS_DIR
from app.world.newgame import new_game
from app.world.sandbox import sandbox_state
from app.world.state import GameState
from app.world.validate import validate_campaign
from app.world.when import Fact
from rules.damage import LifeState

SHIPPED = CAMPAIGNS_DIR / "crossroads" / "campaign.toml"
CAMPAIGN = load_campaign(SHIPPED)


def game(scene: str = "inn", **flags: Any) -> GameState:
    state = new_game(CAMPAIGN, seed=1)
    state.flags.update(flags)
    state.scene = state.scenes[scene]
    return state


def kill(state: GameState, cid: str) -> None:
    creature = state.creatures[cid]
    creature.vitals = creature.vitals.model_copy(update={"hp": 0, "state": LifeState.DEAD})


# -- scene and feature variants -------------------------------------------------------------


def test_the_inn_reads_true_before_and_after_the_trapdoor_opens() -> None:
    state = game()
    assert "held shut by an iron padlock" in view.scene_description(state, CAMPAIGN)
    state.flags["trapdoor_open"] = True
    state.challenges["trapdoor_lock"] = "passed"
    now = view.scene_description(state, CAMPAIGN)
    assert "padlock" in now and "held shut" not in now and "stands open" in now
    assert "picked padlock hangs open" in view.feature_text(state, CAMPAIGN, "trapdoor")


def test_the_first_matching_variant_wins() -> None:
    state = game(trapdoor_open=True)
    state.challenges["force_trapdoor"] = "passed"  # forced, not picked: the torn hasp
    assert "torn hasp" in view.scene_description(state, CAMPAIGN)
    assert "splintered oak" in view.feature_text(state, CAMPAIGN, "trapdoor")
    state.flags["tam_home"] = True  # listed first: it wins over both
    assert "Tam sits wrapped in a blanket" in view.scene_description(state, CAMPAIGN)


def test_a_variant_may_change_the_dm_notes_and_the_notes_follow_the_people_here() -> None:
    state = game("cellar")
    assert "Three giant rats nest here" in view.scene_notes(state, CAMPAIGN)
    assert "Tam (tam" not in view.scene_notes(state, CAMPAIGN)
    state.flags["tam_found"] = True
    notes = view.scene_notes(state, CAMPAIGN)
    assert "Tam is here and will answer questions" in notes
    assert "Tam (tam, friendly)" in notes and "grubnak" in notes  # what he can speak of


def test_a_feature_can_be_there_only_while_its_condition_holds() -> None:
    data = tomllib.loads(SHIPPED.read_text(encoding="utf-8"))
    data["scenes"]["cellar"]["features"]["bodies"] = {
        "name": "dead rats",
        "text": "Three rats the size of dogs, stiff among the casks.",
        "when": {"killed": "cellar_rats"},
    }
    campaign = parse_campaign(data, SHIPPED)
    state = new_game(campaign, seed=1)
    state.scene = state.scenes["cellar"]
    assert "bodies" not in view.features_here(state, campaign)
    enter_scene(state, "cellar", "down")
    for cid in list(state.creatures):
        kill(state, cid)
    update_defeated(state)
    assert view.feature_text(state, campaign, "bodies").startswith("Three rats")


def test_a_game_without_a_campaign_keeps_its_own_text() -> None:
    state = sandbox_state()
    assert view.scene_description(state, None).startswith("Rain drums")
    assert view.npcs_here(state, None) == [] and view.features_here(state, None) == {}
    assert view.scene_notes(state, None) == state.scene.dm_notes


# -- people who come and go ------------------------------------------------------------------


def test_tam_appears_in_the_cellar_once_found_and_goes_home_with_the_party() -> None:
    state = game("cellar")
    assert view.npcs_here(state, CAMPAIGN) == []
    state.flags["tam_found"] = True
    assert view.npcs_here(state, CAMPAIGN) == ["tam"]
    state.flags["tam_home"] = True
    assert view.npcs_here(state, CAMPAIGN) == []
    state.scene = state.scenes["inn"]
    assert view.npcs_here(state, CAMPAIGN) == ["berta", "tam"]


def test_a_person_is_who_the_world_has_made_them() -> None:
    state = game()
    berta = view.npc_view(state, CAMPAIGN, "berta")
    assert "never came back" in berta.greeting
    state.flags["tam_home"] = True
    berta = view.npc_view(state, CAMPAIGN, "berta")
    assert "You brought him back" in berta.greeting
    assert "He's safe" in berta.topics["tam"].text
    assert berta.topics["goblins"] == CAMPAIGN.npcs["berta"].topics["goblins"]  # kept


def test_a_named_foe_fights_as_himself_and_stays_in_the_story_if_he_surrenders() -> None:
    state = game("chief_hall")
    assert view.npcs_here(state, CAMPAIGN) == ["grubnak"]
    start_encounter(state, "grubnak_band")
    grubnak = state.creatures["grubnak"]
    assert (grubnak.name, grubnak.monster, grubnak.npc) == ("Grubnak", "goblin_boss", "grubnak")
    assert grubnak.vitals.max_hp == CAMPAIGN.monster("goblin_boss").hp
    assert sorted(c.name for c in state.creatures.values()) == ["Goblin 1", "Goblin 2", "Grubnak"]
    assert any(c.id == "grubnak" for c in state.encounter.order)
    grubnak.left = "surrendered"
    assert view.npcs_here(state, CAMPAIGN) == ["grubnak"]  # at the party's mercy, he talks
    grubnak.left = ""
    kill(state, "grubnak")
    assert view.npcs_here(state, CAMPAIGN) == []  # the dead say nothing


# -- killed, surrendered, fled ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("fates", "defeated", "killed", "surrendered", "fled"),
    [
        (["dead", "dead", "dead"], True, True, False, False),
        (["dead", "dead", "surrendered"], True, False, True, False),
        (["dead", "fled", "dead"], True, False, False, True),
        (["dead", "dead", ""], False, False, False, False),  # one still fights
    ],
)
def test_killed_and_surrendered_are_told_apart(
    fates: list[str], defeated: bool, killed: bool, surrendered: bool, fled: bool
) -> None:
    state = game("chief_hall")
    start_encounter(state, "grubnak_band")
    for cid, fate in zip(list(state.creatures), fates, strict=True):
        if fate == "dead":
            kill(state, cid)
        elif fate:
            state.creatures[cid].left = fate  # type: ignore[assignment]
    update_defeated(state)
    got = [
        holds(Fact.model_validate({kind: "grubnak_band"}), state)
        for kind in ("defeated", "killed", "surrendered", "fled")
    ]
    assert got == [defeated, killed, surrendered, fled]


# -- the validator and the schema ------------------------------------------------------------


def problems_with(change: Any) -> list[str]:
    data = copy.deepcopy(tomllib.loads(SHIPPED.read_text(encoding="utf-8")))
    change(data)
    return [str(p) for p in validate_campaign(parse_campaign(data, SHIPPED))]


def test_the_shipped_campaign_is_sound() -> None:
    assert validate_campaign(CAMPAIGN) == []


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (
            lambda d: d["scenes"]["inn"]["variants"][0]["when"].update(flag="tam_hoem"),
            "unknown flag: scenes.inn.variants[0].when: nothing sets flag 'tam_hoem'",
        ),
        (
            lambda d: d["scenes"]["inn"]["features"]["trapdoor"]["variants"][0].update(
                when={"passed": "force_door"}
            ),
            "dangling reference: scenes.inn.features.trapdoor.variants[0].when: "
            "no challenge 'force_door'",
        ),
        (
            lambda d: d["npcs"]["tam"]["appears"][0].update(scene="celar"),
            "dangling reference: npcs.tam.appears[0].scene: no scene 'celar'",
        ),
        (
            lambda d: d["npcs"]["berta"]["variants"][0].update(when={"killed": "rats"}),
            "dangling reference: npcs.berta.variants[0].when: no encounter 'rats'",
        ),
        (
            lambda d: d["encounters"]["grubnak_band"]["monsters"][0].update(npc="grubnack"),
            "dangling reference: encounters.grubnak_band.monsters[0].npc: no npc 'grubnack'",
        ),
        (
            lambda d: d["scenes"]["warren"]["variants"][0].update(when={"in_scene": "attic"}),
            "dangling reference: scenes.warren.variants[0].when: no scene 'attic'",
        ),
    ],
)
def test_the_validator_names_bad_variants_and_appearances(change: Any, expected: str) -> None:
    found = problems_with(change)
    assert any(p.startswith(expected) for p in found), found


def test_a_variant_that_can_never_show_is_reported() -> None:
    def never(d: dict[str, Any]) -> None:
        d["challenges"]["sneak_past"]["failure"].pop("start_encounter")  # no guards fight
        d["triggers"] = [t for t in d["triggers"] if t["id"] != "guards_beaten"]
        d["scenes"]["warren"]["exits"][1].pop("requires_flag")

    found = problems_with(never)
    assert (
        "variant never shows: scenes.warren.variants[2].when: needs encounter 'tunnel_guards' "
        "fought, which never starts" in found
    ), found


def write(tmp_path: Path, data: dict[str, Any]) -> Path:
    (tmp_path / "campaign.toml").write_text(tomli_w.dumps(data), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d["scenes"]["inn"]["variants"][0].update(descripton="x"),
         "scenes.inn.variants[0].descripton"),
        (lambda d: d["scenes"]["inn"]["variants"][0].update(when={"flag": "a", "killed": "b"}),
         "scenes.inn.variants[0].when"),
        (lambda d: d["scenes"]["inn"]["variants"][0].pop("description"),
         "scenes.inn.variants[0]"),
        (lambda d: d["npcs"]["tam"]["appears"][0].update(room="inn"),
         "npcs.tam.appears[0].room"),
        (lambda d: d["encounters"]["grubnak_band"]["monsters"][1].update(name="Snik"),
         "encounters.grubnak_band.monsters[1]"),
    ],
)  # fmt: skip
def test_bad_keys_are_rejected_with_their_key_path(tmp_path: Path, change: Any, where: str) -> None:
    data = tomllib.loads(SHIPPED.read_text(encoding="utf-8"))
    change(data)
    with pytest.raises(CampaignError) as error:
        load_campaign(write(tmp_path, data))
    assert f" {where}:" in str(error.value) or f" {where}." in str(error.value)


def test_dungeon_validate_reports_a_bad_appearance_by_its_key_path(tmp_path: Path) -> None:
    data = tomllib.loads(SHIPPED.read_text(encoding="utf-8"))
    data["npcs"]["tam"]["appears"][1]["when"] = {"flag": "tam_at_home"}
    result = CliRunner().invoke(app, ["validate", str(write(tmp_path, data))])
    assert result.exit_code == 0  # a warning: the game runs, the author is told
    assert "unknown flag: npcs.tam.appears[1].when: nothing sets flag 'tam_at_home'" in " ".join(
        result.stdout.split()
    )

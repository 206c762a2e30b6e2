"""Skill challenges (n successes before m failures), obstacles with other ways to meet them
(Arcana while someone carries the astrolabe), and Help on an ally's check out of a fight:
in the model, the validator, the engine's tools and play through the offline referee. And
a fight's text by where it starts."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from app.actions import args as a
from app.actions.authored import ability_check_tool
from app.actions.campaign_tools import start_encounter
from app.actions.challenge_tools import attempt_challenge_tool
from app.actions.registry import ToolError
from app.cli.main import app
from app.referee.helping import way_asked
from app.understanding import understand
from app.world.campaignfile import CampaignError, load_campaign, parse_campaign
from app.world.newgame import new_game
from app.world.validate import validate_campaign
from rules.conditions import ActiveCondition, Condition

FOLDER = Path(__file__).resolve().parents[1] / "data" / "campaigns" / "sand_road"
CAMPAIGN = load_campaign(FOLDER)
RAW: dict[str, Any] = tomllib.loads((FOLDER / "campaign.toml").read_text(encoding="utf-8"))


def _with(challenge: dict[str, Any]) -> dict[str, Any]:
    data = copy.deepcopy(RAW)
    data["challenges"]["cross_dunes"].update(challenge)
    return data


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"failures": None}, "both successes and failures"),
        ({"kind": "save", "ability": "con"}, "are for checks"),
        ({"successes": None, "failures": None}, "step_success and step_failure go with"),
        ({"alternatives": [{"when": {"has_item": "astrolabe"}}]}, "needs a skill or an ability"),
    ],
)
def test_the_model_refuses_a_skill_challenge_that_cannot_be_played(
    change: dict[str, Any], says: str
) -> None:
    data = _with({k: v for k, v in change.items() if v is not None})
    for key in [k for k, v in change.items() if v is None]:
        del data["challenges"]["cross_dunes"][key]
    with pytest.raises(CampaignError, match=says):
        parse_campaign(data, FOLDER / "campaign.toml")


def test_the_validator_checks_an_alternatives_condition() -> None:
    data = _with({"alternatives": [{"skill": "arcana", "when": {"has_item": "sextant"}}]})
    problems = validate_campaign(parse_campaign(data, FOLDER / "campaign.toml"))
    where = [p.where for p in problems if "sextant" in p.message]
    assert where and where[0].startswith("challenges.cross_dunes.alternatives[0].when")


def _attempt(state: Any, who: str, **more: Any) -> dict[str, Any]:
    args = a.ChallengeArgs(challenge_id="cross_dunes", character_id=who, **more)
    return attempt_challenge_tool(args, state).result


def test_a_skill_challenge_lands_its_outcome_only_once_it_is_settled() -> None:
    state = new_game(CAMPAIGN, seed=5)
    seen: list[tuple[int, int]] = []
    while "cross_dunes" not in state.challenges:
        result = _attempt(state, "bram")
        standing = result["skill_challenge"]
        if not standing["settled"]:  # a step: the challenge is neither passed nor failed
            assert "success" not in result and isinstance(result["check_success"], bool)
            seen.append((standing["successes"], standing["failures"]))
            assert "dunes_crossed" not in state.flags  # the success waits for the third
    outcome = state.challenges["cross_dunes"]
    assert len(seen) <= 3 and "cross_dunes" not in state.tallies
    assert all(s < 3 and f < 2 for s, f in seen)
    assert (outcome == "passed") == bool(state.flags.get("dunes_crossed"))
    if outcome == "failed":  # retry = true: a new attempt starts from nothing
        result = _attempt(state, "bram")
        assert result["skill_challenge"]["successes"] + result["skill_challenge"]["failures"] == 1


def test_an_alternative_is_open_only_while_its_condition_holds() -> None:
    state = new_game(CAMPAIGN, seed=2)
    with pytest.raises(ToolError, match="allows: Survival, Athletics, Nature"):
        _attempt(state, "sela", skill="arcana")
    state.party["sela"].inventory.append("brass astrolabe")
    result = _attempt(state, "sela", skill="arcana")
    assert "(Arcana)" in result["rolls"][0]["check"]


def test_without_a_named_way_the_character_rolls_their_best() -> None:
    state = new_game(CAMPAIGN, seed=2)
    result = _attempt(state, "bram")  # Athletics +5 beats Survival +3 and Nature -1
    assert result["rolls"][0]["check"] == "Strength (Athletics) check"


def test_an_easier_way_of_the_same_skill_is_taken_while_it_is_open() -> None:
    """An alternative of the challenge's own skill with an easier DC (a guide's lead): asked
    for by that skill, the open easier way is rolled, not the challenge's own DC."""
    easier = {"skill": "survival", "dc": 5, "when": {"has_item": "brass astrolabe"}}
    state = new_game(parse_campaign(_with({"alternatives": [easier]}), FOLDER / "campaign.toml"), 2)
    hard = _attempt(state, "sela", skill="survival")["rolls"][0]
    state = new_game(parse_campaign(_with({"alternatives": [easier]}), FOLDER / "campaign.toml"), 2)
    state.party["sela"].inventory.append("brass astrolabe")
    easy = _attempt(state, "sela", skill="survival")["rolls"][0]
    assert easy["dc"] == 5 and hard["dc"] != 5


def test_help_gives_advantage_and_is_refused_when_it_cannot_be_given() -> None:
    state = new_game(CAMPAIGN, seed=2)
    args = a.ChallengeArgs(challenge_id="open_strongbox", character_id="bram", helper_id="sela")
    result = attempt_challenge_tool(args, state).result
    assert result["helped_by"] == "sela" and result["rolls"][0]["advantage"] == "advantage"
    state.challenges.pop("open_strongbox", None)
    with pytest.raises(ToolError, match="cannot help their own"):
        attempt_challenge_tool(args.model_copy(update={"helper_id": "bram"}), state)
    state.party["sela"].conditions.append(ActiveCondition(condition=Condition.PARALYZED))
    check = a.CalmCheckArgs(character_id="bram", skill="athletics", dc=10,
                               reason="climb the palm", helper_id="sela")  # fmt: skip
    with pytest.raises(ToolError, match="paralyzed"):
        ability_check_tool(check, state)


def test_a_generic_check_with_help_has_advantage() -> None:
    state = new_game(CAMPAIGN, seed=2)
    check = a.CalmCheckArgs(character_id="bram", skill="athletics", dc=10,
                               reason="climb the palm", helper_id="sela")  # fmt: skip
    result = ability_check_tool(check, state).result
    assert result["advantage"] == "advantage" and result["helped_by"] == "sela"


def _simulate(tmp_path: Path, lines: str, seed: int = 3) -> str:
    script = tmp_path / "play.txt"
    script.write_text(lines, encoding="utf-8")
    run = ["simulate", str(FOLDER), "--script", str(script), "--seed", str(seed)]
    return CliRunner().invoke(app, run).stdout


def test_the_referee_plays_a_skill_challenge_help_and_a_named_way(tmp_path: Path) -> None:
    out = _simulate(
        tmp_path,
        "Bram: cross the dunes\n"
        "Sela: I help Bram open the strongbox\n"
        "Sela: take the astrolabe\n"
        "Sela: I read the stars with the astrolabe to cross the dunes\n",
    )
    assert "(Successes 0 of 3; failures 1 of 2.)" in out, out
    assert "Sela helps Bram." in out and "Bram: open the strongbox DC 18: 2d20kh1" in out, out
    assert "Sela: cross the dunes (Arcana) DC 12" in out, out


@pytest.mark.parametrize(
    ("scene", "read"),
    [("caravanserai", "spill out from behind the camels"), ("qasr", "loping between the palms")],
)
def test_a_fights_text_follows_where_it_starts(scene: str, read: str) -> None:
    state = new_game(CAMPAIGN, seed=2)
    state.scene = state.scenes[scene]
    start_encounter(state, "jackals")
    assert state.encounter is not None and read in state.encounter.reason


def test_a_way_with_no_skill_is_asked_for_by_its_words_and_rolled_as_its_ability() -> None:
    """``{ ability = "con", words = ["push on through the heat"] }``: the player who says
    those words rolls Constitution; the engine refuses a way the obstacle does not give."""
    grit = {"ability": "con", "words": ["push on through the heat"]}
    campaign = parse_campaign(_with({"alternatives": [grit]}), FOLDER / "campaign.toml")
    state = new_game(campaign, seed=2)
    result = _attempt(state, "bram", ability="con")
    assert result["rolls"][0]["check"].startswith("Constitution"), result
    with pytest.raises(ToolError, match="is not met with Wisdom here"):
        _attempt(new_game(campaign, seed=2), "bram", ability="wis")
    spec = campaign.challenges["cross_dunes"]
    assert way_asked(state, spec, "I push on through the heat, teeth gritted") == {"ability": "con"}
    assert way_asked(state, spec, "I find the way") == {}


def test_an_open_ways_words_start_the_challenge() -> None:
    """ "I read the stars" asks for the dunes' crossing by the Arcana way, while someone
    carries the astrolabe — not before (then the words name no deed here)."""
    state = new_game(CAMPAIGN, seed=2)
    state.party["sela"].inventory.append("brass astrolabe")
    reading = understand("I read the stars", "sela", state, CAMPAIGN)
    assert reading.kind == "challenge" and reading.targets == ("cross_dunes",)


def test_an_easier_way_while_a_companion_is_along() -> None:
    """``{ skill = "survival", dc = 5, when = { present = "wendel" } }``: the guide's way
    is open (and rolled, as the easier) only while Wendel travels with the party."""
    along = {"skill": "survival", "dc": 5, "when": {"present": "wendel"}}
    campaign = parse_campaign(_with({"alternatives": [along]}), FOLDER / "campaign.toml")
    dcs = []
    for joined in (False, True):
        state = new_game(campaign, seed=2)
        state.flags["wendel_joined"] = joined
        dcs.append(_attempt(state, "sela")["rolls"][0]["dc"])
    assert dcs == [12, 5]

"""Advancement in play: XP for fights, story awards and milestones, the award_xp tool, and
taking a level with /levelup — in the shipped campaign (which levels by XP) and in copies
set to level by milestone or not at all."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError
from typer.testing import CliRunner

from app.actions.advancement_tools import AwardXpArgs, award_xp_tool, ready, take_level
from app.actions.args import EndCombatArgs
from app.actions.campaign_tools import apply_effects, start_encounter
from app.actions.fight_tools import end_combat_tool
from app.actions.registry import ToolError
from app.actions.sets import CAMPAIGN_EXPLORATION_TOOLS, COMBAT_TOOLS
from app.cli.main import app
from app.dm.context import roster
from app.session.levelling import level_up_command
from app.session.session import GameSession
from app.session.setup import start_session
from app.world.campaign import Campaign
from app.world.campaignfile import CampaignError, load_campaign, parse_campaign
from app.world.challengespec import Effects
from app.world.folders import CAMPAIGNS_DIR
from app.world.tied import BOUND
from rules.abilities import Ability
from rules.conditions import ActiveCondition, Condition
from rules.damage import LifeState
from tests.app.conftest import narration, turn

CAMPAIGN = load_campaign(CAMPAIGNS_DIR / "crossroads")
SCRIPTS = CAMPAIGNS_DIR / "crossroads" / "scripts"


def advancing(how: str) -> Campaign:
    """The shipped campaign, levelling its party another way."""
    meta = CAMPAIGN.campaign.model_copy(update={"advancement": how})
    return CAMPAIGN.model_copy(update={"campaign": meta})


def session_of(campaign: Campaign = CAMPAIGN, seed: int = 3) -> GameSession:
    return start_session(campaign, seed)


def kinds(events: list[Any], kind: str = "xp") -> list[str]:
    return [e.description for e in events if getattr(e, "kind", None) == kind]


def test_a_fight_gives_the_xp_of_the_foes_killed_or_surrendered_shared_among_the_living() -> None:
    state = session_of().state
    state.visited.append("cellar")
    start_encounter(state, "cellar_rats")  # three giant rats, 25 XP each
    rats = [cid for cid in state.creatures if cid.startswith("giant-rat")]
    for rat in rats[:2]:
        vitals = state.creatures[rat].vitals
        state.creatures[rat].vitals = vitals.model_copy(update={"hp": 0, "state": LifeState.DEAD})
    state.creatures[rats[2]].left = "fled"  # a foe that ran away was not defeated
    aria = state.party["aria"]
    aria.vitals = aria.vitals.model_copy(update={"hp": 0, "state": LifeState.DEAD})
    outcome = end_combat_tool(EndCombatArgs(reason="the rats are beaten"), state)
    assert outcome.result["xp"] == 50
    # 50 XP between the two living; the level-3 pregens count from 900
    assert [state.party[c].xp for c in ("mira", "thorin", "aria")] == [925, 925, 0]
    assert kinds(outcome.events) == [
        "Mira gains 25 XP (the fight): 925 XP",
        "Thorin gains 25 XP (the fight): 925 XP",
    ]
    assert any("Thorin gains 25 XP" in c.text for c in state.changes)  # the DM hears of it


def test_a_foe_taken_prisoner_gives_its_xp_as_one_killed() -> None:
    state = session_of().state
    state.visited.append("cellar")
    start_encounter(state, "cellar_rats")
    rats = [cid for cid in state.creatures if cid.startswith("giant-rat")]
    for rat in rats:
        state.creatures[rat].conditions.append(
            ActiveCondition(condition=Condition.INCAPACITATED, source="thorin", note=BOUND)
        )
    outcome = end_combat_tool(EndCombatArgs(reason="all three trussed up"), state)
    assert outcome.result["xp"] == 75


def test_a_campaign_that_does_not_advance_gives_no_xp_for_fights() -> None:
    state = session_of(advancing("none")).state
    start_encounter(state, "cellar_rats")
    for creature in state.creatures.values():
        creature.vitals = creature.vitals.model_copy(update={"hp": 0, "state": LifeState.DEAD})
    outcome = end_combat_tool(EndCombatArgs(reason="done"), state)
    assert "xp" not in outcome.result and not kinds(outcome.events)
    assert all(sheet.xp == 0 for sheet in state.party.values())


def test_an_effect_awards_xp_and_tells_who_can_reach_a_new_level() -> None:
    state = session_of().state
    events, summary = apply_effects(state, Effects(xp=5400), None, "the goblins are gone")
    assert summary["xp"] == {"mira": 1800, "thorin": 1800, "aria": 1800}
    assert "Thorin can reach level 4 — type /levelup" in kinds(events)
    assert ready(state) == ["mira", "thorin", "aria"]


def test_a_milestone_grants_each_living_member_their_next_level() -> None:
    state = session_of(advancing("milestone")).state
    events, summary = apply_effects(state, Effects(level_up=True), None, "Tam is home")
    assert summary["milestone"] == ["mira", "thorin", "aria"]
    assert state.party["mira"].xp == 2700
    apply_effects(state, Effects(level_up=True), None, "a second milestone")
    assert state.party["mira"].xp == 6500  # two levels owed, taken one at a time
    assert "Mira can reach level 4 — type /levelup" in kinds(events)


def test_award_xp_is_offered_in_campaign_exploration_only() -> None:
    assert "award_xp" in CAMPAIGN_EXPLORATION_TOOLS.names
    assert "award_xp" not in COMBAT_TOOLS.names


def test_award_xp_follows_the_campaigns_advancement() -> None:
    state = session_of().state
    outcome = award_xp_tool(
        AwardXpArgs(amount=90, reason="a clever plan", character_ids=["mira"]), state
    )
    assert outcome.result["xp"] == {"mira": 90} and state.party["mira"].xp == 990
    with pytest.raises(ToolError, match="levels by XP"):
        award_xp_tool(AwardXpArgs(milestone=True, reason="x"), state)
    with pytest.raises(ToolError, match="unknown character"):
        award_xp_tool(AwardXpArgs(amount=5, reason="x", character_ids=["bob"]), state)
    milestone = session_of(advancing("milestone")).state
    with pytest.raises(ToolError, match="milestones"):
        award_xp_tool(AwardXpArgs(amount=5, reason="x"), milestone)
    granted = award_xp_tool(AwardXpArgs(milestone=True, reason="the hall is taken"), milestone)
    assert granted.result["can_level_up"] == ["Mira", "Thorin", "Aria"]
    with pytest.raises(ToolError, match="does not advance"):
        award_xp_tool(AwardXpArgs(amount=5, reason="x"), session_of(advancing("none")).state)
    with pytest.raises(ValidationError, match="one of them"):
        AwardXpArgs(reason="both", amount=5, milestone=True)
    with pytest.raises(ValidationError):
        AwardXpArgs(reason="too much", amount=10**6)


def test_levels_are_taken_out_of_combat_only_and_only_when_experience_allows() -> None:
    state = session_of().state
    with pytest.raises(ToolError, match="needs 2700 XP"):
        take_level(state, "thorin", asi={Ability.STR: 2})
    apply_effects(state, Effects(xp=5400), None, "a deed")
    start_encounter(state, "cellar_rats")
    with pytest.raises(ToolError, match="between fights"):
        take_level(state, "thorin", asi={Ability.STR: 2})
    assert state.party["thorin"].level == 3


def test_levelup_lists_the_offer_then_takes_the_level_with_the_roll_in_the_log() -> None:
    session = session_of()
    assert not level_up_command(session, "").ok  # nobody can yet
    apply_effects(session.state, Effects(xp=5400), None, "a deed")
    offer = level_up_command(session, "Aria")
    assert offer.ok and not offer.events
    assert "Aria can reach level 4 (Wizard)" in offer.text and "Misty Step" in offer.text
    refused = level_up_command(session, "Aria roll int+2 cure wounds")
    assert not refused.ok and "Wizard spell list" in refused.text
    assert session.state.party["aria"].level == 3  # a refusal changes nothing
    example = offer.text.split("Type: /levelup Aria roll int+2 ", 1)[1]
    assert example.startswith("shocking grasp, ")  # the example names every choice
    short = level_up_command(session, "Aria roll int+2 misty step, shatter")
    assert not short.ok and session.state.party["aria"].level == 3  # a cantrip left out
    assert "name 1 cantrip too, from: Shocking Grasp, Acid Splash" in short.text
    assert "Misty Step" not in short.text.split("from:")[1]  # (the cantrips only)
    taken = level_up_command(session, "aria roll int+2 acid splash, misty step, shatter")
    assert taken.ok and taken.result is not None
    roll = next(e for e in taken.events if e.type == "dice_roll")
    assert roll.character_name == "Aria" and roll.reason == "hit points for level 4"
    aria = session.state.party["aria"]
    assert aria.level == 4 and aria.abilities.intelligence == 19
    assert {"acid_splash", "misty_step", "shatter"} <= set(aria.spells)
    assert aria.spell_slots.maximum == {1: 4, 2: 3}
    assert "Aria reaches level 4" in session.state.changes[-1].text


def test_levelup_says_what_is_wrong_with_a_line_it_cannot_read() -> None:
    session = session_of()
    reply = level_up_command(session, "Thorin roll str+3")
    assert not reply.ok and "'str+3' is not a character, a choice or a spell" in reply.text
    reply = level_up_command(session, "Thorin roll luck+2")
    assert not reply.ok and "unknown ability" in reply.text


def test_the_dm_sees_each_characters_level_and_xp() -> None:
    state = session_of().state
    assert "(Dwarf Fighter 3, 900 XP)" in roster(state)
    apply_effects(state, Effects(xp=5400), None, "a deed")
    assert "(Dwarf Fighter 3, 2700 XP, level 4 ready)" in roster(state)
    assert "XP" not in roster(session_of(advancing("none")).state)


def test_an_unknown_advancement_is_a_campaign_error(tmp_path: Any) -> None:
    data = CAMPAIGN.model_dump(mode="json", by_alias=True, exclude_defaults=True)
    data["campaign"]["advancement"] = "levels"
    with pytest.raises(CampaignError, match=r"campaign\.advancement: .* use one of the listed"):
        parse_campaign(data, tmp_path / "campaign.toml")


def test_the_shipped_campaigns_victory_brings_the_party_to_level_4() -> None:
    """Played as a player would, with the offline referee: XP for every fight, the ending's
    award, and the news that each survivor can take level 4."""
    result = CliRunner().invoke(
        app, ["simulate", "crossroads", "--script", str(SCRIPTS / "victory.txt"), "--seed", "1",
              "--until-end"],
    )  # fmt: skip
    assert result.exit_code == 0, result.stdout[-2000:]
    assert "[xp] Thorin gains 25 XP (the fight): 925 XP" in result.stdout
    assert "[xp] Thorin can reach level 4 — type /levelup" in result.stdout


async def test_the_referee_answers_players_asking_about_levels() -> None:
    session = session_of()
    events = await turn(session, ("mira", "can I level up yet?"))
    said = narration(events)
    assert "Mira is level 3 with 900 XP (2700 for the next)" in said
    assert "/levelup" in said
    apply_effects(session.state, Effects(xp=5400), None, "a deed")
    events = await turn(session, ("thorin", "how much xp do we have"))
    assert "Thorin can reach level 4 — type /levelup" in narration(events)
    quiet = session_of(advancing("none"))
    events = await turn(quiet, ("mira", "I want to level up"))
    assert "does not level its characters" in narration(events)


def test_levelup_in_an_adventure_that_does_not_level_says_so() -> None:
    reply = level_up_command(session_of(advancing("none")), "")
    assert not reply.ok and "does not level its characters" in reply.text

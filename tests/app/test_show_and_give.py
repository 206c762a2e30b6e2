"""Showing and giving carried things to people of the story: a deed the ledger keeps
(``showed.<item>.<npc>``, ``gave.<item>.<npc>``), conditions triggers and endings test
(``{ showed = "receipt", to = "malik" }``), the person's answer in the campaign's words,
and the offline referee reading "show Malik the receipt" and "give the locket to Wendel".
And the words people answer to: topics asked by other words, topics told as narration."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

import pytest

from app.actions.args import TalkArgs
from app.actions.campaign_tools import talk_tool
from app.actions.handing import PresentItemArgs, present_item_tool
from app.actions.registry import ToolError
from app.saves.document import load_game, save_game
from app.session.setup import session_for
from app.world.campaignfile import CampaignError, load_campaign, parse_campaign
from app.world.facts import holds
from app.world.newgame import new_game
from app.world.state import GameState, Tally
from app.world.validate import validate_campaign
from app.world.when import Fact
from tests.app.referee_lines import play

FOLDER = Path(__file__).resolve().parents[1] / "data" / "campaigns" / "sand_road"
CAMPAIGN = load_campaign(FOLDER)


def at_the_well() -> GameState:
    state = new_game(CAMPAIGN, seed=4)
    state.scene = state.scenes["qasr"]
    state.party["bram"].inventory.append("receipt")
    return state


def test_the_tool_shows_keeps_the_item_and_answers_in_the_campaigns_words() -> None:
    state = at_the_well()
    args = PresentItemArgs(character_id="bram", item="receipt", npc_id="Malik")
    result = present_item_tool(args, state).result
    assert result["says"].startswith("Malik reads the receipt twice")
    assert "receipt" in state.party["bram"].inventory
    assert holds(Fact(showed="receipt", to="malik"), state)
    assert holds(Fact(showed="receipt"), state) and not holds(Fact(gave="receipt"), state)
    assert not holds(Fact(showed="receipt", to="wendel"), state)


def test_a_gift_leaves_the_pack_and_counts_as_shown_too() -> None:
    state = at_the_well()
    args = PresentItemArgs(character_id="sela", item="locket", npc_id="wendel", action="give")
    outcome = present_item_tool(args, state)
    assert "tin locket" not in state.party["sela"].inventory and outcome.events
    assert holds(Fact(gave="locket", to="wendel"), state)
    assert holds(Fact(showed="locket", to="wendel"), state)


@pytest.mark.parametrize(
    ("who", "item", "npc", "says"),
    [
        ("sela", "receipt", "malik", "does not carry"),
        ("bram", "receipt", "berta", "not here; people here: Malik"),
    ],
)
def test_the_tool_refuses_what_cannot_be_shown(who: str, item: str, npc: str, says: str) -> None:
    with pytest.raises(ToolError, match=says):
        present_item_tool(PresentItemArgs(character_id=who, item=item, npc_id=npc), at_the_well())


async def test_the_referee_shows_and_gives_and_the_story_ends_on_it() -> None:
    state = at_the_well()
    session = session_for(state)
    referee = await play(session, "bram", "show Malik the receipt")
    assert [c.name for c in referee.made] == ["present_item"]
    assert state.flags.get("debt_paid") is True  # the trigger heard it
    referee = await play(session, "sela", "I give the locket to Wendel")
    assert [c.name for c in referee.made] == ["present_item"]
    assert "tin locket" not in state.party["sela"].inventory
    assert state.ending == "debt_paid"


async def test_the_referee_reads_show_x_to_y() -> None:
    state = at_the_well()
    referee = await play(session_for(state), "bram", "I show the receipt to Malik")
    assert referee.made and referee.made[0].name == "present_item"
    assert holds(Fact(showed="receipt", to="malik"), state)


def _raw() -> dict[str, Any]:
    return copy.deepcopy(tomllib.loads((FOLDER / "campaign.toml").read_text(encoding="utf-8")))


def test_the_validator_checks_what_is_handed_over_and_to_whom() -> None:
    data = _raw()
    data["triggers"][0]["when"] = {"gave": "ring", "to": "malek"}
    data["npcs"]["malik"]["shown"]["ledger"] = "'Mine.'"
    found = {p.where: p.message for p in validate_campaign(parse_campaign(data, FOLDER))}
    assert "no item 'ring'" in found["triggers[0] (debt_forgiven).when.gave"]
    assert "did you mean 'malik'" in found["triggers[0] (debt_forgiven).when.to"]
    assert "no item 'ledger'" in found["npcs.malik.shown.ledger"]
    data["triggers"][0]["when"] = {"flag": "x", "to": "malik"}
    with pytest.raises(CampaignError, match="'to' goes with 'gave' or 'showed'"):
        parse_campaign(data, FOLDER)


# -- topics with other words, and topics told as narration ----------------------------------


async def test_a_topic_is_asked_by_its_other_words() -> None:
    state = at_the_well()
    referee = await play(session_for(state), "bram", "ask Malik about the money")
    assert any(n.startswith("Malik: 'Forty silver") for n in referee.notes), referee.notes


async def test_a_narrated_topic_is_told_as_it_is_written() -> None:
    state = at_the_well()
    referee = await play(session_for(state), "bram", "Malik, can I see your books?")
    assert any(n.startswith("Malik spreads the ledger open") for n in referee.notes), referee.notes
    assert not any(n.startswith("Malik: Malik spreads") for n in referee.notes)


def test_the_llm_dms_talk_to_takes_another_word_and_says_how_it_is_told() -> None:
    state = at_the_well()
    said = talk_tool(TalkArgs(npc_id="malik", topic="silver"), state).result
    assert said["topic"] == "debt" and said["says"].startswith("'Forty silver")
    told = talk_tool(TalkArgs(npc_id="malik", topic="accounts"), state).result
    assert told["topic"] == "ledger" and told["told_as"] == "narration, not their words"


# -- a person's own reply to what was judged; judgments that rule each other out -------------


async def test_a_judged_remark_gets_the_persons_own_reply() -> None:
    state = at_the_well()
    referee = await play(session_for(state), "bram", "Malik, have pity on us")
    assert any(n.startswith("'Forgiveness,' says Malik") for n in referee.notes), referee.notes
    assert [j.watch for j in state.truth.judgments] == ["mercy"]


async def test_a_threat_is_not_mercy() -> None:
    state = at_the_well()
    referee = await play(session_for(state), "bram", "Malik, forgive the debt or else")
    assert [j.watch for j in state.truth.judgments] == ["threat"]
    assert any(n.startswith("Malik's pen stops") for n in referee.notes), referee.notes
    assert state.truth.score("trust.malik") < 0


def test_the_validator_checks_what_a_judgment_excludes() -> None:
    data = _raw()
    data["judgments"]["threat"]["excludes"] = ["mercey"]
    found = {p.where: p.message for p in validate_campaign(parse_campaign(data, FOLDER))}
    assert "did you mean 'mercy'" in found["judgments.threat.excludes[0]"]


async def test_a_save_keeps_what_was_shown_and_a_skill_challenges_count(tmp_path: Path) -> None:
    state = at_the_well()
    await play(session_for(state), "bram", "show Malik the receipt")
    state.tallies["cross_dunes"] = Tally(successes=1, failures=1)
    save_game(state, "kept", tmp_path)
    back = load_game("kept", tmp_path)
    assert holds(Fact(showed="receipt", to="malik"), back)
    assert back.tallies["cross_dunes"] == Tally(successes=1, failures=1)

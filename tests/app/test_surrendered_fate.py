"""A choice over a foe who surrendered, once the fight is over — spare, bind or execute:
the engine's ``decide_fate`` for every DM, conditions the campaign tests (``spared``,
``bound``, ``executed``), and the offline referee reading "let it go", "tie it up". And
companions, who travel with the party and are talked to anywhere, and words declared to be
places ("head to camp" is a move, not a long rest)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from app.actions.campaign_tools import start_encounter
from app.actions.fates import DecideFateArgs, decide_fate_tool
from app.actions.registry import ToolError
from app.session.setup import session_for
from app.understanding import understand
from app.world.campaignfile import CampaignError, load_campaign, parse_campaign
from app.world.facts import holds, update_defeated
from app.world.folders import CAMPAIGNS_DIR
from app.world.mercy import at_mercy
from app.world.newgame import new_game
from app.world.state import GameState
from app.world.view import npcs_here, scene_notes
from app.world.when import Fact
from rules.conditions import Condition
from rules.damage import LifeState
from tests.app.referee_lines import play

FOLDER = Path(__file__).resolve().parents[1] / "data" / "campaigns" / "sand_road"
CAMPAIGN = load_campaign(FOLDER)


def surrendered() -> GameState:
    """The pack fought in the caravanserai, and gave up: both wolves at the party's mercy."""
    state = new_game(CAMPAIGN, seed=6)
    start_encounter(state, "jackals")
    for creature in state.creatures.values():
        creature.left = "surrendered"
    state.encounter = None
    update_defeated(state)
    return state


def test_each_fate_is_carried_out_and_kept() -> None:
    state = surrendered()
    first, second = at_mercy(state)
    decide_fate_tool(DecideFateArgs(creature_id=first, fate="bind"), state)
    assert any(c.condition is Condition.RESTRAINED for c in state.creatures[first].conditions)
    decide_fate_tool(DecideFateArgs(creature_id=second, fate="execute"), state)
    assert state.creatures[second].vitals.state is LifeState.DEAD
    assert holds(Fact(bound="jackals"), state) and holds(Fact(executed="jackals"), state)
    assert not holds(Fact(spared="jackals"), state) and at_mercy(state) == []
    with pytest.raises(ToolError, match="already bound"):
        decide_fate_tool(DecideFateArgs(creature_id=first, fate="spare"), state)


def test_a_fate_waits_for_the_end_of_the_fight() -> None:
    state = new_game(CAMPAIGN, seed=6)
    start_encounter(state, "jackals")
    wolf = next(iter(state.creatures))
    with pytest.raises(ToolError, match="once the fight is over"):
        decide_fate_tool(DecideFateArgs(creature_id=wolf, fate="spare"), state)


async def test_the_referee_asks_which_then_spares_the_one_named() -> None:
    state = surrendered()
    session = session_for(state)
    referee = await play(session, "bram", "let it go")
    assert referee.made == [] and any(n.startswith("Which of them?") for n in referee.notes)
    referee = await play(session, "bram", "we spare wolf 1")
    assert [c.name for c in referee.made] == ["decide_fate"]
    assert state.truth.seen("spared.jackals")
    assert state.fired_triggers.get("pack_spared") == 1


async def test_the_referee_executes_a_foe_at_mercy() -> None:
    state = surrendered()
    session = session_for(state)
    for wolf in ("wolf 1", "wolf 2"):
        await play(session, "sela", f"execute {wolf}")
    assert all(c.vitals.state is LifeState.DEAD for c in state.creatures.values())
    assert holds(Fact(killed="jackals"), state) and holds(Fact(executed="jackals"), state)


# -- companions ------------------------------------------------------------------------------


async def test_a_companion_travels_with_the_party_and_is_talked_to_anywhere() -> None:
    state = new_game(CAMPAIGN, seed=6)
    assert "wendel" not in npcs_here(state, CAMPAIGN)
    state.scene = state.scenes["qasr"]
    session = session_for(state)
    await play(session, "bram", "Wendel, will you come with us?")
    assert state.flags.get("wendel_joined") is True
    state.scene = state.scenes["caravanserai"]
    assert npcs_here(state, CAMPAIGN) == ["wendel"] and holds(Fact(present="wendel"), state)
    referee = await play(session, "sela", "ask Wendel about the well")
    assert any(n.startswith("Wendel: 'Deepest well") for n in referee.notes), referee.notes


def test_a_companions_condition_may_not_ask_who_is_present() -> None:
    data = tomllib.loads((FOLDER / "campaign.toml").read_text(encoding="utf-8"))
    data["npcs"]["wendel"]["companion"] = {"any": [{"present": "malik"}, {"flag": "x"}]}
    with pytest.raises(CampaignError, match="may not ask who is present"):
        parse_campaign(data, FOLDER)


# -- a word declared a place -----------------------------------------------------------------


@pytest.mark.parametrize("line", ["we head to camp", "go back to camp", "we return to camp"])
def test_a_word_declared_a_place_is_a_way_to_go_not_a_rest(line: str) -> None:
    state = new_game(CAMPAIGN, seed=6)
    state.scene = state.scenes["qasr"]
    intent = understand(line, "bram", state, CAMPAIGN)
    assert (intent.kind, intent.targets) == ("move", ("caravanserai",)), intent


def test_making_camp_is_still_a_rest() -> None:
    state = new_game(CAMPAIGN, seed=6)
    state.scene = state.scenes["qasr"]
    assert understand("we make camp", "bram", state, CAMPAIGN).kind == "rest"


def test_the_dms_notes_name_the_foes_at_the_partys_mercy() -> None:
    state = surrendered()
    notes = scene_notes(state, CAMPAIGN)
    assert "At the party's mercy (surrendered, or left helpless by the fight): Wolf 1" in notes
    assert "decide_fate" in notes
    decide_fate_tool(DecideFateArgs(creature_id=at_mercy(state)[0], fate="spare"), state)
    decide_fate_tool(DecideFateArgs(creature_id=at_mercy(state)[0], fate="spare"), state)
    assert "mercy" not in scene_notes(state, CAMPAIGN)


async def test_words_about_no_one_at_mercy_are_not_a_choice() -> None:
    state = surrendered()
    decide_fate_tool(DecideFateArgs(creature_id=at_mercy(state)[0], fate="spare"), state)
    referee = await play(session_for(state), "bram", "I coil the rope")  # one left at mercy
    assert at_mercy(state) and all(c.name != "decide_fate" for c in referee.made)
    referee = await play(session_for(state), "bram", "tie it up")
    assert [c.name for c in referee.made] == ["decide_fate"] and not at_mercy(state)


def test_a_foe_who_gave_up_stays_to_be_talked_to_without_an_appears() -> None:
    """A person met only as a foe (no scene lists her, no ``appears``): having given up, she
    stays where she yielded, to beg or bargain (the guide says so), and can be talked to —
    an author once had to add an ``appears`` for it."""
    folder = CAMPAIGNS_DIR / "drowned_bell"
    raw = tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))
    raw["npcs"]["maelis"].pop("appears", None)
    for scene in raw["scenes"].values():
        scene["npcs"] = [n for n in scene.get("npcs", []) if n != "maelis"]
    story = parse_campaign(raw, folder / "campaign.toml")
    state = new_game(story, seed=1)
    state.scene.id = "chapel"
    start_encounter(state, "warden")
    assert "maelis" not in npcs_here(state, story)
    sister = next(c for c in state.creatures.values() if c.npc == "maelis")
    sister.left = "surrendered"
    state.encounter = None
    assert "maelis" in npcs_here(state, story)
    assert holds(Fact(present="maelis"), state)

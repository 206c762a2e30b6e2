"""Slips in what the players read: the journal places people where the party was with
them, never where the story merely named them; what the players' words cause is told
after the answer to them; a save that only blinds is told as blinding, not as damage
dodged."""

from __future__ import annotations

from app.actions.campaign_tools import enter_scene
from app.actions.monster_actions import _area
from app.referee.answers import answer_text
from app.referee.referee import OfflineReferee
from app.session.setup import session_for, start_session
from app.understanding import understand
from app.world.arrivals import note_arrivals
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.journal import npcs_met
from app.world.turnrecord import TurnRecord
from app.world.wording import bare, the, the_start
from rules.conditions import Condition
from tests.app.referee_lines import play
from tests.referee_corpus import Situation, build_situation


def test_the_journal_never_says_someone_was_met_where_they_were_not() -> None:
    state = start_session(load_campaign(CAMPAIGNS_DIR / "crossroads"), 11).state
    state.flags["trapdoor_open"] = True
    state.defeated.append("cellar_rats")  # the rats are beaten: the way back is free
    enter_scene(state, "cellar", "the party climbs down")
    note_arrivals(state)  # nobody here: Tam is still hiding
    enter_scene(state, "inn", "back up the ladder")
    note_arrivals(state)
    state.flags["tam_found"] = True  # found by someone else, while the party is upstairs
    said = "Berta: 'Tam's my potboy, a skinny lad of twelve.'"
    state.history.append(TurnRecord(number=1, actions=[], narrative=said))
    met = {m.name: m.where for m in npcs_met(state, state.campaign)}
    assert met == {"Berta": "The Crossroads Inn"}


async def test_what_words_cause_is_told_after_the_answer_to_them() -> None:
    state = build_situation(
        Situation.model_validate({"campaign": "drowned_bell", "scene": "harbour", "met": ["nessa"]})
    )
    await play(session_for(state), "ione", "Don't worry, Nessa, we'll find your brother Corin")
    told = state.history[-1].narrative
    answer, caused = told.find("Nessa: '"), told.find("Nessa wipes her face")
    assert 0 <= answer < caused, told


def test_a_save_against_a_condition_alone_is_told_without_damage() -> None:
    chapel = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "wren"}
    state = build_situation(Situation.model_validate(chapel))
    warden = next(c.id for c in state.creatures.values() if c.hostile)
    block = state.monster(state.creatures[warden].monster or "")
    toll = block.action("toll")
    flash = toll.model_copy(update={"save_damage": None, "save_damage_type": None,
                                    "condition": Condition.BLINDED, "save_dc": 30})  # fmt: skip
    party = list(state.party)
    _, result = _area(state, warden, party, flash)
    caught = [hit for hit in result["targets"] if not hit["saved"]]
    assert caught and all(hit["condition"] == "blinded" for hit in caught)
    referee = OfflineReferee(state.campaign)
    referee._after_monster(state, warden, {**result, "action": "toll"}, [])
    told = " ".join(referee.notes)
    assert "damage" not in told and "dodges the worst" not in told
    assert f"{state.name_of(caught[0]['target'])} is blinded." in told


def test_an_authors_article_is_never_doubled() -> None:
    assert the("a brass astrolabe") == "the brass astrolabe"
    assert bare("a rusty hook") == "rusty hook" and bare("The Dunes") == "Dunes"
    assert the_start("the dunes") == "The dunes" and the_start("Old Road") == "The Old Road"
    state = start_session(load_campaign(CAMPAIGNS_DIR / "crossroads"), 11).state
    way = state.campaign.scenes["inn"].exits[0]
    state.campaign.scenes["inn"].exits[0] = way.model_copy(update={"name": "the dunes"})
    intent = understand("what is the dunes?", "mira", state, state.campaign)
    said = answer_text(state, state.campaign, intent)
    assert "the the" not in said.lower() and said.startswith("The dunes lead to")

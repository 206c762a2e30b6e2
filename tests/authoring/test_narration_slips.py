"""Slips in what the players read: the journal places people where the party was with
them, never where the story merely named them; what the players' words cause is told
after the answer to them."""

from __future__ import annotations

from app.dm.tools.campaign_tools import enter_scene
from app.session.setup import session_for, start_session
from app.world.arrivals import note_arrivals
from app.world.campaign import CAMPAIGNS_DIR, load_campaign
from app.world.journal import npcs_met
from app.world.state import TurnRecord
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

"""Wording a player meets: no judgment ids in the journal, a score that moved while the
party was elsewhere says why, people and foes spoken of with their pronouns, and a name
that has its article never reads "the the"."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from app.referee.sights import exits_text
from app.saves import list_saves, load_game, save_game
from app.session.boundary import scene_boundary
from app.session.panels import panels
from app.session.setup import session_for, start_session
from app.session.triggers import run_triggers
from app.world.campaign import OffscreenSpec
from app.world.campaignfile import load_campaign
from app.world.challengespec import Effects
from app.world.folders import CAMPAIGNS_DIR
from app.world.journal import journal, journal_lines
from app.world.ledger import RelationshipShifted
from app.world.newgame import new_game
from app.world.npcspec import NPCSpec
from app.world.pronouns import possessive, pronoun_of
from app.world.state import GameState
from app.world.wording import the
from tests.app.conftest import narration, turn
from tests.app.event_world import campaign_of, judge, trigger, world
from tests.app.test_monster_traits import run, turn_of


async def test_the_journal_says_why_feelings_moved_without_a_judgment_id() -> None:
    state = new_game(load_campaign(CAMPAIGNS_DIR / "drowned_bell"), seed=3)
    session = session_for(state)
    await turn(session, ("ione", "say to Nessa: we will find him, I promise"))
    text = "\n".join(journal_lines(journal(state)))
    assert "last moved: trust +1 with Ione — Ione: “say to Nessa: we will find him" in text
    assert "(j1)" not in text and "j1 " not in text


def test_a_reason_from_an_older_game_loses_its_judgment_id_in_the_journal() -> None:
    state = world()
    state.flags["met_berta"] = True
    for reason in ("Mira: “chin up” (j4)", "j4 berta_reassured"):
        state.truth.fresh = [
            RelationshipShifted(npc="berta", dimension="trust", delta=1, value=1, reason=reason)
        ]
        text = "\n".join(journal_lines(journal(state)))
        assert "last moved: trust +1 — " in text and "j4" not in text


def test_a_score_moved_while_the_party_was_away_says_why() -> None:
    state = world()
    state.flags["met_tam"] = state.flags["met_berta"] = True
    campaign_of(state).offscreen += [
        OffscreenSpec(id="rumour", npc="tam", effects=Effects(shift={"trust.tam": -1})),
        OffscreenSpec(
            id="gossip",
            npc="berta",
            effects=Effects(
                text="Word of the cellar reaches Berta. She frowns.", shift={"trust.berta": -1}
            ),
        ),
    ]
    trigger(state, "warm", {"judged": "kind_words"}, effects={"shift": {"affection.berta": 2}})
    made = judge(state, "kind_words", 0.8)
    run_triggers(state, "before_dm")
    made.status = "contradicted"
    state.truth.revised.append("warm")
    state.scene.id = "old_road"
    done = scene_boundary(state, "inn")
    said = [e.description for e in done.events if e.type == "state_change"]
    assert "Tam trusts you less — trust -1 (while you were elsewhere)" in said
    assert "Berta trusts you less — trust -1 (Word of the cellar reaches Berta)" in said
    assert any(s.startswith("Berta cools towards you") and "(taken back" in s for s in said)
    lines = "\n".join(journal_lines(journal(state)))
    assert "off-screen" not in lines and "rumour" not in lines


def test_pronouns_default_by_who_is_named_and_can_be_set() -> None:
    npc = NPCSpec(name="Sela", greeting="Hi.", pronoun="she")
    assert npc.pronoun == "she" and NPCSpec(name="Odo", greeting="Hi.").pronoun is None
    with pytest.raises(ValidationError):
        NPCSpec(name="Odo", greeting="Hi.", pronoun="xe")  # type: ignore[arg-type]
    session = start_session(load_campaign(CAMPAIGNS_DIR / "crossroads"), 3)
    state = session.state
    run(state, "start_combat", reason="test", encounter="grubnak_band")
    grubnak = next(c.id for c in state.creatures.values() if c.npc == "grubnak")
    goblin = next(c.id for c in state.creatures.values() if c.npc is None)
    assert pronoun_of(state, grubnak) == "he" and possessive(state, grubnak) == "his"
    assert pronoun_of(state, goblin) == "it" and possessive(state, goblin) == "its"
    assert pronoun_of(state, "berta") == "she"
    campaign_of(state).npcs["grubnak"].pronoun = None
    assert pronoun_of(state, grubnak) == "they"  # a named foe without one


async def test_the_grey_sister_uses_her_drowning_toll() -> None:
    session = start_session(load_campaign(CAMPAIGNS_DIR / "drowned_bell"), 3)
    state = session.state
    run(state, "start_combat", reason="test", encounter="warden")
    sister = next(c.id for c in state.creatures.values() if c.npc == "maelis")
    turn_of(state, sister)
    said = narration([e async for e in session.run_until_players()])
    assert "The Grey Sister uses her drowning toll!" in said
    assert " its " not in said


def test_a_name_with_its_article_is_never_given_a_second() -> None:
    assert the("trapdoor") == "the trapdoor"
    assert the("the dunes") == the("The dunes") == "the dunes"
    assert the("a  sailor's songbook") == "the sailor's songbook"
    assert the("theatre door") == "the theatre door"
    state = world()
    inn = campaign_of(state).scenes[state.scene.id]
    inn.exits[0].name = "the dunes"
    text = exits_text(state, campaign_of(state))
    assert "the dunes (" in text and "the the" not in text


async def test_the_turn_counter_is_one_count_everywhere_the_players_see_it(
    tmp_path: Path,
) -> None:
    """A question answered is a turn like any other: the header counts it, as the turn log,
    undo and the list of saves do, so every number the players are shown is one turn's."""
    session = session_for(new_game(load_campaign(CAMPAIGNS_DIR / "crossroads"), seed=3))
    state = session.state
    for line in ("what can we see?", "xyzzy plugh", "how hurt is Thorin?"):
        await turn(session, ("mira", line))
    assert state.turn == 3 and panels(state).turn == 3 and len(state.history) == 3
    await turn(session, ("mira", "look at the trapdoor"))
    assert panels(state).turn == state.history[-1].number == 4
    save_game(state, "counted", tmp_path)
    assert list_saves(tmp_path)[0].turn == panels(load_game("counted", tmp_path)).turn == 4
    old = state.model_dump()
    old["idle_turns"] = 3  # (an older save, which counted turns of questions apart)
    assert GameState.model_validate(old).turn == 4

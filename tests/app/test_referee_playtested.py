"""What playing The Drowned Bell at the table found in the referee, held: talk of
running or resting is not the deed, one who says "I go too" goes along, the fearless dead
never beg, a fighter out of reach throws a dagger, foes do not stand guard over the fallen,
and a greeting's list of topics is said once however many greet."""

from __future__ import annotations

import asyncio

from app.actions.beings import economy_of
from app.actions.campaign_tools import enter_scene
from app.referee.offering import chosen_reading
from app.referee.positioning import plan_attack
from app.referee.referee import OfflineReferee
from app.referee.talking import topics_asked
from app.session.runner import run_lines
from app.session.session import GameSession
from app.session.setup import start_session
from app.understanding import understand
from app.understanding.intent import Reading
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.state import GameState
from rules.damage import LifeState

BELL = load_campaign(CAMPAIGNS_DIR / "drowned_bell")


def _in(scene: str, seed: int = 1) -> GameSession:
    session = start_session(BELL, seed)
    if scene != "harbour":
        session.state.visited += ["strand"]  # no scene fight on the way in these tests
        enter_scene(session.state, scene, "test")
    return session


def test_talk_of_running_or_resting_is_said_not_done() -> None:
    state = _in("lighthouse").state
    for line in ("It wasn't your fault, Wendel. You were just a boy. Anyone would have run.",
                 "you were a boy, anyone would have run", "don't run"):  # fmt: skip
        assert understand(line, "wren", state, BELL).kind in ("talk", "question"), line
    state = _in("harbour").state
    assert understand("Nessa, you can rest now", "wren", state, BELL).kind == "talk"
    assert understand("I run away", "wren", state, BELL).kind != "talk"
    assert understand("let's take a short rest", "wren", state, BELL).kind == "rest"


def _referee() -> OfflineReferee:
    referee = OfflineReferee(BELL)
    referee.notes, referee.earlier = [], []
    return referee


def test_one_who_goes_too_in_the_same_round_goes_along() -> None:
    state = _in("harbour").state
    referee = _referee()
    calls = referee._act(state, "ione", "up to the lighthouse")
    assert [c.name for c in calls] == ["move_scene"]
    assert referee._act(state, "wren", "i go too") == []
    assert referee.notes[-1] == "Wren goes along with the others."


def test_a_muddled_line_as_the_party_moves_lists_nothing_of_the_place_it_leaves() -> None:
    state = _in("harbour").state
    referee = _referee()
    referee._act(state, "ione", "up to the lighthouse")
    assert referee._act(state, "wren", "hmm") == []
    assert "on the move" in referee.notes[-1] and "Nessa" not in referee.notes[-1]


def test_alone_i_go_too_asks_where() -> None:
    session = _in("harbour")
    result = asyncio.run(run_lines(session, ["Wren: i go too"]))
    assert "where to?" in "\n".join(result.transcript)


def test_a_list_of_topics_is_said_once_when_two_greet() -> None:
    session = _in("harbour")
    state = session.state
    referee = _referee()
    referee._act(state, "ione", "hello there")
    referee._act(state, "wren", "hi, are you ok?")
    listing = [n for n in referee.notes if n.startswith("(You could ask Nessa")]
    assert len(listing) == 2  # each greeting notes it…
    text = "\n\n".join(dict.fromkeys(n for n in referee.notes if n))
    assert text.count("(You could ask Nessa") == 1  # …and the telling says it once


def _on_the_strand() -> GameState:
    state = start_session(BELL, 1).state
    enter_scene(state, "strand", "test")  # its fight starts
    assert state.encounter is not None
    return state


def test_the_fearless_dead_fight_on_to_the_end() -> None:
    state = _on_the_strand()
    foes = [c for c in state.creatures.values() if c.encounter == "strand_thralls"]
    first, last = foes
    first.vitals = first.vitals.model_copy(update={"hp": 0, "state": LifeState.DEAD})
    last.vitals = last.vitals.model_copy(update={"hp": 1})
    referee = OfflineReferee(BELL)
    assert referee._morale(state, last.id) is None


def test_out_of_reach_a_dagger_is_thrown() -> None:
    state = _on_the_strand()
    foes = [c.id for c in state.creatures.values() if c.encounter == "strand_thralls"]
    state.party["wren"].weapons = ["rapier", "dagger"]
    economy = economy_of(state, "wren")
    economy.movement = economy.speed = 0  # stuck where she stands (prone, grappled…)
    plan = plan_attack(state, "wren", foes)
    assert plan.target in foes and plan.weapon == "dagger" and plan.thrown and not plan.steps
    state.party["wren"].weapons = ["rapier"]  # nothing to throw: she cannot attack
    assert plan_attack(state, "wren", foes).target is None


def test_opening_a_shut_way_offers_the_challenges_that_open_it() -> None:
    crossroads = load_campaign(CAMPAIGNS_DIR / "crossroads")
    session = start_session(crossroads, 1)
    result = asyncio.run(run_lines(session, ["Mira: open the trapdoor", "Mira: the first one"]))
    told = "\n".join(result.transcript)
    assert "Did you mean to pick the trapdoor padlock, force the trapdoor" in told, told
    assert "trapdoor_lock" in session.state.challenges  # "the first one" tried the lock


def test_an_answer_picks_a_reading_in_the_words_people_use() -> None:
    offered = (Reading("challenge", "a", "pick it"), Reading("challenge", "b", "force it"))
    for answer, wanted in (("2", "b"), ("the second one", "b"), ("number 1", "a"),
                           ("First.", "a"), ("the 2nd option", "b")):  # fmt: skip
        chosen = chosen_reading(answer, offered)
        assert chosen is not None and chosen.target == wanted, answer
    assert chosen_reading("the fifth one", offered) is None
    both = (Reading("attack", "maelis", "attack the Grey Sister"),
            Reading("talk", "maelis", "talk to the Grey Sister"))  # fmt: skip
    for answer, kind in (("attack", "attack"), ("Talk to her.", "talk"), ("attack her!", "attack")):
        chosen = chosen_reading(answer, both)
        assert chosen is not None and chosen.kind == kind, answer
    for answer in ("look around", "attack the goblin", "pick"):  # a new line, not an answer
        assert chosen_reading(answer, both) is None, answer


def test_a_foe_left_standing_by_undead_fortitude_is_not_told_dead() -> None:
    state = _on_the_strand()
    thrall = next(c for c in state.creatures.values() if c.encounter == "strand_thralls")
    referee = _referee()
    thrall.vitals = thrall.vitals.model_copy(update={"hp": 1})  # the save kept it up
    referee._falls(state, thrall.id)
    thrall.vitals = thrall.vitals.model_copy(update={"hp": 0, "state": LifeState.DEAD})
    referee._falls(state, thrall.id)
    assert referee.notes[0].startswith(f"{thrall.name} staggers, and does not fall")
    assert "staggers" not in referee.notes[1]


def test_a_line_starts_with_a_capital_whatever_name_begins_it() -> None:
    from app.referee.referee import _sentence

    assert _sentence("the Grey Sister twists away.") == "The Grey Sister twists away."
    assert _sentence("'Come home.'") == "'Come home.'"


def test_words_to_a_foe_in_a_fight_are_answered_and_not_refused() -> None:
    from app.actions.campaign_tools import start_encounter

    state = start_session(BELL, 1).state
    state.visited += ["strand"]
    enter_scene(state, "chapel", "test")
    start_encounter(state, "warden")  # the Grey Sister: a foe who is also a person
    referee = _referee()
    calls = referee._act(state, state.encounter.current.id, "ask the grey sister about wendel")  # type: ignore[union-attr]
    assert all(c.name != "set_flag" for c in calls)  # a fight's tools set no flags
    assert any("Little Wendel" in n for n in referee.notes), referee.notes


def test_a_fight_started_while_one_is_on_waits_and_the_turn_goes_on() -> None:
    from app.actions.campaign_tools import apply_effects, start_encounter
    from app.world.challengespec import Effects

    state = start_session(BELL, 1).state
    state.visited += ["strand"]
    enter_scene(state, "chapel", "test")
    start_encounter(state, "warden")
    _, summary = apply_effects(state, Effects(start_encounter="warden"), None, "a trigger")
    assert summary.get("combat_waits") == "warden" and state.encounter is not None


def test_wendel_is_asked_about_maelis_in_the_words_a_player_uses() -> None:
    """Told "ask me about her", players ask about *her*, the woman, the one who rang."""
    wendel = load_campaign(CAMPAIGNS_DIR / "drowned_bell").npcs["wendel"]
    for line in ("who was she?", "Who was the woman in the chapel, Wendel?", "tell us about her"):
        assert "maelis" in topics_asked(wendel, line), line

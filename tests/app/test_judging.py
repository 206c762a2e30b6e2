"""Provisional judgments from the sensitivity map, and their refinement: the scores they
move, what refinement reverses, and a refinement that arrives after a save and load."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from app.actions.calls import ToolCall
from app.actions.events import NarrativeChunk, StateChange
from app.actions.judgment_tools import worth_judging
from app.actions.sets import CAMPAIGN_EXPLORATION_TOOLS, COMBAT_TOOLS
from app.saves import load_game, save_game
from app.session import judging, stage2
from app.session.session import GameSession
from app.session.setup import resume_session, start_session
from app.session.stage2 import Line
from app.world.actions import PlayerAction
from app.world.campaign import Campaign
from app.world.ledger import JudgmentMade, SpeechAct
from app.world.scores import score
from tests.app.event_world import quiet
from tests.app.saved_games import crossroads as shipped
from tests.app.saved_games import played


def crossroads() -> Campaign:
    """The shipped campaign's judgments, without the triggers, starting scores and ties its
    story builds on them: these tests are about how words are judged."""
    return quiet(shipped().model_copy(deep=True))  # (the shared one stays whole)


def with_respect() -> Campaign:
    """The shipped campaign, scoring respect too (as its judgments of Grubnak need)."""
    campaign = crossroads()
    events = campaign.events.model_copy(update={"dimensions": ["trust", "affection", "respect"]})
    return campaign.model_copy(update={"events": events})


def play(session: GameSession, character: str, text: str) -> list[object]:
    async def run() -> list[object]:
        session.submit(PlayerAction(character_id=character, text=text))
        return [e async for e in session.run_until_players()]

    return asyncio.run(run())


def made(session: GameSession) -> list[JudgmentMade]:
    events = [e for t in session.state.history for e in t.events] + session.state.truth.fresh
    return [e for e in events if isinstance(e, JudgmentMade)]


def test_a_promise_to_berta_is_judged_and_she_trusts_the_party_more() -> None:
    session = start_session(crossroads(), 3)
    events = play(session, "mira", "Don't worry, Berta, I promise we'll bring Tam back!")
    state = session.state
    [judgment] = state.truth.judgments
    assert judgment.watch == "berta_reassured" and judgment.status == "provisional"
    assert judgment.speaker == "mira" and judgment.about == "berta"
    assert judgment.confidence == pytest.approx(0.8)  # "!" and "promise": emphasis
    assert judgment.evidence  # the speech act it rests on
    assert score(state, "trust.berta") == 1 and score(state, "trust.berta.mira") == 1
    assert judgment.shifted == {"trust.berta": 1, "trust.berta.mira": 1}
    shown = [e for e in events if isinstance(e, StateChange) and e.kind == "relationship"]
    assert any("Berta trusts you more" in e.description for e in shown)
    assert [m.watch for m in made(session)] == ["berta_reassured"]


def test_the_dm_is_told_of_each_judgment_and_one_line_judges_each_entry_once() -> None:
    session = start_session(crossroads(), 3)
    state = session.state
    line = Line("thorin", "We'll find him. I promise, we'll find him! Pay us first.", "berta",
                "talk", None)  # fmt: skip
    judging.provisional(state, [line])
    assert sorted(j.watch or "" for j in state.truth.judgments) == [
        "berta_reassured", "berta_slighted",
    ]  # fmt: skip
    told = [c for c in state.changes if c.kind == "judgment"]
    assert {c.ref for c in told} == {"j1", "j2"} and all(c.who == "thorin" for c in told)


def test_a_question_is_judged_but_does_not_count() -> None:
    session = start_session(crossroads(), 3)
    play(session, "mira", "Will you trust us to bring him back?")
    [judgment] = session.state.truth.judgments
    assert judgment.confidence == pytest.approx(0.42)
    assert not judging.counts(session.state, judgment)
    assert score(session.state, "trust.berta") == 0 and judgment.shifted == {}


def test_a_negated_promise_is_not_a_promise() -> None:
    session = start_session(crossroads(), 3)
    play(session, "mira", "We can't promise he's alive.")
    assert session.state.truth.judgments == []


def test_lines_that_are_not_words_are_not_judged() -> None:
    session = start_session(crossroads(), 3)
    play(session, "mira", "I look around the common room")
    assert session.state.truth.judgments == []


def test_a_groan_at_a_lock_is_no_word_to_the_innkeeper() -> None:
    """A challenge met with the hands (a lock picked, a door forced) is a deed: its groan
    slights nobody; words to her in a persuasion would be weighed."""
    session = start_session(shipped(), 3)
    play(session, "mira", "ugh. let me try the lock again")
    assert session.state.truth.judgments == []
    session = start_session(shipped(), 3)
    play(session, "mira", "ugh, Berta, you're useless")  # said to her: weighed
    assert [j.watch for j in session.state.truth.judgments] == ["berta_slighted"]


def test_refinement_that_contradicts_reverses_the_shift_and_marks_what_fired() -> None:
    session = start_session(crossroads(), 3)
    play(session, "mira", "I promise we'll bring Tam back.")
    state = session.state
    [judgment] = state.truth.judgments
    judgment.fired.append("berta_hopeful")  # as the trigger engine notes a provisional firing
    done = judging.refine(state, refines="j1", confidence=0.2, description="sarcastic")
    assert done.judgment.status == "contradicted"
    assert score(state, "trust.berta") == 0 and score(state, "trust.berta.mira") == 0
    assert state.truth.revised == ["berta_hopeful"]
    assert done.events[0].status == "contradicted"
    assert "judged.berta_reassured" not in [p for e in done.events for p in e.props()]


def test_refinement_that_flips_direction_contradicts() -> None:
    session = start_session(crossroads(), 3)
    play(session, "mira", "I promise we'll bring Tam back.")
    done = judging.refine(session.state, refines="j1", direction="down", confidence=0.9)
    assert done.judgment.status == "contradicted"
    assert score(session.state, "trust.berta") == 0


def test_refinement_raises_a_question_into_a_judgment_that_counts() -> None:
    session = start_session(crossroads(), 3)
    play(session, "mira", "Will you trust us to bring him back?")
    done = judging.refine(session.state, watch="berta_reassured", speaker="mira", confidence=0.8)
    assert done.judgment.id == "j1" and done.judgment.status == "refined"
    assert score(session.state, "trust.berta") == 1


def test_a_judgment_the_keywords_missed_enters_refined() -> None:
    session = start_session(crossroads(), 3)
    done = judging.refine(session.state, watch="berta_slighted", speaker="thorin", confidence=0.9)
    assert done.judgment.status == "refined" and done.judgment.source == "dm"
    assert score(session.state, "trust.berta") == -1


def test_refining_what_does_not_exist_changes_nothing() -> None:
    session = start_session(crossroads(), 3)
    with pytest.raises(judging.JudgmentError, match="no judgment 'j9'"):
        judging.refine(session.state, refines="j9", confidence=0.9)
    with pytest.raises(judging.JudgmentError, match="no campaign judgment 'nope'"):
        judging.refine(session.state, watch="nope", confidence=0.9)
    assert session.state.truth.judgments == [] and session.state.truth.judged == 0


def test_refinement_after_a_save_and_load(tmp_path: Path) -> None:
    session = start_session(crossroads(), 3)
    play(session, "mira", "I promise we'll bring Tam back.")
    save_game(session.state, "promise", tmp_path)
    resumed = resume_session(load_game("promise", tmp_path))
    state = resumed.state
    assert [j.id for j in state.truth.judgments] == ["j1"]
    assert score(state, "trust.berta") == 1
    done = judging.refine(state, refines="j1", confidence=0.1)
    assert done.judgment.status == "contradicted" and score(state, "trust.berta") == 0
    # the next judgment gets a new id, not one the save already used
    play(resumed, "mira", "I promise, we'll find him!")
    assert [j.id for j in state.truth.judgments] == ["j1", "j2"]


def test_the_record_judgment_tool_is_offered_out_of_a_fight_and_refines() -> None:
    session = start_session(crossroads(), 3)
    state = session.state
    offered = lambda: {t.name for t in CAMPAIGN_EXPLORATION_TOOLS.offered(state)}  # noqa: E731
    assert "record_judgment" not in offered()  # nothing said yet: its schema is not paid for
    state.turn += 1
    state.truth.turn_start = state.truth.seq
    state.log_event(SpeechAct(speaker="mira", addressee="berta", words="We came to help."))
    assert "record_judgment" in offered()  # words to someone the inn listens for
    assert "record_judgment" not in COMBAT_TOOLS.names
    fight = played(4).state
    assert fight.encounter is not None and not worth_judging(fight)
    play(session, "mira", "I promise we'll bring Tam back.")
    call = ToolCall(id="c1", name="record_judgment",
                    arguments=json.dumps({"refines": "j1", "confidence": 0.3}))  # fmt: skip
    outcome = CAMPAIGN_EXPLORATION_TOOLS.execute(call, state)
    assert outcome.result["status"] == "contradicted" and outcome.result["counts"] is False
    assert outcome.result["changes"] == ["Berta: trust 1 -> 0"]
    assert "differently" in outcome.events[0].description
    bad = ToolCall(id="c2", name="record_judgment", arguments=json.dumps({"confidence": 0.3}))
    assert "error" in CAMPAIGN_EXPLORATION_TOOLS.execute(bad, state).result
    wrong = ToolCall(id="c3", name="record_judgment",
                     arguments=json.dumps({"refines": "j7", "confidence": 0.3}))  # fmt: skip
    assert "no judgment 'j7'" in CAMPAIGN_EXPLORATION_TOOLS.execute(wrong, state).result["error"]


def test_grubnak_respected_moves_respect_when_the_campaign_scores_it() -> None:
    session = start_session(with_respect(), 3)
    state = session.state
    state.scene = state.scene.model_copy(update={"id": "chief_hall"})
    play(session, "mira", "Greetings, mighty Grubnak, great chief of the tunnels!")
    watches = [j.watch for j in state.truth.judgments]
    assert "grubnak_respected" in watches
    assert score(state, "respect.grubnak") == 1 and score(state, "respect.grubnak.mira") == 1


def test_a_score_the_campaign_does_not_yet_name_is_still_reversed() -> None:
    session = start_session(crossroads(), 3)  # no "respect" dimension: a bare score
    state = session.state
    state.scene = state.scene.model_copy(update={"id": "chief_hall"})
    play(session, "mira", "Greetings, mighty Grubnak!")
    [judgment] = [j for j in state.truth.judgments if j.watch == "grubnak_respected"]
    assert judgment.shifted == {"respect.grubnak": 1, "respect.grubnak.mira": 1}
    judging.refine(state, refines=judgment.id, confidence=0.1)
    assert score(state, "respect.grubnak") == 0 and score(state, "respect.grubnak.mira") == 0


def test_a_judgment_on_the_first_turn_reaches_the_dm_in_that_turn() -> None:
    # The first call of a sitting gets the whole world; what the players' words set off
    # before it (a judgment, the trust it moved) is told beside it, not lost.
    session = start_session(crossroads(), 3)
    session.brain.reads_prompt = True  # type: ignore[attr-defined]  # as a language model does
    assert not session.briefed
    play(session, "mira", "Don't worry, Berta, I promise we'll bring Tam back!")
    [first] = [m["content"] for m in session.last_messages
               if m["role"] == "user" and "Players' actions" in str(m["content"])]  # fmt: skip
    assert "Start of this sitting" in first  # the overview: the world as it stands
    assert "berta_reassured" in first or "Berta trusts" in first


def test_words_heard_as_meant_for_someone_are_answered_as_said_to_them() -> None:
    # No name in the line, and the parser cannot place it; the game heard a promise to the
    # one person here: she answers it, the ledger has the words said to her.
    session = start_session(crossroads(), 3)
    play(session, "mira", "talk to berta")
    events = play(session, "mira", "dont wory, we will bring ur boy back, i promise")
    told = " ".join(e.text for e in events if isinstance(e, NarrativeChunk))
    assert "Berta takes that to heart." in told
    assert "Nobody here answers" not in told
    speech = [e for e in session.state.history[-1].events if isinstance(e, SpeechAct)]
    assert [(s.speaker, s.addressee) for s in speech] == [("mira", "berta")]
    [judgment] = [j for j in session.state.truth.judgments if j.turn == session.state.turn]
    assert judgment.evidence == [speech[0].seq]


def test_the_party_and_the_speaker_moving_together_is_one_notice() -> None:
    session = start_session(crossroads(), 3)
    events = play(session, "mira", "Don't worry, Berta, I promise we'll bring Tam back!")
    shown = [
        e.description for e in events if isinstance(e, StateChange) and e.kind == "relationship"
    ]
    assert shown == ["Berta trusts you more — trust 1, Mira 1"]


def test_two_who_speak_to_someone_new_in_one_round_hear_one_greeting() -> None:
    async def run() -> list[object]:
        session = start_session(shipped(), 4)
        session.state.players = {"Ana": ["mira"], "Ben": ["thorin"], "Cy": ["aria"]}
        for character, text in (("mira", "Berta, we promise we will bring Tam home safe"),
                                ("thorin", "whatever, pay us first old woman"),
                                ("aria", "I wait")):  # fmt: skip
            assert session.submit(PlayerAction(character_id=character, text=text))
        return [e async for e in session.run_until_players()]

    told = " ".join(e.text for e in asyncio.run(run()) if isinstance(e, NarrativeChunk))
    assert told.count("Thank the gods") == 1  # her greeting, once
    # the demand for pay is answered as her reward, sharply, and the slight is taken
    assert "not a copper before" in told and "ties her purse back" in told


def test_a_turn_with_no_words_to_weigh_builds_no_sensitivity_map(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a foe's turn has no lines, a blow is no words: the scene's map is not even looked at
    session = start_session(crossroads(), 3)
    state = session.state

    def built(*_: object) -> object:
        raise AssertionError("the sensitivity map was built")

    monkeypatch.setattr(judging, "sensitivity_map", built)
    assert judging.provisional(state, []) == []
    blow = Line("thorin", "I attack the goblin", None, "attack", None)
    assert judging.provisional(state, [blow]) == []
    asked = Line("mira", "Berta, I promise", "berta", "talk", None, asked_back=True)
    assert judging.provisional(state, [asked]) == []
    spoken = Line("mira", "Don't worry, Berta, I promise we'll bring Tam back!", "berta",
                  "talk", None)  # fmt: skip
    with pytest.raises(AssertionError, match="was built"):
        judging.provisional(state, [spoken])  # words to weigh: the map is read


def test_a_turn_with_no_lines_writes_nothing_and_looks_up_nobody(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = start_session(crossroads(), 3)

    def looked(*_: object) -> list[str]:
        raise AssertionError("who is here was looked up")

    monkeypatch.setattr(stage2.view, "npcs_here", looked)
    seq = session.state.truth.seq
    assert stage2.read_lines(session.state, [], {}) == []
    assert session.state.truth.seq == seq

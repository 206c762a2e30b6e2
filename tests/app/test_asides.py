"""A question asked out of turn is answered, and the turn stays where it is; an action
out of turn is still refused."""

from __future__ import annotations

from app.session import declaring
from app.session.setup import session_for
from app.understanding import understand
from tests.referee_corpus import CORPUS, build_situation, load_corpus

SITUATIONS = load_corpus(CORPUS).situations


def test_a_question_out_of_turn_is_answered_and_queues_nothing() -> None:
    state = build_situation(SITUATIONS["cellar_rats_hotseat"])  # Thorin's turn; Ana plays Mira
    session = session_for(state)
    before = state.encounter.current.id if state.encounter else None
    reply, who = declaring.declare(session, "Mira: whose turn is it?", "thorin")
    assert who is None and reply.ok and reply.aside
    assert reply.text.startswith("It is Thorin's turn")
    hp = state.party["mira"].vitals
    reply, who = declaring.declare(session, "Mira: how many hit points do I have?", "thorin")
    assert reply.aside and f"{hp.hp} of {hp.max_hp}" in reply.text
    reply, who = declaring.declare(session, "Mira: what's in my bag?", "thorin")
    assert reply.aside and "Mira carries" in reply.text  # what is carried, asked too
    assert not session.pending
    assert state.encounter is not None and state.encounter.current.id == before


def test_an_action_out_of_turn_is_still_refused() -> None:
    state = build_situation(SITUATIONS["cellar_rats_hotseat"])
    session = session_for(state)
    reply, who = declaring.declare(session, "Mira: I stab rat 2", "thorin")
    assert who is None and not reply.ok and not reply.aside


def test_what_level_am_i_is_a_question_and_how_to_level_up_is_help() -> None:
    state = build_situation(SITUATIONS["inn_start"])
    for line in ("what level am I", "whats my xp", "how much xp do we have"):
        assert understand(line, "mira", state, state.campaign).kind == "question", line
    for line in ("how do I level up", "can I level up yet?"):
        intent = understand(line, "mira", state, state.campaign)
        assert (intent.kind, intent.note) == ("help", "levelling"), line


def test_a_fault_while_reading_a_line_is_told_and_queues_nothing(monkeypatch) -> None:
    state = build_situation(SITUATIONS["inn_start"])
    session = session_for(state)

    def broken(*_: object) -> bool:
        raise RuntimeError("a reading nobody foresaw")

    monkeypatch.setattr(declaring, "asks_to_take_back", broken)
    reply, who = declaring.declare(session, "I look around", "mira")
    assert who is None and not reply.ok
    assert "could not read that line" in reply.text and "nothing was sent" in reply.text
    assert not session.pending


def test_a_fault_after_the_line_was_queued_leaves_it_queued(monkeypatch) -> None:
    state = build_situation(SITUATIONS["inn_start"])
    session = session_for(state)

    def broken(*_: object) -> None:
        raise RuntimeError("after the queue")

    monkeypatch.setattr(declaring, "fight_turn_taken", broken)
    reply, who = declaring.declare(session, "I look around", "mira")
    assert who == "mira" and reply.ok
    assert [a.text for a in session.pending] == ["I look around"]


def test_a_line_for_everyone_is_said_by_the_one_at_the_keyboard() -> None:
    """ "everyone: let's go through the tunnel" at a shared table: the party's line, said by
    the character of the player at the keyboard — never "everyone is not in the party"."""
    state = build_situation(SITUATIONS["inn_hotseat"])
    session = session_for(state)
    current = declaring.actors(session)[0]
    reply, who = declaring.declare(session, "everyone: let's look around", current)
    assert reply.ok and who == current, reply.text

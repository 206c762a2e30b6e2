"""A player who plays two characters at a shared table has one turn a round, as every
player does: the second character's line after the first's is told so plainly — once it
was refused as "Wren is Ana's — it is your turn, Ben", though Ana had typed it."""

from __future__ import annotations

from app.session import declaring
from app.session.setup import session_for
from tests.referee_corpus import Situation, build_situation


def test_the_second_characters_line_waits_for_the_next_round_and_says_why() -> None:
    table = {"Ana": ["ione", "wren"], "Ben": ["cass"]}
    state = build_situation(Situation(campaign="drowned_bell", scene="harbour", players=table))
    state.turn_order.active = "Ana"
    session = session_for(state)
    reply, who = declaring.declare(session, "Ione: we'll find him, Nessa", "ione")
    assert reply.ok and who == "ione" and state.turn_order.active == "Ben"
    reply, who = declaring.declare(session, "Wren: I play a soft song", "cass")
    assert who is None and not reply.ok
    assert reply.text.startswith("Ana has had this round's turn; Wren acts in the next")
    assert "It is Ben's turn now" in reply.text

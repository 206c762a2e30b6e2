"""A parley broken by steel, and who sees the blow coming. While Grubnak lets only Mira
speak, Thorin may still draw and go for him — the parley is over and the fight begins —
but his words stay refused. Grubnak, on his throne facing the party, is never taken by
surprise; goblins with their backs turned are, unless the blow comes with a war cry."""

from __future__ import annotations

import json

from app.session import declaring
from app.session.session import GameSession
from app.session.setup import session_for
from tests.app.referee_lines import play
from tests.referee_corpus import CORPUS, build_situation, load_corpus

SITUATIONS = load_corpus(CORPUS).situations


def _start(situation: str) -> GameSession:
    return session_for(build_situation(SITUATIONS[situation]))


async def test_a_blow_at_grubnak_breaks_the_parley_and_words_do_not() -> None:
    session = _start("hall_parley")
    state = session.state
    assert state.restriction is not None and "thorin" not in state.restriction.character_ids
    words = "Thorin: tell the goblin to mind his manners"
    reply, who = declaring.declare(session, words, None)
    assert not reply.ok and who is None and "Grubnak will only parley with Mira" in reply.text
    referee = await play(session, "thorin", "I draw my sword and go for the chief")
    began = [c for c in referee.made if c.name == "start_combat"]
    assert began and "surprise" not in json.loads(began[0].arguments)  # he saw it coming
    assert state.restriction is None and state.encounter is not None


async def test_foes_with_their_backs_turned_are_surprised_unless_a_war_cry_warns_them() -> None:
    for line, surprised in (
        ("I attack the goblins", True),
        ("Thorin charges the goblins with a war cry: FOR THE MOUNTAIN!", False),
    ):
        session = _start("warren_quiet")
        referee = await play(session, "thorin", line)
        began = [c for c in referee.made if c.name == "start_combat"]
        assert began, line
        assert ("surprise" in json.loads(began[0].arguments)) is surprised, line

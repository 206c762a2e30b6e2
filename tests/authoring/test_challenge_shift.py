"""A challenge outcome's ``shift`` moves the scores it names, as a trigger's does: in the
Drowned Bell, lighting the great lamp moves Wendel's trust, and the players are told."""

from __future__ import annotations

from app.session.setup import session_for
from app.world.ledger import RelationshipShifted
from app.world.ledgerread import all_events
from app.world.scores import score
from tests.app.referee_lines import play
from tests.referee_corpus import Situation, build_situation

LIGHTHOUSE = {"campaign": "drowned_bell", "scene": "lighthouse", "met": ["wendel"]}


async def test_lighting_the_lamp_moves_wendels_trust() -> None:
    state = build_situation(Situation.model_validate(LIGHTHOUSE))
    session = session_for(state)
    for _ in range(6):  # DC 8 Athletics, and it may be tried again
        await play(session, "ione", "light the lamp")
        if state.challenges.get("light_lamp") == "passed":
            break
    assert state.challenges.get("light_lamp") == "passed"
    assert score(state, "trust.wendel") == 1
    moved = [e for e in all_events(state) if isinstance(e, RelationshipShifted)]
    assert [(e.npc, e.dimension, e.delta) for e in moved] == [("wendel", "trust", 1)]

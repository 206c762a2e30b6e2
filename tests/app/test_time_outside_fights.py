"""Time goes by outside a fight: a condition that lasts rounds (a thrall's retch poisons
for one) wears off by the next turn of play, told — it does not wait for the next fight to
give a check disadvantage."""

from __future__ import annotations

from app.actions.events import StateChange
from app.session import declaring
from app.session.setup import session_for
from rules.conditions import ActiveCondition, Condition
from tests.app.referee_lines import play
from tests.referee_corpus import Situation, build_situation

STRAND = {"campaign": "drowned_bell", "scene": "strand", "defeated": ["strand_thralls"]}


async def test_a_poison_for_a_round_wears_off_on_the_next_turn_of_play() -> None:
    state = build_situation(Situation.model_validate(STRAND))
    ione = state.party["ione"]
    ione.conditions.append(ActiveCondition(condition=Condition.POISONED, rounds=1))
    ione.conditions.append(ActiveCondition(condition=Condition.PRONE))  # until she stands
    session = session_for(state)
    reply, _ = declaring.declare(session, "look around", "ione")
    assert reply.ok
    told = [e.description async for e in session.process() if isinstance(e, StateChange)]
    held = [c.condition for c in state.party["ione"].conditions]
    assert Condition.POISONED not in held and Condition.PRONE in held
    assert "Ione is no longer poisoned" in told


async def test_a_condition_lasting_longer_than_a_turn_of_play_is_shortened_not_ended() -> None:
    state = build_situation(Situation.model_validate(STRAND))
    state.party["ione"].conditions.append(
        ActiveCondition(condition=Condition.FRIGHTENED, rounds=25)
    )
    session = session_for(state)
    await play(session, "ione", "look around")
    (left,) = [c for c in state.party["ione"].conditions if c.condition is Condition.FRIGHTENED]
    assert left.rounds == 15

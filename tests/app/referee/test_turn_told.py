"""What a fresh play of the cellar fight showed told badly: a Cunning Action hide after a
blow said without whether it worked (and the turn left hanging), a Shield that turned a
bite never named in the story, and "weapons out" taken for the way out."""

from __future__ import annotations

from app.referee.referee import OfflineReferee
from app.session.setup import session_for
from app.understanding import understand
from tests.app.referee_lines import play
from tests.referee_corpus import Situation, build_situation

RATS = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "mira",
        "wounds": {"giant-rat-1": 6}}  # fmt: skip
INN_OPEN = {"campaign": "crossroads", "scene": "inn", "flags": {"trapdoor_open": True}}


async def test_a_hide_after_the_blow_is_told_and_ends_the_turn() -> None:
    session = session_for(build_situation(Situation.model_validate(RATS)))
    await play(session, "mira", "I stab rat 1 then hide behind a cask")
    told = session.state.history[-1].narrative
    assert "Mira uses Cunning Action to hide, and is out of sight." in told
    fight = session.state.encounter
    assert fight is not None and fight.current.id != "mira"  # nothing left but a step


def test_a_blow_turned_by_shield_is_told_as_the_shield() -> None:
    state = build_situation(Situation.model_validate(RATS))
    referee = OfflineReferee(state.campaign)
    swing = {"attack": "Bite", "total": 14, "ac": 12, "outcome": "miss", "note": "Shield"}
    referee._after_attack(state, "giant-rat-2", {"attacker": "giant-rat-2", "target": "aria",
                                                 "attacks": [swing]})  # fmt: skip
    assert "Aria throws up a Shield; Giant Rat 2's blow glances off." in referee.notes


def test_weapons_out_is_how_the_party_goes_not_where() -> None:
    state = build_situation(Situation.model_validate(INN_OPEN))
    said = understand("we all go down the stairs, weapons out", "mira", state, state.campaign)
    assert (said.kind, said.targets, said.then) == ("move", ("cellar",), ())

"""A line asking for the same again ("try again", "kick it again", "try the lock again")
is the speaker's last deed, read anew; one naming another deed or thing is not."""

from __future__ import annotations

from app.understanding import understand
from app.world.state import GameState
from app.world.turnrecord import TurnRecord
from tests.referee_corpus import Situation, build_situation

INN = {"campaign": "crossroads", "scene": "inn"}


def _after(*actions: str) -> GameState:
    state = build_situation(Situation.model_validate(INN))
    for n, line in enumerate(actions, start=1):
        state.history.append(TurnRecord(number=n, actions=[line], narrative=""))
    return state


def test_again_is_the_speakers_last_deed() -> None:
    state = _after("Mira: I pick the lock on the trapdoor", "Thorin: I look at the hearth",
                   "Mira: i pass")  # fmt: skip
    for line in ("try again", "again", "ok try the lock again", "pick it again"):
        said = understand(line, "mira", state, state.campaign)
        assert (said.kind, said.targets) == ("challenge", ("trapdoor_lock",)), line
    kicked = _after("Thorin: I kick the trapdoor in")
    said = understand("kick it again", "thorin", kicked, kicked.campaign)
    assert (said.kind, said.targets) == ("challenge", ("force_trapdoor",))


def test_again_naming_another_deed_or_thing_is_not_the_last_one() -> None:
    state = _after("Mira: I look at the hearth")
    assert understand("kick it again", "mira", state, state.campaign).kind != "examine"
    said = understand("try the lock again", "mira", state, state.campaign)
    assert said.targets != ("hearth",)
    assert understand("try again", "thorin", state, state.campaign).kind != "examine"  # not his

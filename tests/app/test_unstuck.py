"""A table where nobody may act is never left so: a restriction to a character who cannot
act lapses, and a party of which nobody can act lets time pass (and, failing that, the
story ends) — after a turn, and when a game saved so is loaded."""

from __future__ import annotations

from pathlib import Path

from app.actions.beings import set_vitals
from app.actions.events import DiceRoll
from app.actions.unstuck import unstick
from app.saves import load_game, save_game
from app.session.setup import resume_session, session_for
from app.world.actions import PlayerAction
from app.world.state import Restriction
from rules.abilities import Ability
from rules.conditions import ActiveCondition, Condition
from rules.damage import LifeState, Vitals
from rules.outcomes import Impossible, Success
from tests.app.referee_lines import play
from tests.referee_corpus import Situation, build_situation

INN = {"campaign": "crossroads", "scene": "inn"}


def _petrified(state, cid: str) -> None:  # type: ignore[no-untyped-def]
    state.party[cid].conditions.append(ActiveCondition(condition=Condition.PETRIFIED))


def test_a_restriction_to_a_character_who_cannot_act_lapses() -> None:
    state = build_situation(Situation.model_validate(INN))
    state.restriction = Restriction(character_ids=["mira"], reason="the idol holds the room")
    assert unstick(state) == []  # Mira can act: the restriction holds
    _petrified(state, "mira")
    events = unstick(state)
    assert state.restriction is None
    assert "Mira can do nothing now" in events[0].description


async def test_the_others_may_act_in_the_turn_after_it_lapses() -> None:
    state = build_situation(Situation.model_validate(INN))
    state.restriction = Restriction(character_ids=["thorin"], reason="a hush falls")
    set_vitals(state, "thorin", Vitals(hp=0, max_hp=31, state=LifeState.STABLE))
    session = session_for(state)
    refused = session.submit(PlayerAction(character_id="mira", text="look around"))
    assert isinstance(refused, Impossible)  # only Thorin may act, and he is down
    await play(session, "thorin", "look around")  # (his line: "can do nothing")
    assert state.restriction is None
    assert isinstance(session.submit(PlayerAction(character_id="mira", text="look")), Success)


def test_a_party_held_for_minutes_wakes_and_one_turned_to_stone_for_good_is_defeated() -> None:
    state = build_situation(Situation.model_validate(INN))
    for cid in state.party:
        state.party[cid].conditions.append(
            ActiveCondition(condition=Condition.PARALYZED, rounds=10, note="Hold Person")
        )
    unstick(state)
    assert state.ending is None
    assert not any(s.conditions for s in state.party.values())  # the minutes passed
    for cid in state.party:
        _petrified(state, cid)
    unstick(state)
    assert state.ending is not None  # nobody will ever act again: the story ends


def test_a_hold_that_ends_on_a_save_is_saved_against_not_lifted_for_free() -> None:
    state = build_situation(Situation.model_validate(INN))
    for cid in state.party:  # a gaze nobody can resist, and one anyone could shake off
        dc = 10 if cid == "aria" else 40
        state.party[cid].conditions.append(
            ActiveCondition(condition=Condition.PETRIFIED, save_ability=Ability.CON, save_dc=dc)
        )
    events = unstick(state)
    saves = [e for e in events if isinstance(e, DiceRoll)]
    assert saves and all(e.dc in (10, 40) for e in saves)  # each save rolled and shown
    assert not state.party["aria"].conditions  # a DC 10 hold is shaken off within a minute
    assert all(s.conditions for cid, s in state.party.items() if cid != "aria")
    assert state.ending is None  # Aria can act: no defeat
    state.party["aria"].conditions.append(ActiveCondition(condition=Condition.PETRIFIED))
    unstick(state)
    assert state.ending is not None  # a DC 40 stone gaze is for good
    assert all(s.conditions for s in state.party.values())


def test_the_stable_come_to_when_nobody_else_can_act() -> None:
    state = build_situation(Situation.model_validate(INN))
    set_vitals(state, "mira", Vitals(hp=0, max_hp=21, state=LifeState.STABLE))
    _petrified(state, "thorin")
    _petrified(state, "aria")
    events = unstick(state)
    assert state.party["mira"].vitals.hp == 1 and state.ending is None
    assert "later, Mira comes to with 1 HP" in events[-1].description


def test_a_game_saved_locked_is_unlocked_on_loading(tmp_path: Path) -> None:
    state = build_situation(Situation.model_validate(INN))
    state.restriction = Restriction(character_ids=["mira"], reason="the idol holds the room")
    _petrified(state, "mira")
    save_game(state, "locked", tmp_path)
    resumed = resume_session(load_game("locked", tmp_path))
    assert resumed.state.restriction is None
    assert isinstance(resumed.submit(PlayerAction(character_id="thorin", text="look")), Success)


def test_a_party_put_to_sleep_wakes_hours_later_and_plays_on() -> None:
    """A DM's sleeping gas (unconscious, full hit points, no end named): nobody can act, so
    the hours pass and the party wakes; no defeat."""
    state = build_situation(Situation.model_validate(INN))
    for cid in state.party:
        state.party[cid].conditions.append(ActiveCondition(condition=Condition.UNCONSCIOUS))
    events = unstick(state)
    assert state.ending is None and not any(s.conditions for s in state.party.values())
    assert any("later, Mira wakes" in e.description for e in events if hasattr(e, "description"))

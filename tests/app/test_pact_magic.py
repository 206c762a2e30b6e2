"""Pact Magic (SRD 5.1, warlock 1st): "all of your spell slots are the same level" — a
1st-level spell is cast from a pact slot at the pact level, whether the DM names a slot level
or a player just says what they cast."""

from __future__ import annotations

from app.actions.rebuke import rebuke
from app.session.setup import session_for
from app.world.sandbox import sandbox_state
from app.world.state import GameState
from tests.app.conftest import narration, turn
from tests.app.test_class_features import add_member, fight, run


def _warlock() -> GameState:
    state = sandbox_state(seed=3)
    add_member(state, id="hexa", level=3, weapons=["dagger"], spellcasting_ability="cha",
               spells=["burning_hands", "hellish_rebuke", "eldritch_blast"],
               spell_slots={"maximum": {2: 2}}, **{"class": "Warlock"})  # fmt: skip
    return state


def test_a_first_level_spell_asked_at_level_one_spends_a_second_level_pact_slot() -> None:
    state = _warlock()
    fight(state, turn="hexa")
    out = run(state, "cast_spell", caster_id="hexa", spell="burning_hands",
              target_ids=["giant-rat-1"], slot_level=1)  # fmt: skip
    assert state.party["hexa"].spell_slots.expended == {2: 1}
    assert out["result"]["slots_left"] == 1


async def test_i_cast_burning_hands_said_spends_a_pact_slot() -> None:
    state = _warlock()
    fight(state, turn="hexa")
    await turn(session_for(state), ("hexa", "I cast burning hands at the rat"))
    assert state.party["hexa"].spell_slots.expended == {2: 1}


async def test_spells_a_player_cannot_cast_now_are_explained_and_spend_nothing() -> None:
    state = _warlock()
    fight(state, turn="hexa")
    session = session_for(state)
    said = narration(await turn(session, ("hexa", "I cast hellish rebuke")))
    assert "reaction" in said.lower()
    said = narration(await turn(session, ("hexa", "I cast armor of agathys")))
    assert "Traceback" not in said and said.strip()
    assert state.party["hexa"].spell_slots.expended.get(2, 0) == 0


def test_hellish_rebuke_as_a_reaction_burns_from_the_pact_slot_at_its_level() -> None:
    """Cast from a 2nd-level pact slot, Hellish Rebuke deals 2d10 + 1d10 fire."""
    state = _warlock()
    fight(state, turn="hexa")
    events = rebuke(state, "hexa", "giant-rat-1")
    burn = next(e for e in events if getattr(e, "check_type", "") == "damage")
    assert burn.formula == "3d10" and state.party["hexa"].spell_slots.expended == {2: 1}

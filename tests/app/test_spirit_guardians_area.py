"""Spirit Guardians' area (SRD 5.1): "an affected creature ... When the creature enters the
area for the first time on a turn or starts its turn there, it must make a Wisdom saving
throw." The area is a 15-foot radius around the caster: in the fight's positions, the
creatures engaged with the caster are in it, the ones near or far are not."""

from __future__ import annotations

from app.actions import position_tools as pt
from rules import positions as p
from tests.app.spell_party import dice_rolls, doomed, fight, give_turn, run, spell_party


def _guarded():  # type: ignore[no-untyped-def]
    """Seren's guardians up, on both goblins; goblin 1 stands apart, 30 ft off."""
    state = spell_party()
    fight(state)
    doomed(state, "goblin-1")
    run(state, "cast_spell", caster_id="seren", spell="spirit_guardians",
        target_ids=["goblin-1", "goblin-2"])  # fmt: skip
    p.leave(pt.spots(state), "goblin-1")
    return state


def _saves(events: list, who: str) -> list:  # type: ignore[type-arg]
    return [e for e in dice_rolls(events, "saving_throw") if e.character_id == who]


def _dashing(state) -> None:  # type: ignore[no-untyped-def]
    """Goblin 1's turn, with a Dash: the guardians halve its speed."""
    give_turn(state, "goblin-1")
    run(state, "take_action", creature_id="goblin-1", action="dash")
    state.encounter.economy["goblin-1"].movement = 100


def test_a_foe_that_enters_the_area_saves_once_on_that_turn() -> None:
    state = _guarded()
    _dashing(state)
    came = run(state, "move", creature_id="goblin-1", to="engage", target_id="seren")
    assert [s.ability for s in _saves(came["events"], "goblin-1")] == ["wis"]
    assert dice_rolls(came["events"], "damage")[-1].formula == "3d8"
    run(state, "move", creature_id="goblin-1", to="near")
    again = run(state, "move", creature_id="goblin-1", to="engage", target_id="seren")
    assert not _saves(again["events"], "goblin-1")  # not the first time on this turn


def test_a_foe_that_closes_in_to_attack_the_caster_saves_as_it_enters() -> None:
    state = _guarded()
    _dashing(state)
    state.encounter.economy["goblin-1"].action = True  # the Dash was only for the distance
    swing = run(state, "attack", attacker_id="goblin-1", target_id="seren")
    assert _saves(swing["events"], "goblin-1")


def test_a_foe_that_starts_its_turn_outside_the_area_makes_no_save() -> None:
    state = _guarded()
    encounter = state.encounter
    assert encounter is not None
    order = [c.id for c in encounter.order]
    give_turn(state, order[order.index("goblin-1") - 1])
    started = run(state, "end_turn")  # goblin 1's turn begins, 30 ft from Seren
    assert not _saves(started["events"], "goblin-1")

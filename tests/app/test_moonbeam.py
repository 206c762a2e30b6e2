"""Moonbeam (druid 2nd level, SRD 5.1): "When a creature enters the spell's area for the
first time on a turn or starts its turn there ... it must make a Constitution saving throw.
It takes 2d10 radiant damage on a failed save, or half as much damage on a successful one
... On each of your turns after you cast this spell, you can use an action to move the beam
up to 60 feet." The beam is told in the fight's positions: the creature it falls on and
those at its side (see :mod:`app.actions.moonbeam`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.actions import position_tools as pt
from app.actions.beings import economy_of
from app.world.state import GameState
from rules import positions as p
from rules.abilities import Ability
from rules.srd import srd
from tests.app.spell_party import caster, dice_rolls, doomed, fight, give_turn, run, spell_party


def _druid_party() -> GameState:
    """The spell party with Fern, a level-5 druid who knows Moonbeam."""
    state = spell_party()
    fern = caster("fern", "Fern", Ability.WIS, ["moonbeam", "cure_wounds"])
    state.party["fern"] = fern.model_copy(update={"character_class": "Druid"})
    state.players = {"Player": ["mira", "thorin", "seren", "ilsa", "fern"]}
    return state


def _saves(events: list, who: str) -> list:  # type: ignore[type-arg]
    return [e for e in dice_rolls(events, "saving_throw") if e.character_id == who]


def _beam(state: GameState):  # type: ignore[no-untyped-def]
    effect = next(e for e in state.party["fern"].effects if e.beam is not None)
    return effect.beam


def _cast_on_goblin_1() -> GameState:
    """Goblin 1 and goblin 2 fight side by side with Thorin; the others stand apart."""
    state = _druid_party()
    fight(state, turn="fern")
    where = pt.spots(state)
    for cid in [c.id for c in state.encounter.order]:  # type: ignore[union-attr]
        p.leave(where, cid)
    p.scrum(where, ["goblin-1", "goblin-2", "thorin"])
    doomed(state, "goblin-1")
    doomed(state, "goblin-2")
    out = run(state, "cast_spell", caster_id="fern", spell="moonbeam", target_ids=["goblin-1"])
    assert "error" not in out["result"], out
    assert not dice_rolls(out["events"], "damage")  # the beam appearing is no entering
    return state


def test_moonbeam_is_the_srds_second_level_druid_spell() -> None:
    spell = srd().spells.get("moonbeam")
    assert (spell.level, spell.classes, spell.range_ft, spell.concentration) == (
        2, ("druid",), 120, True,
    )  # fmt: skip
    hazard = spell.effects[0].periodic
    assert hazard is not None and hazard.damage == "2d10" and hazard.damage_type.value == "radiant"
    assert hazard.save is Ability.CON and hazard.half and spell.upcast == "1d10"
    assert "Moonbeam" not in {s.name for s in srd().spells.entries.values() if not s.srd}


def test_the_beam_takes_in_its_mark_and_the_foes_at_its_side_not_friends() -> None:
    state = _cast_on_goblin_1()
    assert state.party["fern"].concentration == "moonbeam"
    assert _beam(state).inside == ("goblin-1", "goblin-2")  # Thorin is spared


def test_a_creature_that_starts_its_turn_in_the_beam_saves_con_for_2d10_radiant() -> None:
    state = _cast_on_goblin_1()
    give_turn(state, "goblin-1")
    order = [c.id for c in state.encounter.order]  # type: ignore[union-attr]
    give_turn(state, order[order.index("goblin-1") - 1])
    started = run(state, "end_turn")
    saves = _saves(started["events"], "goblin-1")
    assert saves and saves[0].ability == "con" and saves[0].dc == 14
    assert dice_rolls(started["events"], "damage")[0].formula == "2d10"
    assert not _saves(started["events"], "thorin")


def test_upcast_adds_a_d10_per_slot_level_above_second() -> None:
    state = _druid_party()
    fight(state, turn="fern")
    run(state, "cast_spell", caster_id="fern", spell="moonbeam", target_ids=["goblin-1"],
        slot_level=3)  # fmt: skip
    effect = next(e for e in state.party["fern"].effects if e.beam is not None)
    assert effect.periodic is not None and effect.periodic.damage == "2d10+1d10"


def test_a_creature_that_enters_burns_once_that_turn_and_leaving_takes_it_out() -> None:
    state = _cast_on_goblin_1()
    give_turn(state, "seren")
    economy_of(state, "seren").movement = 200
    came = run(state, "move", creature_id="seren", to="engage", target_id="goblin-1")
    assert [s.ability for s in _saves(came["events"], "seren")] == ["con"]
    assert "seren" in _beam(state).inside
    out = run(state, "move", creature_id="seren", to="near")
    assert "seren" not in _beam(state).inside and not _saves(out["events"], "seren")
    again = run(state, "move", creature_id="seren", to="engage", target_id="goblin-2")
    assert not _saves(again["events"], "seren")  # not the first time on this turn


def test_moving_the_beam_is_an_action_on_a_later_turn_and_burns_those_it_falls_on() -> None:
    state = _cast_on_goblin_1()
    same = run(state, "take_action", creature_id="fern", action="move_beam", target_id="ogre")
    assert "error" in same["result"]
    refused = run(state, "take_action", creature_id="fern", action="move_beam",
                  target_id="goblin-2")  # fmt: skip
    assert "a turn after" in refused["result"]["error"]
    give_turn(state, "goblin-2")
    run(state, "take_action", creature_id="goblin-2", action="disengage")
    run(state, "move", creature_id="goblin-2", to="near")
    assert _beam(state).inside == ("goblin-1",)  # it stepped out
    state.encounter.round += 1  # type: ignore[union-attr]
    give_turn(state, "fern")
    moved = run(state, "take_action", creature_id="fern", action="move_beam", target_id="goblin-2")
    assert moved["result"]["in_beam"] == ["goblin-2"]
    assert _saves(moved["events"], "goblin-2") and not _saves(moved["events"], "goblin-1")
    assert _beam(state).inside == ("goblin-2",)
    assert state.encounter.economy["fern"].action is False  # type: ignore[union-attr]


def test_the_beam_ends_with_the_druids_concentration() -> None:
    state = _cast_on_goblin_1()
    run(state, "damage", target_id="fern", amount="40", damage_type="slashing", reason="ogre")
    assert not any(e.beam for e in state.party["fern"].effects)


async def test_the_referee_calls_down_moonbeam_on_the_goblin_a_player_names() -> None:
    from app.session.setup import session_for
    from tests.app.conftest import turn

    state = _druid_party()
    fight(state, turn="fern")
    events = await turn(session_for(state), ("fern", "I cast moonbeam on goblin 2"))
    assert state.party["fern"].concentration == "moonbeam", [
        getattr(e, "text", getattr(e, "description", "")) for e in events
    ]
    assert _beam(state).inside[0] == "goblin-2"


@pytest.mark.parametrize(
    "line", ["I move the moonbeam onto goblin 2", "swing the beam over to goblin 2"]
)
async def test_the_referee_moves_the_beam_when_a_player_says_so(line: str) -> None:
    from app.session.setup import session_for
    from tests.app.conftest import turn

    state = _cast_on_goblin_1()
    give_turn(state, "goblin-2")
    run(state, "take_action", creature_id="goblin-2", action="disengage")
    run(state, "move", creature_id="goblin-2", to="near")
    state.encounter.round += 1  # type: ignore[union-attr]
    give_turn(state, "fern")
    slots = state.party["fern"].spell_slots.remaining(2)
    events = await turn(session_for(state), ("fern", line))
    assert state.party["fern"].spell_slots.remaining(2) == slots  # moved, not cast again
    assert _beam(state).inside == ("goblin-2",)
    assert _saves(events, "goblin-2")


def test_a_beam_survives_a_save_and_load(tmp_path: Path) -> None:
    from app.saves import load_game, save_game

    state = _cast_on_goblin_1()
    save_game(state, "beam", tmp_path)
    loaded = load_game("beam", tmp_path)
    assert loaded.party["fern"].effects == state.party["fern"].effects


def test_a_shapechanger_saves_with_disadvantage_and_a_failed_save_ends_wild_shape() -> None:
    """SRD: "A shapechanger makes its saving throw with disadvantage. If it fails, it also
    instantly reverts to its original form and can't assume a different form until it
    leaves the spell's light"."""
    from tests.app.test_wild_shape import druid

    state = _cast_on_goblin_1()
    druid(state)  # Fen, a druid of the 2nd level, in the fight
    state.encounter.order.append(state.encounter.order[0].model_copy(  # type: ignore[union-attr]
        update={"id": "fen", "name": "Fen"}))  # fmt: skip
    give_turn(state, "fen")
    run(state, "use_feature", creature_id="fen", feature="wild_shape", option="wolf")
    doomed(state, "fen")
    came = run(state, "move", creature_id="fen", to="engage", target_id="goblin-1")
    save = _saves(came["events"], "fen")[0]
    assert save.advantage == "disadvantage" and not save.success
    assert not any(e.id == "wild_shape" for e in state.party["fen"].effects)
    state.encounter.economy.pop("fen", None)  # type: ignore[union-attr]
    again = run(state, "use_feature", creature_id="fen", feature="wild_shape", option="wolf")
    assert "out of the moonbeam's light" in again["result"]["error"]  # "until it leaves"
    run(state, "take_action", creature_id="fen", action="disengage")
    state.encounter.economy["fen"].action = True  # type: ignore[union-attr]
    run(state, "move", creature_id="fen", to="near")
    out = run(state, "use_feature", creature_id="fen", feature="wild_shape", option="wolf")
    assert out["result"]["form"] == "Wolf"


def test_the_tracker_and_the_dms_view_show_who_stands_in_the_beam() -> None:
    state = _cast_on_goblin_1()
    from app.actions.encounter_view import combat_update

    rows = {r.id: r.conditions for r in combat_update(state).combatants}
    assert "in the moonbeam" in rows["goblin-1"] and "in the moonbeam" not in rows["thorin"]
    seen = run(state, "get_encounter")["result"]
    assert "in the moonbeam" in str(seen)

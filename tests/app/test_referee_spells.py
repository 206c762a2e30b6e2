"""The offline referee understands the spells beyond damage as players ask for them, and
the rules carry them out: blessings on named friends, Guidance before a check out of a
fight, Haste, Misty Step, Faerie Fire and Bane on a group, Revivify, Dispel Magic."""

from __future__ import annotations

from app.session.setup import session_for
from app.world.state import GameState
from rules.conditions import Condition
from rules.damage import LifeState
from tests.app.conftest import narration, of_type, turn
from tests.app.spell_party import doomed, fight, give_turn, run, spell_party

EVERYONE = ["mira", "thorin", "seren", "ilsa"]


def table(state: GameState):  # type: ignore[no-untyped-def]
    state.players = {"Player": EVERYONE}
    return session_for(state)


def casts(events: list) -> list[str]:  # type: ignore[type-arg]
    return [e.description for e in of_type(events, "state_change")]


async def test_bless_thorin_and_mira_blesses_both_in_a_fight() -> None:
    state = spell_party()
    fight(state)
    session = table(state)
    events = await turn(session, ("seren", "bless Thorin and Mira"))
    assert {e.id for e in state.party["thorin"].effects} == {"bless"}
    assert {e.id for e in state.party["mira"].effects} == {"bless"}
    assert "Thorin is blessed" in narration(events)
    assert state.encounter is not None and state.encounter.current.id != "seren"  # turn over


async def test_guidance_before_picking_a_lock_adds_a_d4_to_the_check_out_of_a_fight() -> None:
    state = spell_party()
    session = table(state)
    await turn(session, ("seren", "I cast guidance on Mira before she picks the lock"))
    assert [e.id for e in state.party["mira"].effects] == ["guidance"]
    check = run(state, "request_ability_check", character_id="mira", skill="sleight_of_hand",
                dc=15, reason="the lock")  # fmt: skip
    assert "1d4" in check["events"][0].formula
    assert state.party["mira"].effects == []


async def test_haste_on_thorin() -> None:
    state = spell_party()
    fight(state, turn="ilsa")
    events = await turn(table(state), ("ilsa", "haste on Thorin"))
    assert [e.id for e in state.party["thorin"].effects] == ["haste"]
    assert "Thorin is hasted" in narration(events)


async def test_misty_step_away_keeps_the_action_for_later() -> None:
    state = spell_party()
    fight(state, turn="ilsa")
    events = await turn(table(state), ("ilsa", "misty step away"))
    assert "silver mist" in narration(events)
    assert state.encounter is not None and state.encounter.current.id == "ilsa"
    assert not state.encounter.positions["ilsa"].engaged  # out of every foe's reach


async def test_faerie_fire_on_the_goblins_makes_every_goblin_save() -> None:
    state = spell_party()
    fight(state, "goblin", 3, turn="ilsa")
    events = await turn(table(state), ("ilsa", "faerie fire on the goblins"))
    saves = [e for e in of_type(events, "dice_roll") if e.check_type == "saving_throw"]
    assert sorted(s.character_id for s in saves) == ["goblin-1", "goblin-2", "goblin-3"]


async def test_bane_on_the_goblins_takes_three_different_goblins() -> None:
    state = spell_party()
    fight(state, "goblin", 4, turn="seren")
    events = await turn(table(state), ("seren", "cast bane on the goblins"))
    saves = [e for e in of_type(events, "dice_roll") if e.check_type == "saving_throw"]
    assert len({s.character_id for s in saves}) == 3


async def test_revive_thorin_brings_him_back_and_uses_the_diamond() -> None:
    state = spell_party()
    fight(state)
    run(state, "damage", target_id="thorin", amount="90", damage_type="slashing", reason="axe")
    assert state.party["thorin"].vitals.state is LifeState.DEAD
    give_turn(state, "seren")
    events = await turn(table(state), ("seren", "revive Thorin"))
    assert state.party["thorin"].vitals.hp == 1
    assert "returns to life" in narration(events)
    assert not any("diamond" in i for i in state.party["seren"].inventory)


async def test_dispel_the_hold_on_thorin() -> None:
    state = spell_party()
    state.creatures.clear()
    doomed(state, "thorin")
    run(state, "cast_spell", caster_id="seren", spell="hold_person", target_ids=["thorin"])
    state.party["ilsa"].spells.append("dispel_magic")
    events = await turn(table(state), ("ilsa", "dispel the hold on Thorin"))
    assert not any(c.condition is Condition.PARALYZED for c in state.party["thorin"].conditions)
    assert "Hold Person on Thorin unravels" in narration(events)
    assert any("dispelled" in text for text in casts(events))


async def test_cure_wounds_on_a_skeleton_is_not_cast_and_the_player_is_told_why() -> None:
    state = spell_party()
    fight(state, "skeleton", 1, turn="seren")
    events = await turn(table(state), ("seren", "cast cure wounds on the skeleton"))
    assert "Skeleton is undead; Cure Wounds does nothing to it" in narration(events)
    assert state.party["seren"].spell_slots.remaining(1) == 4  # nothing spent

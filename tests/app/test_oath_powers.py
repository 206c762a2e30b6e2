"""A Devotion paladin's Channel Divinity (SRD 5.1, paladin 3rd): Sacred Weapon and Turn
the Unholy, through ``use_feature`` and a player's line."""

from __future__ import annotations

from app.session.setup import session_for
from app.understanding import understand
from app.world.sandbox import sandbox_state
from app.world.state import GameState
from tests.app.conftest import turn
from tests.app.test_class_features import add_member, fight, run


def paladin(state: GameState) -> None:
    add_member(state, id="ada", level=3, weapons=["longsword"], spellcasting_ability="cha",
               spell_slots={"maximum": {1: 3}}, **{"class": "Paladin"})  # fmt: skip


def test_sacred_weapon_adds_charisma_to_attack_rolls_for_a_minute() -> None:
    """SRD (Sacred Weapon): as an action, for 1 minute, add your Charisma modifier to
    attack rolls made with that weapon (minimum +1); one Channel Divinity."""
    state = sandbox_state(seed=4)
    paladin(state)
    fight(state, monster="goblin", turn="ada")
    out = run(state, "use_feature", creature_id="ada", feature="sacred_weapon")
    assert out["result"]["attack_bonus"] == 3  # CHA 16
    effect = next(e for e in state.party["ada"].effects if e.id == "sacred_weapon")
    assert effect.attack_dice == "3" and effect.rounds == 10
    assert state.party["ada"].uses_left("channel_divinity") == 0
    state.encounter.economy["ada"].action = True
    again = run(state, "use_feature", creature_id="ada", feature="sacred_weapon")
    assert "no Channel Divinity left" in again["result"]["error"]


def test_turn_the_unholy_turns_fiends_and_undead_that_fail_a_wisdom_save() -> None:
    """SRD (Turn the Unholy): each fiend or undead makes a Wisdom saving throw or is turned
    for 1 minute or until it takes damage."""
    state = sandbox_state(seed=4)
    paladin(state)
    fight(state, monster="skeleton", count=2, turn="ada")
    out = run(state, "use_feature", creature_id="ada", feature="turn_the_unholy")
    assert out["result"]["dc"] == 13 and len(out["result"]["unholy"]) == 2
    for row in out["result"]["unholy"]:
        turned = any(e.id == "turned" for e in state.creatures[row["id"]].effects)
        assert turned == row["turned"]
    none = sandbox_state(seed=4)
    paladin(none)
    fight(none, monster="goblin", turn="ada")
    refused = run(none, "use_feature", creature_id="ada", feature="turn_the_unholy")
    assert "no fiends or undead" in refused["result"]["error"]
    assert none.party["ada"].uses_left("channel_divinity") == 1


async def test_sacred_weapon_from_a_players_line() -> None:
    state = sandbox_state(seed=4)
    paladin(state)
    assert understand("I use sacred weapon", "ada", state, None).action == "sacred_weapon"
    assert understand("turn the unholy", "ada", state, None).action == "turn_the_unholy"
    session = session_for(state)
    fight(state, monster="goblin", turn="ada")
    await turn(session, ("ada", "I channel my oath: sacred weapon"))
    assert any(e.id == "sacred_weapon" for e in state.party["ada"].effects)

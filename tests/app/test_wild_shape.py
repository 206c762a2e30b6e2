"""Wild Shape in play, through ``use_feature`` and a player's line (SRD 5.1, druid 2nd)."""

from __future__ import annotations

from app.session.setup import session_for
from app.understanding import understand
from app.world.sandbox import sandbox_state
from app.world.state import GameState
from rules.srd import srd
from rules.wildshape import why_not_form
from tests.app.conftest import of_type, turn
from tests.app.test_class_features import add_member, fight, run
from tests.app.test_feature_powers import _next_turn_of

SCORES = {"str": 10, "dex": 12, "con": 14, "int": 10, "wis": 16, "cha": 10}


def druid(state: GameState, level: int = 2) -> None:
    add_member(state, id="fen", level=level, weapons=["quarterstaff"], abilities=SCORES,
               spellcasting_ability="wis", spells=["cure_wounds", "thunderwave"],
               spell_slots={"maximum": {1: 3}}, **{"class": "Druid"})  # fmt: skip


def test_beast_shapes_follow_the_srd_table_by_druid_level() -> None:
    """SRD (Beast Shapes): 2nd level — CR 1/4, no flying or swimming speed; 4th — CR 1/2,
    no flying speed; 8th — CR 1."""
    beasts = srd().monsters
    assert why_not_form(beasts.get("wolf"), 2) is None  # CR 1/4
    assert "challenge" in (why_not_form(beasts.get("black_bear"), 2) or "")  # CR 1/2
    assert why_not_form(beasts.get("black_bear"), 4) is None
    assert "challenge" in (why_not_form(beasts.get("brown_bear"), 4) or "")  # CR 1
    assert why_not_form(beasts.get("brown_bear"), 8) is None
    assert "not a beast" in (why_not_form(beasts.get("goblin"), 8) or "")


def test_wild_shape_takes_the_beasts_hp_ac_speed_and_attacks_and_no_spells() -> None:
    """SRD: the druid's statistics are replaced by the beast's (hit points, armour class,
    speed, attacks); it cannot cast spells; an action, two uses per short rest."""
    state = sandbox_state(seed=5)
    druid(state)
    fight(state, monster="goblin", turn="fen")
    fen = state.party["fen"]
    own = fen.vitals.hp
    out = run(state, "use_feature", creature_id="fen", feature="wild_shape", option="wolf")
    assert out["result"]["form"] == "Wolf" and out["result"]["uses_left"] == 1
    assert fen.vitals.hp == fen.vitals.max_hp == 11 and fen.vitals.hp != own
    assert state.encounter.economy["fen"].action is False
    from app.actions.beings import speed_of
    from app.actions.striking import armor_class

    assert armor_class(state, "fen") == 13 and speed_of(state, "fen") == 40
    spell = run(state, "cast_spell", caster_id="fen", spell="cure_wounds", target_ids=["fen"])
    assert "cannot cast spells" in spell["result"]["error"]
    state.encounter.economy["fen"].action = True
    bite = run(state, "attack", attacker_id="fen", target_id="goblin-1")
    assert bite["result"]["attacks"][0]["attack"] == "Bite"


def test_at_zero_hp_the_druid_reverts_and_the_excess_damage_carries_over() -> None:
    """SRD: when it drops to 0 hit points it reverts to its normal form, with the hit
    points it had before; excess damage carries over."""
    state = sandbox_state(seed=5)
    druid(state)
    fen = state.party["fen"]
    own = fen.vitals.hp
    run(state, "use_feature", creature_id="fen", feature="wild_shape", option="a wolf")
    out = run(state, "damage", target_id="fen", amount="14", damage_type="slashing", reason="t")
    assert out["result"]["damage"] == 14
    assert fen.vitals.hp == own - 3 and fen.vitals.max_hp == own
    assert not any(e.id == "wild_shape" for e in fen.effects)
    assert not fen.conditions  # not unconscious, not fallen prone
    said = [e.description for e in out["events"] if e.type == "state_change"]
    assert "Fen takes 14 slashing damage: 11/11 HP → 0/11 HP" in said  # reverts: never dying
    assert not any("dying" in line for line in said)


def test_reverting_by_choice_is_a_bonus_action_and_gives_back_the_druids_hp() -> None:
    state = sandbox_state(seed=5)
    druid(state)
    fen = state.party["fen"]
    own = fen.vitals.hp
    fight(state, monster="goblin", turn="fen")
    run(state, "use_feature", creature_id="fen", feature="wild_shape", option="wolf")
    run(state, "damage", target_id="fen", amount="4", damage_type="slashing", reason="t")
    back = run(state, "use_feature", creature_id="fen", feature="wild_shape", option="revert")
    assert back["result"]["reverted"] and fen.vitals.hp == own
    assert state.encounter.economy["fen"].bonus_action is False


def test_a_shape_beyond_the_druids_level_is_refused_and_nothing_is_spent() -> None:
    state = sandbox_state(seed=5)
    druid(state)
    out = run(state, "use_feature", creature_id="fen", feature="wild_shape", option="brown bear")
    assert "challenge" in out["result"]["error"]
    assert state.party["fen"].uses_left("wild_shape") == 2


async def test_i_wild_shape_into_a_wolf_from_a_players_line() -> None:
    state = sandbox_state(seed=5)
    druid(state)
    reading = understand("I wild shape into a wolf", "fen", state, None)
    assert (reading.action, reading.extra) == ("wild_shape", ("wolf",))
    session = session_for(state)
    fight(state, monster="goblin", turn="fen")
    events = await turn(session, ("fen", "I wild shape into a wolf"))
    assert any("wolf" in getattr(e, "description", "") for e in of_type(events, "state_change"))
    assert state.party["fen"].vitals.max_hp == 11
    _next_turn_of(state, "fen")
    own = state.party["fen"]
    await turn(session, ("fen", "I turn back into my own form"))
    assert not any(e.id == "wild_shape" for e in own.effects) and own.vitals.max_hp > 11


def test_in_beast_form_strength_dexterity_and_constitution_are_the_beasts() -> None:
    """SRD: the druid's game statistics are replaced by the beast's, but it keeps its
    Intelligence, Wisdom and Charisma (a wolf: DEX 15, +2; the druid's own DEX 12, +1)."""
    state = sandbox_state(seed=5)
    druid(state)

    def modifier(ability: str) -> int:
        out = run(state, "request_saving_throw", character_id="fen", ability=ability, dc=10,
                  reason="t")["result"]  # fmt: skip
        return out["total"] - out["natural"]

    own_dex, own_wis = modifier("dex"), modifier("wis")
    run(state, "use_feature", creature_id="fen", feature="wild_shape", option="wolf")
    assert (own_dex, modifier("dex")) == (1, 2)
    assert modifier("wis") == own_wis == 3  # WIS 16: its own, kept


def test_no_level_is_taken_in_beast_form() -> None:
    """The wolf's hit points are not the druid's: a level waits for the druid's own shape."""
    from app.actions.advancement_tools import why_not

    state = sandbox_state(seed=5)
    druid(state)
    fight(state, monster="goblin", turn="fen")
    run(state, "use_feature", creature_id="fen", feature="wild_shape", option="wolf")
    state.encounter = None  # the fight over, the druid still a wolf
    state.party["fen"].xp = 100_000
    assert "beast form" in (why_not(state, "fen") or "")


def test_exhaustion_in_beast_form_halves_the_druids_own_maximum_for_their_return() -> None:
    from app.actions.beast_form import revert_now
    from app.actions.condition_tools import set_exhaustion

    state = sandbox_state(seed=5)
    druid(state)
    fight(state, monster="goblin", turn="fen")
    fen = state.party["fen"]
    own = fen.vitals.max_hp
    run(state, "use_feature", creature_id="fen", feature="wild_shape", option="wolf")
    wolf = fen.vitals.max_hp
    set_exhaustion(state, "fen", 4, "a forced march")
    assert fen.vitals.max_hp == wolf  # the wolf's hit points stay the wolf's
    revert_now(state, "fen", "by choice")
    assert fen.vitals.max_hp == max(1, own // 2)
    set_exhaustion(state, "fen", 0, "a long rest")
    assert fen.vitals.max_hp == own and fen.hp_drained == 0

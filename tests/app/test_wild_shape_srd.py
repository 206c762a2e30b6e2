"""Wild Shape's remaining SRD 5.1 wording (druid 2nd level), through the tools and a
player's line: "You can stay in a beast shape for a number of hours equal to half your
druid level (rounded down)"; "You automatically revert if you fall unconscious"; "Your game
statistics are replaced by the statistics of the beast" — its traits too (a wolf's Pack
Tactics and Keen Hearing and Smell, its bite that knocks prone)."""

from __future__ import annotations

from app.actions.events import DiceRoll
from app.session.setup import session_for
from app.world.sandbox import sandbox_state
from tests.app.conftest import turn
from tests.app.test_class_features import fight, run
from tests.app.test_wild_shape import druid


def _shaped(level: int = 2):  # type: ignore[no-untyped-def]
    state = sandbox_state(seed=5)
    druid(state, level=level)
    run(state, "use_feature", creature_id="fen", feature="wild_shape", option="wolf")
    return state


def _shaped_now(state) -> bool:  # type: ignore[no-untyped-def]
    return any(e.id == "wild_shape" for e in state.party["fen"].effects)


def test_a_second_level_druids_hour_runs_out_over_a_short_rest() -> None:
    state = _shaped(level=2)  # 2 // 2 = 1 hour
    own = state.party["fen"]
    run(state, "rest", kind="short", character_ids=["fen"])
    assert not _shaped_now(state) and own.vitals.max_hp > 11


def test_a_fourth_level_druids_two_hours_outlast_one_short_rest_not_two() -> None:
    state = _shaped(level=4)  # 4 // 2 = 2 hours
    run(state, "rest", kind="short", character_ids=["fen"])
    assert _shaped_now(state) and state.party["fen"].vitals.max_hp == 11
    run(state, "rest", kind="short", character_ids=["fen"])
    assert not _shaped_now(state)


def test_no_shape_lasts_through_a_long_rest() -> None:
    state = _shaped(level=5)
    run(state, "rest", kind="long", character_ids=["fen"])
    fen = state.party["fen"]
    assert not _shaped_now(state) and fen.vitals.hp == fen.vitals.max_hp > 11


def test_falling_unconscious_ends_the_shape() -> None:
    state = _shaped()
    run(state, "set_condition", target_id="fen", condition="unconscious", reason="a sleep spell")
    fen = state.party["fen"]
    assert not _shaped_now(state) and fen.vitals.max_hp > 11


def test_a_wolf_shaped_druid_has_pack_tactics_and_the_bite_that_knocks_prone() -> None:
    state = _shaped()
    fight(state, monster="goblin", turn="fen")  # one close melee: Thorin beside the goblin
    state.creatures["goblin-1"].vitals = state.creatures["goblin-1"].vitals.model_copy(
        update={"hp": 200, "max_hp": 200}
    )
    for _ in range(10):  # until a bite lands
        state.encounter.economy.pop("fen", None)  # type: ignore[union-attr]
        bite = run(state, "attack", attacker_id="fen", target_id="goblin-1")
        rolls = [e for e in bite["events"] if isinstance(e, DiceRoll)]
        assert rolls[0].check_type == "attack_roll" and rolls[0].advantage == "advantage"
        if bite["result"]["attacks"][0]["outcome"] != "miss":
            break
    assert any(e.check_type == "saving_throw" and e.ability == "str" for e in rolls)


def test_keen_hearing_gives_advantage_on_a_perception_check_by_ear() -> None:
    state = _shaped()
    heard = run(state, "request_ability_check", character_id="fen", skill="perception", dc=15,
                reason="listen for footsteps in the cellar")["result"]  # fmt: skip
    seen = run(state, "request_ability_check", character_id="fen", skill="perception", dc=15,
               reason="read the faded sign")["result"]  # fmt: skip
    assert heard.get("advantage") == "advantage" and "advantage" not in seen


async def test_a_player_asks_to_rest_in_wolf_shape_and_wakes_as_the_druid() -> None:
    state = _shaped(level=2)
    session = session_for(state)
    await turn(session, ("fen", "we take a short rest"))
    assert not _shaped_now(state)


async def test_turning_back_with_no_uses_left_costs_nothing_from_a_players_line() -> None:
    """ "You can revert to your normal form earlier by using a bonus action on your turn" —
    the revert spends no use, so a druid who spent both still turns back."""
    state = _shaped()
    run(state, "use_feature", creature_id="fen", feature="wild_shape", option="revert")
    run(state, "use_feature", creature_id="fen", feature="wild_shape", option="wolf")
    assert state.party["fen"].uses_left("wild_shape") == 0
    await turn(session_for(state), ("fen", "I turn back into my own form"))
    assert not _shaped_now(state) and state.party["fen"].uses_left("wild_shape") == 0

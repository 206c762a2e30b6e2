"""SRD 5.1, Unconscious: the creature drops whatever it's holding and falls prone. The prone
outlasts the unconsciousness: woken, it is still lying down until it stands up, which costs
half its speed."""

from __future__ import annotations

from app.world.state import GameState
from rules.conditions import ActiveCondition, Condition, fall_prone
from tests.app.spell_party import fight, give_turn, run, spell_party


def _names(state: GameState, cid: str) -> set[str]:
    held = state.party[cid] if cid in state.party else state.creatures[cid]
    return {c.condition.value for c in held.conditions}


def test_knocked_out_by_the_dm_a_creature_wakes_prone_and_stands_for_half_its_speed() -> None:
    state = spell_party()
    fight(state, turn="thorin")
    run(state, "set_condition", target_id="thorin", condition="unconscious", reason="a blow")
    assert _names(state, "thorin") == {"unconscious", "prone"}
    run(state, "set_condition", target_id="thorin", condition="unconscious", present=False,
        reason="smelling salts")  # fmt: skip
    assert _names(state, "thorin") == {"prone"}
    give_turn(state, "thorin")
    speed = state.party["thorin"].speed
    out = run(state, "set_condition", target_id="thorin", condition="prone", present=False,
              reason="gets up")  # fmt: skip
    assert out["result"]["removed"] == "prone"
    assert state.encounter.economy["thorin"].movement == speed - speed // 2  # type: ignore[union-attr]


def test_falling_prone_adds_one_prone_only() -> None:
    conditions = [ActiveCondition(condition=Condition.PRONE, note="shoved")]
    assert not fall_prone(conditions, "fell unconscious")
    assert len(conditions) == 1
    standing: list[ActiveCondition] = []
    assert fall_prone(standing, "fell unconscious")
    assert [c.condition for c in standing] == [Condition.PRONE]

"""The fight tracker's position column is read for everyone at once, and says for each
combatant what it says for that one alone."""

from __future__ import annotations

from app.actions import position_tools as pt
from app.actions.encounter_view import combat_update
from rules.positions import engage
from tests.referee_corpus import Situation, build_situation

WARREN = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards", "turn": "thorin",
          "flags": {"trapdoor_open": True, "tam_found": True}, "defeated": ["cellar_rats"],
          "challenges": {"sneak_past": "failed"}}  # fmt: skip


def test_every_column_is_the_one_of_its_combatant() -> None:
    state = build_situation(Situation.model_validate(WARREN))
    assert state.encounter is not None
    first, second = state.encounter.order[0].id, state.encounter.order[1].id
    engage(pt.spots(state), first, second)  # one column names a foe, the others a band
    columns = pt.shorts(state)
    assert columns == {c.id: pt.short(state, c.id) for c in state.encounter.order}
    rows = combat_update(state).combatants
    assert [r.position for r in rows] == [columns[c.id] for c in state.encounter.order]

"""A Hide is from the foes of one fight: when that fight ends, whoever hid is seen once
more, and the next fight (in the next scene) never grants their first blow advantage."""

from __future__ import annotations

from app.actions import beings as bg
from app.actions.args import EndCombatArgs
from app.actions.combat_tools import hidden
from app.actions.fight_tools import end_combat_tool
from tests.referee_corpus import Situation, build_situation


def test_whoever_hid_is_seen_once_the_fight_is_over() -> None:
    spec = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
            "fight": "cellar_rats", "turn": "mira",
            "dead": ["giant-rat-1", "giant-rat-2", "giant-rat-3"]}  # fmt: skip
    state = build_situation(Situation.model_validate(spec))
    bg.effects_of(state, "mira").append(hidden("mira"))
    outcome = end_combat_tool(EndCombatArgs(reason="the rats are beaten"), state)
    assert all(e.id != "hidden" for e in bg.effects_of(state, "mira"))
    told = " ".join(getattr(e, "description", "") for e in outcome.events)
    assert "Mira is no longer hidden" in told
